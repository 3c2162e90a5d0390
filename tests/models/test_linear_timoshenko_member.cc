// The linear Timoshenko member (models/linear_timoshenko_member.h): its forces are its energy's
// gradient and its tangent their derivative; its energy is the quadratic form of that constant
// tangent; the tangent is the Reissner element's at the reference (degrees 1 to 4, a member at an
// angle, a frame's rotation offset); and a cantilever member at an angle under a tip force
// across it and along it deflects as Timoshenko's formula says, derived here:
//   across  w(L) = P L^3 / (3 EI) + P L / kGA,   turn phi(L) = P L^2 / (2 EI),   along u(L) = F L /
//   EA
// (bending from EI phi' = P (L - s), shear from kGA (w' - phi) = P, axial from EA u' = F). With
// elements of degree 3 the exact w (cubic) and phi (quadratic) are in the space and the reduced
// rule integrates their products with any test function exactly, so the tip is exact to
// round-off; linear elements give P L^3 / (3 EI) (1 - 1 / (4 n^2)) + P L / kGA (Hughes, The Finite
// Element Method, 1987, sec. 5.2). In linear theory the tip does not move along the member under
// the force across it (an exact element would: that is the planar beam's).
#include "models/linear_timoshenko_member.h"
#include "models/planar_beam_element_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using hamdyn::LinearTimoshenkoMember;
using hamdyn::PlanarBeamElement;
using hamdyn::PlanarBeamSection;
using hamdyn::testing::largest;

namespace {
const PlanarBeamSection section{2.0e5, 8.0e4, 3.0e2, 7.5, 0.02};
const double angle = 0.7; // the member's direction, from x toward z

// the reference DoFs of an element from (x0, z0) along `angle` (theta: the section's angle, or
// with a frame's rotation offset the turn, 0)
std::vector<double> reference(const PlanarBeamElement& e, double x0, double z0, bool turn) {
  std::vector<double> q;
  for (unsigned a = 0; a < e.n_nodes(); ++a) {
    const double s = e.node_coordinate(a);
    q.insert(q.end(), {x0 + s * std::cos(angle), z0 + s * std::sin(angle), turn ? 0.0 : angle});
  }
  return q;
}
} // namespace

TEST(LinearTimoshenkoMember, ForcesAreTheEnergysGradientAndTheTangentTheirDerivative) {
  for (unsigned p = 1; p <= 4; ++p) {
    const LinearTimoshenkoMember e(p, 1.7, angle, section);
    std::vector<double> q = reference(e, 0.3, -0.2, false);
    for (unsigned i = 0; i < q.size(); ++i)
      q[i] += 0.01 * std::sin(1.0 + 2.3 * i);
    const std::vector<double> f = hamdyn::testing::expect_forces_and_tangent_are_derivatives(
        e, q, "degree " + std::to_string(p));
    EXPECT_GT(largest(f), 1.0);
  }
}

TEST(LinearTimoshenkoMember, EnergyIsTheQuadraticFormOfTheReissnerTangentAtTheReference) {
  for (unsigned p = 1; p <= 4; ++p)
    for (const bool turn : {false, true}) {
      LinearTimoshenkoMember linear(p, 1.7, angle, section);
      PlanarBeamElement exact(p, 1.7, angle, section);
      if (turn) { // a frame's: theta is the node's turn, the section's angle theta + angle
        linear.set_rotation_offset(angle);
        exact.set_rotation_offset(angle);
      }
      const std::vector<double> q0 = reference(linear, 0.3, -0.2, turn);
      const unsigned nd = linear.n_dofs();
      std::vector<double> k(nd * nd), k_exact(nd * nd), dq(nd), q(nd), f(nd);
      linear.tangent(q0.data(), k.data());
      exact.tangent(q0.data(), k_exact.data());
      double difference = 0;
      for (unsigned i = 0; i < nd * nd; ++i)
        difference = std::max(difference, std::abs(k[i] - k_exact[i]));
      EXPECT_LT(difference, 1e-12 * largest(k_exact)) << "degree " << p;
      EXPECT_TRUE(linear.quadratic_energy());
      EXPECT_FALSE(exact.quadratic_energy());
      // V(q0 + dq) = dq^T K dq / 2 and f = K dq, for a large dq
      for (unsigned i = 0; i < nd; ++i) {
        dq[i] = 0.3 * std::sin(0.7 + 1.9 * i);
        q[i] = q0[i] + dq[i];
      }
      double form = 0;
      linear.forces(q.data(), f.data());
      for (unsigned i = 0; i < nd; ++i) {
        double kdq = 0;
        for (unsigned j = 0; j < nd; ++j)
          kdq += k[i * nd + j] * dq[j];
        form += 0.5 * dq[i] * kdq;
        EXPECT_NEAR(f[i], kdq, 1e-12 * largest(k)) << "degree " << p << ", DoF " << i;
      }
      EXPECT_NEAR(linear.energy(q.data()), form, 1e-12 * form) << "degree " << p;
    }
}

TEST(LinearTimoshenkoMember, CantileverTipAgainstTimoshenkosFormula) {
  const double length = 2.5, across = 40, along = 300; // [m], [N], [N]
  const double c = std::cos(angle), s = std::sin(angle);
  const double ei = section.bending_stiffness, kga = section.shear_stiffness,
               ea = section.axial_stiffness;
  for (const unsigned p : {1u, 3u}) {
    const unsigned n = 4;
    LinearTimoshenkoMember element(p, length / n, angle, section);
    element.set_rotation_offset(angle);
    // the tip force: `across` along n0 = (-s, c), `along` along t0 = (c, s)
    const auto [ux, uz, turn] = hamdyn::testing::cantilever_tip(
        element, reference(element, 0, 0, true), n, length / n * c, length / n * s,
        -across * s + along * c, across * c + along * s);
    const double bending = across * std::pow(length, 3) / (3 * ei);
    const double w_exact =
        (p == 1 ? bending * (1 - 1.0 / (4 * n * n)) : bending) + across * length / kga;
    const double w = -ux * s + uz * c, u_along = ux * c + uz * s;
    std::printf("degree %u: tip across %.15g m (formula %.15g), along %.15g m (%.15g), turn "
                "%.15g rad (%.15g)\n",
                p, w, w_exact, u_along, along * length / ea, turn,
                across * length * length / (2 * ei));
    // (measured: 3e-12 for degree 3, the dense solve's round-off)
    EXPECT_NEAR(w, w_exact, 1e-10 * w_exact);
    EXPECT_NEAR(u_along, along * length / ea, 1e-10 * w_exact);
    if (p == 3) {
      EXPECT_NEAR(turn, across * length * length / (2 * ei), 1e-10 * turn);
    }
  }
}
