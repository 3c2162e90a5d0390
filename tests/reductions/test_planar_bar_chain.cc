// Hencky's bar chain at large rotation (reductions/planar_bar_chain.h) against references derived
// here: the closed polygon of a chain rolled up by an end moment, its forces and tangent as the
// energy's derivatives, its mean forces as a discrete gradient, a cantilever's frequencies
// converging to Euler-Bernoulli's, and a stiff chain swinging as the compound pendulum of its
// masses with T + V kept.
#include "reductions/planar_bar_chain_solve.h"

#include <deal.II/lac/full_matrix.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace hamdyn;

namespace {
// A straight chain of n equal bars along x from the origin, length 1: EA, EI, rho A; `clamped`
// holds the first joint and the first bar's direction, else the first joint is pinned; the last
// is free.
PlanarBarChain straight_chain(std::size_t n, double ea, double ei, double rho_a, bool clamped) {
  PlanarBarChain chain;
  const double h = 1.0 / n;
  for (std::size_t j = 0; j <= n; ++j) {
    chain.reference.push_back({j * h, 0});
    chain.masses.push_back(rho_a * h * (j == 0 || j == n ? 0.5 : 1));
    chain.joint_springs.push_back(j == 0 || j == n ? 0 : ei / h);
  }
  for (std::size_t i = 0; i < n; ++i)
    chain.bars.push_back({h, ea});
  chain.held.assign(n + 1, {{false, false}});
  chain.held.front() = {{true, true}};
  chain.start_clamp = clamped ? 2 * ei / h : 0;
  chain.loads.assign(n + 1, {0, 0});
  return chain;
}

// dV/dx at x as bar_chain_residual forms it, and its tangent as a dense matrix.
std::vector<double> gradient(const PlanarBarChain& chain, const std::vector<Vector2>& x,
                             dealii::FullMatrix<double>* k = nullptr) {
  std::vector<double> f;
  if (k) {
    k->reinit(chain.n_dofs(), chain.n_dofs());
    const MatrixAdder add = [k](std::size_t i, std::size_t j, double v) { (*k)(i, j) += v; };
    bar_chain_residual(chain, x, 1, f, &add);
  } else
    bar_chain_residual(chain, x, 1, f);
  return f;
}
} // namespace

// M = 2 pi EI / L turns each of the n - 1 joints by alpha = M h / EI = 2 pi / n and the first bar
// by alpha / 2 from the clamp: the bars are the sides of a regular n-gon whose vertices lie on
// the circle of radius h / (2 sin(alpha / 2)) tangent to the clamp, so the end comes back to the
// root and the last bar has turned by (n - 1/2) alpha. With no axial force the bars keep h.
TEST(PlanarBarChain, RolledUpByAnEndMomentIntoAClosedPolygon) {
  const std::size_t n = 16;
  const double ei = 2;
  PlanarBarChain chain = straight_chain(n, 1e6, ei, 1, true);
  chain.end_moment = 2 * M_PI * ei;
  BarChainState s = bar_chain_at_rest(chain);
  solve_bar_chain_static(chain, s);
  const double alpha = 2 * M_PI / n, h = 1.0 / n, radius = h / (2 * std::sin(alpha / 2));
  EXPECT_LT(std::hypot(s.x.back().x, s.x.back().z), 1e-12);
  for (const Vector2& x : s.x)
    EXPECT_NEAR(std::hypot(x.x, x.z - radius), radius, 1e-12);
  EXPECT_NEAR(s.end_turn, (n - 0.5) * alpha, 1e-12);
}

// At a bent, stretched state with loads, an end moment and clamps at both ends: the residual is
// dV/dx by central differences of V, its tangent d2V/dx2 by differences of the residual, and
// the mean forces over a step do its energy change exactly, equal the residual at a step of 0.
TEST(PlanarBarChain, ForcesTangentAndDiscreteGradientOfTheEnergy) {
  PlanarBarChain chain = straight_chain(6, 300, 2, 1, true);
  chain.end_clamp = 5;
  chain.end_moment = 0.7;
  for (std::size_t j = 1; j < chain.n_joints(); ++j)
    chain.loads[j] = {0.1 * j, -0.3};
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-0.05, 0.05);
  std::vector<Vector2> x0 = chain.reference, x1;
  for (std::size_t j = 1; j < x0.size(); ++j)
    x0[j] = {x0[j].x * std::cos(0.4 * j) + u(random), x0[j].x * std::sin(0.4 * j) + u(random)};
  x1 = x0;
  for (std::size_t j = 1; j < x1.size(); ++j)
    x1[j] = {x1[j].x + 3 * u(random), x1[j].z + 3 * u(random)};
  dealii::FullMatrix<double> k;
  const std::vector<double> f = gradient(chain, x0, &k);
  const double d = 1e-6;
  for (std::size_t i = 2; i < chain.n_dofs(); ++i) {
    std::vector<Vector2> plus = x0, minus = x0;
    plus[i / 2][i % 2] += d;
    minus[i / 2][i % 2] -= d;
    // the end moment's energy is -M times the last bar's turn: its change, counted from x0
    const auto turn = [&](const std::vector<Vector2>& x) {
      return turn_between(chord(x0, x.size() - 2), chord(x, x.size() - 2));
    };
    const double numeric =
        (bar_chain_energy(chain, plus, turn(plus)) - bar_chain_energy(chain, minus, turn(minus))) /
        (2 * d);
    EXPECT_NEAR(f[i], numeric, 1e-6 * (1 + std::abs(numeric))) << "DoF " << i;
    const std::vector<double> fp = gradient(chain, plus), fm = gradient(chain, minus);
    for (std::size_t j = 2; j < chain.n_dofs(); ++j)
      EXPECT_NEAR(k(j, i), (fp[j] - fm[j]) / (2 * d), 1e-5 * (1 + std::abs(k(j, i))))
          << "K(" << j << ", " << i << ")";
  }
  std::vector<double> mean;
  bar_chain_mean_residual(chain, x0, x1, mean);
  const std::size_t last = x0.size() - 2;
  const double end_turn = turn_between(chord(x0, last), chord(x1, last));
  const double change = bar_chain_energy(chain, x1, end_turn) - bar_chain_energy(chain, x0, 0);
  double work = 0, size = 0;
  for (std::size_t i = 0; i < chain.n_dofs(); ++i) {
    const double dx = x1[i / 2][i % 2] - x0[i / 2][i % 2];
    work += mean[i] * dx;
    size += std::abs(mean[i] * dx);
  }
  EXPECT_NEAR(work, change, 1e-13 * size);
  bar_chain_mean_residual(chain, x0, x0, mean);
  for (std::size_t i = 0; i < chain.n_dofs(); ++i)
    EXPECT_NEAR(mean[i], f[i], 1e-12 * (1 + std::abs(f[i])));
}

// A clamped-free chain of n bars, linearized about its straight state: its two lowest
// frequencies approach the Euler-Bernoulli cantilever's beta^2 sqrt(EI / (rho A L^4)), beta L =
// 1.8751040687, 4.6940911330 (Blevins, Formulas for Natural Frequency and Mode Shape, table 8-1),
// each doubling of n cutting the error by about 4 (Hencky's chain is a second-order difference
// scheme); the axial modes (EA / rho A L^2 = 10^6) lie far above.
TEST(PlanarBarChain, CantileverFrequenciesConvergeToEulerBernoulli) {
  const double beta[] = {1.8751040687119611, 4.6940911329741745};
  double previous[2] = {0, 0};
  for (std::size_t n : {16, 32, 64}) {
    const PlanarBarChain chain = straight_chain(n, 1e6, 1, 1, true);
    const std::vector<double> omega = bar_chain_frequencies(chain, chain.reference, 2);
    for (unsigned k = 0; k < 2; ++k) {
      const double error = std::abs(omega[k] / (beta[k] * beta[k]) - 1);
      if (n > 16) {
        EXPECT_NEAR(previous[k] / error, 4, 0.3) << n << " bars, mode " << k;
      }
      previous[k] = error;
    }
  }
  EXPECT_LT(previous[0], 2.5e-4);
  EXPECT_LT(previous[1], 1.2e-3);
}

// A stiff chain pinned at its first joint, let go at rest from the horizontal, swings as the
// rigid compound pendulum of its joint masses: a quarter period sqrt(I / (g S)) K(sin(pi/4)) with
// I = sum m r^2, S = sum m r (Blevins; K the complete elliptic integral of the first kind). The
// step keeps T + V to Newton's tolerance, and the quarter period found converges at order 2 in
// the step.
TEST(PlanarBarChain, StiffChainSwingsAsTheCompoundPendulumOfItsMasses) {
  const double g = 9.81;
  PlanarBarChain chain = straight_chain(4, 1e8, 1e4, 1, false);
  double inertia = 0, moment = 0;
  for (std::size_t j = 0; j < chain.n_joints(); ++j) {
    chain.loads[j] = {0, -g * chain.masses[j]};
    inertia += chain.masses[j] * chain.reference[j].x * chain.reference[j].x;
    moment += chain.masses[j] * chain.reference[j].x;
  }
  const double quarter = std::sqrt(inertia / (g * moment)) * std::comp_ellint_1(std::sin(M_PI / 4));
  std::vector<double> found;
  for (double dt : {4e-3, 2e-3, 1e-3}) {
    BarChainState s = bar_chain_at_rest(chain);
    const double e0 = bar_chain_energy(chain, s.x, 0);
    double largest_error = 0, t = 0;
    while (s.x.back().x > 0) {
      const double x_before = s.x.back().x;
      step_bar_chain(chain, s, dt);
      t += dt;
      largest_error = std::max(largest_error, std::abs(bar_chain_kinetic_energy(chain, s) +
                                                       bar_chain_energy(chain, s.x, 0) - e0));
      if (s.x.back().x <= 0) // the end passes below the pin: interpolate the crossing
        found.push_back(t - dt * s.x.back().x / (s.x.back().x - x_before));
    }
    EXPECT_LT(largest_error, 1e-9 * g * moment) << "dt = " << dt;
  }
  // (1.2e-6 off at dt = 1e-3: the step's error and the chain's flexibility)
  EXPECT_NEAR(found[2], quarter, 5e-6 * quarter);
  EXPECT_NEAR((found[0] - found[1]) / (found[1] - found[2]), 4, 0.7);
}
