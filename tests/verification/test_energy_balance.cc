// The energy ledger of history.csv: T + V conserved by Newmark's average acceleration
// (rho_inf = 1) without damping and load; T + V + dissipated - work conserved with them.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

namespace {
double largest(const std::vector<double>& v) {
  double m = 0;
  for (double x : v)
    m = std::max(m, std::abs(x));
  return m;
}
} // namespace

TEST(EnergyBalance, UndampedEnergyIsConstant) {
  const auto h = test_support::simulate(
      test_support::make_case({"Model/Viscous damping=0", "Time integration/Final time=0.05"}),
      MPI_COMM_WORLD);
  const auto t = h.column("kinetic_energy"), v = h.column("potential_energy");
  const double e0 = t[0] + v[0];
  double drift = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    drift = std::max(drift, std::abs(t[i] + v[i] - e0));
  test_support::report("undamped relative energy drift", drift / e0);
  EXPECT_LT(drift / e0, 1e-10);
  EXPECT_LT(largest(h.column("energy_error")) / e0, 1e-10);
  EXPECT_GT(largest(t), 0.1 * e0); // it really moved
}

TEST(EnergyBalance, DampedAndForcedBalanceCloses) {
  const auto h = test_support::simulate(
      test_support::make_case({"Model/Viscous damping=0.05", "Model/Rayleigh mass coefficient=2",
                               "Model/Rayleigh stiffness coefficient=1e-6", "Right end/Dashpot=0.5",
                               "Load/Distributed force=2*sin(300*t)*x",
                               "Right end/Force=0.1*cos(200*t)",
                               "Time integration/Final time=0.05"}),
      MPI_COMM_WORLD);
  const double scale =
      std::max({largest(h.column("kinetic_energy")), largest(h.column("dissipated_energy")),
                largest(h.column("external_work"))});
  EXPECT_GT(largest(h.column("dissipated_energy")), 0.01 * scale);
  EXPECT_GT(largest(h.column("external_work")), 0.01 * scale);
  test_support::report("damped+forced relative balance error",
                       largest(h.column("energy_error")) / scale);
  EXPECT_LT(largest(h.column("energy_error")) / scale, 1e-8);
}

TEST(EnergyBalance, NumericalDissipationBelowSpectralRadiusOne) {
  const auto h = test_support::simulate(
      test_support::make_case({"Model/Viscous damping=0", "Time integration/Spectral radius=0.5",
                               "Time integration/Final time=0.05"}),
      MPI_COMM_WORLD);
  const auto error = h.column("energy_error");
  const double e0 = h.column("kinetic_energy")[0] + h.column("potential_energy")[0];
  EXPECT_LT(error.back(), -1e-6 * e0); // energy is lost, never gained
  EXPECT_LT(*std::max_element(error.begin(), error.end()), 1e-12 * e0);
}
