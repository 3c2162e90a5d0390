// Time integration/Scheme = modal (studies/modal_transient.h): a damped SDOF under a ramp load
// against its closed form at a step of one radian (exact: the load is linear over every step); a
// simply supported beam under a suddenly applied point force, three modes plus the static
// correction, against the continuum's modal series with the same three modes dynamic and all of
// them static; every mode of a beam with an interior dashpot, an oscillator and Rayleigh damping
// against generalized alpha extrapolated (Richardson) from two steps; the energy ledger closing
// under ground motion with non-proportional damping. On 1 and 2 ranks.
#include "support/case_builder.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
double largest_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

// A simply supported beam (EI = rho A = L = 1, 6 Hermite elements and nodes added at the dashpot
// and the oscillator: 17 free DoFs with the oscillator's) with an interior dashpot, an
// oscillator and Rayleigh damping: C couples the modes.
const char* const coupled_beam = R"(
subsection Model
  set Type = euler bernoulli beam
  set Mass per length = 1
  set Rayleigh mass coefficient = 0.5
end
subsection Attachments
  set Dashpots = 0.4:0.5
  set Oscillators = 0.7:0.2,300,0.4
end
subsection Discretization
  set Elements = 6
end
subsection Output
  set Probes = 0.5
end
)";
} // namespace

TEST(ModalScheme, DampedOscillatorUnderARampIsExactAtLargeSteps) {
  // inertia q'' + c q' + k q = F t from rest (support/case_builder.h:
  // single_degree_of_freedom_case)
  const double inertia = 2 + 0.003 / 3, k = 600, c = 3, force = 5;
  const double dt = 0.05; // omega dt = 0.87
  const auto h = test_support::simulate(
      test_support::case_from_text(
          test_support::single_degree_of_freedom_case,
          {"Right end/Force=5*t", "Time integration/Scheme=modal", "Modes/Number of modes=1",
           "Time integration/Time step=" + std::to_string(dt), "Time integration/Final time=2"}),
      MPI_COMM_WORLD);
  const double w = std::sqrt(k / inertia), zeta = c / (2 * std::sqrt(k * inertia)),
               wd = w * std::sqrt(1 - zeta * zeta);
  const double a = force * c / (k * k), b = (zeta * w * a - force / k) / wd;
  const auto t = h.column("time"), u = h.column("u_right"), error = h.column("energy_error"),
             work = h.column("external_work");
  double worst = 0, largest = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const double exact =
        force / k * (t[i] - c / k) +
        std::exp(-zeta * w * t[i]) * (a * std::cos(wd * t[i]) + b * std::sin(wd * t[i]));
    worst = std::max(worst, std::abs(u[i] - exact));
    largest = std::max(largest, std::abs(exact));
  }
  test_support::report("SDOF under a ramp at omega dt = 0.87: largest error / largest |u|",
                       worst / largest);
  test_support::report("its largest |energy_error| / work",
                       test_support::largest_magnitude(error) / work.back());
  EXPECT_LT(worst / largest, 1e-12);
  EXPECT_LT(test_support::largest_magnitude(error), 1e-12 * work.back());
}

TEST(ModalScheme, StaticCorrectionOfASimplySupportedBeam) {
  // F = 2 at a = 0.3 from t = 0, Rayleigh a = 0.6: phi_n = sqrt(2) sin(n pi x), omega_n =
  // (n pi)^2, p_n = F phi_n(a), zeta_n = a / (2 omega_n) (Clough & Penzien, Dynamics of
  // Structures, 2nd ed., sec. 13-2 and 13-3). Modes 1 to 3 respond dynamically, the rest
  // statically: u = sum_n phi_n p_n / omega_n^2 - sum_{n <= 3} phi_n p_n / omega_n^2 e^{-zeta
  // omega t}(cos omega_d t + zeta / sqrt(1 - zeta^2) sin omega_d t).
  const double force = 2, x0 = 0.3, rayleigh = 0.6, x = 0.5;
  const unsigned int kept = 3;
  const auto h = test_support::simulate(
      test_support::case_from_text(
          "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
          {"Attachments/Forces=0.3:2", "Model/Rayleigh mass coefficient=0.6", "Output/Probes=0.5",
           "Discretization/Elements=80", "Time integration/Scheme=modal", "Modes/Number of modes=3",
           "Time integration/Time step=1e-3", "Time integration/Final time=0.5"}),
      MPI_COMM_WORLD);
  auto phi = [](int n, double y) { return std::sqrt(2.0) * std::sin(n * M_PI * y); };
  double static_part = 0;
  for (int n = 20000; n >= 1; --n)
    static_part += phi(n, x) * force * phi(n, x0) / std::pow(n * M_PI, 4);
  const auto t = h.column("time"), u = h.column("u@0.5");
  double worst = 0, worst_without_correction = 0, largest = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    double exact = static_part, kept_static = 0;
    for (unsigned int n = 1; n <= kept; ++n) {
      const double wn = std::pow(n * M_PI, 2), zeta = rayleigh / (2 * wn),
                   wd = wn * std::sqrt(1 - zeta * zeta);
      const double amplitude = phi(n, x) * force * phi(n, x0) / (wn * wn);
      exact -= amplitude * std::exp(-zeta * wn * t[i]) *
               (std::cos(wd * t[i]) + zeta / std::sqrt(1 - zeta * zeta) * std::sin(wd * t[i]));
      kept_static += amplitude;
    }
    worst = std::max(worst, std::abs(u[i] - exact));
    // what the three modes alone would give: the static part of the modes left out is missing
    worst_without_correction =
        std::max(worst_without_correction, std::abs(static_part - kept_static));
    largest = std::max(largest, std::abs(exact));
  }
  test_support::report("simply supported beam, 3 modes + static correction, 80 elements: largest "
                       "|u - series| / largest |u|",
                       worst / largest);
  test_support::report("the modes alone would miss (static part of the modes left out)",
                       worst_without_correction / largest);
  EXPECT_LT(worst / largest, 1e-6);
  EXPECT_GT(worst_without_correction, 100 * worst); // the reference tells the correction apart
}

TEST(ModalScheme, AllModesAgreeWithGeneralizedAlphaExtrapolated) {
  // The load is linear in t, so the modal run with every mode is exact at any step; generalized
  // alpha at rho_inf = 1 is O(dt^2), and Richardson's (4 u(dt/2) - u(dt)) / 3 is O(dt^4).
  const std::vector<std::string> common{"Load/Distributed force=3*t",
                                        "Time integration/Final time=0.3"};
  auto run = [&](std::vector<std::string> settings) {
    settings.insert(settings.end(), common.begin(), common.end());
    return test_support::simulate(test_support::case_from_text(coupled_beam, settings),
                                  MPI_COMM_WORLD);
  };
  const auto modal = run({"Time integration/Scheme=modal", "Modes/Number of modes=17",
                          "Time integration/Time step=2e-4"});
  const auto coarse = run({"Time integration/Time step=2e-4"});
  const auto fine = run({"Time integration/Time step=1e-4"}); // a row every step: every other
  for (const char* column : {"u@0.5", "oscillator_1"}) {
    const auto m = modal.column(column), a = coarse.column(column), all = fine.column(column);
    std::vector<double> b(a.size()), extrapolated(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      b[i] = all[2 * i];
      extrapolated[i] = (4 * b[i] - a[i]) / 3;
    }
    const double largest = test_support::largest_magnitude(m);
    const double to_coarse = largest_difference(m, a), to_fine = largest_difference(m, b),
                 to_extrapolated = largest_difference(m, extrapolated);
    test_support::report(std::string(column) + ": modal vs generalized alpha at dt, dt/2, "
                                               "extrapolated (relative)",
                         to_extrapolated / largest);
    test_support::report("  ratio of the errors at dt and dt/2", to_coarse / to_fine);
    EXPECT_NEAR(to_coarse / to_fine, 4, 0.2) << column;
    // what Richardson leaves is generalized alpha's O(dt^4) term: 1e-8 of |u| here
    EXPECT_LT(to_extrapolated, 0.15 * to_fine) << column;
    EXPECT_LT(to_extrapolated, 1e-7 * largest) << column;
  }
}

TEST(ModalScheme, EnergyLedgerClosesUnderGroundMotion) {
  const auto h = test_support::simulate(
      test_support::case_from_text(
          coupled_beam, {"Ground motion/Acceleration=2*sin(11*t)", "Load/Distributed force=0.5",
                         "Time integration/Scheme=modal", "Modes/Number of modes=4",
                         "Time integration/Time step=2e-3", "Time integration/Final time=2"}),
      MPI_COMM_WORLD);
  const double scale = std::max({test_support::largest_magnitude(h.column("external_work")),
                                 test_support::largest_magnitude(h.column("kinetic_energy")),
                                 test_support::largest_magnitude(h.column("potential_energy"))});
  const double error = test_support::largest_magnitude(h.column("energy_error"));
  test_support::report("ground motion, 4 modes, interior dashpot and oscillator: largest "
                       "|energy_error| / largest energy or work",
                       error / scale);
  EXPECT_LT(error, 1e-12 * scale);
  EXPECT_GT(test_support::largest_magnitude(h.column("dissipated_energy")), 0.01 * scale);
}
