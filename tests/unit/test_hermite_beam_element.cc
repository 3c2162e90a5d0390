// The Hermite beam element against the closed-form matrices of the textbooks, and an assembled
// cantilever and simply supported beam against their exact frequencies, with the h^4 rate.
#include "models/hermite_beam_element.h"
#include "support/case_builder.h"

#include <deal.II/lac/lapack_full_matrix.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
constexpr double h = 0.37, ei = 2.5e3, rho_a = 7.8, rho_i = 0.03;

void expect_matrix(const dealii::FullMatrix<double>& m, const double (&expected)[4][4],
                   double factor) {
  for (unsigned int i = 0; i < 4; ++i)
    for (unsigned int j = 0; j < 4; ++j)
      EXPECT_NEAR(m(i, j), factor * expected[i][j], 1e-12 * std::abs(factor) * 200)
          << "entry " << i << "," << j;
}

// Lowest n angular frequencies of a uniform beam of length 1 on `elements` Hermite elements;
// `held` lists the held global DoFs (2 per node: w, theta).
std::vector<double> beam_frequencies(unsigned int elements, const std::vector<unsigned int>& held,
                                     unsigned int n) {
  const unsigned int n_dofs = 2 * (elements + 1);
  const double le = 1.0 / elements;
  dealii::FullMatrix<double> k(n_dofs, n_dofs), m(n_dofs, n_dofs);
  const auto ke = hermite::stiffness(le, ei), me = hermite::consistent_mass(le, rho_a, 0);
  for (unsigned int e = 0; e < elements; ++e)
    for (unsigned int i = 0; i < 4; ++i)
      for (unsigned int j = 0; j < 4; ++j) {
        k(2 * e + i, 2 * e + j) += ke(i, j);
        m(2 * e + i, 2 * e + j) += me(i, j);
      }
  std::vector<unsigned int> free;
  for (unsigned int i = 0; i < n_dofs; ++i)
    if (std::find(held.begin(), held.end(), i) == held.end())
      free.push_back(i);
  dealii::LAPACKFullMatrix<double> kf(free.size()), mf(free.size());
  for (unsigned int i = 0; i < free.size(); ++i)
    for (unsigned int j = 0; j < free.size(); ++j) {
      kf(i, j) = k(free[i], free[j]);
      mf(i, j) = m(free[i], free[j]);
    }
  std::vector<dealii::Vector<double>> vectors(free.size(), dealii::Vector<double>(free.size()));
  kf.compute_generalized_eigenvalues_symmetric(mf, vectors);
  std::vector<double> omega;
  for (unsigned int i = 0; i < free.size(); ++i)
    omega.push_back(std::sqrt(kf.eigenvalue(i).real()));
  std::sort(omega.begin(), omega.end());
  omega.resize(n);
  return omega;
}

// Roots of cos(x) cosh(x) + 1 = 0 (cantilever), by bisection on [ (k - 1/2) pi - 1, (k - 1/2) pi +
// 1 ].
double cantilever_root(int k) {
  auto g = [](double x) { return std::cos(x) * std::cosh(x) + 1; };
  double a = (k - 0.5) * M_PI - 1, b = (k - 0.5) * M_PI + 1;
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (a + b);
    ((g(a) < 0) == (g(mid) < 0) ? a : b) = mid;
  }
  return 0.5 * (a + b);
}
} // namespace

TEST(HermiteBeamElement, ShapeFunctionsInterpolateValuesAndSlopes) {
  const auto n0 = hermite::values(0, h), n1 = hermite::values(1, h);
  const auto d0 = hermite::first_derivatives(0, h), d1 = hermite::first_derivatives(1, h);
  const double expected_n0[4] = {1, 0, 0, 0}, expected_n1[4] = {0, 0, 1, 0};
  const double expected_d0[4] = {0, 1, 0, 0}, expected_d1[4] = {0, 0, 0, 1};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(n0[i], expected_n0[i], 1e-15);
    EXPECT_NEAR(n1[i], expected_n1[i], 1e-15);
    EXPECT_NEAR(d0[i], expected_d0[i], 1e-14);
    EXPECT_NEAR(d1[i], expected_d1[i], 1e-14);
  }
}

TEST(HermiteBeamElement, StiffnessIsTheTextbookMatrix) {
  const double k[4][4] = {{12, 6 * h, -12, 6 * h},
                          {6 * h, 4 * h * h, -6 * h, 2 * h * h},
                          {-12, -6 * h, 12, -6 * h},
                          {6 * h, 2 * h * h, -6 * h, 4 * h * h}};
  expect_matrix(hermite::stiffness(h, ei), k, ei / (h * h * h));
}

TEST(HermiteBeamElement, ConsistentMassIsTheTextbookMatrix) {
  const double m[4][4] = {{156, 22 * h, 54, -13 * h},
                          {22 * h, 4 * h * h, 13 * h, -3 * h * h},
                          {54, 13 * h, 156, -22 * h},
                          {-13 * h, -3 * h * h, -22 * h, 4 * h * h}};
  expect_matrix(hermite::consistent_mass(h, rho_a, 0), m, rho_a * h / 420);
  // Rotary inertia adds rho I / (30 h) [36 3h -36 3h; 3h 4h^2 -3h -h^2; ...]
  const double r[4][4] = {{36, 3 * h, -36, 3 * h},
                          {3 * h, 4 * h * h, -3 * h, -h * h},
                          {-36, -3 * h, 36, -3 * h},
                          {3 * h, -h * h, -3 * h, 4 * h * h}};
  dealii::FullMatrix<double> rotary = hermite::consistent_mass(h, rho_a, rho_i);
  rotary.add(-1.0, hermite::consistent_mass(h, rho_a, 0));
  expect_matrix(rotary, r, rho_i / (30 * h));
}

TEST(HermiteBeamElement, RigidBodyMotionsCostNoStrainEnergy) {
  const auto k = hermite::stiffness(h, ei);
  const double translation[4] = {1, 0, 1, 0}, rotation[4] = {0, 1, h, 1};
  for (unsigned int i = 0; i < 4; ++i) {
    double kt = 0, kr = 0;
    for (unsigned int j = 0; j < 4; ++j) {
      kt += k(i, j) * translation[j];
      kr += k(i, j) * rotation[j];
    }
    EXPECT_NEAR(kt, 0, 1e-9);
    EXPECT_NEAR(kr, 0, 1e-9);
  }
}

TEST(HermiteBeamElement, LumpedMassKeepsTheElementMass) {
  const auto m = hermite::lumped_mass(h, rho_a, rho_i);
  EXPECT_NEAR(m(0, 0) + m(2, 2), rho_a * h, 1e-14);
  for (unsigned int i = 0; i < 4; ++i) {
    EXPECT_GT(m(i, i), 0);
    for (unsigned int j = 0; j < 4; ++j)
      if (i != j) {
        EXPECT_EQ(m(i, j), 0);
      }
  }
}

TEST(HermiteBeamElement, UniformLoadGivesTheFixedEndForces) {
  const double q = 3.5;
  const auto f = hermite::load(1.0, h, [q](double) { return q; });
  EXPECT_NEAR(f[0], q * h / 2, 1e-14);
  EXPECT_NEAR(f[1], q * h * h / 12, 1e-14);
  EXPECT_NEAR(f[2], q * h / 2, 1e-14);
  EXPECT_NEAR(f[3], -q * h * h / 12, 1e-14);
}

TEST(HermiteBeamElement, BeamFrequenciesConvergeAsH4) {
  const double scale = std::sqrt(ei / rho_a); // omega = (beta L)^2 sqrt(EI / rho A) for L = 1
  // Cantilever: clamped at x = 0 (w, theta held).
  for (int k = 1; k <= 3; ++k) {
    const double exact = std::pow(cantilever_root(k), 2) * scale;
    EXPECT_NEAR(beam_frequencies(40, {0, 1}, 3)[k - 1], exact, 2e-6 * exact) << "mode " << k;
  }
  EXPECT_NEAR(cantilever_root(1), 1.8751040687119611, 1e-12);
  // Simply supported: w held at both ends; omega_n = (n pi)^2 sqrt(EI / rho A).
  std::vector<double> hs, errors;
  for (unsigned int elements : {4u, 8u, 16u}) {
    const auto omega = beam_frequencies(elements, {0, 2 * elements}, 2);
    const double exact = std::pow(2 * M_PI, 2) * scale;
    hs.push_back(1.0 / elements);
    errors.push_back(std::abs(omega[1] - exact) / exact);
  }
  const double order = test_support::observed_order(hs, errors);
  test_support::report("Hermite beam frequency error order in h", order);
  EXPECT_NEAR(order, 4.0, 0.2);
}
