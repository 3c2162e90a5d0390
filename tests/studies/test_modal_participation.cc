// Effective modal masses for a uniform transverse support motion against closed forms derived
// here: a simply supported beam (8 / pi^2 of rho A L in mode 1, none in the antisymmetric modes)
// and a cantilever ((2 sigma / beta L)^2 in mode 1, 0.6131).
#include "studies/modal_participation.h"
#include "studies/natural_modes.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
ModalParticipation participation(const std::string& left, const std::string& right, unsigned int n,
                                 Modes* out = nullptr) {
  const CaseParameters c = test_support::case_from_text(
      "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 2\n"
      " set Length = 3\nend\n",
      {"Left end/Support=" + left, "Right end/Support=" + right, "Discretization/Elements=100"});
  PreparedCase pc(c, MPI_COMM_WORLD, Matrices::band_from_cells);
  Modes modes = natural_modes(pc.system, c, n, pc.model->frequency_scale());
  const ModalParticipation p = modal_participation(pc, modes);
  if (out)
    *out = std::move(modes);
  return p;
}
} // namespace

TEST(ModalParticipation, SimplySupportedBeam) {
  // phi_n = sin(n pi x / L): Gamma_n^2 / (rho A L) = (int phi)^2 / (L int phi^2) = 8 / (n pi)^2
  // for odd n, 0 for even n
  const auto p = participation("pinned", "pinned", 4);
  EXPECT_DOUBLE_EQ(p.total_mass, 6.0);
  for (unsigned int n = 1; n <= 4; ++n) {
    const double exact = n % 2 == 1 ? 8 / std::pow(n * M_PI, 2) : 0.0;
    EXPECT_NEAR(p.effective_mass[n - 1] / p.total_mass, exact, 1e-9) << "mode " << n;
    if (n % 2 == 1) {
      EXPECT_GT(p.factor[n - 1], 0.0) << "mode " << n; // signed by the factor
    }
    EXPECT_EQ(p.signed_by_factor[n - 1], n % 2 == 1) << "mode " << n;
  }
  test_support::report("simply supported beam, mode 1 effective mass fraction - 8/pi^2",
                       p.effective_mass[0] / p.total_mass - 8 / (M_PI * M_PI));
}

TEST(ModalParticipation, CantileverModesArePositive) {
  // phi = cosh bx - cos bx - s (sinh bx - sin bx), s = (sinh bL - sin bL) / (cosh bL + cos bL),
  // cos bL cosh bL = -1; int_0^L phi^2 = L and int_0^L phi = 2 s / b, so the first mode's
  // fraction is (2 s / bL)^2 = 0.6131 (Chopra, Dynamics of Structures, 4th ed., table 16.2.1).
  const auto p = participation("clamped", "free", 4);
  double bl = 1.875; // Newton on cos(bL) cosh(bL) + 1 = 0
  for (int it = 0; it < 50; ++it)
    bl -= (std::cos(bl) * std::cosh(bl) + 1) /
          (-std::sin(bl) * std::cosh(bl) + std::cos(bl) * std::sinh(bl));
  const double s = (std::sinh(bl) - std::sin(bl)) / (std::cosh(bl) + std::cos(bl));
  const double exact = std::pow(2 * s / bl, 2);
  EXPECT_NEAR(exact, 0.6131, 5e-5);
  EXPECT_NEAR(p.effective_mass[0] / p.total_mass, exact, 1e-8);
  for (unsigned int n = 0; n < 4; ++n)
    EXPECT_GT(p.factor[n], 0.0) << "mode " << n + 1; // signed by the factor
  double sum = 0;
  for (double m : p.effective_mass)
    sum += m / p.total_mass;
  EXPECT_NEAR(sum, 0.6131 + 0.1882 + 0.0647 + 0.0331, 2e-4); // Chopra's table 16.2.1
  test_support::report("cantilever, mode 1 effective mass fraction",
                       p.effective_mass[0] / p.total_mass);
}
