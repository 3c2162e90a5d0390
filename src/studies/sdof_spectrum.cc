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
};
} // namespace

SpectralValues sdof_spectrum(const std::vector<double>& t, const std::vector<double>& a,
                             double period, double zeta, double until) {
  const double w = 2 * M_PI / period, wd = w * std::sqrt(1 - zeta * zeta);
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
  if ((t.empty() ? 0.0 : t.back()) < until && (u != 0 || v != 0)) {
    const double c1 = u, c2 = (v + zeta * w * u) / wd;
    const double r = std::hypot(c1, c2), phi = std::atan2(c2, c1);
    const double theta0 = -std::atan(zeta / std::sqrt(1 - zeta * zeta));
    double theta = theta0 + std::ceil((-phi - theta0) / M_PI) * M_PI; // the first >= -phi
    const double s = (theta + phi) / wd;
    const double end = until - (t.empty() ? 0.0 : t.back());
    if (s <= end)
      peak = std::max(peak, std::exp(-zeta * w * s) * r * std::abs(std::cos(theta)));
  }
  return {peak, w * peak, w * w * peak};
}

} // namespace hamdyn
