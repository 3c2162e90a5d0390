// The planar beam's static path by arc length (studies/planar_beam_arc_length.h) through limit
// points, against references derived here:
// - half a shallow two-bar truss (von Mises' truss): a straight bar pinned at the origin, its
//   other end at (a, h) on a vertical roller, pushed down by P. It stays straight (a two-force
//   member), its axial force N = EA (l/l0 - 1) (Reissner's axial strain of a straight bar), and
//   the roller's vertical balance gives P(z) = EA z (1/l - 1/l0), l = sqrt(a^2 + z^2): a limit
//   point at l^3 = a^2 l0, the path through z = 0 (the bar horizontal, P = 0) to the mirrored
//   stable branch. Exact for any mesh.
// - half a shallow toggle (a clamped member whose top end slides vertically with its rotation
//   held: the apex of a symmetric frame loaded at its middle), which bends: its path against the
//   shooting solution of Reissner's equations (n' = 0, m' = -(r' x n), theta' = m/EI,
//   r' = (1 + N/EA) t + (Q/kGA) n_section), integrated by RK4 in 1000 steps (its error ~
//   (L/1000)^4), the unknown end forces and the root moment found by Newton's method for each of
//   the path's apex heights.
#include "studies/planar_beam_arc_length.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

using hamdyn::PlanarBeamLine;
using hamdyn::PlanarBeamSection;

namespace {
// A straight line from the origin to (a, h) held at the origin (theta too, if clamped) with its
// end's x (and theta, if slides) held, and a downward force P at that end
PlanarBeamLine shallow_member(double a, double h, unsigned n, unsigned p,
                              const PlanarBeamSection& s, bool clamped, double load) {
  PlanarBeamLine line = hamdyn::straight_planar_beam(0, 0, a, h, n, p, s);
  const std::size_t end = line.n_dofs() - 3;
  line.held[0] = line.held[1] = true;
  line.held[2] = clamped;
  line.held[end] = true;
  line.held[end + 2] = clamped;
  line.loads[end + 1] = -load;
  return line;
}

// Reissner's equations along the reference arc length for the constant force resultant (H, V)
// (the part beyond s on the part before it) from (x, z, theta, m) at s = 0: the state at s = L
std::array<double, 4> shoot(const PlanarBeamSection& s, double length, double angle, double h,
                            double v, double m0) {
  const auto rate = [&](const std::array<double, 4>& y) {
    const double c = std::cos(y[2]), sn = std::sin(y[2]);
    const double axial = (h * c + v * sn) / s.axial_stiffness,
                 shear = (-h * sn + v * c) / s.shear_stiffness;
    const double dx = (1 + axial) * c - shear * sn, dz = (1 + axial) * sn + shear * c;
    return std::array<double, 4>{{dx, dz, y[3] / s.bending_stiffness, -(dx * v - dz * h)}};
  };
  constexpr unsigned steps = 1000;
  const double ds = length / steps;
  std::array<double, 4> y{{0, 0, angle, m0}};
  for (unsigned k = 0; k < steps; ++k) {
    const auto add = [&](const std::array<double, 4>& k1, double f) {
      std::array<double, 4> out;
      for (unsigned i = 0; i < 4; ++i)
        out[i] = y[i] + f * k1[i];
      return out;
    };
    const auto k1 = rate(y), k2 = rate(add(k1, ds / 2)), k3 = rate(add(k2, ds / 2)),
               k4 = rate(add(k3, ds));
    for (unsigned i = 0; i < 4; ++i)
      y[i] += ds / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return y;
}

// The unknowns (H, V, M0) with the end at (a, z) turned by the reference angle, by Newton's
// method (finite-difference Jacobian) from `u`
void solve_toggle(const PlanarBeamSection& s, double a, double h, double z,
                  std::array<double, 3>& u) {
  const double length = std::hypot(a, h), angle = std::atan2(h, a);
  const auto misfit = [&](const std::array<double, 3>& w) {
    const auto y = shoot(s, length, angle, w[0], w[1], w[2]);
    return std::array<double, 3>{{y[0] - a, y[1] - z, (y[2] - angle) * length}};
  };
  for (unsigned iteration = 0; iteration < 30; ++iteration) {
    const auto f = misfit(u);
    // (RK4's steps leave a round-off of about 1e-13 of the length in the misfit)
    if (std::max({std::abs(f[0]), std::abs(f[1]), std::abs(f[2])}) < 1e-12 * length)
      return;
    double j[3][3];
    for (unsigned c = 0; c < 3; ++c) {
      const double step = 1e-7 * std::max({1.0, std::abs(u[0]), std::abs(u[1]), std::abs(u[2])});
      auto up = u, down = u;
      up[c] += step;
      down[c] -= step;
      const auto fu = misfit(up), fd = misfit(down);
      for (unsigned r = 0; r < 3; ++r)
        j[r][c] = (fu[r] - fd[r]) / (2 * step);
    }
    // Cramer's rule for the 3 x 3 correction
    const auto det = [](double m[3][3]) {
      return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
             m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
             m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    };
    const double d = det(j);
    for (unsigned c = 0; c < 3; ++c) {
      double m[3][3];
      for (unsigned r = 0; r < 3; ++r)
        for (unsigned k = 0; k < 3; ++k)
          m[r][k] = k == c ? f[r] : j[r][k];
      u[c] -= det(m) / d;
    }
  }
  ADD_FAILURE() << "the shooting reference did not converge at z = " << z;
}
} // namespace

TEST(PlanarBeamArcLength, ShallowTrussSnapsThroughOnItsExactPath) {
  const double a = 1, h = 0.1, ea = 1e6, length0 = std::hypot(a, h);
  const PlanarBeamSection s{ea, 1e6, 1e4, 0, 0}; // EI: its Euler load 1e5 N, far above N's
  const auto exact = [&](double z) { return ea * z * (1 / std::hypot(a, z) - 1 / length0); };
  const double limit_l = std::cbrt(a * a * length0),
               limit_load = exact(std::sqrt(limit_l * limit_l - a * a));
  const double load = 3000; // 16 times the limit load: through the snap to the far branch
  for (const auto& [n, p] : {std::pair{1u, 1u}, std::pair{4u, 2u}, std::pair{3u, 4u}}) {
    PlanarBeamLine line = shallow_member(a, h, n, p, s, false, load);
    std::vector<double> q = line.reference;
    const auto result = hamdyn::solve_planar_beam_by_arc_length(line, q, 20);
    double worst = 0, highest = 0, lowest = 0; // highest: on the first branch (z > 0)
    for (const auto& point : result.path) {
      worst = std::max(worst, std::abs(point.load_factor * load - exact(point.z)));
      if (point.z > 0)
        highest = std::max(highest, point.load_factor);
      lowest = std::min(lowest, point.load_factor);
    }
    std::printf("measured: half von Mises truss, %u elements of degree %u: %zu path points, "
                "largest |P - P_exact| %.2g N (limit load %.6g N), unstable directions %d\n",
                n, p, result.path.size(), worst, limit_load, result.unstable_directions);
    EXPECT_LT(worst, 1e-9 * load);
    // past the limit point (no higher load on the first branch) and through the unstable branch
    // (P < 0 on the way) to P at z < -h
    EXPECT_LT(highest * load, limit_load * (1 + 1e-12));
    EXPECT_GT(highest * load, 0.9 * limit_load);
    EXPECT_LT(lowest * load, -0.5 * limit_load);
    EXPECT_EQ(result.path.back().load_factor, 1.0);
    EXPECT_LT(result.path.back().z, -h);
    EXPECT_NEAR(load, exact(result.path.back().z), 1e-9 * load);
    EXPECT_EQ(result.unstable_directions, 0);
  }
}

TEST(PlanarBeamArcLength, ShallowTogglePassesItsLimitPointOnReissnersPath) {
  const double a = 1, h = 0.1;
  const PlanarBeamSection s{1e6, 4e5, 100, 0, 0};
  const double load = 2000;
  double previous_worst = INFINITY;
  for (const unsigned n : {4u, 8u, 16u}) {
    PlanarBeamLine line = shallow_member(a, h, n, 3, s, true, load);
    std::vector<double> q = line.reference;
    const auto result = hamdyn::solve_planar_beam_by_arc_length(line, q, 40);
    double worst = 0, highest = 0, largest_v = 0, limit = 0;
    bool passed = false; // a point after the highest with a lower load factor
    std::array<double, 3> w{{0, 0, 0}};
    double z = h;
    for (const auto& point : result.path) {
      for (unsigned k = 1; k <= 8; ++k) // (from the last reference in eight steps of z)
        solve_toggle(s, a, h, z + k / 8.0 * (point.z - z), w);
      z = point.z;
      worst = std::max(worst, std::abs(point.load_factor * load + w[1]));
      largest_v = std::max(largest_v, std::abs(w[1]));
      if (!passed && point.load_factor < highest - 0.01) {
        passed = true;
        limit = highest;
      }
      highest = std::max(highest, point.load_factor);
    }
    std::printf("measured: half toggle, %u elements of degree 3: %zu path points, limit load "
                "factor about %.4g, largest |P - P_Reissner| %.3g N of %.3g N\n",
                n, result.path.size(), limit, worst, largest_v);
    EXPECT_TRUE(passed) << "the path did not pass a limit point";
    EXPECT_LT(worst, previous_worst / 8); // (degree 3: the path's error falls with h)
    previous_worst = worst;
  }
}
