// Timoshenko beams (EI = rho A = L = 1, rectangular section of depth d, nu = 0.3, kappa = 5/6)
// against the closed-form frequencies of the simply supported beam: with w = W sin(kx),
// theta = T cos(kx), k = n pi / L, the equations of motion give, for each n, the two branches
//   rho A rho I w^4 - [rho A (EI k^2 + kGA) + rho I kGA k^2] w^2 + kGA EI k^4 = 0.
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

namespace {
struct Section {
  double rho_i, kga;
};

Section rectangular(double depth) {
  const double ea = 12 / (depth * depth); // EI = E A d^2 / 12 = 1
  return {depth * depth / 12, 5.0 / 6.0 * ea / (2 * 1.3)};
}

std::vector<double> exact_simply_supported(const Section& s, unsigned int n) {
  // k = 0 leaves the second branch only: w = 0, uniform rotation resisted by shear alone,
  // omega^2 = kGA / rho I (the lowest mode of the "second spectrum").
  std::vector<double> omega{std::sqrt(s.kga / s.rho_i)};
  for (unsigned int m = 1; m <= 40; ++m) {
    const double k = m * M_PI;
    const double a = s.rho_i, b = (k * k + s.kga) + s.rho_i * s.kga * k * k,
                 c = s.kga * std::pow(k, 4);
    const double root = std::sqrt(b * b - 4 * a * c);
    omega.push_back(std::sqrt((b - root) / (2 * a)));
    omega.push_back(std::sqrt((b + root) / (2 * a)));
  }
  std::sort(omega.begin(), omega.end());
  omega.resize(n);
  return omega;
}

std::vector<double> fe_simply_supported(const Section& s, unsigned int elements,
                                        unsigned int degree, unsigned int n) {
  char kga[32], rho_i[32];
  std::snprintf(kga, sizeof kga, "%.17g", s.kga);
  std::snprintf(rho_i, sizeof rho_i, "%.17g", s.rho_i);
  const auto c = test_support::make_case(
      {"Model/Type=timoshenko beam", "Model/Mass per length=1", "Model/Bending stiffness=1",
       std::string("Model/Shear stiffness=") + kga,
       std::string("Model/Rotary inertia per length=") + rho_i, "Model/Viscous damping=0",
       "Left end/Support=pinned", "Right end/Support=pinned", "Right end/Point mass=0",
       "Right end/Spring=0", "Discretization/Elements=" + std::to_string(elements),
       "Discretization/Degree=" + std::to_string(degree)});
  PreparedCase pc(c, MPI_COMM_WORLD);
  return compute_modes(pc.system, n, -1.0).omega;
}
} // namespace

TEST(TimoshenkoBeam, StockyBeamMatchesBothBranches) {
  const Section stocky = rectangular(0.2); // L/d = 5
  const auto exact = exact_simply_supported(stocky, 8);
  // The second branch shows up among the lowest eight: shear and rotary inertia matter here.
  EXPECT_LT(exact[7], std::pow(8 * M_PI, 2) * 0.5);
  for (unsigned int degree : {2u, 3u}) {
    const auto fe = fe_simply_supported(stocky, 40, degree, 8);
    double worst = 0;
    for (unsigned int k = 0; k < 8; ++k)
      worst = std::max(worst, std::abs(fe[k] - exact[k]) / exact[k]);
    test_support::report("stocky Timoshenko, 40 elements P" + std::to_string(degree) +
                             ": largest relative error of 8 modes",
                         worst);
    EXPECT_LT(worst, degree == 2 ? 1e-4 : 1e-6);
  }
  // Far below Euler-Bernoulli: shear flexibility and rotary inertia lower the frequencies.
  EXPECT_LT(exact[0], 0.95 * M_PI * M_PI);
}

TEST(TimoshenkoBeam, SlenderBeamIsFreeOfShearLocking) {
  const Section slender = rectangular(0.001); // L/d = 1000
  for (unsigned int degree : {1u, 2u}) {
    const auto fe = fe_simply_supported(slender, 8, degree, 3);
    for (unsigned int n = 1; n <= 3; ++n) {
      const double euler_bernoulli = std::pow(n * M_PI, 2);
      const double error = std::abs(fe[n - 1] - euler_bernoulli) / euler_bernoulli;
      test_support::report("slender Timoshenko, 8 elements P" + std::to_string(degree) + ", mode " +
                               std::to_string(n) + ": error vs Euler-Bernoulli",
                           error);
      if (degree == 2) { // the requirement: within 0.5% on 8 elements of degree 1 or 2
        EXPECT_LT(error, 5e-3) << "mode " << n;
      } else if (n == 1) { // a locking element would be off by orders of magnitude, not percent
        EXPECT_LT(error, 0.05);
      }
    }
  }
}
