// The lumped-mass cable line's in-plane modes about its static equilibrium against Irvine &
// Caughey's shallow sagged cable (exact/sagged_cable_frequencies.h), on both sides of the
// crossover lambda^2 = 4 pi^2 (where the first symmetric mode passes the first antisymmetric
// one), and the difference between them shrinking as (d/l)^2 (the shallow theory's neglect).
#include "exact/elastic_catenary.h"
#include "exact/sagged_cable_frequencies.h"
#include "studies/cable_modes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using hamdyn::CableChain;

namespace {
struct Comparison {
  double lambda2, largest_difference; // relative, over the four lowest modes
  bool first_symmetric;
};

/// A cable of span l = 100 m, 1 kg/m under g = 9.81 hanging `sag` below its level supports, its
/// EA chosen for Irvine's lambda^2 ~ `target`; n elements from the catenary's points, brought to
/// the chain's equilibrium, and its four lowest modes against Irvine's.
Comparison compare(double sag, double target, unsigned n) {
  const double l = 100, rho_a = 1, w = 9.81 * rho_a;
  // EA for the target: lambda^2 = (w l / H)^2 l EA / (H L_e), H ~ w l^2 / 8d
  const double h_guess = w * l * l / (8 * sag);
  const double ea =
      target * h_guess * l * (1 + 8 * sag * sag / (l * l)) / (l * std::pow(w * l / h_guess, 2));
  const auto exact = hamdyn::exact::ElasticCatenary::with_sag({l, 0, ea, w}, sag);
  CableChain chain;
  const double l0 = exact.unstretched_length();
  for (unsigned k = 0; k < n; ++k)
    chain.elements.push_back({l0 / n, ea, false});
  for (unsigned i = 0; i <= n; ++i) {
    const auto p = exact.position(l0 * i / n);
    chain.nodes.push_back({p.x, p.z});
    chain.held.push_back(i == 0 || i == n);
  }
  chain.loads = hamdyn::gravity_loads(chain.elements, w);
  hamdyn::solve_cable_equilibrium(chain);
  std::vector<double> masses(n + 1, rho_a * l0 / n);
  masses.front() = masses.back() = rho_a * l0 / (2 * n);
  const auto omega = hamdyn::chain_frequencies(chain, masses, 4);
  const double h = exact.horizontal_tension();
  const double lambda2 = hamdyn::exact::irvine_lambda_squared(l, h, w, ea, sag);
  const auto irvine = hamdyn::exact::sagged_cable_modes(l, h, rho_a, lambda2, 4);
  Comparison c{lambda2, 0, irvine[0].symmetric};
  for (unsigned k = 0; k < 4; ++k)
    c.largest_difference = std::max(c.largest_difference, std::abs(omega[k] / irvine[k].omega - 1));
  return c;
}
} // namespace

TEST(CableModes, IrvinesShallowCableOnBothSidesOfTheCrossover) {
  for (const double target : {10.0, 100.0}) {
    const Comparison shallow = compare(1, target, 400), deeper = compare(2, target, 400);
    std::printf("lambda^2 %.3f: d/l = 1/100 differs by %.3e, d/l = 1/50 (lambda^2 %.3f) by %.3e\n",
                shallow.lambda2, shallow.largest_difference, deeper.lambda2,
                deeper.largest_difference);
    EXPECT_EQ(shallow.first_symmetric, target < 4 * M_PI * M_PI);
    // the shallow theory's neglect: within 6 (d/l)^2 (measured 5.0 at lambda^2 = 100), at order 2
    EXPECT_LT(shallow.largest_difference, 6 * 0.01 * 0.01);
    EXPECT_LT(deeper.largest_difference, 6 * 0.02 * 0.02);
    const double order = std::log2(deeper.largest_difference / shallow.largest_difference);
    EXPECT_NEAR(order, 2.0, 0.15) << "lambda^2 ~ " << target;
  }
}
