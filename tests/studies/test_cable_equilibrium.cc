// The cable element (its force is its energy's gradient, its tangent the force's derivative, its
// discrete gradient's work the energy's change, across the slack point too) and the chain's
// static equilibrium: against the exact solution of the discrete chain (its tension vector
// carried from element to element, solved for in the test), converging at O(h^2) to the elastic
// catenary (exact/elastic_catenary.h), from a straight, unstressed or compressed start.
#include "exact/elastic_catenary.h"
#include "models/cable_element.h"
#include "studies/cable_equilibrium.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

using hamdyn::CableChain;
using hamdyn::CableElement;
using hamdyn::Matrix2;
using hamdyn::Vector2;

namespace {
// central differences of a smooth function at step h: error O(h^2) times its third derivative
double central(const std::function<double(double)>& f, double h) {
  return (f(h) - f(-h)) / (2 * h);
}
} // namespace

TEST(CableElement, ForceTangentAndDiscreteGradient) {
  for (const bool tension_only : {false, true}) {
    const CableElement e{2.0, 3e4, tension_only};
    for (const Vector2 d : {Vector2{1.9, 0.7}, Vector2{-0.3, 2.2}, Vector2{1.2, -0.9}}) {
      const Vector2 f = e.force(d);
      const Matrix2 k = e.tangent(d);
      for (int j : {0, 1}) {
        auto moved = [&](double h) {
          Vector2 x = d;
          x[j] += h;
          return x;
        };
        EXPECT_NEAR(f[j], central([&](double h) { return e.energy(moved(h)); }, 1e-6),
                    1e-6 * std::abs(e.tension(d)) + 1e-9);
        for (int i : {0, 1})
          EXPECT_NEAR(k[2 * i + j], central([&](double h) { return e.force(moved(h))[i]; }, 1e-6),
                      1e-5 * e.axial_stiffness);
      }
      EXPECT_NEAR(
          e.tension(d),
          tension_only && std::hypot(d[0], d[1]) < 2 ? 0.0 : 3e4 * (std::hypot(d[0], d[1]) / 2 - 1),
          1e-9);
    }
    // the discrete gradient's work is the energy's change: taut to taut, slack to taut, slack
    const Vector2 taut{2.1, 0.3}, other{1.7, 1.4}, slack{1.1, 0.2};
    for (const auto& [d0, d1] : {std::pair{taut, other}, std::pair{slack, other},
                                 std::pair{taut, slack}, std::pair{slack, Vector2{0.4, 1.0}}}) {
      Matrix2 slope{};
      const Vector2 f = e.mean_force(d0, d1, &slope);
      const double work = f[0] * (d1[0] - d0[0]) + f[1] * (d1[1] - d0[1]);
      EXPECT_NEAR(work, e.energy(d1) - e.energy(d0), 1e-12 * e.axial_stiffness);
      for (int j : {0, 1}) // its derivative with respect to d1
        for (int i : {0, 1}) {
          auto moved = [&](double h) {
            Vector2 x = d1;
            x[j] += h;
            return e.mean_force(d0, x)[i];
          };
          EXPECT_NEAR(slope[2 * i + j], central(moved, 1e-6), 1e-5 * e.axial_stiffness);
        }
    }
    // as the step shrinks the discrete gradient tends to the force (no 0/0)
    const Vector2 mean = e.mean_force(taut, taut);
    EXPECT_NEAR(mean[0], e.force(taut)[0], 1e-12 * e.axial_stiffness);
    EXPECT_NEAR(mean[1], e.force(taut)[1], 1e-12 * e.axial_stiffness);
  }
}

namespace {
struct Cable {
  double span, rise, ea, weight, length;
};

/// n elements of equal unstretched length between supports at (0, 0) and (span, rise), the free
/// nodes evenly on the chord (`sag` = 0) or on a parabola `sag` below it.
CableChain chain(const Cable& c, unsigned n, bool tension_only, double sag = 0) {
  CableChain chain;
  for (unsigned k = 0; k < n; ++k)
    chain.elements.push_back({c.length / n, c.ea, tension_only});
  for (unsigned i = 0; i <= n; ++i) {
    const double xi = double(i) / n;
    chain.nodes.push_back({xi * c.span, xi * c.rise - 4 * sag * xi * (1 - xi)});
    chain.held.push_back(i == 0 || i == n);
  }
  chain.loads = hamdyn::gravity_loads(chain.elements, c.weight);
  return chain;
}

/// The chain's exact equilibrium, independent of the solver: element k's tension vector is
/// (H, V + w L_e k) (each interior node carries w L_e), its chord that vector times l_k / T_k with
/// l_k = L_e (1 + T_k / EA); H and V make the chords end at the right support (Newton's method
/// on the two unknowns, Jacobian by central differences). Returns the nodes.
std::vector<Vector2> exact_chain(const Cable& c, unsigned n) {
  const double le = c.length / n;
  auto end = [&](double h, double v) {
    Vector2 x{0, 0};
    for (unsigned k = 0; k < n; ++k) {
      const double tz = v + c.weight * le * k, t = std::hypot(h, tz), l = le * (1 + t / c.ea);
      x[0] += h * l / t;
      x[1] += tz * l / t;
    }
    return Vector2{x[0] - c.span, x[1] - c.rise};
  };
  double h = c.weight * c.length, v = h * c.rise / c.span - 0.5 * c.weight * c.length;
  auto size = [](const Vector2& r) { return std::max(std::abs(r[0]), std::abs(r[1])); };
  for (int iteration = 0; iteration < 100; ++iteration) {
    const Vector2 r = end(h, v);
    const double dh = 1e-7 * h, dv = 1e-7 * std::abs(v) + 1e-7 * h;
    const Vector2 rh1 = end(h + dh, v), rh0 = end(h - dh, v);
    const Vector2 rv1 = end(h, v + dv), rv0 = end(h, v - dv);
    const double a = (rh1[0] - rh0[0]) / (2 * dh), b = (rv1[0] - rv0[0]) / (2 * dv);
    const double cc = (rh1[1] - rh0[1]) / (2 * dh), d = (rv1[1] - rv0[1]) / (2 * dv);
    const double det = a * d - b * cc;
    const double step_h = (d * r[0] - b * r[1]) / det, step_v = (-cc * r[0] + a * r[1]) / det;
    double lambda = 1; // halved until the ends come closer (H > 0)
    while (lambda > 1e-6 && !(h - lambda * step_h > 0 &&
                              size(end(h - lambda * step_h, v - lambda * step_v)) < size(r)))
      lambda /= 2;
    if (lambda <= 1e-6)
      break; // at round-off
    h -= lambda * step_h;
    v -= lambda * step_v;
  }
  EXPECT_LT(size(end(h, v)), 1e-13 * c.span);
  std::vector<Vector2> nodes{{0, 0}};
  for (unsigned k = 0; k < n; ++k) {
    const double tz = v + c.weight * le * k, t = std::hypot(h, tz), l = le * (1 + t / c.ea);
    nodes.push_back({nodes.back()[0] + h * l / t, nodes.back()[1] + tz * l / t});
  }
  return nodes;
}

double largest_distance(const std::vector<Vector2>& a, const std::vector<Vector2>& b) {
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    d = std::max(d, std::hypot(a[i][0] - b[i][0], a[i][1] - b[i][1]));
  return d;
}
} // namespace

TEST(CableEquilibrium, MatchesTheExactChainFromEveryStart) {
  // an inclined cable 4 % longer than its chord (chord 100 m), steel-like EA, 10 N/m
  const Cable c{80, 60, 2e7, 10, 104};
  const unsigned n = 40;
  const auto exact = exact_chain(c, n);
  // from a parabola, from the straight chord (every element compressed: S indefinite), and
  // tension-only from the chord (every element slack: S = 0 at the start)
  for (const auto& [sag, tension_only] :
       {std::pair{12.0, false}, std::pair{0.0, false}, std::pair{0.0, true}}) {
    CableChain ch = chain(c, n, tension_only, sag);
    const auto result = hamdyn::solve_cable_equilibrium(ch);
    EXPECT_LT(largest_distance(ch.nodes, exact), 1e-11 * c.span)
        << "start sag " << sag << ", tension only " << tension_only;
    hamdyn::test_support::report(
        std::string("cable chain equilibrium against its exact solution, from ") +
            (sag > 0        ? "a parabola"
             : tension_only ? "the slack chord"
                            : "the compressed chord") +
            ", largest node distance / span",
        largest_distance(ch.nodes, exact) / c.span);
    EXPECT_LE(result.residual, std::max(1e-10, result.residual_floor));
    EXPECT_LT(result.iterations, 300u);
  }
}

TEST(CableEquilibrium, ConvergesToTheElasticCatenaryAtSecondOrder) {
  // supports at one level and inclined; the error at the nodes against Irvine's closed form
  for (const Cable& c : {Cable{100, 0, 2e5, 10, 102}, Cable{80, 30, 1e6, 15, 95}}) {
    const auto exact =
        hamdyn::exact::ElasticCatenary::with_length({c.span, c.rise, c.ea, c.weight}, c.length);
    double previous = 0;
    for (const unsigned n : {8u, 16u, 32u, 64u, 128u}) {
      CableChain ch = chain(c, n, false);
      hamdyn::solve_cable_equilibrium(ch);
      std::vector<Vector2> on_catenary;
      for (unsigned i = 0; i <= n; ++i) {
        const auto p = exact.position(c.length * i / n);
        on_catenary.push_back({p.x, p.z});
      }
      const double error = largest_distance(ch.nodes, on_catenary);
      if (previous > 0) {
        const double rate = std::log2(previous / error);
        EXPECT_NEAR(rate, 2.0, 0.05) << "n = " << n << ", rise " << c.rise;
        if (n == 128)
          hamdyn::test_support::report(std::string("cable chain against the elastic catenary (") +
                                           (c.rise > 0 ? "inclined" : "level") +
                                           "), order in h at 128 elements",
                                       rate);
      }
      previous = error;
    }
    EXPECT_LT(previous, 1e-3 * c.span);
  }
}

TEST(CableEquilibrium, HangsFromOneSupportAndRefusesToFall) {
  // one end free: from the horizontal the chain swings down to hang straight below its support,
  // each element carrying the weight below it (the top one w (L - L_e / 2), the free node's
  // share w L_e / 2 lying below it)
  const Cable c{100, 0, 2e5, 10, 102};
  const unsigned n = 10;
  CableChain ch = chain(c, n, false);
  ch.held.back() = false;
  hamdyn::solve_cable_equilibrium(ch);
  const double le = c.length / n;
  for (unsigned k = 0; k < n; ++k) {
    const Vector2 d{ch.nodes[k + 1][0] - ch.nodes[k][0], ch.nodes[k + 1][1] - ch.nodes[k][1]};
    const double carried = c.weight * (c.length - le * (k + 0.5));
    EXPECT_NEAR(ch.elements[k].tension(d), carried, 1e-9 * c.weight * c.length) << "element " << k;
    EXPECT_NEAR(ch.nodes[k + 1][0], 0, 1e-9 * c.length);
  }
  // nothing held: no equilibrium
  ch.held.front() = false;
  EXPECT_THROW(hamdyn::solve_cable_equilibrium(ch), std::invalid_argument);
}
