// The impulse dual against Rimrott & Tabarrok's seed system (../shared/theory/000_*.txt, eqs.
// 26 and 31: masses m_a, m_b, m_c on springs k_1, k_2), the structure of its spectrum, and the
// impulse fit with a constraint.
#include "reductions/dense_eigen.h"
#include "reductions/impulse_dual.h"
#include "reductions/impulse_fit.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
// A free chain of masses joined in a row by springs; `ground` ties both ends to the ground.
DiscreteChain chain_of(const std::vector<double>& masses, const std::vector<double>& springs,
                       double ground = 0) {
  DiscreteChain chain;
  const unsigned int n = masses.size();
  chain.mass.reinit(n, n);
  for (unsigned int i = 0; i < n; ++i) {
    chain.mass(i, i) = masses[i];
    chain.dof_positions.push_back(i);
  }
  for (unsigned int j = 0; j < springs.size(); ++j) // e_j = q_{j+1} - q_j (eq. 23)
    chain.elements.push_back(
        {ForceElement::Kind::spring, springs[j], {{j, -1.0}, {j + 1, 1.0}}, j + 0.5});
  if (ground > 0) {
    chain.elements.insert(chain.elements.begin(),
                          {ForceElement::Kind::spring, ground, {{0, 1.0}}, -0.5});
    chain.elements.push_back({ForceElement::Kind::spring, ground, {{n - 1, 1.0}}, n - 0.5});
  }
  chain.initial_displacement.reinit(n);
  chain.initial_velocity.reinit(n);
  chain.load = [n](double) { return dealii::Vector<double>(n); };
  return chain;
}
} // namespace

TEST(ImpulseDual, SeedSystemOfEquations26And31) {
  const double ma = 2, mb = 3, mc = 5, k1 = 400, k2 = 700;
  const DiscreteChain chain = chain_of({ma, mb, mc}, {k1, k2});
  const ImpulseDual dual(chain);
  // eq. 31: compliance diag(1/k1, 1/k2), susceptance [[1/ma + 1/mb, -1/mb], [-1/mb, 1/mb + 1/mc]]
  EXPECT_DOUBLE_EQ(dual.compliance()(0), 1 / k1);
  EXPECT_DOUBLE_EQ(dual.compliance()(1), 1 / k2);
  EXPECT_DOUBLE_EQ(dual.susceptance()(0, 0), 1 / ma + 1 / mb);
  EXPECT_DOUBLE_EQ(dual.susceptance()(0, 1), -1 / mb);
  EXPECT_DOUBLE_EQ(dual.susceptance()(1, 0), -1 / mb);
  EXPECT_DOUBLE_EQ(dual.susceptance()(1, 1), 1 / mb + 1 / mc);
  // eq. 26: K = [[k1, -k1, 0], [-k1, k1 + k2, -k2], [0, -k2, k2]]
  const auto k = chain.stiffness();
  EXPECT_DOUBLE_EQ(k(1, 1), k1 + k2);
  EXPECT_DOUBLE_EQ(k(0, 1), -k1);
  EXPECT_DOUBLE_EQ(k(0, 2), 0);

  // Primal 3x3 and dual 2x2 share the non-zero spectrum; by hand, the 2x2 determinant gives
  // w^4 - (k1 (1/ma + 1/mb) + k2 (1/mb + 1/mc)) w^2 + k1 k2 (ma + mb + mc) / (ma mb mc) = 0.
  const auto primal = generalized_eigenvalues(k, chain.mass);
  const auto impulse = dual.squared_frequencies();
  ASSERT_EQ(primal.size(), 3u);
  ASSERT_EQ(impulse.size(), 2u);
  EXPECT_NEAR(primal[0], 0, 1e-12 * primal[2]); // the rigid-body mode: gone from the dual
  const double b = k1 * (1 / ma + 1 / mb) + k2 * (1 / mb + 1 / mc);
  const double c = k1 * k2 * (ma + mb + mc) / (ma * mb * mc);
  const double by_hand[2] = {(b - std::sqrt(b * b - 4 * c)) / 2,
                             (b + std::sqrt(b * b - 4 * c)) / 2};
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(impulse[i], by_hand[i], 1e-12 * by_hand[i]);
    EXPECT_NEAR(primal[i + 1], by_hand[i], 1e-12 * by_hand[i]);
  }
}

TEST(ImpulseDual, HeldChainGainsASelfStressState) {
  // Tied to the ground at both ends: 4 masses, 5 springs, so one state D^T S = 0 (all springs
  // equally stretched, the masses unloaded) is a zero mode of the dual only.
  const DiscreteChain chain = chain_of({1, 2, 1.5, 1}, {10, 20, 30}, 15);
  const auto primal = generalized_eigenvalues(chain.stiffness(), chain.mass);
  const auto impulse = ImpulseDual(chain).squared_frequencies();
  ASSERT_EQ(impulse.size(), 5u);
  EXPECT_NEAR(impulse[0], 0, 1e-12 * impulse.back());
  EXPECT_GT(primal[0], 1.0);
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR(impulse[i + 1], primal[i], 1e-11 * primal[i]);
}

TEST(ImpulseDual, RecoversForcesVelocitiesAndDisplacements) {
  // A chain tied to the ground at both ends, in a given state: the dual's initial impulses and
  // the recovery must give that state back.
  DiscreteChain chain = chain_of({1, 2, 3}, {10, 20}, 5);
  chain.initial_displacement = dealii::Vector<double>({0.1, -0.2, 0.3});
  chain.initial_velocity = dealii::Vector<double>({1.0, 2.0, -1.0});
  const ImpulseDual dual(chain);
  dealii::Vector<double> s, s_dot, s_ddot;
  dual.initial_state(s, s_dot, s_ddot);
  // spring forces k e: ground 5 * 0.1, 10 * (-0.3), 20 * 0.5, ground 5 * 0.3
  const double forces[4] = {0.5, -3.0, 10.0, 1.5};
  for (int j = 0; j < 4; ++j)
    EXPECT_NEAR(dual.forces(s_dot)(j), forces[j], 1e-14);
  const auto q = dual.displacements(s_dot), v = dual.velocities(s, 0.0);
  for (unsigned int i = 0; i < 3; ++i) {
    EXPECT_NEAR(q(i), chain.initial_displacement(i), 1e-14);
    EXPECT_NEAR(v(i), chain.initial_velocity(i), 1e-14);
  }
}

// The impulse fit with a constraint q-dot_1 + q-dot_2 + d = 0 on masses 1, 2, 3: the velocities
// it gives keep the constraint, and differ from M^-1 p only by a constraint force along C^T
// (M q-dot = p + lambda C^T), which fixes them (the constrained momentum balance).
TEST(ImpulseFit, VelocitiesKeepTheConstraintWithAForceAlongIt) {
  dealii::FullMatrix<double> mass(3, 3), constraint(1, 3);
  mass(0, 0) = 1;
  mass(1, 1) = 2;
  mass(2, 2) = 3;
  constraint(0, 0) = constraint(0, 1) = 1;
  const ImpulseFit fit(mass, constraint);
  dealii::Vector<double> momentum(3), d(1);
  momentum[0] = 0.7;
  momentum[1] = -1.3;
  momentum[2] = 2.1;
  d[0] = 0.4;
  const dealii::Vector<double> v = fit.velocities(momentum, d);
  EXPECT_NEAR(v[0] + v[1] + d[0], 0, 1e-15);
  // lambda from the first row; the second must agree, the third carries none
  const double lambda = mass(0, 0) * v[0] - momentum[0];
  EXPECT_NEAR(mass(1, 1) * v[1] - momentum[1], lambda, 1e-15);
  EXPECT_NEAR(mass(2, 2) * v[2], momentum[2], 1e-15);
  // by hand: v1 = p1 + lambda, v2 = (p2 + lambda) / 2, v1 + v2 = -d
  EXPECT_NEAR(lambda, (-d[0] - momentum[0] - momentum[1] / 2) / 1.5, 1e-15);
  // the susceptance of the element q_3 - q_1 is d P d^T with P the constrained inverse mass
  dealii::FullMatrix<double> row(1, 3);
  row(0, 0) = -1;
  row(0, 2) = 1;
  dealii::Vector<double> unit(3), pv(3);
  unit[0] = -1;
  unit[2] = 1;
  fit.projection().vmult(pv, unit);
  EXPECT_NEAR(fit.susceptance(row)(0, 0), -pv[0] + pv[2], 1e-15);
  EXPECT_NEAR(pv[0], -(1 - 1 / 1.5), 1e-15); // P e_1 = M^-1 e_1 less its constrained share
}
