// The planar Reissner beam element (models/planar_beam_element.h): its forces are its energy's
// gradient and its tangent their derivative (central differences) at large rotations, for
// degrees 1 to 4, its quadratic forms from the strains are the tangent's parts; rigid motions
// store no energy and exert no force; the mass matrix carries the
// element's mass and rotary inertia; a distributed load's nodal loads add up to it; point terms
// (a spring, a mass, a rotary inertia, a dashpot) are in every matrix.
#include "models/planar_beam_element.h"
#include "models/planar_beam_element_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using hamdyn::PlanarBeamElement;
using hamdyn::PlanarBeamSection;
using hamdyn::testing::expect_forces_and_tangent_are_derivatives;
using hamdyn::testing::largest;

namespace {
const PlanarBeamSection section{2.0e5, 8.0e4, 3.0e2, 7.5, 0.02};

// The DoFs of element `e`'s nodes moved from the reference by a large, non-rigid motion: a bend
// through 1.3 rad with stretch and shear
std::vector<double> deformed(const PlanarBeamElement& e) {
  std::vector<double> q;
  for (unsigned a = 0; a < e.n_nodes(); ++a) {
    const double s = e.node_coordinate(a) / e.length();
    q.insert(q.end(), {0.3 + 1.1 * e.length() * std::sin(1.3 * s) + 0.02 * s * s,
                       -0.2 + 0.9 * e.length() * (1 - std::cos(1.3 * s)) + 0.05 * s,
                       0.4 + 1.3 * s + 0.1 * s * s * s});
  }
  return q;
}
} // namespace

TEST(PlanarBeamElement, ForcesAreTheEnergysGradientAndTheTangentTheirDerivative) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement e(p, 1.7, 0.35, section);
    const unsigned nd = e.n_dofs();
    const std::vector<double> q = deformed(e);
    const std::vector<double> f =
        expect_forces_and_tangent_are_derivatives(e, q, "degree " + std::to_string(p));
    ASSERT_GT(largest(f), 1e3); // a real deformation, not the reference
    std::vector<double> k(nd * nd);
    e.tangent(q.data(), k.data());
    for (unsigned i = 0; i < nd; ++i) // symmetric: the Hessian of an energy
      for (unsigned j = 0; j < i; ++j)
        EXPECT_NEAR(k[i * nd + j], k[j * nd + i], 1e-12 * largest(k));
  }
}

TEST(PlanarBeamElement, TangentFormsAreTheTangentsParts) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement e(p, 1.7, 0.35, section);
    const unsigned nd = e.n_dofs();
    const std::vector<double> q = deformed(e);
    std::vector<double> material(nd * nd), geometric(nd * nd), u(nd);
    e.tangent_parts(q.data(), material.data(), geometric.data());
    for (unsigned i = 0; i < nd; ++i)
      u[i] = std::sin(1.0 + 2.3 * i) * (i % 3 == 2 ? 0.7 : 0.2);
    double um = 0, ug = 0, size_m = 0, size_g = 0;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j) {
        um += u[i] * material[i * nd + j] * u[j];
        ug += u[i] * geometric[i * nd + j] * u[j];
        size_m += std::abs(u[i] * material[i * nd + j] * u[j]);
        size_g += std::abs(u[i] * geometric[i * nd + j] * u[j]);
      }
    double form_m, form_g;
    e.tangent_forms(q.data(), u.data(), form_m, form_g);
    EXPECT_NEAR(form_m, um, 1e-13 * size_m) << "degree " << p;
    EXPECT_NEAR(form_g, ug, 1e-13 * size_g) << "degree " << p;
    ASSERT_GT(std::abs(ug), 1e-3 * size_g); // a geometric part that is there
  }
}

TEST(PlanarBeamElement, RigidMotionsStoreNoEnergy) {
  for (unsigned p = 1; p <= 4; ++p) {
    const double angle = 0.35, length = 1.7;
    const PlanarBeamElement e(p, length, angle, section);
    for (const double turn : {0.0, 0.8, -2.9, 7.0}) {
      std::vector<double> q;
      for (unsigned a = 0; a < e.n_nodes(); ++a) {
        const double s = e.node_coordinate(a);
        q.insert(q.end(), {4.0 + s * std::cos(angle + turn), -1.5 + s * std::sin(angle + turn),
                           angle + turn});
      }
      std::vector<double> f(e.n_dofs());
      e.forces(q.data(), f.data());
      EXPECT_NEAR(e.energy(q.data()), 0, 1e-20 * section.axial_stiffness * length);
      for (double v : f)
        EXPECT_NEAR(v, 0, 1e-9 * section.axial_stiffness);
    }
  }
}

TEST(PlanarBeamElement, MassMatrixAndDistributedLoad) {
  for (unsigned p = 1; p <= 4; ++p) {
    const double length = 1.7;
    const PlanarBeamElement e(p, length, 0.35, section);
    const unsigned nd = e.n_dofs();
    std::vector<double> m(nd * nd), f(nd, 0.0);
    e.mass(m.data());
    // a unit velocity of every node in x (or z, or theta) carries the element's mass (inertia)
    for (unsigned c = 0; c < 3; ++c) {
      double total = 0;
      for (unsigned a = 0; a < e.n_nodes(); ++a)
        for (unsigned b = 0; b < e.n_nodes(); ++b)
          total += m[(3 * a + c) * nd + 3 * b + c];
      const double expected = (c < 2 ? section.mass_per_length : section.rotary_inertia) * length;
      EXPECT_NEAR(total, expected, 1e-13 * expected);
    }
    e.add_distributed_load(2.0, -3.0, f.data());
    double fx = 0, fz = 0, moment = 0;
    for (unsigned a = 0; a < e.n_nodes(); ++a) {
      fx += f[3 * a];
      fz += f[3 * a + 1];
      moment += f[3 * a + 2];
    }
    EXPECT_NEAR(fx, 2.0 * length, 1e-13);
    EXPECT_NEAR(fz, -3.0 * length, 1e-13);
    EXPECT_EQ(moment, 0.0);
  }
}

// Point terms at xi = 0.37 (a spring to an anchor, a mass, a rotary inertia, a dashpot): the
// spring's energy k |r(xi) - anchor|^2 / 2 (r(xi) by the Lagrange basis on the nodes, formed
// here) is in both interpolations' energy, forces and tangent, in the director interpolation's
// mean forces (still a discrete gradient) and in the tangent forms' material part; the mass
// and the rotary inertia are in the mass matrix, the dashpot in the damping matrix.
TEST(PlanarBeamElement, PointTermsAreInEveryMatrix) {
  const hamdyn::PlanarBeamPoint point{0.37, 3.0, 0.4, 5.0e4, 20.0, 0.9, -0.5};
  const double length = 1.7;
  for (const auto interpolation :
       {hamdyn::PlanarBeamInterpolation::rotations, hamdyn::PlanarBeamInterpolation::directors})
    for (unsigned p = 1; p <= 4; ++p) {
      const std::string label =
          "degree " + std::to_string(p) +
          (interpolation == hamdyn::PlanarBeamInterpolation::directors ? ", directors"
                                                                       : ", rotations");
      const PlanarBeamElement bare(p, length, 0.35, section, interpolation);
      PlanarBeamElement e = bare;
      e.add_point(point);
      const unsigned nd = e.n_dofs();
      const std::vector<double> q = deformed(e);
      expect_forces_and_tangent_are_derivatives(e, q, label);
      // N_a(xi) = prod_{b != a} (xi - xi_b) / (xi_a - xi_b)
      std::vector<double> shape(e.n_nodes(), 1.0);
      for (unsigned a = 0; a < e.n_nodes(); ++a)
        for (unsigned b = 0; b < e.n_nodes(); ++b)
          if (b != a)
            shape[a] *= (point.xi - e.node_coordinate(b) / length) /
                        ((e.node_coordinate(a) - e.node_coordinate(b)) / length);
      double rx = -point.anchor_x, rz = -point.anchor_z;
      for (unsigned a = 0; a < e.n_nodes(); ++a) {
        rx += shape[a] * q[3 * a];
        rz += shape[a] * q[3 * a + 1];
      }
      const double spring = 0.5 * point.spring * (rx * rx + rz * rz);
      EXPECT_NEAR(e.energy(q.data()) - bare.energy(q.data()), spring, 1e-12 * spring) << label;
      if (interpolation == hamdyn::PlanarBeamInterpolation::directors) {
        const unsigned ny = e.n_director_dofs();
        std::vector<double> y0(ny), y1(ny), f(ny), q1 = q;
        for (unsigned a = 0; a < e.n_nodes(); ++a)
          q1[3 * a + 1] += 0.3 * std::sin(2.0 + a), q1[3 * a + 2] += 0.8;
        e.director_dofs(q.data(), y0.data());
        e.director_dofs(q1.data(), y1.data());
        e.mean_forces(y0.data(), y1.data(), f.data());
        double work = 0;
        for (unsigned i = 0; i < ny; ++i)
          work += f[i] * (y1[i] - y0[i]);
        const double v0 = e.director_energy(y0.data()), v1 = e.director_energy(y1.data());
        EXPECT_NEAR(work, v1 - v0, 1e-13 * std::max(v0, v1)) << label;
      } else {
        std::vector<double> material(nd * nd), geometric(nd * nd), u(nd);
        e.tangent_parts(q.data(), material.data(), geometric.data());
        for (unsigned i = 0; i < nd; ++i)
          u[i] = std::sin(1.0 + 2.3 * i);
        double um = 0, form_m, form_g;
        for (unsigned i = 0; i < nd; ++i)
          for (unsigned j = 0; j < nd; ++j)
            um += u[i] * material[i * nd + j] * u[j];
        e.tangent_forms(q.data(), u.data(), form_m, form_g);
        EXPECT_NEAR(form_m, um, 1e-12 * std::abs(um)) << label;
      }
      // a velocity s in x (exact in the interpolation): v^T M v = rho A L^3 / 3 + m s_p^2 and
      // v^T C v = c s_p^2; a unit rate of every rotation: rho I L + J
      std::vector<double> m(nd * nd), c(nd * nd);
      e.mass(m.data());
      e.damping(c.data());
      double translational = 0, rotational = 0, damping = 0;
      for (unsigned a = 0; a < e.n_nodes(); ++a)
        for (unsigned b = 0; b < e.n_nodes(); ++b) {
          const double sa = e.node_coordinate(a), sb = e.node_coordinate(b);
          translational += sa * m[(3 * a) * nd + 3 * b] * sb;
          damping += sa * c[(3 * a + 1) * nd + 3 * b + 1] * sb;
          rotational += m[(3 * a + 2) * nd + 3 * b + 2];
        }
      const double sp = point.xi * length;
      EXPECT_NEAR(translational,
                  section.mass_per_length * std::pow(length, 3) / 3 + point.mass * sp * sp,
                  1e-13 * translational)
          << label;
      EXPECT_NEAR(rotational, section.rotary_inertia * length + point.rotary_inertia,
                  1e-13 * rotational)
          << label;
      EXPECT_NEAR(damping, point.dashpot * sp * sp, 1e-13 * damping) << label;
      EXPECT_TRUE(e.damped() && !bare.damped());
    }
}

// Steady rotation at Omega about a hub: the energy gets -Omega^2/2 int rho A |r - hub|^2 (the
// consistent mass's form, exact for the interpolated r: here by the Gauss rule of the mass's
// degree, formed in the test) in both interpolations, and the forces and tangent are its
// derivatives.
TEST(PlanarBeamElement, SteadyRotationIsInTheEnergyForcesAndTangent) {
  const double rate = 3.0, hub_x = -0.4, hub_z = 0.25, length = 1.7;
  for (const auto interpolation :
       {hamdyn::PlanarBeamInterpolation::rotations, hamdyn::PlanarBeamInterpolation::directors})
    for (unsigned p = 1; p <= 4; ++p) {
      const std::string label = "degree " + std::to_string(p);
      const PlanarBeamElement bare(p, length, 0.35, section, interpolation);
      PlanarBeamElement e = bare;
      e.set_steady_rotation(rate, hub_x, hub_z);
      const std::vector<double> q = deformed(e);
      expect_forces_and_tangent_are_derivatives(e, q, label);
      // int rho A |r - hub|^2 ds by 2p-point Gauss-Legendre on the Lagrange interpolant
      std::vector<double> xi, w;
      const double gauss5[5] = {-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831,
                                0.9061798459386640};
      const double weights5[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889,
                                  0.4786286704993665, 0.2369268850561891};
      double integral = 0;
      for (int g = 0; g < 5; ++g) {
        const double x = 0.5 * (gauss5[g] + 1);
        double rx = -hub_x, rz = -hub_z;
        for (unsigned a = 0; a < e.n_nodes(); ++a) {
          double n = 1;
          for (unsigned b = 0; b < e.n_nodes(); ++b)
            if (b != a)
              n *= (x - e.node_coordinate(b) / length) /
                   ((e.node_coordinate(a) - e.node_coordinate(b)) / length);
          rx += n * q[3 * a];
          rz += n * q[3 * a + 1];
        }
        integral += 0.5 * weights5[g] * length * section.mass_per_length * (rx * rx + rz * rz);
      }
      const double centrifugal = -0.5 * rate * rate * integral;
      EXPECT_NEAR(e.energy(q.data()) - bare.energy(q.data()), centrifugal,
                  1e-12 * std::abs(centrifugal))
          << label;
      EXPECT_EQ(e.steady_rotation_rate(), rate);
    }
}
