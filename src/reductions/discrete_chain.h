#pragma once
// The discrete-chain reduction of a case: lumped masses joined by force elements, assembled as a
// discrete Lagrangian system of its own (not the finite-element code with a flag).
//
//   string: point masses rho h (end and point masses added) joined by springs tau / h;
//   Euler-Bernoulli beam: Hencky's bar chain (H. Hencky, "Ueber die angenaeherte Loesung von
//     Stabilitaetsproblemen im Raum mittels der elastischen Gelenkkette", Der Eisenbau 11, 1920):
//     rigid bars between the joints, rotational springs EI / h_joint at the joints (2 EI / h at a
//     clamp, the half bar it stands for), masses rho A h at the joints, rotary inertia rho I h of
//     each bar; an end's rotary inertia, rotational spring, dashpot and moment act on the end's
//     own rotation, joined to the last bar by the half bar's hinge 2 EI / h.
//
// Every force element (spring or dashpot, including those to ground) has an incidence row d:
// its extension is e = d . q and its tension F = k e (spring) or c de/dt (dashpot) pushes the
// masses with -d^T F. Hence K = D^T diag(k) D and C = D^T diag(c) D, the chain's
// Lagrange equations M q'' + C q' + K q = f(t), and, with the same D, its impulse dual
// (impulse_dual.h). Every inertia term m (r . q')^2 / 2 of the kinetic energy (a point mass, a
// bar's rotation) makes M = sum m r r^T, so Rayleigh damping a M + b K is a dashpot a m on each
// inertia row and b k beside each spring: damping is elements only.
#include "core/case_parameters.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

struct ForceElement {
  enum class Kind { spring, dashpot };
  Kind kind;
  double coefficient; // k [N/m, N m/rad] or c [N s/m, N m s/rad]
  std::vector<std::pair<unsigned int, double>> incidence; // (DoF, coefficient) of d
  double position;                                        // x [m], for ordering and output
};

struct DiscreteChain {
  std::string description;
  // DoFs: the line's displacements (n_line_dofs, ascending x), the oscillators' displacements,
  // then the rotations of beam ends that carry a rotary inertia
  std::vector<double> dof_positions; // x of each DoF [m] (an oscillator: its host's)
  unsigned int n_line_dofs = 0;
  dealii::FullMatrix<double> mass;    // diagonal unless bars carry rotary inertia
  std::vector<ForceElement> elements; // ordered along the line
  std::function<dealii::Vector<double>(double t)> load;
  dealii::Vector<double> initial_displacement, initial_velocity;

  unsigned int n_dofs() const { return mass.m(); }
  /// D^T diag(k) D over the springs, D^T diag(c) D over the dashpots.
  dealii::FullMatrix<double> stiffness() const;
  dealii::FullMatrix<double> damping() const;
};

/// The chain of a string or Euler-Bernoulli beam case on the vertices of its mesh. Throws
/// InputError for a Timoshenko beam (a bar chain has no shear flexibility).
DiscreteChain make_chain(const CaseParameters& c);

} // namespace hamdyn
