#include "studies/planar_beam_equilibrium.h"

#include "studies/planar_beam_static_forms.h"
#include "system/banded_lu.h"

#include "core/input_error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn {

PlanarBeamLine straight_planar_beam(double x0, double z0, double x1, double z1, unsigned n,
                                    unsigned degree, const PlanarBeamSection& section,
                                    PlanarBeamInterpolation interpolation) {
  PlanarBeamLine line;
  const double length = std::hypot(x1 - x0, z1 - z0), angle = std::atan2(z1 - z0, x1 - x0);
  const double h = length / n;
  for (unsigned e = 0; e < n; ++e)
    line.elements.push_back(
        std::make_unique<PlanarBeamElement>(degree, h, angle, section, interpolation));
  const PlanarBeamElement& first = line.elements.front();
  for (unsigned e = 0; e < n; ++e)
    for (unsigned a = e == 0 ? 0 : 1; a <= degree; ++a) {
      // the element's node a at s = e h + s_a (the last element's last node exactly at the end)
      const double s = e + 1 == n && a == degree ? length : e * h + first.node_coordinate(a);
      const double xi = s / length;
      line.reference.insert(line.reference.end(),
                            {x0 + xi * (x1 - x0), z0 + xi * (z1 - z0), angle});
    }
  for (unsigned e = 0; e < n; ++e)
    for (unsigned a = 0; a <= degree; ++a)
      line.element_nodes.push_back(std::size_t(e) * degree + a);
  line.held.assign(line.reference.size(), false);
  line.loads.assign(line.reference.size(), 0.0);
  return line;
}

unsigned PlanarBeamLine::band() const {
  const unsigned nodes = degree() + 1;
  std::size_t band = 0;
  for (std::size_t e = 0; e < elements.size(); ++e) {
    std::size_t low = n_dofs(), high = 0;
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned c = 0; c < 3; ++c) {
        low = std::min(low, row(dof(e, a, c)));
        high = std::max(high, row(dof(e, a, c)));
      }
    band = std::max(band, high - low);
  }
  for (std::size_t i = 0; i < tied_to.size(); ++i)
    band = std::max(band, i > tied_to[i] ? i - tied_to[i] : tied_to[i] - i);
  return unsigned(band);
}

void element_values(const PlanarBeamLine& line, std::size_t e, const std::vector<double>& all,
                    unsigned per_node, double* out) {
  for (unsigned a = 0; a <= line.degree(); ++a)
    std::copy_n(all.begin() + per_node * line.node(e, a), per_node, out + per_node * a);
}

void hold_dofs(const PlanarBeamLine& line, BandedLU& k) {
  const std::size_t n = line.held.size(), band = line.band();
  for (std::size_t i = 0; i < n; ++i)
    if (line.held[i] || line.tied(i)) {
      for (std::size_t j = i >= band ? i - band : 0; j <= std::min(n - 1, i + band); ++j)
        k(i, j) = k(j, i) = 0;
      k(i, i) = 1;
      if (line.tied(i))
        k(i, line.row(i)) = -1;
    }
}

void copy_ties(const PlanarBeamLine& line, std::vector<double>& values) {
  for (std::size_t i = 0; i < line.tied_to.size(); ++i)
    values[i] = values[line.tied_to[i]];
}

void constrain_residual(const PlanarBeamLine& line, const std::vector<double>& q,
                        std::vector<double>& r) {
  for (std::size_t i = 0; i < r.size(); ++i)
    if (line.held[i])
      r[i] = 0;
    else if (line.tied(i))
      r[i] = q[i] - q[line.row(i)];
}

double strain_energy(const PlanarBeamLine& line, const std::vector<double>& q) {
  std::vector<double> qe(3 * (line.degree() + 1));
  double v = 0;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    v += line.elements[e].energy(qe.data());
  }
  return v;
}

std::vector<double> internal_forces(const PlanarBeamLine& line, const std::vector<double>& q) {
  const unsigned nd = 3 * (line.degree() + 1);
  std::vector<double> f(q.size(), 0.0), qe(nd), fe(nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    line.elements[e].forces(qe.data(), fe.data());
    for (unsigned i = 0; i < nd; ++i)
      f[line.row(line.dof(e, i / 3, i % 3))] += fe[i];
  }
  return f;
}

void add_follower_force(const PlanarBeamLine& line, std::size_t node,
                        const std::array<double, 2>& p, double weight, std::vector<double>& v) {
  v[line.row(3 * node)] += weight * p[0];
  v[line.row(3 * node + 1)] += weight * p[1];
}

void add_follower_stiffness(const PlanarBeamLine& line, std::size_t node,
                            const std::array<double, 2>& p, double weight, BandedLU& k) {
  k(line.row(3 * node), 3 * node + 2) += weight * p[1];
  k(line.row(3 * node + 1), 3 * node + 2) -= weight * p[0];
}

PlanarBeamEquilibrium solve_planar_beam_equilibrium(const PlanarBeamLine& line,
                                                    std::vector<double>& q, unsigned first_steps,
                                                    double smallest_step) {
  PlanarBeamEquilibrium result;
  // A steady rotation's centrifugal load is raised with the dead loads (PlanarBeamStaticForms):
  // at full speed from the straight reference the centrifugal softening -Omega^2 M outweighs a
  // soft beam's bending stiffness before the tension that stiffens it has built up (its tangent
  // is not positive definite there)
  PlanarBeamStaticForms forms(line);
  // no load: the unstressed reference is the equilibrium, exactly (every strain 0)
  if (line.unloaded()) {
    q = line.reference;
    result.path.push_back(path_point(line, 1, q));
    finish_planar_beam_equilibrium(forms, q, result);
    // (a frame's inclined member has strains of round-off size there, cos(pi/2) = 6e-17: its
    // forces are no residual to report relative to themselves)
    result.residual = 0;
    return result;
  }
  result.path.push_back(path_point(line, 0, q));
  double lambda = 0, step = 1.0 / std::max(1u, first_steps);
  std::vector<double> trial;
  while (lambda < 1) {
    const double to = std::min(1.0, lambda + step);
    trial = q;
    unsigned iterations = 0;
    const bool converged =
        forms.solve_at(to, trial, BandedLU::Pivots::positive, iterations, result.at_round_off);
    result.iterations += iterations;
    if (converged) {
      q = trial;
      lambda = to;
      ++result.load_steps;
      result.path.push_back(path_point(line, lambda, q));
      if (iterations <= 6)
        step *= 2;
      continue;
    }
    ++result.halvings;
    step /= 2;
    if (step < smallest_step)
      throw std::runtime_error("the planar beam's static equilibrium did not converge beyond "
                               "load factor " +
                               std::to_string(lambda) + " (steps of " +
                               std::to_string(smallest_step) +
                               " failed; Static/Path = arc length passes limit points)");
  }
  finish_planar_beam_equilibrium(forms, q, result);
  return result;
}

PlanarBeamPathPoint path_point(const PlanarBeamLine& line, double lambda,
                               const std::vector<double>& q) {
  const std::size_t last = 3 * line.watched_node();
  return {lambda, q[last], q[last + 1], q[last + 2]};
}

void finish_planar_beam_equilibrium(PlanarBeamStaticForms& forms, const std::vector<double>& q,
                                    PlanarBeamEquilibrium& result) {
  std::vector<double> r;
  const double largest = forms.residual(1.0, q, r, result.scale);
  result.residual = result.scale > 0 ? largest / result.scale : 0;
  BandedLU k;
  std::size_t negative = 0;
  if (forms.line().followers.empty() &&
      forms.factor_tangent(1.0, q, k, BandedLU::Pivots::nonzero, &negative))
    result.unstable_directions = int(negative);
}

void refuse_followers(const PlanarBeamLine& line, const std::string& study,
                      const std::string& why) {
  if (!line.followers.empty())
    throw InputError(line.followers_given.first, line.followers_given.second,
                     "expected no follower load for hamdyn " + study +
                         ": a follower load's stiffness is not symmetric" + why);
}

} // namespace hamdyn
