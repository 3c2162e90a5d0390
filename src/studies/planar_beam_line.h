#pragma once
// The line of planar beam elements a case describes (core/planar_beam_case.h): n elements of
// degree p from Start to End, its ends held as the supports say, its dead loads (the end's force
// and moment, the distributed force and the weight rho A g as consistent nodal loads), and the
// section forces along it.
#include "core/planar_beam_case.h"
#include "studies/planar_beam_equilibrium.h"

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

PlanarBeamLine
make_planar_beam_line(const PlanarBeamCase& c,
                      PlanarBeamInterpolation interpolation = PlanarBeamInterpolation::rotations);

/// InputError naming the free end's support when the beam is pinned at one end and free at the
/// other: it turns freely about its pin (a mechanism), so `study` ("hamdyn static") has no one
/// static state to find or to linearize about.
void check_statically_held(const PlanarBeamCase& c, const std::string& study);

/// The static state of case c's line from q (in: the reference) by the case's Static/Path (load
/// steps or arc length).
PlanarBeamEquilibrium solve_planar_beam_static(const PlanarBeamCase& c, const PlanarBeamLine& line,
                                               std::vector<double>& q);

/// The line of case c and its static state under the case's dead loads (the reference when it
/// has none), for `study` ("hamdyn modes"): InputError first where the supports leave a
/// mechanism (check_statically_held), then wherever `check` finds the line unfit for the study,
/// both before the static solve (which takes seconds at 10^5 elements).
struct PlanarBeamState {
  PlanarBeamLine line;
  std::vector<double> q;
  PlanarBeamEquilibrium equilibrium;
};
PlanarBeamState
planar_beam_static_state(const PlanarBeamCase& c, const std::string& study,
                         const std::function<void(const PlanarBeamLine&)>& check = nullptr);

/// The section forces at xi in [0, 1] of element e at the line's DoFs q: N = EA G1, Q = kGA G2
/// [N] and M = EI K [N m] (Reissner's stress resultants in the section's axes).
struct SectionForces {
  double axial = 0, shear = 0, moment = 0;
};
SectionForces section_forces(const PlanarBeamLine& line, std::size_t e,
                             const std::vector<double>& q, double xi);

/// The section forces at each element's sampling points (models/planar_beam_element.h: where
/// they are accurate), in order along the line, with their reference arc lengths s [m]: one
/// inside each segment between consecutive nodes.
struct SampledForces {
  std::vector<double> s;
  std::vector<SectionForces> forces;
  /// The axial forces, the shear forces and the moments alone, in that order (cell data).
  std::vector<double> axial() const, shear() const, moment() const;
};
SampledForces sampled_forces(const PlanarBeamLine& line, const std::vector<double>& q);

/// "a planar beam of 8 elements of degree 2" or "a planar frame of 3 members, 24 elements of
/// degree 3" (the logs' words).
std::string planar_beam_description(const PlanarBeamLine& line);

/// The reference arc length s of each node [m].
std::vector<double> node_arc_lengths(const PlanarBeamLine& line);

} // namespace hamdyn
