// Moving forces (Moving loads/Forces): a constant force crossing a simply supported Euler-
// Bernoulli beam against Fryba's modal series (Vibration of Solids and Structures under Moving
// Loads, 1972, sec. 1.1) at alpha = v / v_cr = 0.1, 0.5 and 1, the energy ledger closing with the
// moving force's work, and two axles as the sum of one axle's runs. On 1 and 2 ranks.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace hamdyn;

namespace {
// EI = rho A = L = 1: omega_n = (n pi)^2, v_cr = omega_1 L / pi = pi.
const std::string beam =
    "subsection Model\n set Type = euler bernoulli beam\n"
    " set Mass per length = 1\nend\nsubsection Output\n set Probes = 0.5\nend\n";

// Midspan deflection under P crossing at speed v from rest, while on the span: q_n'' + omega_n^2
// q_n = 2 P sin(Omega_n t), Omega_n = n pi v, so q_n = 2 P (sin Omega_n t - (Omega_n / omega_n)
// sin omega_n t) / (omega_n^2 - Omega_n^2), and at resonance (Omega_n = omega_n)
// q_n = P (sin omega_n t - omega_n t cos omega_n t) / omega_n^2.
double fryba(double force, double v, double x, double t) {
  double w = 0;
  for (int n = 400; n >= 1; --n) {
    const double omega = std::pow(n * M_PI, 2), big = n * M_PI * v;
    const double q =
        std::abs(omega - big) < 1e-12 * omega
            ? force * (std::sin(omega * t) - omega * t * std::cos(omega * t)) / (omega * omega)
            : 2 * force * (std::sin(big * t) - big / omega * std::sin(omega * t)) /
                  (omega * omega - big * big);
    w += q * std::sin(n * M_PI * x);
  }
  return w;
}
} // namespace

TEST(MovingLoads, ConstantForceCrossingASimplySupportedBeam) {
  for (const double alpha : {0.1, 0.5, 1.0}) {
    const std::string speed = std::to_string(alpha * M_PI); // the case's v, as written
    const double v = std::stod(speed), crossing = 1 / v;
    const auto h = test_support::simulate(
        test_support::case_from_text(
            beam, {"Moving loads/Forces=P: -1 @ " + speed + "*t", "Discretization/Elements=40",
                   "Time integration/Time step=2e-5",
                   "Time integration/Final time=" + std::to_string(crossing)}),
        MPI_COMM_WORLD);
    const auto t = h.column("time"), u = h.column("u@0.5"), x = h.column("position_P");
    double worst = 0, largest = 0, worst_position = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double exact = fryba(-1, v, 0.5, t[i]);
      worst = std::max(worst, std::abs(u[i] - exact));
      largest = std::max(largest, std::abs(exact));
      worst_position = std::max(worst_position, std::abs(x[i] - v * t[i]));
    }
    // the largest dynamic amplification of the midspan, against P L^3 / (48 EI)
    test_support::report("alpha = " + std::to_string(alpha) +
                             ": midspan against Fryba's series, largest error / largest |w|",
                         worst / largest);
    test_support::report("  largest midspan |w| over the static P L^3 / 48 EI",
                         test_support::largest_magnitude(u) * 48);
    EXPECT_LT(worst / largest, 2e-4) << "alpha = " << alpha;
    EXPECT_LT(worst_position, 1e-12);
    const double scale = std::max(test_support::largest_magnitude(h.column("external_work")),
                                  test_support::largest_magnitude(h.column("kinetic_energy")));
    const double error = test_support::largest_magnitude(h.column("energy_error"));
    test_support::report("  largest |energy_error| / largest work or energy", error / scale);
    EXPECT_LT(error, 1e-10 * scale);
  }
}

TEST(MovingLoads, TwoAxlesAreTheSumOfOne) {
  // linear: the train's response is the sum of its axles' (the second enters 0.3 s later)
  const std::vector<std::string> common{"Discretization/Elements=20",
                                        "Time integration/Time step=1e-4",
                                        "Time integration/Final time=1"};
  auto run = [&](const std::string& forces) {
    auto settings = common;
    settings.push_back("Moving loads/Forces=" + forces);
    return test_support::simulate(test_support::case_from_text(beam, settings), MPI_COMM_WORLD)
        .column("u@0.5");
  };
  const auto both = run("F1: -2 @ 1.5*t; F2: -1 @ 1.5*t - 0.45");
  const auto first = run("F1: -2 @ 1.5*t"), second = run("F2: -1 @ 1.5*t - 0.45");
  double worst = 0;
  for (std::size_t i = 0; i < both.size(); ++i)
    worst = std::max(worst, std::abs(both[i] - first[i] - second[i]));
  test_support::report("two axles against the sum of one, relative",
                       worst / test_support::largest_magnitude(both));
  EXPECT_LT(worst, 1e-12 * test_support::largest_magnitude(both));
}
