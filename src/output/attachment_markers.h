#pragma once
// The devices a case attaches to its structure (end and interior point masses, springs, dashpots,
// forces, oscillators, and a beam end's rotary inertia, rotational spring and dashpot), one marker
// each, for attachments.vtp: where ParaView's Glyph filter draws them beside the line.
#include "core/case_parameters.h"

#include <string>
#include <vector>

namespace hamdyn {

/// What a marker stands for: the codes of attachments.vtp's point data `kind`.
enum class AttachmentKind : int {
  point_mass = 0,
  spring = 1,
  dashpot = 2,
  force = 3,
  oscillator = 4,
  nonlinear_spring = 5,
  nonlinear_dashpot = 6,
  rotary_inertia = 7,
  rotational_spring = 8,
  rotational_dashpot = 9,
  nonlinear_rotational_spring = 10,
  moving_force = 11,
  moving_mass = 12,
  vehicle = 13,
};

/// The names of the kinds, indexed by code ("point mass", "spring", ...).
const std::vector<std::string>& attachment_kind_names();

struct AttachmentMarker {
  // a constructor, not aggregate initialization: each kind sets only its leading members
  AttachmentMarker(double x_, AttachmentKind kind_, double mass_ = 0, double stiffness_ = 0,
                   double damping_ = 0, ExpressionPtr force_ = nullptr, int oscillator_ = -1)
      : x(x_), kind(kind_), mass(mass_), stiffness(stiffness_), damping(damping_),
        force(std::move(force_)), oscillator(oscillator_) {}
  double x; // m
  AttachmentKind kind;
  double mass = 0;        // kg (rotary inertia: kg m^2)
  double stiffness = 0;   // N/m (rotational spring: N m/rad); 0 for a law
  double damping = 0;     // N s/m (rotational: N m s/rad; degree p: N (s/m)^(p-1))
  ExpressionPtr force;    // forces: F(t) [N] (a beam end's moment: N m)
  int oscillator = -1;    // oscillators, then vehicles: its number among them (the displacements
                          // AttachmentSeries::write gets: oscillator_{k+1}, then vehicle_<name>)
  ExpressionPtr position; // moving loads: x(t) [m] (x is then where it starts)
};

/// Every device the case attaches, ends first (the left, then the right: only in the directions
/// the support leaves free, as the weak form takes them), then the interior ones as listed, then
/// the moving loads (forces, masses, vehicles).
std::vector<AttachmentMarker> attachment_markers(const CaseParameters& c);

} // namespace hamdyn
