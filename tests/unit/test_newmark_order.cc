// Observed order of every integrator on a damped, forced single oscillator
//   m u'' + c u' + k u = F sin(W t)
// against its closed-form solution (the Boost.Odeint way: the declared order must be observed).
#include "terms/newmark_integrator.h"

#include <deal.II/lac/dynamic_sparsity_pattern.h>

#include <gtest/gtest.h>

#include <cmath>

#include "support/case_builder.h"

using namespace hamdyn;

namespace {
constexpr double m = 2.0, c = 0.8, k = 200.0, F = 3.0, W = 7.0, u0 = 0.01, v0 = -0.2, T = 2.0;

struct Exact {
  double u, v;
};

Exact exact(double t) {
  // particular A sin Wt + B cos Wt; homogeneous exp(-z w t)(C1 cos wd t + C2 sin wd t)
  const double a = k - m * W * W, b = c * W, det = a * a + b * b;
  const double A = F * a / det, B = -F * b / det;
  const double w0 = std::sqrt(k / m), z = c / (2 * std::sqrt(k * m)),
               wd = w0 * std::sqrt(1 - z * z);
  const double c1 = u0 - B, c2 = (v0 - A * W + z * w0 * c1) / wd;
  const double e = std::exp(-z * w0 * t), cs = std::cos(wd * t), sn = std::sin(wd * t);
  const double u = e * (c1 * cs + c2 * sn) + A * std::sin(W * t) + B * std::cos(W * t);
  const double v = e * (-z * w0 * (c1 * cs + c2 * sn) + wd * (-c1 * sn + c2 * cs)) +
                   A * W * std::cos(W * t) - B * W * std::sin(W * t);
  return {u, v};
}

// A one-DoF system; `listed_damping` puts c in the entry list instead of the M factor.
void make_oscillator(SecondOrderSystem& s, bool listed_damping) {
  s.comm = MPI_COMM_SELF;
  s.locally_owned = dealii::IndexSet(1);
  s.locally_owned.add_index(0);
  dealii::DynamicSparsityPattern dsp(1, 1);
  dsp.add(0, 0);
  s.mass.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  s.stiffness.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  s.mass.set(0, 0, m);
  s.stiffness.set(0, 0, k);
  s.mass.compress(dealii::VectorOperation::insert);
  s.stiffness.compress(dealii::VectorOperation::insert);
  if (listed_damping)
    s.extra_damping = {{0, 0, c}};
  else
    s.damping_mass_factor = c / m;
  s.load = [](double t, LA::Vector& f) {
    f(0) = F * std::sin(W * t);
    f.compress(dealii::VectorOperation::insert);
  };
}

double final_error(const NewmarkParameters& p, unsigned int n_steps, bool listed_damping) {
  SecondOrderSystem s;
  make_oscillator(s, listed_damping);
  NewmarkIntegrator integrator(s, p);
  State state;
  integrator.allocate(state);
  state.u(0) = u0;
  state.v(0) = v0;
  state.u.compress(dealii::VectorOperation::insert);
  state.v.compress(dealii::VectorOperation::insert);
  integrator.initialize(state);
  const double dt = T / n_steps;
  for (unsigned int n = 0; n < n_steps; ++n)
    integrator.step(state, dt);
  const Exact e = exact(T);
  return std::abs(state.u(0) - e.u) + std::abs(state.v(0) - e.v) / std::sqrt(k / m);
}

void expect_second_order(const NewmarkParameters& p, bool listed_damping) {
  std::vector<double> sizes, errors;
  for (unsigned int n : {400u, 800u, 1600u, 3200u}) {
    sizes.push_back(T / n);
    errors.push_back(final_error(p, n, listed_damping));
  }
  const double order = test_support::observed_order(sizes, errors);
  test_support::report(p.name + " (alpha_m " + std::to_string(p.alpha_m) + ") order", order);
  EXPECT_NEAR(order, 2.0, 0.05) << p.name << " am " << p.alpha_m << " af " << p.alpha_f;
  EXPECT_LT(errors.back(), 5e-5); // dt = T/3200; response amplitude ~1e-2
}
} // namespace

TEST(NewmarkOrder, GeneralizedAlphaIsSecondOrderForEverySpectralRadius) {
  for (double rho : {1.0, 0.8, 0.5, 0.0})
    expect_second_order(generalized_alpha_parameters(rho), false);
}

TEST(NewmarkOrder, CentralDifferenceIsSecondOrder) {
  expect_second_order(central_difference_parameters(), false);
}

TEST(NewmarkOrder, ListedDashpotsActLikeProportionalDamping) {
  expect_second_order(generalized_alpha_parameters(0.9), true);
  expect_second_order(central_difference_parameters(), true);
  EXPECT_NEAR(final_error(generalized_alpha_parameters(0.9), 800, true),
              final_error(generalized_alpha_parameters(0.9), 800, false), 1e-14);
}

TEST(NewmarkOrder, ChungHulbertParameters) {
  const auto p = generalized_alpha_parameters(1.0);
  EXPECT_DOUBLE_EQ(p.alpha_m, 0.5);
  EXPECT_DOUBLE_EQ(p.alpha_f, 0.5);
  EXPECT_DOUBLE_EQ(p.beta, 0.25);
  EXPECT_DOUBLE_EQ(p.gamma, 0.5);
  const auto q = generalized_alpha_parameters(0.0); // Chung & Hulbert eq. (25): am = -1, af = 0
  EXPECT_DOUBLE_EQ(q.alpha_m, -1.0);
  EXPECT_DOUBLE_EQ(q.alpha_f, 0.0);
  EXPECT_DOUBLE_EQ(q.gamma, 1.5);
  EXPECT_DOUBLE_EQ(q.beta, 1.0);
}
