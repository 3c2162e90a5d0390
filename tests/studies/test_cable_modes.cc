// The lumped-mass cable line's in-plane modes about its static equilibrium against Irvine &
// Caughey's shallow sagged cable (exact/sagged_cable_frequencies.h), on both sides of the
// crossover lambda^2 = 4 pi^2 (where the first symmetric mode passes the first antisymmetric
// one), and the difference between them shrinking as (d/l)^2 (the shallow theory's neglect); the
// lumped and the consistent mass bracketing the frequencies and converging to each other at
// O(h^2).
#include "exact/elastic_catenary.h"
#include "exact/sagged_cable_frequencies.h"
#include "studies/cable_modes.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using hamdyn::CableChain;

namespace {
struct Comparison {
  double lambda2, largest_difference; // relative, over the four lowest modes
  bool first_symmetric;
};

/// A cable of span l = 100 m, 1 kg/m under g = 9.81 hanging `sag` below its level supports, its
/// EA chosen for Irvine's lambda^2 ~ `target`: n elements from the catenary's points, brought to
/// the chain's equilibrium, and its four lowest frequencies.
std::vector<double> frequencies(double sag, double target, unsigned n, bool consistent,
                                double* lambda2 = nullptr, double* horizontal_tension = nullptr) {
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
  if (lambda2)
    *lambda2 = hamdyn::exact::irvine_lambda_squared(l, exact.horizontal_tension(), w, ea, sag);
  if (horizontal_tension)
    *horizontal_tension = exact.horizontal_tension();
  return hamdyn::chain_frequencies(chain, hamdyn::cable_mass(chain.elements, rho_a, consistent), 4);
}

/// The lumped line's four lowest frequencies against Irvine's.
Comparison compare(double sag, double target, unsigned n) {
  double lambda2 = 0, h = 0;
  const auto omega = frequencies(sag, target, n, false, &lambda2, &h);
  const auto irvine = hamdyn::exact::sagged_cable_modes(100, h, 1, lambda2, 4);
  Comparison c{lambda2, 0, irvine[0].symmetric};
  for (unsigned k = 0; k < 4; ++k)
    c.largest_difference = std::max(c.largest_difference, std::abs(omega[k] / irvine[k].omega - 1));
  return c;
}
} // namespace

TEST(CableModes, IrvinesShallowCableOnBothSidesOfTheCrossover) {
  for (const double target : {10.0, 100.0}) {
    const Comparison shallow = compare(1, target, 400), deeper = compare(2, target, 400);
    const std::string at = "sagged cable, lambda^2 = " + std::to_string(shallow.lambda2);
    hamdyn::test_support::report(at + ": four lowest frequencies against Irvine's, d/l = 1/100",
                                 shallow.largest_difference);
    hamdyn::test_support::report(at + ": the same at d/l = 1/50", deeper.largest_difference);
    EXPECT_EQ(shallow.first_symmetric, target < 4 * M_PI * M_PI);
    // the shallow theory's neglect: within 6 (d/l)^2 (measured 5.0 at lambda^2 = 100), at order 2
    EXPECT_LT(shallow.largest_difference, 6 * 0.01 * 0.01);
    EXPECT_LT(deeper.largest_difference, 6 * 0.02 * 0.02);
    const double order = std::log2(deeper.largest_difference / shallow.largest_difference);
    EXPECT_NEAR(order, 2.0, 0.15) << "lambda^2 ~ " << target;
    hamdyn::test_support::report(at + ": order of the difference in d/l", order);
  }
}

TEST(CableModes, LumpedAndConsistentMassBracketAndConverge) {
  double previous = 0;
  for (const unsigned n : {25u, 50u, 100u}) {
    const auto lumped = frequencies(1, 100, n, false), consistent = frequencies(1, 100, n, true);
    double difference = 0;
    for (unsigned k = 0; k < 4; ++k) {
      EXPECT_LT(lumped[k], consistent[k]) << "mode " << k + 1 << ", n = " << n;
      difference = std::max(difference, consistent[k] / lumped[k] - 1);
    }
    if (previous > 0) {
      EXPECT_NEAR(std::log2(previous / difference), 2.0, 0.1) << "n = " << n;
    }
    previous = difference;
  }
}
