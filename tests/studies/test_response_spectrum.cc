// Response spectra: the Nigam-Jennings recurrence against a fine integration of the oscillator
// done here (classical Runge-Kutta), the free vibration after a record's end, and Der
// Kiureghian's CQC against SRSS for well-separated modes; `hamdyn spectrum` of an SDOF structure
// against its own run, and of a simply supported beam whose two participating modes are
// well separated (CQC within 1 % of SRSS). On 1 and 2 ranks.
#include "core/parameter_file.h"
#include "studies/run_spectrum.h"
#include "studies/sdof_spectrum.h"
#include "support/case_builder.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

using namespace hamdyn;

namespace {
// a_g: a decaying chirp sampled every 0.01 s for 4 s (a record's shape, linear in between)
double ground(double t) {
  return 3 * std::exp(-0.5 * t) * std::sin(2 * M_PI * (0.5 + 0.6 * t) * t);
}

// The chirp's samples every 0.01 s over 4 s: (times, accelerations).
std::pair<std::vector<double>, std::vector<double>> chirp_record() {
  std::vector<double> t, a;
  for (int i = 0; i <= 400; ++i) {
    t.push_back(0.01 * i);
    a.push_back(ground(t.back()));
  }
  return {t, a};
}

// The peak |u| of u'' + 2 zeta w u' + w^2 u = -a_g(t) (a_g linear between the samples, zero after
// the last) by RK4 with 2000 steps per sample interval, until `until`.
double fine_peak(const std::vector<double>& t, const std::vector<double>& a, double period,
                 double zeta, double until) {
  const double w = 2 * M_PI / period;
  auto excitation = [&](double s) {
    if (s >= t.back())
      return 0.0;
    const std::size_t i = std::size_t(s / (t[1] - t[0]));
    const double x = (s - t[i]) / (t[i + 1] - t[i]);
    return (1 - x) * a[i] + x * a[i + 1];
  };
  auto rhs = [&](double s, double u, double v, double& du, double& dv) {
    du = v;
    dv = -excitation(s) - 2 * zeta * w * v - w * w * u;
  };
  const double h = (t[1] - t[0]) / 2000;
  double u = 0, v = 0, s = 0, peak = 0;
  while (s < until - 0.5 * h) {
    double k1u, k1v, k2u, k2v, k3u, k3v, k4u, k4v;
    rhs(s, u, v, k1u, k1v);
    rhs(s + h / 2, u + h / 2 * k1u, v + h / 2 * k1v, k2u, k2v);
    rhs(s + h / 2, u + h / 2 * k2u, v + h / 2 * k2v, k3u, k3v);
    rhs(s + h, u + h * k3u, v + h * k3v, k4u, k4v);
    u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    s += h;
    peak = std::max(peak, std::abs(u));
  }
  return peak;
}
} // namespace

TEST(ResponseSpectrum, NigamJenningsAgainstAFineIntegration) {
  const auto [t, a] = chirp_record();
  double worst = 0;
  for (const double zeta : {0.0, 0.05, 0.2})
    for (const double period : {0.05, 0.3, 1.0, 3.0}) {
      // until 12 s: the long periods peak in the free vibration after the record
      const SpectralValues v = sdof_spectrum(t, a, period, zeta, 12);
      const double reference = fine_peak(t, a, period, zeta, 12);
      worst = std::max(worst, std::abs(v.sd - reference) / reference);
      const double w = 2 * M_PI / period;
      EXPECT_DOUBLE_EQ(v.sv, w * v.sd);
      EXPECT_DOUBLE_EQ(v.sa, w * w * v.sd);
    }
  // the recurrence is exact at its pieces' ends; the peak between them (pieces of T / 10 at most)
  // is missed by at most 1 - cos(pi / 10)
  EXPECT_LT(worst, 5e-3);
  test_support::report("Nigam-Jennings Sd against RK4, largest relative difference", worst);
}

TEST(ResponseSpectrum, OverdampedOscillatorsAgainstAFineIntegration) {
  // zeta >= 1 has an exact step of its own (Chopra's coefficients hold for zeta < 1); its peak,
  // in the record and in the free motion after it, against the same RK4 integration
  const auto [t, a] = chirp_record();
  double worst = 0;
  for (const double zeta : {1.0, 1.02487, 2.0, 5.0})
    for (const double period : {0.05, 0.3, 1.0, 3.0}) {
      const SpectralValues v = sdof_spectrum(t, a, period, zeta, 12);
      const double reference = fine_peak(t, a, period, zeta, 12);
      worst = std::max(worst, std::abs(v.sd - reference) / reference);
    }
  EXPECT_LT(worst, 5e-3);
  test_support::report("overdamped Sd against RK4, largest relative difference", worst);
  // critical damping is where the two steps meet: continuous across zeta = 1
  for (const double period : {0.05, 0.3, 1.0, 3.0}) {
    const double below = sdof_spectrum(t, a, period, 1 - 1e-9, 12).sd,
                 at = sdof_spectrum(t, a, period, 1, 12).sd;
    EXPECT_NEAR(at / below, 1, 1e-6) << period;
  }
}

TEST(ResponseSpectrum, CqcIsSrssForWellSeparatedModes) {
  // frequency ratio 3 or more at 5 % damping: rho_ij < 0.01
  EXPECT_LT(cqc_correlation(10, 0.05, 30, 0.05), 0.01);
  EXPECT_DOUBLE_EQ(cqc_correlation(10, 0.05, 10, 0.05), 1.0);
  EXPECT_DOUBLE_EQ(cqc_correlation(10, 0, 20, 0), 0.0);
  // Der Kiureghian's eq. 11 for equal damping: 8 z^2 (1 + r) r^1.5 / ((1 - r^2)^2 +
  // 4 z^2 r (1 + r)^2)
  const double r = 1.2, z = 0.05;
  EXPECT_NEAR(cqc_correlation(1, z, r, z),
              8 * z * z * (1 + r) * std::pow(r, 1.5) /
                  (std::pow(1 - r * r, 2) + 4 * z * z * r * std::pow(1 + r, 2)),
              1e-15);
}

namespace {
// `hamdyn spectrum` of the case `text` under the chirp above, into a directory of this test's own
NamedValues spectrum_of(const std::string& text, const std::vector<std::string>& settings,
                        const std::string& name) {
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text(text, "test");
  const std::string directory =
      name + "_spectrum_" +
      std::to_string(dealii::Utilities::MPI::n_mpi_processes(MPI_COMM_WORLD)) + "_ranks";
  for (const std::string& setting :
       {std::string("Ground motion/Acceleration=3*exp(-0.5*t)*sin(2*pi*(0.5+0.6*t)*t)"),
        std::string("Time integration/Time step=1e-3"),
        std::string("Time integration/Final time=8"), "Output/Directory=" + directory})
    file.set(setting);
  for (const std::string& setting : settings)
    file.set(setting);
  return run_spectrum(parse_case_parameters(file, "."), file, MPI_COMM_WORLD, false);
}

double value(const NamedValues& v, const std::string& name) {
  for (const auto& [key, x] : v.entries)
    if (key == name)
      return x;
  ADD_FAILURE() << "no result " << name;
  return 0;
}
} // namespace

TEST(ResponseSpectrum, SingleDegreeOfFreedomStructureAgainstItsRun) {
  // one mode: the spectral peak Gamma phi Sd(T, zeta) is the run's own peak, within the T/10
  // sampling of the spectrum's peak
  const auto r =
      spectrum_of(test_support::single_degree_of_freedom_case,
                  {"Modes/Number of modes=1", "Response spectrum/Combination=SRSS"}, "sdof");
  const double spectral = value(r, "srss_u_right"), history = value(r, "time_history_u_right");
  test_support::report("SDOF structure: spectral peak against its run's, relative",
                       std::abs(spectral / history - 1));
  EXPECT_LT(std::abs(spectral / history - 1), 5e-3);
}

TEST(ResponseSpectrum, OverdampedStructureAgainstItsRun) {
  // the same structure with a dashpot of 100 N s/m: zeta ~ 1.4, refused before ("it has no
  // spectral value"); its spectral peak is still its run's
  const auto r = spectrum_of(
      test_support::single_degree_of_freedom_case,
      {"Modes/Number of modes=1", "Response spectrum/Combination=SRSS", "Right end/Dashpot=100"},
      "sdof_overdamped");
  const double spectral = value(r, "srss_u_right"), history = value(r, "time_history_u_right");
  test_support::report("overdamped SDOF structure: spectral peak against its run's, relative",
                       std::abs(spectral / history - 1));
  EXPECT_LT(std::abs(spectral / history - 1), 5e-3);
}

TEST(ResponseSpectrum, CqcWithinOnePercentOfSrssForWellSeparatedModes) {
  // a uniform support motion excites a simply supported beam's symmetric modes only: of the first
  // four, modes 1 and 3 (frequency ratio 9), at 5 % and 0.6 % of critical (Rayleigh a M)
  const std::string beam =
      "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\n"
      " set Rayleigh mass coefficient = 0.98696\nend\nsubsection Output\n set Probes = 0.5\nend\n";
  const auto srss = spectrum_of(beam,
                                {"Modes/Number of modes=4", "Discretization/Elements=20",
                                 "Response spectrum/Combination=SRSS"},
                                "beam_srss");
  const auto cqc = spectrum_of(beam,
                               {"Modes/Number of modes=4", "Discretization/Elements=20",
                                "Response spectrum/Combination=CQC"},
                               "beam_cqc");
  for (const char* q : {"u@0.5", "base_shear"}) {
    const double a = value(srss, std::string("srss_") + q), b = value(cqc, std::string("cqc_") + q);
    test_support::report(std::string("beam, ") + q + ": |CQC - SRSS| / SRSS", std::abs(b / a - 1));
    EXPECT_LT(std::abs(b / a - 1), 0.01) << q;
    EXPECT_GT(a, 0) << q;
  }
}
