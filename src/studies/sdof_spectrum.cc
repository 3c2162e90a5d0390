#include "studies/sdof_spectrum.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
// The recurrence's coefficients for one step h (Chopra eqs. 5.2.6 to 5.2.9 with m = 1, k =
// omega^2 and the load p = -a_g).
struct Step {
  double a, b, c, d, a1, b1, c1, d1;
  Step(double w, double zeta, double h) {
    if (zeta >= 1) {
      overdamped(w, zeta, h);
      return;
    }
    const double root = std::sqrt(1 - zeta * zeta), wd = w * root, k = w * w;
    const double e = std::exp(-zeta * w * h), s = std::sin(wd * h), co = std::cos(wd * h);
    a = e * (zeta / root * s + co);
    b = e * s / wd;
    c = (2 * zeta / (w * h) + e * (((1 - 2 * zeta * zeta) / (wd * h) - zeta / root) * s -
                                   (1 + 2 * zeta / (w * h)) * co)) /
        k;
    d = (1 - 2 * zeta / (w * h) +
         e * ((2 * zeta * zeta - 1) / (wd * h) * s + 2 * zeta / (w * h) * co)) /
        k;
    a1 = -e * w / root * s;
    b1 = e * (co - zeta / root * s);
    c1 = (-1 / h + e * ((w / root + zeta / (h * root)) * s + co / h)) / k;
    d1 = (1 - e * (zeta / root * s + co)) / (k * h);
  }

  // zeta >= 1 (Chopra's coefficients hold for zeta < 1 only): the same exact step from the
  // first-order form x' = A x + (0, 1) p, A = [0 1; -k -2 zeta w]. Its transition matrix is
  // E = e^(Ah) = e^(-zeta w h) [cosh(delta h) I + sinh(delta h)/delta (A + zeta w I)], delta =
  // w sqrt(zeta^2 - 1) (sinh(delta h)/delta -> h at critical damping), and for p linear on the
  // step x(h) = E x0 + F p0 + J (p1 - p0)/h with F = A^-1 (E - I) (0, 1) and J = h F -
  // h A^-1 E (0, 1) + A^-1 F (variation of constants; A^-1 = [-2 zeta w, -1; k, 0] / k).
  void overdamped(double w, double zeta, double h) {
    const double k = w * w, c2 = 2 * zeta * w, zw = zeta * w,
                 delta = w * std::sqrt(zeta * zeta - 1);
    const double g = std::exp(-zw * h), ch = std::cosh(delta * h),
                 sh = delta * h > 0 ? std::sinh(delta * h) / delta : h;
    a = g * (ch + sh * zw);
    b = g * sh;
    a1 = -g * sh * k;
    b1 = g * (ch - sh * zw);
    const double f0 = (1 - c2 * b - b1) / k, f1 = b;
    const double j0 = h * f0 + h * (c2 * b + b1) / k - (c2 * f0 + f1) / k, j1 = f0;
    c = f0 - j0 / h;
    d = j0 / h;
    c1 = f1 - j1 / h;
    d1 = j1 / h;
  }
};

// The largest |u| of the free motion from (u, v) over a time `span` with zeta >= 1: at most one
// extremum (v = 0 once at most), found by stepping a tenth of the period at a time until v
// changes sign and then bisecting that piece with exact steps of the length tried.
double overdamped_free_peak(double u, double v, double w, double zeta, double span) {
  const double piece = 0.1 * 2 * M_PI / w;
  double peak = std::abs(u), s = 0;
  const Step full(w, zeta, piece);
  while (s < span && v != 0) {
    const double h = std::min(piece, span - s);
    const Step step = h == piece ? full : Step(w, zeta, h);
    const double un = step.a * u + step.b * v, vn = step.a1 * u + step.b1 * v;
    if ((vn > 0) != (v > 0)) { // the extremum lies in this piece
      double lo = 0, hi = h;
      for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        const Step part(w, zeta, mid);
        ((part.a1 * u + part.b1 * v > 0) == (v > 0) ? lo : hi) = mid;
      }
      const Step at(w, zeta, 0.5 * (lo + hi));
      return std::max(peak, std::abs(at.a * u + at.b * v));
    }
    u = un;
    v = vn;
    s += h;
    peak = std::max(peak, std::abs(u));
  }
  return peak;
}
} // namespace

SpectralValues sdof_spectrum(const std::vector<double>& t, const std::vector<double>& a,
                             double period, double zeta, double until) {
  const double w = 2 * M_PI / period;
  double u = 0, v = 0, peak = 0;
  // a record's steps are cut into pieces of at most a tenth of the period, so that the peak,
  // found at the pieces' ends, is missed by at most 1 - cos(pi / 10) ~ 5 % of a cycle's crest
  // only between samples (the excitation stays linear on each piece: still exact)
  double h_cached = -1;
  Step step(w, zeta, 1);
  for (std::size_t i = 0; i + 1 < t.size(); ++i) {
    const double h = t[i + 1] - t[i];
    const auto pieces = static_cast<unsigned long>(std::ceil(10 * h / period));
    const double piece = h / double(pieces);
    if (piece != h_cached) {
      step = Step(w, zeta, piece);
      h_cached = piece;
    }
    for (unsigned long j = 0; j < pieces; ++j) {
      const double p0 = -(a[i] + (a[i + 1] - a[i]) * double(j) / double(pieces)),
                   p1 = -(a[i] + (a[i + 1] - a[i]) * double(j + 1) / double(pieces));
      const double un = step.a * u + step.b * v + step.c * p0 + step.d * p1;
      v = step.a1 * u + step.b1 * v + step.c1 * p0 + step.d1 * p1;
      u = un;
      peak = std::max(peak, std::abs(u));
    }
  }
  // After the record (zero excitation; a record ending at a nonzero sample is taken to fall to
  // zero at once) the motion is a decaying cosine, u = e^(-zeta w s) R cos(wd s - phi): its first
  // extremum at s >= 0 is the largest one, tan(wd s - phi) = -zeta / sqrt(1 - zeta^2).
  const double end = until - (t.empty() ? 0.0 : t.back()); // the free motion's span
  const bool moves_after_record = end > 0 && (u != 0 || v != 0);
  if (moves_after_record && zeta >= 1)
    peak = std::max(peak, overdamped_free_peak(u, v, w, zeta, end));
  else if (moves_after_record) {
    const double wd = w * std::sqrt(1 - zeta * zeta);
    const double c1 = u, c2 = (v + zeta * w * u) / wd;
    const double r = std::hypot(c1, c2), phi = std::atan2(c2, c1);
    const double theta0 = -std::atan(zeta / std::sqrt(1 - zeta * zeta));
    double theta = theta0 + std::ceil((-phi - theta0) / M_PI) * M_PI; // the first >= -phi
    const double s = (theta + phi) / wd;
    if (s <= end)
      peak = std::max(peak, std::exp(-zeta * w * s) * r * std::abs(std::cos(theta)));
  }
  return {peak, w * peak, w * w * peak};
}

} // namespace hamdyn
