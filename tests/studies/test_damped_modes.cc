// Damped (complex) modes against references derived here: a Rayleigh-damped beam, whose modes are
// the undamped ones with zeta_n = a / (2 omega_n) + b omega_n / 2, and a string with a dashpot at
// its free end, whose characteristic equation has closed-form roots (underdamped and overdamped).
#include "modal/damped_modes.h"
#include "studies/frequency_response.h"
#include "studies/modal_participation.h"
#include "studies/natural_modes.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

using namespace hamdyn;
using Complex = std::complex<double>;

namespace {
DampedModes damped(const CaseParameters& c, unsigned int n) {
  PreparedCase pc(c, MPI_COMM_WORLD);
  return compute_damped_modes(pc.system, n, -0.01 * pc.model->frequency_scale());
}
} // namespace

TEST(DampedModes, RayleighDampedBeam) {
  // C = a M + b K keeps the undamped shapes: lambda_n = -zeta_n omega_n + i omega_n
  // sqrt(1 - zeta_n^2) with the discrete omega_n, zeta_n = a / (2 omega_n) + b omega_n / 2
  // (Chopra, Dynamics of Structures, 4th ed., eq. 11.4.6).
  const double a = 0.8, b = 2e-4;
  const CaseParameters c = test_support::case_from_text(
      "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
      {"Model/Rayleigh mass coefficient=0.8", "Model/Rayleigh stiffness coefficient=2e-4",
       "Discretization/Elements=40"});
  PreparedCase pc(c, MPI_COMM_WORLD);
  const auto undamped = natural_modes(pc.system, c, 5, pc.model->frequency_scale()).omega;
  const DampedModes modes = damped(c, 5);
  ASSERT_EQ(modes.lambda.size(), 5u);
  double worst = 0;
  for (unsigned int n = 0; n < 5; ++n) {
    const double w = undamped[n], zeta = a / (2 * w) + b * w / 2;
    const Complex exact(-zeta * w, w * std::sqrt(1 - zeta * zeta));
    worst = std::max(worst, std::abs(modes.lambda[n] - exact) / w);
  }
  EXPECT_LT(worst, 1e-9);
  test_support::report("Rayleigh-damped beam, largest |lambda - exact| / omega", worst);
}

namespace {
// A string (tau = 100 N, rho = 0.01 kg/m: wave speed v = 100 m/s, impedance Z = sqrt(tau rho)
// = 1 N s/m, L = 1 m) fixed at x = 0 with a dashpot c at its free end x = L: X = sinh(lambda x /
// v), tau X'(L) + c lambda X(L) = 0 gives tanh(z) = -Z / c with z = lambda L / v, so
//   c < Z: z_n = ln((Z - c) / (Z + c)) / 2 + i (pi / 2 + n pi)  (all decay alike),
//   c > Z: z_n = atanh(-Z / c) + i n pi                           (n = 0: overdamped, real).
std::vector<Complex> string_with_end_dashpot(double c, unsigned int n) {
  std::vector<Complex> lambda;
  for (unsigned int k = 0; k < n; ++k)
    lambda.push_back(100.0 * (c < 1
                                  ? Complex(0.5 * std::log((1 - c) / (1 + c)), M_PI / 2 + k * M_PI)
                                  : Complex(std::atanh(-1 / c), k * M_PI)));
  return lambda;
}
} // namespace

TEST(DampedModes, StringWithAnEndDashpot) {
  for (const double dashpot : {0.5, 2.0}) {
    const CaseParameters c = test_support::case_from_text(
        "", {"Left end/Support=fixed", "Right end/Support=free",
             "Right end/Dashpot=" + std::to_string(dashpot), "Discretization/Elements=200",
             "Discretization/Degree=2"});
    const auto exact = string_with_end_dashpot(dashpot, 3);
    const DampedModes modes = damped(c, 3);
    ASSERT_EQ(modes.lambda.size(), 3u);
    double worst = 0;
    for (unsigned int n = 0; n < 3; ++n)
      worst = std::max(worst, std::abs(modes.lambda[n] - exact[n]) / std::abs(exact[n]));
    EXPECT_LT(worst, 1e-7) << "dashpot " << dashpot;
    if (dashpot > 1) { // the overdamped root is real
      EXPECT_EQ(modes.lambda[0].imag(), 0.0);
    }
    test_support::report("string with end dashpot c = " + std::to_string(dashpot) +
                             ", largest relative error of lambda",
                         worst);
  }
}

TEST(DampedModes, ParticipationOfClassicallyDampedModes) {
  // Rayleigh damping keeps the shapes real: mode 1 of a simply supported beam has 8 / pi^2 of
  // rho A L as effective mass (as undamped), signed positive; the antisymmetric mode 2 none.
  // A string with an end dashpot has complex shapes: no participation.
  const CaseParameters beam = test_support::case_from_text(
      "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
      {"Model/Rayleigh mass coefficient=0.8", "Model/Rayleigh stiffness coefficient=2e-4",
       "Discretization/Elements=100"});
  PreparedCase pc(beam, MPI_COMM_WORLD);
  DampedModes modes = compute_damped_modes(pc.system, 3, -0.01 * pc.model->frequency_scale());
  const auto p = damped_modal_participation(pc, modes.shapes_re, modes.shapes_im);
  EXPECT_NEAR(p.effective_mass[0] / p.total_mass, 8 / (M_PI * M_PI), 1e-9);
  EXPECT_GT(p.factor[0], 0.0);
  EXPECT_LT(p.effective_mass[1] / p.total_mass, 1e-12);
  test_support::report("damped modes: mode 1 effective mass fraction - 8/pi^2",
                       p.effective_mass[0] / p.total_mass - 8 / (M_PI * M_PI));
  const CaseParameters string =
      test_support::case_from_text("", {"Left end/Support=fixed", "Right end/Support=free",
                                        "Right end/Dashpot=0.5", "Discretization/Elements=50"});
  PreparedCase spc(string, MPI_COMM_WORLD);
  DampedModes complex_modes =
      compute_damped_modes(spc.system, 2, -0.01 * spc.model->frequency_scale());
  const auto q = damped_modal_participation(spc, complex_modes.shapes_re, complex_modes.shapes_im);
  EXPECT_TRUE(std::isnan(q.factor[0]));
}
