// The linear Euler-Bernoulli member (models/euler_bernoulli_member.h), degrees 1 to 4: its forces
// are its energy's gradient and its tangent their derivative; a cantilever member at an angle
// under a tip force across it and along it deflects as the Euler-Bernoulli beam does, derived
// here: w(L) = P L^3 / (3 EI), w'(L) = P L^2 / (2 EI), u(L) = F L / EA (EI w'' = P (L - s), EA u' =
// F), exact since the cubic w is in the Hermite space of degree 2 p + 1 >= 3; its section forces
// are N = F, Q = P and M = P (L - s); its mass gives a rigid translation the kinetic energy
// rho A L v^2 / 2 and a rigid turn about its first node (rho A L^3 / 3 + rho I L) omega^2 / 2; the
// director form's mass is the same kinetic energy for the same motion.
#include "models/euler_bernoulli_member.h"
#include "models/planar_beam_element_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using hamdyn::EulerBernoulliMember;
using hamdyn::PlanarBeamSection;
using hamdyn::testing::largest;

namespace {
const PlanarBeamSection section{2.0e5, 8.0e4, 3.0e2, 7.5, 0.02};
const double angle = 0.7, c0 = std::cos(angle), s0 = std::sin(angle);

// a frame's reference DoFs from (x0, z0) along `angle` (theta the node's turn: 0)
std::vector<double> reference(const EulerBernoulliMember& e, double x0, double z0) {
  std::vector<double> q;
  for (unsigned a = 0; a < e.n_nodes(); ++a) {
    const double s = e.node_coordinate(a);
    q.insert(q.end(), {x0 + s * c0, z0 + s * s0, 0.0});
  }
  return q;
}

EulerBernoulliMember member(unsigned p, double length) {
  EulerBernoulliMember e(p, length, angle, section);
  e.set_rotation_offset(angle);
  return e;
}

// u^T m u
double form(const std::vector<double>& m, const std::vector<double>& u) {
  double sum = 0;
  for (std::size_t i = 0; i < u.size(); ++i)
    for (std::size_t j = 0; j < u.size(); ++j)
      sum += u[i] * m[i * u.size() + j] * u[j];
  return sum;
}
} // namespace

TEST(EulerBernoulliMember, ForcesAreTheEnergysGradientAndTheTangentTheirDerivative) {
  for (unsigned p = 1; p <= 4; ++p) {
    const EulerBernoulliMember e = member(p, 1.7);
    std::vector<double> q = reference(e, 0.3, -0.2);
    for (unsigned i = 0; i < q.size(); ++i)
      q[i] += 0.01 * std::sin(1.0 + 2.3 * i);
    const std::vector<double> f = hamdyn::testing::expect_forces_and_tangent_are_derivatives(
        e, q, "degree " + std::to_string(p));
    EXPECT_GT(largest(f), 1.0);
  }
}

TEST(EulerBernoulliMember, CantileverTipAndSectionForcesAgainstTheBeamsSolution) {
  const double length = 2.5, across = 40, along = 300; // [m], [N], [N]
  const double ei = section.bending_stiffness, ea = section.axial_stiffness;
  for (unsigned p = 1; p <= 4; ++p) {
    const unsigned n = 3;
    const EulerBernoulliMember e = member(p, length / n);
    const auto [ux, uz, turn] =
        hamdyn::testing::cantilever_tip(e, reference(e, 0, 0), n, length / n * c0, length / n * s0,
                                        -across * s0 + along * c0, across * c0 + along * s0);
    const double w = -ux * s0 + uz * c0, u_along = ux * c0 + uz * s0;
    const double w_exact = across * std::pow(length, 3) / (3 * ei);
    std::printf("degree %u: tip across %.15g m (exact %.15g), along %.15g m (%.15g), turn %.15g "
                "rad (%.15g)\n",
                p, w, w_exact, u_along, along * length / ea, turn,
                across * length * length / (2 * ei));
    // (the dense solve's round-off: measured 1e-13 .. 1e-11)
    EXPECT_NEAR(w, w_exact, 1e-10 * w_exact) << "degree " << p;
    EXPECT_NEAR(u_along, along * length / ea, 1e-10 * w_exact) << "degree " << p;
    EXPECT_NEAR(turn, across * length * length / (2 * ei), 1e-10 * turn) << "degree " << p;
    // the section forces in the middle element at xi = 0.3, s = (1 + 0.3) L / 3, its nodes
    // moved as the beam's solution says: u = F s / EA, w = P (L s^2 / 2 - s^3 / 6) / EI, w'
    std::vector<double> qe = reference(e, length / n * c0, length / n * s0);
    for (unsigned a = 0; a <= p; ++a) {
      const double s = length / n + e.node_coordinate(a);
      const double u = along * s / ea, w = across * (length * s * s / 2 - s * s * s / 6) / ei;
      qe[3 * a] += u * c0 - w * s0;
      qe[3 * a + 1] += u * s0 + w * c0;
      qe[3 * a + 2] = across * (length * s - s * s / 2) / ei;
    }
    const auto [axial, shear, moment] = e.section_forces(qe.data(), 0.3);
    const double s = 1.3 * length / n;
    EXPECT_NEAR(axial, along, 1e-8 * along) << "degree " << p;
    EXPECT_NEAR(shear, across, 1e-8 * across) << "degree " << p;
    EXPECT_NEAR(moment, across * (length - s), 1e-8 * across * length) << "degree " << p;
  }
}

TEST(EulerBernoulliMember, MassGivesRigidMotionsTheirKineticEnergy) {
  const double length = 1.9, rho_a = section.mass_per_length, rho_i = section.rotary_inertia;
  for (unsigned p = 1; p <= 4; ++p) {
    const EulerBernoulliMember e = member(p, length);
    const unsigned nd = e.n_dofs(), ny = e.n_director_dofs();
    std::vector<double> m(nd * nd), my(ny * ny);
    e.mass(m.data());
    e.director_mass(my.data());
    EXPECT_TRUE(e.coupled_mass());
    // a translation (0.6, -0.8) m/s, and a turn at 1 rad/s about node 0
    std::vector<double> translation(nd), turn(nd), turn_y(ny);
    for (unsigned a = 0; a < e.n_nodes(); ++a) {
      const double s = e.node_coordinate(a);
      translation[3 * a] = 0.6;
      translation[3 * a + 1] = -0.8;
      turn[3 * a] = -s * s0; // omega J (r - r0)
      turn[3 * a + 1] = s * c0;
      turn[3 * a + 2] = 1;
      // the director form's: v as above, the director's rate omega J t0
      turn_y[4 * a] = turn[3 * a];
      turn_y[4 * a + 1] = turn[3 * a + 1];
      turn_y[4 * a + 2] = -s0;
      turn_y[4 * a + 3] = c0;
    }
    const double translated = rho_a * length; // |v| = 1
    const double turning = rho_a * std::pow(length, 3) / 3 + rho_i * length;
    EXPECT_NEAR(form(m, translation), translated, 1e-13 * translated) << "degree " << p;
    EXPECT_NEAR(form(m, turn), turning, 1e-13 * turning) << "degree " << p;
    EXPECT_NEAR(form(my, turn_y), turning, 1e-13 * turning) << "degree " << p;
  }
}
