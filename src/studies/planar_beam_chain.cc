#include "studies/planar_beam_chain.h"

#include "core/input_error.h"
#include "core/parameter_file.h"

#include <cmath>

namespace hamdyn {

namespace {
const std::string why_not = " for hamdyn compare of a planar beam (its bar chain has ";

// InputError naming Planar beam/`key` when `given`: the chain has no `what`.
void refuse(bool given, const ParameterFile& file, const std::string& key,
            const std::string& expected, const std::string& what) {
  if (given)
    throw InputError("Planar beam/" + key, file.get("Planar beam", key),
                     "expected " + expected + why_not + what + ")");
}
} // namespace

PlanarBarChain make_planar_beam_chain(const CaseParameters& c, const ParameterFile& file,
                                      const PlanarBeamLine& line) {
  const PlanarBeamCase& b = *c.planar_beam;
  if (b.frame)
    throw InputError("Geometry/Members", file.get("Geometry", "Members"),
                     "expected none for hamdyn compare: a frame's bar chain (members meeting at "
                     "joints) is not built yet; it compares one line");
  refuse(b.end_force_follows, file, "End force follows", "false", "dead loads only");
  refuse(b.distributed_force_follows, file, "Distributed force follows", "false",
         "dead loads only");
  refuse(b.start_rotation != nullptr, file, "Start rotation", "none", "no hub");
  refuse(b.steady_rotation != 0, file, "Steady rotation", "0", "no steady rotation");
  refuse(!b.point_rotary_inertias.empty(), file, "Point rotary inertias", "none",
         "no rotations of its own: its inertia is the joints' masses");
  refuse(!b.springs.empty(), file, "Springs", "none", "no springs to ground yet");
  refuse(!b.dashpots.empty(), file, "Dashpots", "none",
         "no dashpots: its step conserves the energy");
  if (c.ground_motion.active())
    throw InputError("Ground motion/Acceleration", file.get("Ground motion", "Acceleration"),
                     "expected none" + why_not + "no ground motion)");
  if (b.static_by_arc_length)
    throw InputError("Static/Path", file.get("Static", "Path"),
                     "expected load steps" + why_not +
                         "statics by load steps alone: the path to a limit point)");
  // the joints: the line's nodes in order along it
  PlanarBarChain chain;
  const unsigned p = line.degree();
  std::vector<std::size_t> nodes;
  for (std::size_t e = 0; e < line.elements.size(); ++e)
    for (unsigned a = e == 0 ? 0 : 1; a <= p; ++a)
      nodes.push_back(line.node(e, a));
  const std::size_t n = nodes.size();
  for (std::size_t node : nodes)
    chain.reference.push_back({line.reference[3 * node], line.reference[3 * node + 1]});
  std::vector<double> h(n - 1), s(n, 0.0);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    h[i] = chord_length(chord(chain.reference, i));
    s[i + 1] = s[i] + h[i];
    chain.bars.push_back({h[i], b.axial_stiffness});
  }
  // each joint's share of the length: half of each bar beside it
  std::vector<double> share(n, 0.0);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    share[i] += h[i] / 2;
    share[i + 1] += h[i] / 2;
  }
  chain.joint_springs.assign(n, 0.0);
  for (std::size_t j = 1; j + 1 < n; ++j)
    chain.joint_springs[j] = b.bending_stiffness / share[j];
  const auto start = PlanarBeamCase::held_components(b.start_support),
             end = PlanarBeamCase::held_components(b.end_support);
  if (start[2])
    chain.start_clamp = 2 * b.bending_stiffness / h.front();
  if (end[2])
    chain.end_clamp = 2 * b.bending_stiffness / h.back();
  chain.held.assign(n, {{false, false}});
  chain.held.front() = {{start[0], start[1]}};
  chain.held.back() = {{end[0], end[1]}};
  chain.masses.resize(n);
  chain.loads.resize(n);
  for (std::size_t j = 0; j < n; ++j) {
    chain.masses[j] = b.mass_per_length * share[j];
    chain.loads[j] = {b.distributed_force.x * share[j], b.distributed_force.z * share[j]};
  }
  for (const auto& [at, mass] : b.point_masses) {
    std::size_t j = 0;
    while (j + 1 < n && std::abs(s[j] - at) > std::abs(s[j + 1] - at))
      ++j;
    if (std::abs(s[j] - at) > 1e-9 * s.back())
      throw InputError("Planar beam/Point masses", file.get("Planar beam", "Point masses"),
                       "expected each at a node of the line" + why_not +
                           "its masses at the nodes; the nearest to s = " + text_of(at) +
                           " m is at " + text_of(s[j]) + " m)");
    chain.masses[j] += mass;
  }
  for (std::size_t j = 0; j < n; ++j)
    chain.loads[j].z -= b.gravity * chain.masses[j];
  chain.loads.back().x += b.end_force.x;
  chain.loads.back().z += b.end_force.z;
  if (!end[2])
    chain.end_moment = b.end_moment; // (on a held rotation it is the support's, as for the beam)
  return chain;
}

} // namespace hamdyn
