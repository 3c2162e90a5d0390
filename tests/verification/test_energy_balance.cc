// The energy ledger of history.csv: T + V conserved by Newmark's average acceleration
// (rho_inf = 1) without damping and load; T + V + dissipated - work conserved with them.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

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
  EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")) / e0, 1e-10);
  EXPECT_GT(test_support::largest_magnitude(t), 0.1 * e0); // it really moved
}

TEST(EnergyBalance, DampedAndForcedBalanceCloses) {
  const auto h = test_support::simulate(
      test_support::make_case({"Model/Viscous damping=0.05", "Model/Rayleigh mass coefficient=2",
                               "Model/Rayleigh stiffness coefficient=1e-6", "Right end/Dashpot=0.5",
                               "Load/Distributed force=2*sin(300*t)*x",
                               "Right end/Force=0.1*cos(200*t)",
                               "Time integration/Final time=0.05"}),
      MPI_COMM_WORLD);
  const double scale = std::max({test_support::largest_magnitude(h.column("kinetic_energy")),
                                 test_support::largest_magnitude(h.column("dissipated_energy")),
                                 test_support::largest_magnitude(h.column("external_work"))});
  EXPECT_GT(test_support::largest_magnitude(h.column("dissipated_energy")), 0.01 * scale);
  EXPECT_GT(test_support::largest_magnitude(h.column("external_work")), 0.01 * scale);
  test_support::report("damped+forced relative balance error",
                       test_support::largest_magnitude(h.column("energy_error")) / scale);
  EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")) / scale, 1e-8);
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

TEST(EnergyBalance, BeamsBalanceWithRotaryTerms) {
  // Rotary inertia, rotational spring and dashpot, a moment and a distributed load all enter
  // the ledger; Newmark's average acceleration balances it to round-off.
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"}) {
    const auto h =
        test_support::simulate(test_support::make_case({std::string("Model/Type=") + type,
                                                        "Model/Mass per length=1",
                                                        "Model/Bending stiffness=1",
                                                        "Model/Shear stiffness=200",
                                                        "Model/Viscous damping=0.3",
                                                        "Model/Rotary inertia per length=1e-3",
                                                        "Model/Rayleigh mass coefficient=0.5",
                                                        "Model/Rayleigh stiffness coefficient=1e-4",
                                                        "Left end/Support=clamped",
                                                        "Right end/Support=free",
                                                        "Right end/Point mass=0.2",
                                                        "Right end/Rotary inertia=0.002",
                                                        "Right end/Spring=5",
                                                        "Right end/Dashpot=0.3",
                                                        "Right end/Rotational spring=1",
                                                        "Right end/Rotational dashpot=0.02",
                                                        "Right end/Moment=0.02*cos(7*t)",
                                                        "Attachments/Oscillators=0.6:0.1,4,0.05",
                                                        "Load/Distributed force=0.1*x*sin(3*t)",
                                                        "Initial conditions/Displacement=0.01*x^2",
                                                        "Discretization/Elements=20",
                                                        "Time integration/Time step=1e-3",
                                                        "Time integration/Final time=1"}),
                               MPI_COMM_WORLD);
    const double scale = std::max({test_support::largest_magnitude(h.column("kinetic_energy")),
                                   test_support::largest_magnitude(h.column("potential_energy")),
                                   test_support::largest_magnitude(h.column("dissipated_energy")),
                                   test_support::largest_magnitude(h.column("external_work"))});
    EXPECT_GT(test_support::largest_magnitude(h.column("dissipated_energy")), 0.01 * scale) << type;
    EXPECT_GT(test_support::largest_magnitude(h.column("external_work")), 1e-4 * scale) << type;
    test_support::report(std::string(type) + " relative balance error",
                         test_support::largest_magnitude(h.column("energy_error")) / scale);
    EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")) / scale, 1e-8) << type;
  }
}
