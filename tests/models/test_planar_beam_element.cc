// The planar Reissner beam element (models/planar_beam_element.h): its forces are its energy's
// gradient and its tangent their derivative (central differences) at large rotations, for
// degrees 1 to 4, its quadratic forms from the strains are the tangent's parts; rigid motions
// store no energy and exert no force; the mass matrix carries the
// element's mass and rotary inertia; a distributed load's nodal loads add up to it.
#include "models/planar_beam_element.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using hamdyn::PlanarBeamElement;
using hamdyn::PlanarBeamSection;

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
    std::vector<double> f(nd), k(nd * nd), fp(nd), fm(nd);
    e.forces(q.data(), f.data());
    e.tangent(q.data(), k.data());
    double largest_force = 0, largest_stiffness = 0;
    for (unsigned i = 0; i < nd; ++i)
      largest_force = std::max(largest_force, std::abs(f[i]));
    for (double v : k)
      largest_stiffness = std::max(largest_stiffness, std::abs(v));
    ASSERT_GT(largest_force, 1e3); // a real deformation, not the reference
    const double h = 1e-6;
    for (unsigned j = 0; j < nd; ++j) {
      std::vector<double> plus = q, minus = q;
      plus[j] += h;
      minus[j] -= h;
      // central differences: error h^2 times the third derivative, 1e-12 of the sizes here
      EXPECT_NEAR(f[j], (e.energy(plus.data()) - e.energy(minus.data())) / (2 * h),
                  1e-7 * largest_force)
          << "degree " << p << ", DoF " << j;
      e.forces(plus.data(), fp.data());
      e.forces(minus.data(), fm.data());
      for (unsigned i = 0; i < nd; ++i)
        EXPECT_NEAR(k[i * nd + j], (fp[i] - fm[i]) / (2 * h), 1e-7 * largest_stiffness)
            << "degree " << p << ", entry " << i << ", " << j;
    }
    for (unsigned i = 0; i < nd; ++i) // symmetric: the Hessian of an energy
      for (unsigned j = 0; j < i; ++j)
        EXPECT_NEAR(k[i * nd + j], k[j * nd + i], 1e-12 * largest_stiffness);
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
