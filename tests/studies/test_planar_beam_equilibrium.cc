// The planar beam's static equilibrium (studies/planar_beam_equilibrium.h):
// - the small-deflection limit is Timoshenko's cantilever: n linear elements with one-point
//   shear give the tip deflection P L^3/(3 EI) (1 - 1/(4 n^2)) + P L/kGA at any thickness (the
//   trapezoidal rule of the exact nodal rotations, derived in the element's header), elements of
//   degree 3 and 4 the exact P L^3/(3 EI) + P L/kGA (the exact solution lies in their space and
//   their rule integrates its energy products exactly);
// - the roll-up: a cantilever under an end moment M bends into a circle of radius EI/M (the exact
//   solution of Reissner's beam: no axial force or shear, constant curvature; Simo & Vu-Quoc,
//   J. Appl. Mech. 53:849-854, 1986, sec. 7.1), at M = 2 pi EI/L its tip back at the root
//   turned by 2 pi; the tip's error falls with h at the degree's rate.
#include "studies/planar_beam_equilibrium.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

using hamdyn::PlanarBeamLine;
using hamdyn::PlanarBeamSection;

namespace {
// A cantilever along x from the origin, clamped there
PlanarBeamLine cantilever(double length, unsigned n, unsigned p, const PlanarBeamSection& s) {
  PlanarBeamLine line = hamdyn::straight_planar_beam(0, 0, length, 0, n, p, s);
  for (unsigned c = 0; c < 3; ++c)
    line.held[c] = true;
  return line;
}
} // namespace

TEST(PlanarBeamEquilibrium, SmallDeflectionIsTimoshenkosCantilever) {
  const double length = 2.0, thickness = 2e-3, width = 0.05, e_modulus = 2.1e11, nu = 0.3;
  const double area = width * thickness, inertia = width * std::pow(thickness, 3) / 12;
  const PlanarBeamSection s{e_modulus * area, 5.0 / 6 * e_modulus / (2 * (1 + nu)) * area,
                            e_modulus * inertia, 0, 0};
  // a tip load deflecting it by 1e-6 of its length: the nonlinear terms are 1e-12 of it
  const double bending = std::pow(length, 3) / (3 * s.bending_stiffness),
               shear = length / s.shear_stiffness;
  const double load = 1e-6 * length / bending;
  for (const auto& [p, n] :
       {std::pair{1u, 4u}, std::pair{1u, 10u}, std::pair{3u, 2u}, std::pair{4u, 1u}}) {
    PlanarBeamLine line = cantilever(length, n, p, s);
    line.loads[line.n_dofs() - 2] = -load;
    std::vector<double> q = line.reference;
    hamdyn::solve_planar_beam_equilibrium(line, q);
    const double expected =
        p == 1 ? load * bending * (1 - 1.0 / (4 * n * n)) + load * shear : load * (bending + shear);
    EXPECT_NEAR(-q[q.size() - 2], expected, 1e-9 * expected) << "degree " << p << ", " << n;
  }
}

TEST(PlanarBeamEquilibrium, RollUpIsTheExactCircle) {
  const double length = 10.0;
  const PlanarBeamSection s{1e4, 1e4, 100.0, 0, 0}; // Simo & Vu-Quoc's section (sec. 7.1)
  // the tip's distance from the exact circle's end, by degree and number of elements
  const auto tip_error = [&](unsigned p, unsigned n, double fraction, double* rotation_error) {
    const double moment = fraction * 2 * M_PI * s.bending_stiffness / length;
    PlanarBeamLine line = cantilever(length, n, p, s);
    line.loads.back() = moment;
    std::vector<double> q = line.reference;
    hamdyn::solve_planar_beam_equilibrium(line, q);
    const double radius = s.bending_stiffness / moment, angle = length / radius;
    const std::size_t tip = q.size() - 3;
    *rotation_error = q[tip + 2] - angle;
    return std::hypot(q[tip] - radius * std::sin(angle),
                      q[tip + 1] - radius * (1 - std::cos(angle)));
  };
  for (unsigned p = 1; p <= 4; ++p) {
    // M = 2 pi EI/L: a full circle, the tip back at the root turned by 2 pi (by symmetry, at any
    // h: the discrete solution is a regular polygon's arc too)
    double rotation_error;
    EXPECT_LT(tip_error(p, 3, 1.0, &rotation_error), 1e-12 * length) << "degree " << p;
    EXPECT_LT(std::abs(rotation_error), 1e-13 * 2 * M_PI) << "degree " << p;
    // a quarter of it: the rotation exact at any h, the position converging at order 2p (the
    // nodes superconverge: measured 2.0, 4.0, 6.0 and 8.0) until 1e-12 of L
    double previous = 0;
    for (unsigned n = 1; n <= 64; n *= 2) {
      const double error = tip_error(p, n, 0.25, &rotation_error);
      EXPECT_LT(std::abs(rotation_error), 1e-13 * M_PI) << "degree " << p << ", " << n;
      if (n > 1 && error > 1e-11 * length) {
        EXPECT_GT(std::log2(previous / error), 2 * p - 0.1) << "degree " << p << ", " << n;
      }
      if (n > 1) { // refining never makes it worse, beyond round-off
        EXPECT_LT(error, std::max(previous, 1e-12 * length)) << "degree " << p << ", " << n;
      }
      previous = error;
    }
  }
}

// At the finest mesh a user would try, 10^5 linear elements: the tip still converges at O(h^2)
// (9.3e-7 m at 10^3 elements, 9.3e-11 m here), the rotation exact, Newton's iterations end at
// double precision's floor (the residual's sums cannot get below 1e-8 of the moment) and say so.
TEST(PlanarBeamEquilibrium, RollUpAtTheFinestMesh) {
  const double length = 10.0;
  const PlanarBeamSection s{1e4, 1e4, 100.0, 0, 0};
  const double moment = 0.25 * 2 * M_PI * s.bending_stiffness / length;
  const double radius = s.bending_stiffness / moment, angle = length / radius;
  double coarse = 0;
  for (const unsigned n : {1000u, 100000u}) {
    PlanarBeamLine line = cantilever(length, n, 1, s);
    line.loads.back() = moment;
    std::vector<double> q = line.reference;
    const auto result = hamdyn::solve_planar_beam_equilibrium(line, q);
    const std::size_t tip = q.size() - 3;
    const double error =
        std::hypot(q[tip] - radius * std::sin(angle), q[tip + 1] - radius * (1 - std::cos(angle)));
    EXPECT_LT(std::abs(q[tip + 2] - angle), 1e-13 * angle) << n;
    if (n == 1000)
      coarse = error;
    else {
      EXPECT_NEAR(error, coarse * 1e-4, 0.01 * coarse * 1e-4); // O(h^2) over a factor of 100
      EXPECT_TRUE(result.at_round_off);
      EXPECT_LT(result.residual, 1e-6);
    }
  }
}
