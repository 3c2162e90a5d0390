// The same case on all ranks of MPI_COMM_WORLD and on rank 0 alone: every history column agrees
// to solver round-off.
#include "support/case_builder.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

namespace {
// `tolerance`: the largest relative difference allowed in any column.
void expect_same_history(const std::vector<std::string>& overrides, double tolerance = 1e-10) {
  const auto c = test_support::make_case(overrides);
  const test_support::History parallel = test_support::simulate(c, MPI_COMM_WORLD);
  double worst = 0;
  std::string worst_column;
  if (dealii::Utilities::MPI::this_mpi_process(MPI_COMM_WORLD) == 0) {
    const test_support::History serial = test_support::simulate(c, MPI_COMM_SELF);
    EXPECT_EQ(serial.columns, parallel.columns);
    EXPECT_EQ(serial.rows.size(), parallel.rows.size());
    const auto largest = [](const std::vector<double>& values) {
      double m = 1e-300;
      for (double x : values)
        m = std::max(m, std::abs(x));
      return m;
    };
    // energy_error is itself round-off of the ledger's terms, so its difference is measured on
    // the scale of the energies it balances, not on its own (which would be round-off / round-off)
    double energy_scale = 1e-300;
    for (const char* term :
         {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work"})
      energy_scale = std::max(energy_scale, largest(serial.column(term)));
    for (const auto& name : serial.columns) {
      const auto a = serial.column(name), b = parallel.column(name);
      double diff = 0;
      for (std::size_t i = 0; i < a.size(); ++i)
        diff = std::max(diff, std::abs(a[i] - b[i]));
      const double scale = name == "energy_error" ? energy_scale : largest(a);
      if (diff / scale > worst) {
        worst = diff / scale;
        worst_column = name;
      }
    }
  }
  worst = dealii::Utilities::MPI::max(worst, MPI_COMM_WORLD);
  EXPECT_LT(worst, tolerance) << "largest relative difference in column " << worst_column;
}
} // namespace

TEST(HistoryAcrossRanks, DefaultCase) {
  expect_same_history({"Time integration/Final time=0.01", "Output/Probes=0.25, 0.5, 0.9"});
}

TEST(HistoryAcrossRanks, DampedForcedCentralDifference) {
  expect_same_history(
      {"Time integration/Final time=0.005", "Time integration/Scheme=central difference",
       "Discretization/Mass matrix=lumped", "Discretization/Elements=60",
       "Time integration/Time step=2e-5", "Right end/Dashpot=0.3",
       "Load/Distributed force=sin(200*t)*x", "Right end/Force=0.1*cos(300*t)",
       "Model/Rayleigh stiffness coefficient=1e-6", "Attachments/Oscillators=0.5:0.001,300,0.01"});
}

TEST(HistoryAcrossRanks, BeamsWithEndAttachments) {
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"})
    expect_same_history({std::string("Model/Type=") + type,
                         "Model/Mass per length=1",
                         "Model/Bending stiffness=1",
                         "Model/Shear stiffness=100",
                         "Model/Viscous damping=0.2",
                         "Model/Rotary inertia per length=1e-3",
                         "Model/Rayleigh mass coefficient=0.2",
                         "Model/Rayleigh stiffness coefficient=1e-4",
                         "Left end/Support=clamped",
                         "Right end/Support=free",
                         "Right end/Point mass=0.1",
                         "Right end/Rotary inertia=0.001",
                         "Right end/Rotational spring=2",
                         "Right end/Rotational dashpot=0.05",
                         "Right end/Moment=0.01*sin(5*t)",
                         "Attachments/Oscillators=0.6:0.05,3,0.02; 0.2:0.01,1,0",
                         "Initial conditions/Displacement=0.01*x^2",
                         "Discretization/Elements=30",
                         "Time integration/Time step=1e-3",
                         "Time integration/Final time=0.2",
                         "Output/Probes=0.3, 0.7"});
}

// Newton's iterations and the friction contacts' stick/slip decisions are made on every rank from
// the same gathered values, so nonlinear runs agree across ranks too. A stuck contact's holding
// force is the small difference of the band solve's large terms at its row (its velocity
// predictor), so it keeps fewer digits: 1e-8 of the column's largest value.
TEST(HistoryAcrossRanks, NonlinearSpringsAndDashpots) {
  expect_same_history({"Time integration/Final time=0.05", "Right end/Spring law=2000*e+1e9*e^3",
                       "Attachments/Nonlinear springs=0.3:5e8*e^3",
                       "Attachments/Dashpots=0.5:0.3,3; 0.7:0.02,1.5; 0.9:0.05,1",
                       "Time integration/Nonlinear tolerance=1e-13",
                       "Initial conditions/Displacement=0.02*sin(pi*x/2)"},
                      1e-8);
  expect_same_history({"Model/Type=euler bernoulli beam", "Model/Mass per length=1",
                       "Model/Bending stiffness=1", "Left end/Support=clamped",
                       "Right end/Support=free", "Right end/Spring law=1e3*e^3",
                       "Right end/Rotational spring law=0.5*theta+20*theta^3",
                       "Right end/Dashpot law=0.002,1", "Attachments/Dashpots=0.5:0.05,3",
                       "Initial conditions/Displacement=0.1*x^2", "Discretization/Elements=30",
                       "Time integration/Time step=1e-3", "Time integration/Final time=0.5"},
                      1e-8);
}

TEST(HistoryAcrossRanks, LargeAmplitudeString) {
  expect_same_history({"Model/Axial stiffness=1e6", "Right end/Support=fixed",
                       "Initial conditions/Displacement=0.01*sin(pi*x)+0.003*sin(3*pi*x)",
                       "Time integration/Final time=0.01", "Output/Probes=0.3"});
}
