#include "studies/planar_beam_line.h"

#include "core/input_error.h"
#include "studies/planar_beam_arc_length.h"
#include "studies/planar_frame_line.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace hamdyn {

PlanarBeamLine make_planar_beam_line(const PlanarBeamCase& c,
                                     PlanarBeamInterpolation interpolation) {
  if (c.frame)
    return make_planar_frame_line(c, interpolation);
  const PlanarBeamSection section{c.axial_stiffness, c.shear_stiffness, c.bending_stiffness,
                                  c.mass_per_length, c.rotary_inertia};
  PlanarBeamLine line = straight_planar_beam(c.start.x, c.start.z, c.end.x, c.end.z, c.n_elements,
                                             c.degree, section, interpolation);
  const std::size_t last = line.n_nodes() - 1;
  for (const auto& [node, support] :
       {std::pair{std::size_t(0), c.start_support}, std::pair{last, c.end_support}})
    for (std::size_t component = 0; component < 3; ++component)
      line.held[3 * node + component] = PlanarBeamCase::held_components(support)[component];
  add_distributed_forces(c, line);
  std::vector<double> fe(3 * (c.degree + 1));
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
        line.loads[line.row(line.dof(e, i / 3, i % 3))] += fe[i];
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
      element.set_steady_rotation(c.steady_rotation, c.hub_point().x, c.hub_point().z);
  if (c.end_force_follows) {
    if (c.end_force.x != 0 || c.end_force.z != 0) {
      line.followers.push_back({last, c.end_force.x, c.end_force.z});
      line.followers_given = {"Planar beam/End force follows", "true"};
    }
  } else {
    line.loads[3 * last] += c.end_force.x;
    line.loads[3 * last + 1] += c.end_force.z;
  }
  line.loads[3 * last + 2] += c.end_moment;
  line.named_nodes = {{"start", 0}, {"end", last}};
  return line;
}

void check_statically_held(const PlanarBeamCase& c, const std::string& study) {
  if (c.frame) {
    check_frame_held(c, make_planar_frame_line(c, PlanarBeamInterpolation::rotations), study);
    return;
  }
  // A rigid motion of the reference (a translation (a, b) and a small turn w about Start) moves a
  // point at (x, z) by (a - w (z - z_0), b + w (x - x_0)) and turns its section by w; each held
  // component and each spring (in x and z at its point) asks one of these to vanish. The beam is
  // held when they leave only the rest: the rows below have rank 3 (Gaussian elimination with
  // partial pivoting on at most 6 + 2 n_springs rows of three).
  std::vector<std::array<double, 3>> rows;
  const double angle = std::atan2(c.end.z - c.start.z, c.end.x - c.start.x);
  const auto hold_point = [&](double s, std::array<bool, 3> held) {
    const double dx = s * std::cos(angle), dz = s * std::sin(angle);
    if (held[0])
      rows.push_back({{1, 0, -dz}});
    if (held[1])
      rows.push_back({{0, 1, dx}});
    if (held[2])
      rows.push_back({{0, 0, 1}});
  };
  hold_point(0, PlanarBeamCase::held_components(c.start_support));
  hold_point(c.length(), PlanarBeamCase::held_components(c.end_support));
  for (const auto& spring : c.springs)
    hold_point(spring.first, {{true, true, false}});
  unsigned rank = 0;
  const double scale = std::max(1.0, c.length());
  for (unsigned column = 0; column < 3 && rank < rows.size(); ++column) {
    const auto pivot = std::max_element(rows.begin() + rank, rows.end(), [&](auto& a, auto& b) {
      return std::abs(a[column]) < std::abs(b[column]);
    });
    if (std::abs((*pivot)[column]) <= 1e-12 * scale)
      continue;
    std::swap(*pivot, rows[rank]);
    for (std::size_t i = rank + 1; i < rows.size(); ++i) {
      const double factor = rows[i][column] / rows[rank][column];
      for (unsigned j = column; j < 3; ++j)
        rows[i][j] -= factor * rows[rank][j];
    }
    ++rank;
  }
  if (rank < 3) {
    const bool end_named = c.end_support != PlanarBeamCase::Support::clamped;
    const std::string key = end_named ? "End support" : "Start support";
    throw InputError(
        "Planar beam/" + key, support_name(end_named ? c.end_support : c.start_support),
        "expected a support that holds the beam for " + study + ": with Start support = " +
            support_name(c.start_support) + " and End support = " + support_name(c.end_support) +
            (c.springs.empty() ? "" : " and its springs") +
            ", the beam moves as a rigid body (a mechanism: no static state to find or "
            "to linearize about)");
  }
}

PlanarBeamEquilibrium solve_planar_beam_static(const PlanarBeamCase& c, const PlanarBeamLine& line,
                                               std::vector<double>& q) {
  return c.static_by_arc_length ? solve_planar_beam_by_arc_length(line, q, c.arc_length_steps)
                                : solve_planar_beam_equilibrium(line, q);
}

PlanarBeamState planar_beam_static_state(const PlanarBeamCase& c, const std::string& study,
                                         const std::function<void(const PlanarBeamLine&)>& check) {
  check_statically_held(c, study);
  PlanarBeamState state{make_planar_beam_line(c), {}, {}};
  if (check)
    check(state.line);
  state.q = state.line.reference;
  state.equilibrium = solve_planar_beam_static(c, state.line, state.q);
  return state;
}

SectionForces section_forces(const PlanarBeamLine& line, std::size_t e,
                             const std::vector<double>& q, double xi) {
  std::vector<double> qe(3 * (line.degree() + 1));
  element_dofs(line, e, q, qe.data());
  const auto [axial, shear, moment] = line.elements[e].section_forces(qe.data(), xi);
  return {axial, shear, moment};
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

std::string planar_beam_description(const PlanarBeamLine& line) {
  const auto linear =
      std::count_if(line.elements.begin(), line.elements.end(),
                    [](const PlanarBeamElement& e) { return e.quadratic_energy(); });
  const std::string elements =
      std::to_string(line.elements.size()) + " elements of degree " +
      std::to_string(line.degree()) +
      (linear == 0 ? "" : " (" + std::to_string(linear) + " of them of linear members)");
  return line.frame ? "a planar frame of " + std::to_string(line.members) + " members, " + elements
                    : "a planar beam of " + elements;
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
