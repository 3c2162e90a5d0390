// The exact step of the modal scheme (time/exact_modal_step.h) and the matrix exponential under it
// (time/matrix_exponential.h): a rotation's exponential against cos and sin; a damped SDOF under
// a ramp load against its closed-form response at a step of two radians, with the step's
// dissipation and work against the closed form integrated by Gauss-Legendre; a two-DOF system
// with non-proportional damping and a mode damped far beyond critical (e^{zeta omega h} ~ 1e43)
// stepped at h and at h / 64 (both exact: they must agree to round-off) with its energy balance.
#include "time/exact_modal_step.h"
#include "time/matrix_exponential.h"

#include <gtest/gtest.h>

#include <cmath>

#include "support/case_builder.h"

using namespace hamdyn;

namespace {
dealii::FullMatrix<double> matrix(std::initializer_list<std::initializer_list<double>> rows) {
  dealii::FullMatrix<double> a(rows.size());
  unsigned int i = 0;
  for (const auto& row : rows) {
    unsigned int j = 0;
    for (double value : row)
      a(i, j++) = value;
    ++i;
  }
  return a;
}
} // namespace

TEST(MatrixExponential, RotationAgainstCosineAndSine) {
  for (const double theta : {0.3, 7.0, 50.0}) {
    DenseMatrix a(2);
    a(0, 1) = theta;
    a(1, 0) = -theta;
    const DenseMatrix e = matrix_exponential(a);
    const double error =
        std::max({std::abs(e(0, 0) - std::cos(theta)), std::abs(e(0, 1) - std::sin(theta)),
                  std::abs(e(1, 0) + std::sin(theta)), std::abs(e(1, 1) - std::cos(theta))});
    test_support::report("exp of a rotation by " + std::to_string(theta) + " rad, error", error);
    EXPECT_LT(error, 1e-14 * std::max(1.0, theta));
  }
}

TEST(ExactModalStep, DampedOscillatorUnderARampIsExactAtLargeSteps) {
  // m q'' + c q' + k q = F t from rest: q = (F / k)(t - c / k) + e^{-zeta w t}(A cos + B sin)
  const double m = 2, c = 0.6, k = 800, force = 5, h = 0.1; // omega h = 2
  const double w = std::sqrt(k / m), zeta = c / (2 * std::sqrt(k * m)),
               wd = w * std::sqrt(1 - zeta * zeta);
  const double a = force * c / (k * k), b = (zeta * w * a - force / k) / wd;
  auto exact = [&](double t) {
    const double e = std::exp(-zeta * w * t), cs = std::cos(wd * t), sn = std::sin(wd * t);
    const double q = force / k * (t - c / k) + e * (a * cs + b * sn);
    const double v = force / k + e * ((-zeta * w * a + b * wd) * cs - (a * wd + zeta * w * b) * sn);
    return std::make_pair(q, v);
  };
  ExactModalStep step(matrix({{m}}), matrix({{c}}), matrix({{k}}));
  std::vector<double> q{0}, v{0};
  double dissipated = 0, work = 0, worst = 0, scale = 0;
  const unsigned int n = 40;
  for (unsigned int i = 0; i < n; ++i) {
    const double t0 = i * h, t1 = t0 + h;
    step.step(q, v, {force * t0}, {force * t1}, h, dissipated, work);
    const auto [qe, ve] = exact(t1);
    worst = std::max({worst, std::abs(q[0] - qe), std::abs(v[0] - ve) / w});
    scale = std::max(scale, std::abs(qe));
  }
  test_support::report("SDOF under a ramp, omega h = 2: largest error / largest |q|",
                       worst / scale);
  EXPECT_LT(worst / scale, 1e-12);

  // int c v^2 dt and int F t v dt over [0, n h] by 20-point Gauss-Legendre on each step of the
  // closed form: the integrand is smooth on a step, so this is exact to round-off
  const double x[10] = {0.0765265211334973, 0.2277858511416451, 0.3737060887154195,
                        0.5108670019508271, 0.6360536807265150, 0.7463319064601508,
                        0.8391169718222188, 0.9122344282513259, 0.9639719272779138,
                        0.9931285991850949};
  const double wt[10] = {0.1527533871307258, 0.1491729864726037, 0.1420961093183820,
                         0.1316886384491766, 0.1181945319615184, 0.1019301198172404,
                         0.0832767415767048, 0.0626720483341091, 0.0406014298003869,
                         0.0176140071391521};
  double dissipated_exact = 0, work_exact = 0;
  for (unsigned int i = 0; i < n; ++i)
    for (int g = 0; g < 10; ++g)
      for (const double sign : {-1.0, 1.0}) {
        const double t = (i + 0.5 + 0.5 * sign * x[g]) * h, ve = exact(t).second;
        dissipated_exact += 0.5 * h * wt[g] * c * ve * ve;
        work_exact += 0.5 * h * wt[g] * force * t * ve;
      }
  const double energy = 0.5 * m * v[0] * v[0] + 0.5 * k * q[0] * q[0];
  // the dissipation is 5e-4 of the work here: both are held to round-off of the work
  test_support::report("dissipation's error, relative to the work",
                       std::abs(dissipated - dissipated_exact) / work_exact);
  test_support::report("work's relative error", std::abs(work / work_exact - 1));
  test_support::report("energy balance T + V + D - W, relative to W",
                       std::abs(energy + dissipated - work) / work);
  EXPECT_LT(std::abs(dissipated - dissipated_exact) / work_exact, 1e-14);
  EXPECT_LT(std::abs(work / work_exact - 1), 1e-12);
  EXPECT_LT(std::abs(energy + dissipated - work) / work, 5e-14);
}

TEST(ExactModalStep, HeavilyDampedCoupledModesAgreeAtEveryStepSize) {
  // M = I, K = diag(1, 1e6), C non-proportional with the stiff coordinate damped far beyond
  // critical (zeta ~ 50); the load sin-like but linear over each step
  const auto m = matrix({{1, 0}, {0, 1}}), c = matrix({{0.05, 0.4}, {0.4, 1e5}}),
             k = matrix({{1, 0}, {0, 1e6}});
  const double h = 1e-3; // omega_2 h = 1, zeta_2 omega_2 h = 50
  const unsigned int n = 200, fine = 64;
  ExactModalStep coarse_step(m, c, k), fine_step(m, c, k);
  std::vector<double> q{0.01, 0.001}, v{0.2, 0}, qf(q), vf(v);
  double d = 0, w = 0, df = 0, wf = 0, worst = 0;
  auto load = [](double t) { return std::vector<double>{3 * t, -t}; };
  const double e0 = 0.5 * (v[0] * v[0] + v[1] * v[1] + q[0] * q[0] + 1e6 * q[1] * q[1]);
  for (unsigned int i = 0; i < n; ++i) {
    coarse_step.step(q, v, load(i * h), load((i + 1) * h), h, d, w);
    for (unsigned int j = 0; j < fine; ++j) {
      const double t0 = i * h + j * h / fine;
      fine_step.step(qf, vf, load(t0), load(t0 + h / fine), h / fine, df, wf);
    }
    worst = std::max({worst, std::abs(q[0] - qf[0]), std::abs(q[1] - qf[1]) * 1e3,
                      std::abs(v[0] - vf[0]), std::abs(v[1] - vf[1]) * 1e-3});
  }
  const double energy = 0.5 * (v[0] * v[0] + v[1] * v[1] + q[0] * q[0] + 1e6 * q[1] * q[1]);
  test_support::report("steps h and h/64 apart (scaled by omega)", worst);
  test_support::report("dissipation at h and h/64, relative", std::abs(d / df - 1));
  test_support::report("energy balance, relative to the initial energy",
                       std::abs(energy + d - w - e0) / e0);
  EXPECT_LT(worst, 1e-12);
  EXPECT_LT(std::abs(d / df - 1), 1e-12);
  // the quadratic forms sum terms up to c_22 / omega_1 ~ 1e5 times the energy: round-off of that
  EXPECT_LT(std::abs(energy + d - w - e0) / e0, 1e-11);
}
