// The planar beam element's director interpolation (models/planar_beam_element.h): in the DoFs
// (x, z, theta) its forces are its energy's gradient and its tangent their derivative; its mean
// forces over a step are a discrete gradient (their work is the energy's change exactly) with no
// resultant force or moment, and their derivative by the step's end is mean_tangent(1/2, 1/2);
// at the straight reference its tangent is the rotation interpolation's (the same Timoshenko
// element in the small); rigid motions store no energy.
#include "models/planar_beam_element.h"
#include "models/planar_beam_element_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using hamdyn::PlanarBeamElement;
using hamdyn::PlanarBeamInterpolation;
using hamdyn::PlanarBeamSection;
using hamdyn::testing::expect_forces_and_tangent_are_derivatives;
using hamdyn::testing::largest;

namespace {
const PlanarBeamSection section{2.0e5, 8.0e4, 3.0e2, 7.5, 0.02};

PlanarBeamElement director_element(unsigned p) {
  return PlanarBeamElement(p, 1.7, 0.35, section, PlanarBeamInterpolation::directors);
}

// a large, non-rigid motion from the reference (a bend through `bend` rad with stretch and
// shear), offset by `shift`
std::vector<double> deformed(const PlanarBeamElement& e, double bend, double shift) {
  std::vector<double> q;
  for (unsigned a = 0; a < e.n_nodes(); ++a) {
    const double s = e.node_coordinate(a) / e.length();
    q.insert(q.end(), {shift + 1.1 * e.length() * std::sin(bend * s) + 0.02 * s * s,
                       -0.2 + 0.9 * e.length() * (1 - std::cos(bend * s)) + 0.05 * s,
                       0.4 + shift + bend * s + 0.1 * s * s * s});
  }
  return q;
}

} // namespace

TEST(PlanarBeamDirectors, ForcesAreTheEnergysGradientAndTheTangentTheirDerivative) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement e = director_element(p);
    const std::vector<double> f = expect_forces_and_tangent_are_derivatives(
        e, deformed(e, 1.3, 0.3), "degree " + std::to_string(p));
    ASSERT_GT(largest(f), 1e3);
  }
}

TEST(PlanarBeamDirectors, MeanForcesAreADiscreteGradientWithoutResultant) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement e = director_element(p);
    const unsigned ny = e.n_director_dofs();
    std::vector<double> y0(ny), y1(ny), f(ny);
    e.director_dofs(deformed(e, 0.4, 0.0).data(), y0.data());
    e.director_dofs(deformed(e, 1.9, 0.7).data(), y1.data());
    e.mean_forces(y0.data(), y1.data(), f.data());
    double work = 0, fx = 0, fz = 0, moment = 0;
    for (unsigned i = 0; i < ny; ++i)
      work += f[i] * (y1[i] - y0[i]);
    for (unsigned a = 0; a < e.n_nodes(); ++a) {
      fx += f[4 * a];
      fz += f[4 * a + 1];
      // the moment about the origin of the forces on r and t at the midpoint: x F_z - z F_x
      for (unsigned c : {0u, 2u}) {
        const double mx = 0.5 * (y0[4 * a + c] + y1[4 * a + c]),
                     mz = 0.5 * (y0[4 * a + c + 1] + y1[4 * a + c + 1]);
        moment += mx * f[4 * a + c + 1] - mz * f[4 * a + c];
      }
    }
    const double v0 = e.director_energy(y0.data()), v1 = e.director_energy(y1.data());
    ASSERT_GT(std::abs(v1 - v0), 1e3);
    EXPECT_NEAR(work, v1 - v0, 1e-13 * std::max(v0, v1)) << "degree " << p;
    EXPECT_NEAR(fx, 0, 1e-12 * largest(f)) << "degree " << p;
    EXPECT_NEAR(fz, 0, 1e-12 * largest(f)) << "degree " << p;
    EXPECT_NEAR(moment, 0, 1e-12 * largest(f)) << "degree " << p;
    // d f / d y1 is mean_tangent(1/2, 1/2)
    std::vector<double> k(ny * ny), fp(ny), fm(ny);
    e.mean_tangent(y0.data(), y1.data(), 0.5, 0.5, k.data());
    const double h = 1e-6;
    for (unsigned j = 0; j < ny; ++j) {
      std::vector<double> plus = y1, minus = y1;
      plus[j] += h;
      minus[j] -= h;
      e.mean_forces(y0.data(), plus.data(), fp.data());
      e.mean_forces(y0.data(), minus.data(), fm.data());
      for (unsigned i = 0; i < ny; ++i)
        EXPECT_NEAR(k[i * ny + j], (fp[i] - fm[i]) / (2 * h), 1e-7 * largest(k))
            << "degree " << p << ", entry " << i << ", " << j;
    }
  }
}

TEST(PlanarBeamDirectors, AtTheReferenceTheTangentIsTheRotationInterpolations) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement d = director_element(p), r(p, 1.7, 0.35, section);
    const unsigned nd = d.n_dofs();
    std::vector<double> q;
    for (unsigned a = 0; a < d.n_nodes(); ++a)
      q.insert(q.end(), {0.5 + d.node_coordinate(a) * std::cos(0.35),
                         -1 + d.node_coordinate(a) * std::sin(0.35), 0.35});
    std::vector<double> kd(nd * nd), kr(nd * nd);
    d.tangent(q.data(), kd.data());
    r.tangent(q.data(), kr.data());
    for (unsigned i = 0; i < nd * nd; ++i)
      EXPECT_NEAR(kd[i], kr[i], 1e-13 * largest(kr)) << "degree " << p << ", entry " << i;
  }
}

TEST(PlanarBeamDirectors, RigidMotionsStoreNoEnergy) {
  for (unsigned p = 1; p <= 4; ++p) {
    const PlanarBeamElement e = director_element(p);
    std::vector<double> q;
    const double turn = 2.2;
    for (unsigned a = 0; a < e.n_nodes(); ++a) {
      const double s = e.node_coordinate(a);
      q.insert(q.end(), {3 + s * std::cos(0.35 + turn), -4 + s * std::sin(0.35 + turn),
                         0.35 + turn + 4 * M_PI});
    }
    std::vector<double> f(e.n_dofs());
    e.forces(q.data(), f.data());
    // strains of round-off size (100 eps) store EA L (100 eps)^2 / 2 = 1e-22 J
    EXPECT_NEAR(e.energy(q.data()), 0, 1e-21);
    EXPECT_NEAR(largest(f), 0, 1e-9) << "degree " << p;
  }
}
