#pragma once
// The planar beam elements of a frame (core/frame_geometry.h) as one PlanarBeamLine: a node at
// each point (shared by the members meeting there: a rigid joint), each member's elements from
// its first point to its second with their interior nodes, and at a hinge a node of its own for
// each member but the first, its x and z tied to the point's (PlanarBeamLine's ties: the members
// move together there and turn independently). The DoF theta of a frame's node is its turn from
// the reference (each element's section angle is theta plus its member's angle: the element's
// rotation offset), so members of different directions share it at a joint. The nodes are
// numbered by reverse Cuthill-McKee (deal.II's SparsityTools) so that the band over the DoFs
// stays that of the frame's narrowest numbering, not of the members' order.
#include "core/planar_beam_case.h"
#include "studies/planar_beam_equilibrium.h"

#include <string>
#include <vector>

namespace hamdyn {

/// The frame's line, with its supports held, its loads (the point forces and moments, the
/// distributed force and rho A g on every member, the point masses' weight), its point terms
/// (masses, rotary inertias, springs, dashpots) and its named nodes (each point's; at a hinge
/// the first member's).
PlanarBeamLine make_planar_frame_line(const PlanarBeamCase& c,
                                      PlanarBeamInterpolation interpolation);

/// Adds along every element of a line or frame of case c its weight rho A g (dead, in -z) and
/// Planar beam/Distributed force: as consistent dead nodal loads or, where it follows the
/// sections, as a follower at each node with the node's share w int N_a ds (the consistent load
/// int N_a R(theta(s)) w ds by the Gauss-Lobatto rule of the element's nodes, exact for the
/// shares since N_a is of degree p; it converges with the element as the dead load's does).
void add_distributed_forces(const PlanarBeamCase& c, PlanarBeamLine& line);

/// InputError naming Geometry/Supports (or Hinges, where the frame has hinges) when the frame
/// can move without strain: its stiffness at the reference, factored in band storage, has a
/// pivot that vanishes (a rigid motion the supports leave, or a mechanism of hinges).
void check_frame_held(const PlanarBeamCase& c, const PlanarBeamLine& line,
                      const std::string& study);

} // namespace hamdyn
