#include "studies/planar_beam_equilibrium.h"

#include "system/banded_lu.h"

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
    line.elements.emplace_back(degree, h, angle, section, interpolation);
  const PlanarBeamElement& first = line.elements.front();
  for (unsigned e = 0; e < n; ++e)
    for (unsigned a = e == 0 ? 0 : 1; a <= degree; ++a) {
      // the element's node a at s = e h + s_a (the last element's last node exactly at the end)
      const double s = e + 1 == n && a == degree ? length : e * h + first.node_coordinate(a);
      const double xi = s / length;
      line.reference.insert(line.reference.end(),
                            {x0 + xi * (x1 - x0), z0 + xi * (z1 - z0), angle});
    }
  line.held.assign(line.reference.size(), false);
  line.loads.assign(line.reference.size(), 0.0);
  return line;
}

void element_values(const PlanarBeamLine& line, std::size_t e, const std::vector<double>& all,
                    unsigned per_node, double* out) {
  const std::size_t first = per_node * e * line.degree();
  std::copy(all.begin() + first, all.begin() + first + per_node * (line.degree() + 1), out);
}

void hold_dofs(const PlanarBeamLine& line, unsigned band, BandedLU& k) {
  const std::size_t n = line.held.size();
  for (std::size_t i = 0; i < n; ++i)
    if (line.held[i]) {
      for (std::size_t j = i >= band ? i - band : 0; j <= std::min(n - 1, i + band); ++j)
        k(i, j) = k(j, i) = 0;
      k(i, i) = 1;
    }
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
    const std::size_t first = 3 * e * line.degree();
    for (unsigned i = 0; i < nd; ++i)
      f[first + i] += fe[i];
  }
  return f;
}

void add_follower_stiffness(std::size_t node, const std::array<double, 2>& p, double weight,
                            BandedLU& k) {
  k(3 * node, 3 * node + 2) += weight * p[1];
  k(3 * node + 1, 3 * node + 2) -= weight * p[0];
}

namespace {
// The tangent at q with the held rows and columns made identity, factored; false where a pivot is
// not positive (the tangent is not positive definite there).
bool factor_tangent(const PlanarBeamLine& line, const std::vector<double>& q, double at,
                    BandedLU& k) {
  const unsigned p = line.degree(), nd = 3 * (p + 1), band = 3 * p + 2;
  const std::size_t n = q.size();
  k.reinit(n, band, band);
  std::vector<double> qe(nd), ke(nd * nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    line.elements[e].tangent(qe.data(), ke.data());
    const std::size_t first = 3 * e * p;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        k(first + i, first + j) += ke[i * nd + j];
  }
  // a follower force's stiffness -dp/dtheta = -J p (not symmetric: its pivots may be of either
  // sign at a stable state, so only a negligible one is refused)
  for (const PlanarBeamFollower& f : line.followers)
    add_follower_stiffness(f.node, line.follower_force(f, q[3 * f.node + 2]), at, k);
  hold_dofs(line, band, k);
  try {
    k.factorize(line.followers.empty() ? BandedLU::Pivots::positive : BandedLU::Pivots::nonzero);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}
} // namespace

PlanarBeamEquilibrium solve_planar_beam_equilibrium(const PlanarBeamLine& line,
                                                    std::vector<double>& q, unsigned first_steps,
                                                    double smallest_step) {
  PlanarBeamEquilibrium result;
  const std::size_t n = q.size();
  // no load: the unstressed reference is the equilibrium, exactly (every strain 0)
  if (line.unloaded()) {
    q = line.reference;
    return result;
  }
  double lambda = 0, step = 1.0 / std::max(1u, first_steps);
  // A steady rotation's centrifugal load is raised with the dead loads, Omega^2 by the load
  // factor, on a copy of the line: at full speed from the straight reference the centrifugal
  // softening -Omega^2 M outweighs a soft beam's bending stiffness before the tension that
  // stiffens it has built up (its tangent is not positive definite there)
  const bool spinning =
      std::any_of(line.elements.begin(), line.elements.end(),
                  [](const PlanarBeamElement& e) { return e.steady_rotation_rate() != 0; });
  PlanarBeamLine spun;
  const PlanarBeamLine* at_factor = &line; // the line at the load step's factor
  const auto raise_rotation = [&](double factor) {
    if (!spinning)
      return;
    if (spun.elements.empty())
      spun = line;
    for (std::size_t e = 0; e < line.elements.size(); ++e) {
      const auto hub = line.elements[e].steady_rotation_hub();
      spun.elements[e].set_steady_rotation(
          line.elements[e].steady_rotation_rate() * std::sqrt(factor), hub[0], hub[1]);
    }
    at_factor = factor == 1 ? &line : &spun;
  };
  BandedLU k;
  std::vector<double> trial, r(n);
  // the free residual at load factor `at` and `x` into r; its largest entry, and the largest load
  // or internal force into `scale`
  const auto find_residual = [&](double at, const std::vector<double>& x, double& scale) {
    std::vector<double> f = internal_forces(*at_factor, x);
    for (const PlanarBeamFollower& follower : line.followers) { // (as negative internal forces)
      const auto p = line.follower_force(follower, x[3 * follower.node + 2]);
      f[3 * follower.node] -= at * p[0];
      f[3 * follower.node + 1] -= at * p[1];
    }
    double largest = 0;
    scale = 0;
    for (std::size_t i = 0; i < n; ++i) {
      r[i] = line.held[i] ? 0.0 : at * line.loads[i] - f[i];
      largest = std::max(largest, std::abs(r[i]));
      scale = std::max({scale, std::abs(at * line.loads[i]), std::abs(f[i])});
    }
    return largest;
  };
  // Newton's iterations at load factor `at` from `trial`: converged when the largest free
  // residual is below 1e-13 of the largest load or internal force, or the correction is at the
  // positions' and rotations' round-off (16 eps of the largest DoF)
  const auto newton = [&](double at, unsigned& iterations) {
    constexpr unsigned limit = 30;
    double previous = INFINITY;
    for (iterations = 0; iterations < limit; ++iterations) {
      double scale;
      const double largest = find_residual(at, trial, scale);
      if (!std::isfinite(largest))
        return false;
      if (largest <= 1e-13 * scale || largest == 0)
        return true;
      if (!factor_tangent(*at_factor, trial, at, k))
        return false;
      k.solve(r.data());
      double correction = 0, size = 0;
      for (std::size_t i = 0; i < n; ++i) {
        trial[i] += r[i];
        correction = std::max(correction, std::abs(r[i]));
        size = std::max(size, std::abs(trial[i]));
      }
      if (correction <= 16 * std::numeric_limits<double>::epsilon() * size)
        return true;
      // At the round-off floor: near the solution Newton's corrections shrink quadratically, so
      // one that is not a quarter of the one before while below 1e-10 of the DoFs is the
      // round-off of the residual's sums (10^5 linear elements: the residual stays at 4e-7 N,
      // the corrections at 0.5-2e-13 m, ten ulps of the 10 m DoFs, iteration after iteration)
      if (correction <= 1e-10 * size && correction > 0.25 * previous) {
        result.at_round_off = true;
        return true;
      }
      // a correction that does not shrink after the first few is not converging
      if (iterations >= 4 && !(correction < previous))
        return false;
      previous = correction;
    }
    return false;
  };
  while (lambda < 1) {
    const double to = std::min(1.0, lambda + step);
    raise_rotation(to);
    trial = q;
    unsigned iterations = 0;
    const bool converged = newton(to, iterations);
    result.iterations += iterations;
    if (converged) {
      q = trial;
      lambda = to;
      ++result.load_steps;
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
                               std::to_string(smallest_step) + " failed)");
  }
  raise_rotation(1.0);
  const double largest = find_residual(1.0, q, result.scale);
  result.residual = result.scale > 0 ? largest / result.scale : 0;
  return result;
}

} // namespace hamdyn
