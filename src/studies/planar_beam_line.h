#pragma once
// The line of planar beam elements a case describes (core/planar_beam_case.h): n elements of
// degree p from Start to End, its ends held as the supports say, its dead loads (the end's force
// and moment, the distributed force and the weight rho A g as consistent nodal loads), and the
// section forces along it.
#include "core/planar_beam_case.h"
#include "studies/planar_beam_equilibrium.h"

#include <vector>

namespace hamdyn {

PlanarBeamLine make_planar_beam_line(const PlanarBeamCase& c);

/// The section forces at xi in [0, 1] of element e at the line's DoFs q: N = EA G1, Q = kGA G2
/// [N] and M = EI K [N m] (Reissner's stress resultants in the section's axes).
struct SectionForces {
  double axial = 0, shear = 0, moment = 0;
};
SectionForces section_forces(const PlanarBeamLine& line, std::size_t e,
                             const std::vector<double>& q, double xi);

/// The reference arc length s of each node [m].
std::vector<double> node_arc_lengths(const PlanarBeamLine& line);

} // namespace hamdyn
