// One generalized-alpha serves the line operator and the discrete systems' operator
// (time/newmark_scheme.h): the same damped, forced two-mass chain written as a discrete case and
// as a SecondOrderSystem by hand moves alike to round-off under every member of the family, so
// the two operators solve the same step equations (Chung & Hulbert, J. Appl. Mech. 60:371, 1993,
// eq. (8)) and the coefficients, predictor and corrector are the scheme's alone.
#include "core/case_parameters.h"
#include "discrete/discrete_integrator.h"
#include "terms/newmark_integrator.h"

#include <deal.II/lac/dynamic_sparsity_pattern.h>

#include <gtest/gtest.h>

#include <cmath>

#include "support/case_builder.h"

using namespace hamdyn;

namespace {
constexpr double m1 = 2.0, m2 = 1.0, k1 = 200.0, k2 = 100.0, c1 = 0.8, F = 3.0, W = 7.0;
constexpr double x0 = 0.01, dt = 2e-3;
constexpr unsigned n_steps = 1500;

using History = std::vector<std::vector<double>>; // (x1, x2) at every step

// M = diag(m1, m2), K = [[k1 + k2, -k2], [-k2, k2]], C = c1 at x1, f = F sin(W t) at x1.
void make_chain(SecondOrderSystem& s) {
  s.comm = MPI_COMM_SELF;
  s.locally_owned = dealii::IndexSet(2);
  s.locally_owned.add_range(0, 2);
  dealii::DynamicSparsityPattern dsp(2, 2);
  for (unsigned i = 0; i < 2; ++i)
    for (unsigned j = 0; j < 2; ++j)
      dsp.add(i, j);
  s.mass.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  s.stiffness.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  s.mass.set(0, 0, m1);
  s.mass.set(1, 1, m2);
  s.stiffness.set(0, 0, k1 + k2);
  s.stiffness.set(0, 1, -k2);
  s.stiffness.set(1, 0, -k2);
  s.stiffness.set(1, 1, k2);
  s.mass.compress(dealii::VectorOperation::insert);
  s.stiffness.compress(dealii::VectorOperation::insert);
  s.extra_damping = {{0, 0, c1}};
  s.load = [](double t, LA::Vector& f) {
    f(0) = F * std::sin(W * t);
    f(1) = 0;
    f.compress(dealii::VectorOperation::insert);
  };
}

History line_history(const NewmarkParameters& p) {
  SecondOrderSystem s;
  make_chain(s);
  NewmarkIntegrator integrator(s, p);
  State state;
  integrator.allocate(state);
  state.u(0) = x0;
  state.u.compress(dealii::VectorOperation::insert);
  integrator.initialize(state);
  History history{{state.u(0), state.u(1)}};
  for (unsigned n = 0; n < n_steps; ++n) {
    integrator.step(state, dt);
    history.push_back({state.u(0), state.u(1)});
  }
  return history;
}

History discrete_history(const NewmarkParameters& p) {
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text("subsection Model\n  set Type = discrete\nend\n"
                 "subsection Discrete system\n"
                 "  set Coordinates = x1, x2\n"
                 "  set Inertias = M1: 2 @ x1; M2: 1 @ x2\n"
                 "  set Springs = K1: 200*e @ x1; K2: 100*e @ x2 - x1\n"
                 "  set Dashpots = C1: 0.8 @ x1\n"
                 "  set Forces = F: 3*sin(7*t) @ x1\n"
                 "  set Initial displacements = x1: 0.01\n"
                 "end\n",
                 "chain");
  const CaseParameters c = parse_case_parameters(file, ".");
  const DiscreteSystem system(*c.discrete);
  DiscreteIntegrator integrator(system, p);
  DiscreteState state = integrator.initial_state();
  History history{{state.q[0], state.q[1]}};
  for (unsigned n = 1; n <= n_steps; ++n) {
    integrator.step(state, n * dt);
    history.push_back({state.q[0], state.q[1]});
  }
  return history;
}

void expect_same_motion(NewmarkParameters p) {
  p.nonlinear_tolerance = 1e-14;
  const auto line = line_history(p), discrete = discrete_history(p);
  ASSERT_EQ(line.size(), discrete.size());
  double largest = 0, difference = 0;
  for (std::size_t n = 0; n < line.size(); ++n)
    for (std::size_t i = 0; i < 2; ++i) {
      largest = std::max(largest, std::abs(line[n][i]));
      difference = std::max(difference, std::abs(line[n][i] - discrete[n][i]));
    }
  test_support::report(p.name + " (alpha_m " + std::to_string(p.alpha_m) +
                           "): largest line - discrete difference / largest |x|",
                       difference / largest);
  EXPECT_GT(largest, 5e-3); // it moves
  // the same recurrence, rounded in another order: a few ulps a step, over 1500 steps
  EXPECT_LT(difference, 1e-11 * largest) << p.name << ": " << difference / largest;
}
} // namespace

TEST(OneScheme, GeneralizedAlphaMovesLineAndDiscreteAlike) {
  for (double rho : {1.0, 0.8, 0.5, 0.0})
    expect_same_motion(generalized_alpha_parameters(rho));
}

TEST(OneScheme, CentralDifferenceMovesLineAndDiscreteAlike) {
  expect_same_motion(central_difference_parameters());
}
