#include "studies/planar_beam_line.h"

#include "core/input_error.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

PlanarBeamLine make_planar_beam_line(const PlanarBeamCase& c,
                                     PlanarBeamInterpolation interpolation) {
  const PlanarBeamSection section{c.axial_stiffness, c.shear_stiffness, c.bending_stiffness,
                                  c.mass_per_length, c.rotary_inertia};
  PlanarBeamLine line = straight_planar_beam(c.start.x, c.start.z, c.end.x, c.end.z, c.n_elements,
                                             c.degree, section, interpolation);
  using S = PlanarBeamCase::Support;
  const std::size_t last = line.n_nodes() - 1;
  for (const auto& [node, support] :
       {std::pair{std::size_t(0), c.start_support}, std::pair{last, c.end_support}})
    for (std::size_t component = 0; component < 3; ++component)
      line.held[3 * node + component] =
          support == S::clamped || (support == S::pinned && component < 2);
  const double wx = c.distributed_force.x,
               wz = c.distributed_force.z - c.mass_per_length * c.gravity;
  std::vector<double> fe(3 * (c.degree + 1));
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    std::fill(fe.begin(), fe.end(), 0.0);
    line.elements[e].add_distributed_load(wx, wz, fe.data());
    for (std::size_t i = 0; i < fe.size(); ++i)
      line.loads[3 * e * c.degree + i] += fe[i];
  }
  // the point terms at arc length s: on the element holding s (at a node between two, either:
  // the shape functions are 0 and 1 there), as the weak form's terms at r(s)
  const double h = c.length() / c.n_elements,
               angle = std::atan2(c.end.z - c.start.z, c.end.x - c.start.x);
  const auto attach = [&](double s, PlanarBeamPoint point) {
    const std::size_t e = std::min<std::size_t>(c.n_elements - 1, std::size_t(s / h));
    point.xi = std::clamp(s / h - double(e), 0.0, 1.0);
    point.anchor_x = c.start.x + s * std::cos(angle);
    point.anchor_z = c.start.z + s * std::sin(angle);
    line.elements[e].add_point(point);
    if (point.mass > 0 && c.gravity > 0) {
      std::fill(fe.begin(), fe.end(), 0.0);
      line.elements[e].add_point_load(point.xi, 0, -point.mass * c.gravity, fe.data());
      for (std::size_t i = 0; i < fe.size(); ++i)
        line.loads[3 * e * c.degree + i] += fe[i];
    }
  };
  for (const auto& [s, m] : c.point_masses)
    attach(s, {0, m, 0, 0, 0, 0, 0});
  for (const auto& [s, j] : c.point_rotary_inertias)
    attach(s, {0, 0, j, 0, 0, 0, 0});
  for (const auto& [s, k] : c.springs)
    attach(s, {0, 0, 0, k, 0, 0, 0});
  for (const auto& [s, d] : c.dashpots)
    attach(s, {0, 0, 0, 0, d, 0, 0});
  if (c.steady_rotation != 0) // (after the point masses: their share of the centrifugal load)
    for (PlanarBeamElement& element : line.elements)
      element.set_steady_rotation(c.steady_rotation, c.start.x, c.start.z);
  if (c.end_force_follows) {
    if (c.end_force.x != 0 || c.end_force.z != 0)
      line.followers.push_back({last, c.end_force.x, c.end_force.z});
  } else {
    line.loads[3 * last] += c.end_force.x;
    line.loads[3 * last + 1] += c.end_force.z;
  }
  line.loads[3 * last + 2] += c.end_moment;
  return line;
}

void check_statically_held(const PlanarBeamCase& c, const std::string& study) {
  using S = PlanarBeamCase::Support;
  // a spring away from the pin holds the turn about it
  const double pin = c.start_support == S::pinned ? 0 : c.length();
  const bool sprung = std::any_of(c.springs.begin(), c.springs.end(),
                                  [&](const auto& spring) { return spring.first != pin; });
  if (!sprung && ((c.start_support == S::pinned && c.end_support == S::free) ||
                  (c.start_support == S::free && c.end_support == S::pinned)))
    throw InputError("Planar beam/" + std::string(c.end_support == S::free ? "End" : "Start") +
                         " support",
                     "free",
                     "expected clamped or pinned for " + study +
                         ": with the other end pinned, the beam turns freely about its pin (a "
                         "mechanism, no static state to find or to linearize about)");
}

PlanarBeamState planar_beam_static_state(const PlanarBeamCase& c, const std::string& study,
                                         const std::function<void(const PlanarBeamLine&)>& check) {
  check_statically_held(c, study);
  PlanarBeamState state{make_planar_beam_line(c), {}, {}};
  if (check)
    check(state.line);
  state.q = state.line.reference;
  state.equilibrium = solve_planar_beam_equilibrium(state.line, state.q);
  return state;
}

SectionForces section_forces(const PlanarBeamLine& line, std::size_t e,
                             const std::vector<double>& q, double xi) {
  std::vector<double> qe(3 * (line.degree() + 1));
  element_dofs(line, e, q, qe.data());
  const PlanarBeamElement& element = line.elements[e];
  const PlanarBeamStrains strains = element.strains(qe.data(), xi);
  const PlanarBeamSection& s = element.section();
  return {s.axial_stiffness * strains.axial, s.shear_stiffness * strains.shear,
          s.bending_stiffness * strains.curvature};
}

SampledForces sampled_forces(const PlanarBeamLine& line, const std::vector<double>& q) {
  SampledForces sampled;
  double start = 0;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    for (const double xi : line.elements[e].sampling_points()) {
      sampled.s.push_back(start + xi * line.elements[e].length());
      sampled.forces.push_back(section_forces(line, e, q, xi));
    }
    start += line.elements[e].length();
  }
  return sampled;
}

namespace {
std::vector<double> component(const std::vector<SectionForces>& forces,
                              double SectionForces::*member) {
  std::vector<double> values;
  for (const SectionForces& f : forces)
    values.push_back(f.*member);
  return values;
}
} // namespace

std::vector<double> SampledForces::axial() const {
  return component(forces, &SectionForces::axial);
}
std::vector<double> SampledForces::shear() const {
  return component(forces, &SectionForces::shear);
}
std::vector<double> SampledForces::moment() const {
  return component(forces, &SectionForces::moment);
}

std::vector<double> node_arc_lengths(const PlanarBeamLine& line) {
  // the reference is straight: s is the distance from the first node
  std::vector<double> s;
  for (std::size_t i = 0; i < line.n_nodes(); ++i)
    s.push_back(std::hypot(line.reference[3 * i] - line.reference[0],
                           line.reference[3 * i + 1] - line.reference[1]));
  return s;
}

} // namespace hamdyn
