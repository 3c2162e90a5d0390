// A frame of planar beam members (studies/planar_frame_line.h) against references derived here:
// - a portal frame's natural frequencies (two clamped columns, a beam across, rigid joints; and
//   the same with the beam hinged to one column) against the exact dynamic stiffness of
//   Euler-Bernoulli members with axial stiffness (each member's end forces from the exact
//   solution of EI w'''' = rho A omega^2 w and EA u'' = -rho A omega^2 u, assembled at the
//   joints), its roots counted by the Wittrick-Williams algorithm (Wittrick & Williams, Q. J.
//   Mech. Appl. Math. 24:263-284, 1971): the number of frequencies below omega is
//   J0(omega) + s{K(omega)}, s the negative eigenvalues of the assembled dynamic stiffness and
//   J0 the members' clamped-clamped frequencies below omega (axial: floor(omega L / (pi c));
//   bending: i - (1 - (-1)^i sgn(1 - cosh nu cos nu)) / 2, nu = beta L, i = floor(nu / pi)).
//   The elements are Timoshenko's with kGA so large that shear adds ~1e-10 (EI / (kGA L^2)).
// - the numbering: reverse Cuthill-McKee keeps a long frame's band that of its width.
// Each for members of every kind (core/planar_member_kind.h) and for linear columns joined to a
// geometrically exact beam.
#include "studies/planar_beam_buckling.h"
#include "studies/planar_beam_modes.h"
#include "studies/planar_frame_line.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using hamdyn::FrameGeometry;
using hamdyn::PlanarBeamCase;

namespace {
constexpr double ea = 4e9, ei = 4e7, rho_a = 150, kga = 1e15;

// The members' kinds (core/planar_member_kind.h) of the columns and of the beam across.
struct Kinds {
  std::string columns = "planar beam", beam = "planar beam";
};
// every column and beam of each kind, and linear columns under a geometrically exact beam
const std::vector<Kinds> kinds = {{},
                                  {"timoshenko beam", "timoshenko beam"},
                                  {"timoshenko beam", "planar beam"},
                                  {"euler bernoulli beam", "euler bernoulli beam"},
                                  {"euler bernoulli beam", "planar beam"}};

PlanarBeamCase portal(bool hinged, unsigned elements, unsigned degree, double shear = kga,
                      const Kinds& kind = {}) {
  auto g = std::make_shared<FrameGeometry>();
  g->points = {{"A", {0, 0}}, {"B", {0, 4}}, {"C", {6, 4}}, {"D", {6, 0}}};
  const hamdyn::MemberSection s{ea, shear, ei, rho_a, 0};
  g->members = {{"left", 0, 1, s, elements, kind.columns},
                {"top", 1, 2, s, elements, kind.beam},
                {"right", 2, 3, s, elements, kind.columns}};
  g->supports = {{0, "clamped"}, {3, "clamped"}};
  if (hinged)
    g->hinges = {1};
  PlanarBeamCase c;
  c.frame = g;
  c.degree = degree;
  return c;
}

// The bending part of a member's exact stiffness into k's (w1, theta1, w2, theta2) rows and
// columns: w = sum c_j phi_j(x) (phi(j, d, x) the d-th derivative of basis function j), B maps c
// to the end displacements (w, w') at 0 and L, F to the end forces conjugate to them, from the
// boundary terms of int EI w'' dw'' - p int w' dw' (p a compression): EI w'''(0) + p w'(0),
// -EI w''(0), -EI w'''(L) - p w'(L), EI w''(L); K = F B^-1
void add_bending(const std::function<double(unsigned, unsigned, double)>& phi, double length,
                 double p, dealii::FullMatrix<double>& k) {
  dealii::FullMatrix<double> b(4, 4), f(4, 4), inverse(4, 4), kb(4, 4);
  for (unsigned j = 0; j < 4; ++j) {
    b(0, j) = phi(j, 0, 0);
    b(1, j) = phi(j, 1, 0);
    b(2, j) = phi(j, 0, length);
    b(3, j) = phi(j, 1, length);
    f(0, j) = ei * phi(j, 3, 0) + p * phi(j, 1, 0);
    f(1, j) = -ei * phi(j, 2, 0);
    f(2, j) = -ei * phi(j, 3, length) - p * phi(j, 1, length);
    f(3, j) = ei * phi(j, 2, length);
  }
  inverse.invert(b);
  f.mmult(kb, inverse);
  const unsigned at[4] = {1, 2, 4, 5};
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j)
      k(at[i], at[j]) = kb(i, j);
}

// The exact dynamic stiffness of a member in its axes (u1, w1, theta1, u2, w2, theta2) at omega
dealii::FullMatrix<double> member_stiffness(double length, double omega) {
  dealii::FullMatrix<double> k(6, 6);
  const double alpha = omega * std::sqrt(rho_a / ea),
               beta = std::sqrt(omega * std::sqrt(rho_a / ei));
  const double axial = ea * alpha / std::sin(alpha * length);
  const std::size_t u[2] = {0, 3};
  k(u[0], u[0]) = k(u[1], u[1]) = axial * std::cos(alpha * length);
  k(u[0], u[1]) = k(u[1], u[0]) = -axial;
  // bending: the basis (cos, sin, cosh, sinh)(beta x) of EI w'''' = rho A omega^2 w
  const auto phi = [&](unsigned j, unsigned derivative, double x) {
    const double b = beta * x, scale = std::pow(beta, derivative);
    switch (j) {
    case 0: {
      const double v[4] = {std::cos(b), -std::sin(b), -std::cos(b), std::sin(b)};
      return scale * v[derivative];
    }
    case 1: {
      const double v[4] = {std::sin(b), std::cos(b), -std::sin(b), -std::cos(b)};
      return scale * v[derivative];
    }
    case 2: {
      const double v[4] = {std::cosh(b), std::sinh(b), std::cosh(b), std::sinh(b)};
      return scale * v[derivative];
    }
    default: {
      const double v[4] = {std::sinh(b), std::cosh(b), std::sinh(b), std::cosh(b)};
      return scale * v[derivative];
    }
    }
  };
  add_bending(phi, length, 0, k);
  return k;
}

// Clamped-clamped frequencies of a member below omega (axial and bending)
unsigned clamped_count(double length, double omega) {
  const double axial_first = M_PI / length * std::sqrt(ea / rho_a);
  const double nu = std::sqrt(omega * std::sqrt(rho_a / ei)) * length;
  const int i = int(std::floor(nu / M_PI));
  const double sign =
      (i % 2 == 0 ? 1.0 : -1.0) * (1 - std::cosh(nu) * std::cos(nu) > 0 ? 1.0 : -1.0);
  return unsigned(std::floor(omega / axial_first)) + unsigned(i - (1 - sign) / 2);
}

// The negative eigenvalues of the portal's joint stiffness assembled from its members' exact
// stiffness in their axes, local(length, member) (member 0 the left column, 1 the beam, 2 the
// right column): global DoFs B (x, z, theta), C (x, z, theta), and with the hinge the beam's own
// rotation at B (DoF 6)
unsigned joint_negative_eigenvalues(
    bool hinged, const std::function<dealii::FullMatrix<double>(double, unsigned)>& local) {
  struct Member {
    double x0, z0, x1, z1;
    int dofs[6]; // global DoF of each end DoF (x, z, theta) or -1 where clamped
  };
  const Member members[3] = {{0, 0, 0, 4, {-1, -1, -1, 0, 1, 2}},
                             {0, 4, 6, 4, {0, 1, hinged ? 6 : 2, 3, 4, 5}},
                             {6, 4, 6, 0, {3, 4, 5, -1, -1, -1}}};
  const unsigned n = hinged ? 7 : 6;
  dealii::LAPACKFullMatrix<double> k(n, n);
  for (unsigned index = 0; index < 3; ++index) {
    const Member& m = members[index];
    const double length = std::hypot(m.x1 - m.x0, m.z1 - m.z0);
    const double c = (m.x1 - m.x0) / length, s = (m.z1 - m.z0) / length;
    // local = T global: u = c X + s Z, w = -s X + c Z, theta = theta
    dealii::FullMatrix<double> t(6, 6), kt(6, 6), global(6, 6);
    for (unsigned end = 0; end < 2; ++end) {
      const unsigned o = 3 * end;
      t(o, o) = c;
      t(o, o + 1) = s;
      t(o + 1, o) = -s;
      t(o + 1, o + 1) = c;
      t(o + 2, o + 2) = 1;
    }
    local(length, index).mmult(kt, t);
    t.Tmmult(global, kt);
    for (unsigned i = 0; i < 6; ++i)
      for (unsigned j = 0; j < 6; ++j)
        if (m.dofs[i] >= 0 && m.dofs[j] >= 0)
          k(m.dofs[i], m.dofs[j]) += global(i, j);
  }
  k.compute_eigenvalues();
  unsigned negative = 0;
  for (unsigned i = 0; i < n; ++i)
    negative += k.eigenvalue(i).real() < 0;
  return negative;
}

// The portal's frequencies below omega by Wittrick-Williams
unsigned frequencies_below(double omega, bool hinged) {
  unsigned j0 = 0;
  for (const double length : {4.0, 6.0, 4.0})
    j0 += clamped_count(length, omega);
  return j0 + joint_negative_eigenvalues(
                  hinged, [&](double length, unsigned) { return member_stiffness(length, omega); });
}

double exact_frequency(unsigned mode, bool hinged) { // the mode-th (from 1), by bisection
  double low = 1, high = 1;
  while (frequencies_below(high, hinged) < mode)
    high *= 2;
  for (int k = 0; k < 200 && high - low > 1e-13 * high; ++k) {
    const double middle = 0.5 * (low + high);
    (frequencies_below(middle, hinged) >= mode ? high : low) = middle;
  }
  return 0.5 * (low + high);
}
} // namespace

TEST(PlanarFrameLine, PortalFrequenciesAgainstWittrickWilliams) {
  // cubic elements: 8 a member leave 3e-5 in the sixth mode, 16 (error ~ h^6) 4e-7 and the
  // others within the floor of the Euler-Bernoulli limit (kGA = 1e15: its stiffness contrast
  // and the shear's share leave ~1e-8)
  // (the same of linear Timoshenko members, and of linear columns joined to a geometrically
  // exact beam: unloaded, each kind's tangent is the other's; Euler-Bernoulli members are the
  // reference's own model)
  for (const bool hinged : {false, true}) {
    std::vector<double> exact;
    for (unsigned j = 0; j < 6; ++j)
      exact.push_back(exact_frequency(j + 1, hinged));
    for (const Kinds& kind : kinds) {
      std::vector<double> coarse_error;
      for (const unsigned elements : {8u, 16u}) {
        const PlanarBeamCase c = portal(hinged, elements, 3, kga, kind);
        const hamdyn::PlanarBeamLine line =
            hamdyn::make_planar_frame_line(c, hamdyn::PlanarBeamInterpolation::rotations);
        const hamdyn::PlanarBeamModes modes = hamdyn::planar_beam_modes(line, line.reference, 6);
        ASSERT_EQ(modes.omega.size(), 6u);
        for (unsigned j = 0; j < 6; ++j) {
          const double error = std::abs(modes.omega[j] - exact[j]) / exact[j];
          std::printf("%s portal (columns %s, beam %s), %u elements a member, mode %u: %.12g "
                      "rad/s (exact %.12g): relative error %.2e\n",
                      hinged ? "hinged" : "rigid", kind.columns.c_str(), kind.beam.c_str(),
                      elements, j + 1, modes.omega[j], exact[j], error);
          if (kind.columns == "euler bernoulli beam" && kind.beam == kind.columns) {
            // the reference's own model, w of degree 7 with a consistent mass: at the
            // reference's round-off already (measured 5e-14 to 2.5e-12)
            EXPECT_LT(error, 1e-10) << (hinged ? "hinged" : "rigid") << " mode " << j + 1;
          }
          if (elements == 8) {
            EXPECT_LT(error, 5e-5);
            coarse_error.push_back(error);
          } else {
            EXPECT_LT(error, 5e-7) << (hinged ? "hinged" : "rigid") << " mode " << j + 1;
            if (coarse_error[j] > 1e-6) { // in the asymptotic range: h^6, 64 times smaller
              EXPECT_LT(error, coarse_error[j] / 40);
            }
          }
        }
      }
    }
  }
}

TEST(PlanarFrameLine, ReverseCuthillMcKeeKeepsTheBandNarrow) {
  // a ladder of 40 bays listed rung by rung, then one rail, then the other: in that order a
  // rail's nodes are far from the rungs' (a band of ~ the whole frame); numbered by reverse
  // Cuthill-McKee the band is that of a few nodes across the ladder
  auto g = std::make_shared<FrameGeometry>();
  const unsigned bays = 40;
  for (unsigned i = 0; i <= bays; ++i) {
    g->points.push_back({"L" + std::to_string(i), {double(i), 0}});
    g->points.push_back({"R" + std::to_string(i), {double(i), 1}});
  }
  const hamdyn::MemberSection s{ea, 1e9, ei, rho_a, 0};
  for (unsigned i = 0; i <= bays; ++i)
    g->members.push_back({"rung" + std::to_string(i), 2 * i, 2 * i + 1, s, 2});
  for (unsigned side = 0; side < 2; ++side)
    for (unsigned i = 0; i < bays; ++i)
      g->members.push_back({"rail" + std::to_string(side) + "_" + std::to_string(i), 2 * i + side,
                            2 * (i + 1) + side, s, 2});
  g->supports = {{0, "clamped"}, {1, "clamped"}};
  PlanarBeamCase c;
  c.frame = g;
  c.degree = 2;
  const hamdyn::PlanarBeamLine line =
      hamdyn::make_planar_frame_line(c, hamdyn::PlanarBeamInterpolation::rotations);
  // 41 points, 121 members of 2 quadratic elements: 3 interior nodes each
  EXPECT_EQ(line.n_nodes(), 2 * (bays + 1) + 121 * 3);
  // a cross-section of the ladder has at most 2 rails' and 1 rung's worth of nodes between two
  // coupled ones (~12 nodes: 36 DoFs); the members' order would give ~ 40 bays' worth
  std::printf("band %u over %zu DoFs\n", line.band(), line.n_dofs());
  EXPECT_LE(line.band(), 3u * 16);
}

namespace {
// A member's exact static stiffness in its axes (u1, w1, theta1, u2, w2, theta2) under an axial
// compression p (the stability functions, Livesley & Chandler 1956, here from the exact
// solution of EI w'''' + p w'' = 0, w = c0 + c1 x + c2 cos kx + c3 sin kx, k^2 = p / EI; at
// p = 0 the cubic's). End forces from the boundary terms of int EI w'' dw'' - p int w' dw':
// EI w'''(0) + p w'(0), -EI w''(0), -EI w'''(L) - p w'(L), EI w''(L).
dealii::FullMatrix<double> compressed_member(double length, double p) {
  dealii::FullMatrix<double> k(6, 6);
  k(0, 0) = k(3, 3) = ea / length;
  k(0, 3) = k(3, 0) = -ea / length;
  const double kk = std::sqrt(p / ei);
  // value and derivatives 1..3 of basis function j at x
  const auto phi = [&](unsigned j, unsigned d, double x) {
    if (p == 0) { // 1, x, x^2, x^3
      const double v[4][4] = {
          {1, 0, 0, 0}, {x, 1, 0, 0}, {x * x, 2 * x, 2, 0}, {x * x * x, 3 * x * x, 6 * x, 6}};
      return v[j][d];
    }
    const double c = std::cos(kk * x), s = std::sin(kk * x);
    const double v[4][4] = {{1, 0, 0, 0},
                            {x, 1, 0, 0},
                            {c, -kk * s, -kk * kk * c, kk * kk * kk * s},
                            {s, kk * c, -kk * kk * s, -kk * kk * kk * c}};
    return v[j][d];
  };
  add_bending(phi, length, p, k);
  return k;
}

// Whether the portal with both columns compressed by p has lost stability: the assembled
// stiffness of its joints B and C has a negative eigenvalue (Wittrick-Williams with no member
// buckled clamped-clamped: the columns' k L stays below 2 pi)
bool portal_unstable(double p) {
  return joint_negative_eigenvalues(false, [&](double length, unsigned member) {
           return compressed_member(length, member == 1 ? 0.0 : p);
         }) > 0;
}
} // namespace

TEST(PlanarFrameLine, PortalBucklingAgainstStabilityFunctions) {
  // the columns' clamped-clamped buckling load 4 pi^2 EI / h^2 bounds the search (k h < 2 pi)
  double low = 0, high = 4 * M_PI * M_PI * ei / 16 * (1 - 1e-9);
  ASSERT_TRUE(portal_unstable(high));
  for (int k = 0; k < 200 && high - low > 1e-14 * high; ++k)
    (portal_unstable(0.5 * (low + high)) ? high : low) = 0.5 * (low + high);
  const double exact = 0.5 * (low + high);
  // a load of 1 kN on each column's top: the static state's strains are 2.5e-7 (prebuckling
  // deformation negligible), the buckling factor is the critical load in kN. kGA = 1e14: the
  // shear's share of the critical load ~ P_cr / kGA = 1.6e-7 (Engesser). Measured: 1.3e-6 with
  // 4 cubic elements a member, 1.4e-8 with 8 (h^6); with 16, 3.7e-7: the floor of this
  // Euler-Bernoulli limit, the shear forces' round-off kGA eps (in the geometric stiffness)
  // growing as the elements shorten — a realistic kGA has no such floor
  // Linear Timoshenko members (linearized about the reference, as the stability functions are):
  // 9.9e-7 and 2.8e-9, without the exact members' floor. Euler-Bernoulli members (the
  // reference's model, its geometric stiffness int N w' dw' exact): 2.6e-10 and 6.0e-10, the
  // round-off of the prebuckling solve and the eigensolver.
  for (const Kinds& kind : kinds)
    for (const unsigned elements : {4u, 8u}) {
      PlanarBeamCase c = portal(false, elements, 3, 1e14, kind);
      auto g = std::make_shared<FrameGeometry>(*c.frame);
      g->forces = {{1, {0, -1000}}, {2, {0, -1000}}};
      c.frame = g;
      const hamdyn::PlanarBeamLine line =
          hamdyn::make_planar_frame_line(c, hamdyn::PlanarBeamInterpolation::rotations);
      std::vector<double> q = line.reference;
      hamdyn::solve_planar_beam_equilibrium(line, q);
      const hamdyn::PlanarBeamBuckling buckling = hamdyn::planar_beam_buckling(line, q, 1);
      ASSERT_EQ(buckling.factors.size(), 1u);
      const double error = std::abs(1000 * buckling.factors[0] - exact) / exact;
      std::printf("portal sway buckling (columns %s, beam %s), %u cubic elements a member: "
                  "%.12g N (exact %.12g N): relative error %.2e\n",
                  kind.columns.c_str(), kind.beam.c_str(), elements, 1000 * buckling.factors[0],
                  exact, error);
      // (linear columns under an exact beam: 1.2e-7 with 8, the exact beam's floor above)
      const bool mixed = kind.columns != kind.beam;
      if (kind.columns == "euler bernoulli beam" && !mixed) { // the reference's model: 2.6e-10
        EXPECT_LT(error, 2e-9);
      } else {
        EXPECT_LT(error, elements == 4 ? 5e-6 : mixed ? 3e-7 : 1e-7);
      }
    }
}
