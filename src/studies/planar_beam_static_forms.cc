#include "studies/planar_beam_static_forms.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

PlanarBeamStaticForms::PlanarBeamStaticForms(const PlanarBeamLine& line)
    : line_(line), band_(line.band()),
      spinning_(
          std::any_of(line.elements.begin(), line.elements.end(),
                      [](const PlanarBeamElement& e) { return e.steady_rotation_rate() != 0; })) {}

const PlanarBeamLine& PlanarBeamStaticForms::at_factor(double lambda) {
  if (!spinning_ || lambda == 1)
    return line_;
  if (spun_.elements.empty())
    spun_ = line_;
  for (std::size_t e = 0; e < line_.elements.size(); ++e)
    spun_.elements[e].set_steady_rotation_squared(line_.elements[e].steady_rotation_squared() *
                                                  lambda);
  return spun_;
}

double PlanarBeamStaticForms::residual(double lambda, const std::vector<double>& q,
                                       std::vector<double>& r, double& scale) {
  std::vector<double> f = internal_forces(at_factor(lambda), q);
  for (const PlanarBeamFollower& follower : line_.followers) { // (as negative internal forces)
    const auto p = line_.follower_force(follower, q[3 * follower.node + 2]);
    add_follower_force(line_, follower.node, p, -lambda, f);
  }
  const std::size_t n = q.size();
  r.resize(n);
  double largest = 0;
  scale = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // (a tied row: the update q += K^-1 r makes q_i - q_j 0, hold_dofs)
    r[i] = line_.held[i]   ? 0.0
           : line_.tied(i) ? q[line_.row(i)] - q[i]
                           : lambda * line_.loads[i] - f[i];
    largest = std::max(largest, std::abs(r[i]));
    scale = std::max({scale, std::abs(lambda * line_.loads[i]), std::abs(f[i])});
  }
  return largest;
}

void PlanarBeamStaticForms::load_direction(const std::vector<double>& q, std::vector<double>& g) {
  if (spinning_) { // (the centrifugal load sits in the elements' forces)
    std::vector<double> at_zero;
    double scale;
    residual(1.0, q, g, scale);
    residual(0.0, q, at_zero, scale);
    for (std::size_t i = 0; i < g.size(); ++i)
      g[i] -= at_zero[i];
    return;
  }
  g.resize(q.size());
  for (std::size_t i = 0; i < g.size(); ++i)
    g[i] = line_.loads[i];
  for (const PlanarBeamFollower& follower : line_.followers) {
    const auto p = line_.follower_force(follower, q[3 * follower.node + 2]);
    add_follower_force(line_, follower.node, p, 1, g);
  }
  for (std::size_t i = 0; i < g.size(); ++i)
    if (line_.held[i] || line_.tied(i))
      g[i] = 0;
}

bool PlanarBeamStaticForms::factor_tangent(double lambda, const std::vector<double>& q, BandedLU& k,
                                           BandedLU::Pivots accepted,
                                           std::size_t* negative_pivots) {
  assemble_tangent(lambda, q, k);
  try {
    const std::size_t negative =
        k.factorize(line_.followers.empty() ? accepted : BandedLU::Pivots::nonzero);
    if (negative_pivots)
      *negative_pivots = negative;
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

void PlanarBeamStaticForms::assemble_tangent(double lambda, const std::vector<double>& q,
                                             BandedLU& k) {
  const PlanarBeamLine& line = at_factor(lambda);
  const unsigned p = line.degree(), nd = 3 * (p + 1);
  k.reinit(q.size(), band(), band());
  std::vector<double> qe(nd), ke(nd * nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    line.elements[e].tangent(qe.data(), ke.data());
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        k(line.row(line.dof(e, i / 3, i % 3)), line.row(line.dof(e, j / 3, j % 3))) +=
            ke[i * nd + j];
  }
  // a follower force's stiffness -dp/dtheta = -J p (not symmetric: its pivots may be of either
  // sign at a stable state, so only a negligible one is refused)
  for (const PlanarBeamFollower& f : line_.followers)
    add_follower_stiffness(line_, f.node, line_.follower_force(f, q[3 * f.node + 2]), lambda, k);
  hold_dofs(line_, k);
}

bool PlanarBeamStaticForms::solve_at(double lambda, std::vector<double>& q,
                                     BandedLU::Pivots accepted, unsigned& iterations,
                                     bool& at_round_off) {
  constexpr unsigned limit = 30;
  StaticNewtonRules rules;
  BandedLU k;
  std::vector<double> r;
  for (iterations = 0; iterations < limit; ++iterations) {
    double scale;
    const double largest = residual(lambda, q, r, scale);
    if (!std::isfinite(largest))
      return false;
    if (StaticNewtonRules::residual_small(largest, scale))
      return true;
    if (!factor_tangent(lambda, q, k, accepted))
      return false;
    k.solve(r.data());
    double correction = 0, size = 0;
    for (std::size_t i = 0; i < q.size(); ++i) {
      q[i] += r[i];
      correction = std::max(correction, std::abs(r[i]));
      size = std::max(size, std::abs(q[i]));
    }
    switch (rules.after(iterations, correction, size)) {
    case StaticNewtonRules::Verdict::converged:
      return true;
    case StaticNewtonRules::Verdict::at_round_off:
      at_round_off = true;
      return true;
    case StaticNewtonRules::Verdict::failed:
      return false;
    case StaticNewtonRules::Verdict::go_on:
      break;
    }
  }
  return false;
}

StaticNewtonRules::Verdict StaticNewtonRules::after(unsigned iteration, double correction,
                                                    double size) {
  if (!std::isfinite(correction))
    return Verdict::failed;
  if (correction <= 16 * std::numeric_limits<double>::epsilon() * size)
    return Verdict::converged;
  if (correction <= 1e-10 * size && correction > 0.25 * previous_)
    return Verdict::at_round_off;
  if (iteration >= 4 && !(correction < previous_))
    return Verdict::failed;
  previous_ = correction;
  return Verdict::go_on;
}

} // namespace hamdyn
