// Natural frequencies of a string fixed at x = 0 with a mass-spring end at x = L, against the
// roots of T b cos bL + (K - M w^2) sin bL = 0 found independently (exact/string_frequencies).
#include "exact/string_frequencies.h"
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
struct EndCase {
  std::string name;
  bool fixed;
  double mass, spring;
};

std::vector<double> fe_frequencies(const EndCase& e, unsigned int elements, unsigned int degree,
                                   const std::string& mass_matrix, unsigned int n) {
  const auto c =
      test_support::make_case({"Right end/Support=" + std::string(e.fixed ? "fixed" : "free"),
                               "Right end/Point mass=" + std::to_string(e.mass),
                               "Right end/Spring=" + std::to_string(e.spring),
                               "Discretization/Elements=" + std::to_string(elements),
                               "Discretization/Degree=" + std::to_string(degree),
                               "Discretization/Mass matrix=" + mass_matrix});
  PreparedCase pc(c, MPI_COMM_WORLD);
  return compute_modes(pc.system, n, -1.0).omega;
}

std::vector<double> exact_frequencies(const EndCase& e, unsigned int n) {
  exact::StringWithEndMass s{1.0, 0.01, 100.0, e.fixed, e.mass, e.spring};
  return exact::string_frequencies(s, n);
}

const std::vector<EndCase> end_cases{{"fixed-free", false, 0, 0},
                                     {"fixed-fixed", true, 0, 0},
                                     {"issue case M=0.005 K=2000", false, 0.005, 2000},
                                     {"heavy mass M=0.05", false, 0.05, 0},
                                     {"stiff spring K=1e4", false, 0, 1e4},
                                     {"M=0.02 K=500", false, 0.02, 500}};
} // namespace

TEST(StringFrequencies, ExactRootsSolveTheFrequencyEquation) {
  // Checked here, independently of the root finder: each root makes
  // g(w) = T b cos bL + (K - M w^2) sin bL (b = w sqrt(rho/T)) vanish and change sign, and no
  // root is skipped (g keeps its sign between consecutive roots).
  for (const EndCase& e : end_cases) {
    if (e.fixed)
      continue;
    auto g = [&](double w) {
      const double b = w * std::sqrt(0.01 / 100.0);
      return (100.0 * b * std::cos(b) + (e.spring - e.mass * w * w) * std::sin(b)) /
             (100.0 * b + e.spring + e.mass * w * w);
    };
    const auto roots = exact_frequencies(e, 8);
    double previous = 1e-6;
    for (double w : roots) {
      EXPECT_LT(std::abs(g(w)), 1e-12) << e.name << " root " << w;
      EXPECT_LT(g(w * (1 - 1e-6)) * g(w * (1 + 1e-6)), 0) << e.name << " root " << w;
      for (int i = 1; i < 200; ++i) { // no sign change strictly between two roots
        const double a = previous + (w - previous) * (i - 0.5) / 200;
        const double b = previous + (w - previous) * (i + 0.5) / 200;
        EXPECT_GT(g(a) * g(b), 0) << e.name << " between " << previous << " and " << w;
      }
      previous = w * (1 + 1e-6);
    }
  }
}

TEST(StringFrequencies, ExactRootsSatisfyTheLimits) {
  // Fixed-free: w_n = (2n-1) pi c / 2L; fixed-fixed: w_n = n pi c / L (c = 100 m/s).
  const auto free = exact_frequencies(end_cases[0], 3), fixed = exact_frequencies(end_cases[1], 3);
  for (int n = 1; n <= 3; ++n) {
    EXPECT_NEAR(free[n - 1], (2 * n - 1) * M_PI * 50, 1e-9);
    EXPECT_NEAR(fixed[n - 1], n * M_PI * 100, 1e-9);
  }
  // A very heavy end mass: one slow mode of the mass on the string, then the fixed-fixed string.
  const auto heavy = exact_frequencies({"", false, 1e6, 0}, 4);
  EXPECT_NEAR(heavy[0], std::sqrt(100.0 / 1e6), 1e-4); // the mass on a string spring tau/L
  for (int n = 1; n <= 3; ++n)
    EXPECT_NEAR(heavy[n], fixed[n - 1], 1e-4);
}

TEST(StringFrequencies, ConsistentMassBoundsFromAboveLumpedFromBelow) {
  const unsigned int n = 6;
  for (const EndCase& e : end_cases) {
    const auto exact = exact_frequencies(e, n);
    for (unsigned int degree : {1u, 2u}) {
      const unsigned int elements = degree == 1 ? 400 : 100;
      const auto consistent = fe_frequencies(e, elements, degree, "consistent", n);
      const auto lumped = fe_frequencies(e, elements, degree, "lumped", n);
      test_support::report(e.name + ", P" + std::to_string(degree) +
                               ": mode 6 consistent rel. error",
                           (consistent[n - 1] - exact[n - 1]) / exact[n - 1]);
      test_support::report(e.name + ", P" + std::to_string(degree) + ": mode 6 lumped rel. error",
                           (lumped[n - 1] - exact[n - 1]) / exact[n - 1]);
      for (unsigned int k = 0; k < n; ++k) {
        const double up = (consistent[k] - exact[k]) / exact[k];
        const double down = (lumped[k] - exact[k]) / exact[k];
        // Signs hold up to the eigensolver's tolerance (1e-12): the mode carried by a heavy end
        // mass is exact to that level with either mass matrix.
        EXPECT_GT(up, -1e-10) << e.name << " P" << degree << " mode " << k + 1;
        EXPECT_LT(up, degree == 1 ? 2e-4 : 2e-6) << e.name << " P" << degree << " mode " << k + 1;
        EXPECT_LT(down, 1e-10) << e.name << " P" << degree << " mode " << k + 1;
        EXPECT_GT(down, degree == 1 ? -2e-4 : -2e-5)
            << e.name << " P" << degree << " mode " << k + 1;
      }
    }
  }
}

TEST(StringFrequencies, ErrorsFallAsH2pUnderRefinement) {
  const EndCase& e = end_cases[2];
  const double exact3 = exact_frequencies(e, 3)[2];
  for (unsigned int degree : {1u, 2u, 3u}) {
    std::vector<double> h, error;
    for (unsigned int elements : {8u, 16u, 32u}) {
      h.push_back(1.0 / elements);
      error.push_back(std::abs(fe_frequencies(e, elements, degree, "consistent", 3)[2] - exact3));
    }
    test_support::report("frequency error order in h, P" + std::to_string(degree),
                         test_support::observed_order(h, error));
    EXPECT_NEAR(test_support::observed_order(h, error), 2.0 * degree, 0.25) << "P" << degree;
  }
}
