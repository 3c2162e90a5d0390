#include "exact/string_frequencies.h"

#include <cmath>
#include <limits>

namespace hamdyn::exact {

namespace {
// Gauss-Legendre rule on [0, L] composed of `pieces` panels of 8 points.
double integrate(const std::function<double(double)>& f, double length, int pieces) {
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                              0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                              0.1012285362903763};
  double sum = 0;
  const double h = length / pieces;
  for (int p = 0; p < pieces; ++p) {
    const double mid = (p + 0.5) * h;
    for (int q = 0; q < 4; ++q)
      sum += w[q] * (f(mid - 0.5 * h * x[q]) + f(mid + 0.5 * h * x[q])) * 0.5 * h;
  }
  return sum;
}
} // namespace

std::vector<double> string_frequencies(const StringWithEndMass& s, unsigned int n) {
  const double c = std::sqrt(s.tension / s.mass_per_length);
  // g(bL) with w = b c; continuous in b, one sign change per root.
  auto g = [&](double bl) {
    const double b = bl / s.length, w = b * c;
    if (s.right_fixed)
      return std::sin(bl);
    return s.tension * b * std::cos(bl) + (s.end_spring - s.end_mass * w * w) * std::sin(bl);
  };
  std::vector<double> roots;
  const double step = M_PI / 2000;
  double left = 1e-9, g_left = g(left);
  while (roots.size() < n) {
    const double right = left + step, g_right = g(right);
    if (g_left == 0 || (g_left < 0) != (g_right < 0)) {
      double a = left, b = right, ga = g_left;
      for (int it = 0; it < 200 && b - a > 4 * std::numeric_limits<double>::epsilon() * b; ++it) {
        const double m = 0.5 * (a + b), gm = g(m);
        if ((gm < 0) == (ga < 0)) {
          a = m;
          ga = gm;
        } else
          b = m;
      }
      roots.push_back(0.5 * (a + b) / s.length * c);
    }
    left = right;
    g_left = g_right;
  }
  return roots;
}

StringModalSeries::StringModalSeries(const StringWithEndMass& s, unsigned int n_modes,
                                     const std::function<double(double)>& u0,
                                     const std::function<double(double)>& v0)
    : s_(s), omega_(string_frequencies(s, n_modes)) {
  const double c = std::sqrt(s.tension / s.mass_per_length);
  const double end_mass = s.right_fixed ? 0.0 : s.end_mass;
  for (double w : omega_) {
    const double b = w / c;
    auto phi = [b](double x) { return std::sin(b * x); };
    const double modal_mass =
        integrate([&](double x) { return s.mass_per_length * phi(x) * phi(x); }, s.length, 400) +
        end_mass * phi(s.length) * phi(s.length);
    auto project = [&](const std::function<double(double)>& f) {
      return (integrate([&](double x) { return s.mass_per_length * f(x) * phi(x); }, s.length,
                        400) +
              end_mass * f(s.length) * phi(s.length)) /
             modal_mass;
    };
    beta_.push_back(b);
    a_.push_back(project(u0));
    b_.push_back(project(v0));
  }
}

double StringModalSeries::displacement(double x, double t) const {
  double u = 0;
  for (std::size_t k = 0; k < omega_.size(); ++k)
    u += std::sin(beta_[k] * x) *
         (a_[k] * std::cos(omega_[k] * t) + b_[k] / omega_[k] * std::sin(omega_[k] * t));
  return u;
}

double StringModalSeries::velocity(double x, double t) const {
  double v = 0;
  for (std::size_t k = 0; k < omega_.size(); ++k)
    v += std::sin(beta_[k] * x) *
         (-a_[k] * omega_[k] * std::sin(omega_[k] * t) + b_[k] * std::cos(omega_[k] * t));
  return v;
}

} // namespace hamdyn::exact
