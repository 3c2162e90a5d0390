#include "exact/elastic_catenary.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn::exact {

namespace {
constexpr double eps = std::numeric_limits<double>::epsilon();

/// A residual r(p) of two unknowns and its Jacobian, row by row.
struct System2 {
  double r0, r1, j00, j01, j10, j11;
};

/// Newton's method on two unknowns, each step halved until the residual decreases and
/// `feasible` holds (the catenary's H and L0 stay positive); it stops where no step decreases
/// the residual any more (round-off) or the step is below a few ulps of p.
std::array<double, 2> newton2(const std::function<System2(const std::array<double, 2>&)>& f,
                              std::array<double, 2> p,
                              const std::function<bool(const std::array<double, 2>&)>& feasible,
                              double scale, const char* what) {
  System2 s = f(p);
  auto size = [](const System2& r) { return std::max(std::abs(r.r0), std::abs(r.r1)); };
  for (int iteration = 0; iteration < 200 && size(s) > 0; ++iteration) {
    const double det = s.j00 * s.j11 - s.j01 * s.j10;
    const std::array<double, 2> d{
        {(-s.r0 * s.j11 + s.r1 * s.j01) / det, (-s.r1 * s.j00 + s.r0 * s.j10) / det}};
    double lambda = 1;
    bool improved = false;
    std::array<double, 2> q{};
    System2 t{};
    for (int halving = 0; halving < 60 && !improved; ++halving, lambda /= 2) {
      q = {{p[0] + lambda * d[0], p[1] + lambda * d[1]}};
      if (feasible(q) && std::isfinite(det)) {
        t = f(q);
        improved = size(t) < size(s);
      }
    }
    if (!improved)
      break; // at round-off
    const bool small = std::abs(q[0] - p[0]) <= 4 * eps * std::abs(q[0]) &&
                       std::abs(q[1] - p[1]) <= 4 * eps * std::abs(q[1]);
    p = q;
    s = t;
    if (small)
      break;
  }
  if (!(size(s) <= 1e-9 * scale))
    throw std::domain_error(std::string("the elastic catenary with the given ") + what +
                            " was not found (Newton's residual " + std::to_string(size(s)) + " m)");
  return p;
}

void check_span(const CableSpan& c) {
  if (!(c.span > 0) || !std::isfinite(c.rise) || !(c.axial_stiffness > 0) || !(c.weight >= 0) ||
      !std::isfinite(c.axial_stiffness) || !std::isfinite(c.weight))
    throw std::domain_error("an elastic catenary needs span > 0, a finite rise, EA > 0 and w >= 0");
}
} // namespace

namespace {
/// Means over y in [a, a + d] of the integrands the catenary's closed form and its derivatives
/// are made of (r = sqrt(1 + y^2)): 1/r (x), y/r (z), 1/r^3, y^2/r^3 and -y/r^3. Written as
/// means, x and z need no factor H/w, whose product with a difference of two asinh or two roots
/// loses every digit as the weight goes to zero (the taut limit) or the segment is short.
struct Means {
  double inv_r, y_r, inv_r3, y2_r3, minus_y_r3;
};

Means means(double a, double d) {
  const double b = a + d, ra = std::sqrt(1 + a * a), rb = std::sqrt(1 + b * b);
  Means m{};
  m.y_r = (a + b) / (ra + rb);                     // (rb - ra) / d
  m.minus_y_r3 = -(a + b) / ((ra + rb) * ra * rb); // (1/rb - 1/ra) / d
  if (std::abs(d) < 0.05) {
    // 5-point Gauss-Legendre: the integrands are analytic within distance 1 of the segment
    // (poles at y = +-i), so the rule is exact to round-off for |d| < 0.05, where the closed
    // forms' differences cancel
    static const double node[5] = {-0.9061798459386640, -0.5384693101056831, 0.0,
                                   0.5384693101056831, 0.9061798459386640};
    static const double weight[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889,
                                     0.4786286704993665, 0.2369268850561891};
    m.inv_r = m.inv_r3 = m.y2_r3 = 0;
    for (int k = 0; k < 5; ++k) {
      const double y = a + 0.5 * d * (1 + node[k]), r2 = 1 + y * y, r = std::sqrt(r2);
      m.inv_r += 0.5 * weight[k] / r;
      m.inv_r3 += 0.5 * weight[k] / (r * r2);
      m.y2_r3 += 0.5 * weight[k] * y * y / (r * r2);
    }
    return m;
  }
  // asinh b - asinh a = asinh(b ra - a rb), and b ra - a rb = d (a + b) / (b ra + a rb) without
  // cancellation where a and b have one sign (where they differ the plain difference adds)
  const bool one_sign = a * b > 0;
  const double across = (b * ra + a * rb);
  m.inv_r = (one_sign ? std::asinh(d * (a + b) / across) : std::asinh(b) - std::asinh(a)) / d;
  m.inv_r3 = one_sign ? (a + b) / (across * ra * rb) : (b / rb - a / ra) / d;
  m.y2_r3 = m.inv_r - m.inv_r3; // y^2/r^3 = 1/r - 1/r^3
  return m;
}
} // namespace

struct ElasticCatenary::Ends {
  System2 by_h_v;  // unknowns (H, V)
  System2 by_v_l0; // unknowns (V, L0)
};

ElasticCatenary::Ends ElasticCatenary::ends(const CableSpan& c, double h, double v, double l0) {
  const double w = c.weight, ea = c.axial_stiffness;
  const double a = v / h, b = a + w * l0 / h, rb = std::sqrt(1 + b * b);
  const Means m = means(a, w * l0 / h);
  const double dx = h * l0 / ea + l0 * m.inv_r - c.span;
  const double dz = (v * l0 + 0.5 * w * l0 * l0) / ea + l0 * m.y_r - c.rise;
  // d/dV and d/dH of (H / w) times a difference over [a, b] are (L0 / H) times a mean
  const double x_v = l0 / h * m.minus_y_r3, x_l = h / ea + 1 / rb;
  const double x_h = l0 / ea + l0 / h * m.y2_r3;
  const double z_v = l0 / ea + l0 / h * m.inv_r3, z_l = (v + w * l0) / ea + b / rb;
  const double z_h = x_v; // the complementary energy's Hessian is symmetric
  return {{dx, dz, x_h, x_v, z_h, z_v}, {dx, dz, x_v, x_l, z_v, z_l}};
}

ElasticCatenary ElasticCatenary::with_length(const CableSpan& c, double l0) {
  check_span(c);
  if (!(l0 > 0) || !std::isfinite(l0))
    throw std::domain_error("an elastic catenary needs an unstretched length > 0");
  const double chord = std::hypot(c.span, c.rise), w = c.weight;
  // start: a parabola of the same length hanging below the chord (its length c + 8 d^2 / 3c),
  // or, when the cable is shorter than the chord, the tension that stretches it straight
  const double sag = std::max(std::sqrt(3 * chord * std::max(l0 - chord, 0.0) / 8), 1e-3 * chord);
  const double h0 =
      std::max(w * l0 * c.span / (8 * sag), c.axial_stiffness * (chord / l0 - 1) * c.span / chord);
  const double v0 = h0 * c.rise / c.span - w * l0 / 2;
  const auto p = newton2(
      [&](const std::array<double, 2>& q) { return ends(c, q[0], q[1], l0).by_h_v; }, {{h0, v0}},
      [](const std::array<double, 2>& q) { return q[0] > 0; }, chord, "unstretched length");
  return ElasticCatenary(c, p[0], p[1], l0);
}

ElasticCatenary ElasticCatenary::with_horizontal_tension(const CableSpan& c, double h) {
  check_span(c);
  if (!(h > 0) || !std::isfinite(h))
    throw std::domain_error("an elastic catenary needs a horizontal tension > 0");
  const double chord = std::hypot(c.span, c.rise), w = c.weight;
  // start: the parabola of this H (sag w l^2 / 8H), unstretched by H / EA
  const double sag = std::min(w * c.span * c.span / (8 * h), chord);
  const double l0 = (chord + 8 * sag * sag / (3 * chord)) / (1 + h / c.axial_stiffness);
  const double v0 = h * c.rise / c.span - w * l0 / 2;
  const auto p = newton2(
      [&](const std::array<double, 2>& q) { return ends(c, h, q[0], q[1]).by_v_l0; }, {{v0, l0}},
      [](const std::array<double, 2>& q) { return q[1] > 0; }, chord, "horizontal tension");
  return ElasticCatenary(c, h, p[0], p[1]);
}

ElasticCatenary ElasticCatenary::with_sag(const CableSpan& c, double sag) {
  check_span(c);
  if (!(sag > 0) || !std::isfinite(sag) || !(c.weight > 0))
    throw std::domain_error("an elastic catenary given by its sag needs a sag > 0 and w > 0");
  // The sag falls monotonically from infinity to 0 as H grows: bracket H, then bisect on log H
  // (Newton on the sag would need d(sag)/dH through the midspan point; bisection is exact to
  // the last bit in ~60 steps of a closed form).
  double high = c.weight * c.span * c.span / (8 * sag), low = high;
  auto sag_of = [&](double h) { return with_horizontal_tension(c, h).sag(); };
  while (sag_of(high) > sag)
    high *= 2;
  while (sag_of(low) < sag)
    low /= 2;
  while (high - low > 2 * eps * high) {
    const double middle = std::sqrt(low * high);
    if (middle <= low || middle >= high)
      break;
    (sag_of(middle) > sag ? low : high) = middle;
  }
  return with_horizontal_tension(c, 0.5 * (low + high));
}

PlaneVector ElasticCatenary::position(double s) const {
  const double w = c_.weight, ea = c_.axial_stiffness;
  const Means m = means(v_ / h_, w * s / h_);
  return {h_ * s / ea + s * m.inv_r, (v_ * s + 0.5 * w * s * s) / ea + s * m.y_r};
}

double ElasticCatenary::tension(double s) const {
  return std::hypot(h_, v_ + c_.weight * s);
}

double ElasticCatenary::coordinate_at(double x) const {
  // x(s) increases with s (dx/ds = H/T + H/EA > 0): Newton's method kept inside a bracket
  double low = 0, high = l0_, s = l0_ * x / c_.span;
  for (int iteration = 0; iteration < 200; ++iteration) {
    const double f = position(s).x - x;
    (f > 0 ? high : low) = s;
    const double next = s - f / (h_ / tension(s) + h_ / c_.axial_stiffness);
    const double bounded = next > low && next < high ? next : 0.5 * (low + high);
    if (bounded == s || high - low <= 2 * eps * l0_)
      return bounded;
    s = bounded;
  }
  return s;
}

double ElasticCatenary::sag() const {
  const double s = coordinate_at(c_.span / 2);
  return c_.rise / 2 - position(s).z;
}

} // namespace hamdyn::exact
