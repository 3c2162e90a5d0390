// The seeds' discrete systems (../theory) written as case files and solved by the primal
// generalized-alpha with Newton's method, against references derived here: elliptic-integral
// periods, closed-form step responses, the 2x2 frequency response, the seeds' matrices and the
// dissipation function's power.
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "discrete/discrete_integrator.h"
#include "discrete/impulse_solution.h"
#include "reductions/dense_eigen.h"
#include "studies/convergence_study.h"
#include "studies/discrete_convergence.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>

namespace {
using namespace hamdyn;

CaseParameters discrete_case(const std::string& text, const std::vector<std::string>& sets = {}) {
  return test_support::case_from_text("subsection Model\n  set Type = discrete\nend\n" + text,
                                      sets);
}

// The states at every step of `c` (its time step and final time, rho_inf = Spectral radius).
std::vector<DiscreteState> simulate(const CaseParameters& c) {
  const DiscreteSystem system(*c.discrete);
  NewmarkParameters p = generalized_alpha_parameters(c.spectral_radius);
  p.nonlinear_tolerance = 1e-13;
  DiscreteIntegrator integrator(system, p);
  std::vector<DiscreteState> states{integrator.initial_state()};
  const auto n = static_cast<unsigned long>(std::ceil(c.final_time / c.time_step - 1e-9));
  for (unsigned long k = 1; k <= n; ++k) {
    states.push_back(states.back());
    integrator.step(states.back(), k == n ? c.final_time : double(k) * c.time_step);
  }
  return states;
}

// K(m) = pi / (2 AGM(1, sqrt(1 - m))) (Abramowitz & Stegun 17.6), m the parameter (k^2).
double complete_elliptic_k(double m) {
  double a = 1, b = std::sqrt(1 - m);
  for (int i = 0; i < 40; ++i)
    std::tie(a, b) = std::make_pair(0.5 * (a + b), std::sqrt(a * b));
  return M_PI / (2 * a);
}

// The time of the k-th downward crossing of zero by coordinate i, from the cubic Hermite
// interpolant of (q, v) over the step that crosses (error O(dt^4), below the scheme's O(dt^2)).
double downward_crossing(const std::vector<DiscreteState>& s, std::size_t i, int k) {
  for (std::size_t n = 1; n < s.size(); ++n) {
    const double q0 = s[n - 1].q[i], q1 = s[n].q[i];
    if (!(q0 > 0 && q1 <= 0) || --k > 0)
      continue;
    const double h = s[n].t - s[n - 1].t, v0 = s[n - 1].v[i] * h, v1 = s[n].v[i] * h;
    auto q = [&](double x) {
      return (2 * x * x * x - 3 * x * x + 1) * q0 + (x * x * x - 2 * x * x + x) * v0 +
             (-2 * x * x * x + 3 * x * x) * q1 + (x * x * x - x * x) * v1;
    };
    double a = 0, b = 1;
    for (int j = 0; j < 60; ++j)
      (q(0.5 * (a + b)) > 0 ? a : b) = 0.5 * (a + b);
    return s[n - 1].t + 0.5 * (a + b) * h;
  }
  return std::nan("");
}

double period(const CaseParameters& c, std::size_t i = 0, double shift = 0) {
  std::vector<DiscreteState> s = simulate(c);
  for (auto& state : s)
    state.q[i] -= shift;
  return downward_crossing(s, i, 2) - downward_crossing(s, i, 1);
}

// The same case by its impulse dual, as DiscreteStates (q, v recovered; no a, lambda).
std::vector<DiscreteState> simulate_dual(const CaseParameters& c) {
  const DiscreteSystem system(*c.discrete);
  const ImpulseSolution dual(system);
  ImpulseState s = dual.initial_state();
  std::vector<DiscreteState> states;
  auto record = [&] {
    DiscreteState state;
    state.t = s.t;
    state.q = s.q;
    state.v = s.v;
    state.dashpot_forces = std::vector<double>(s.G.begin(), s.G.end());
    states.push_back(state);
  };
  record();
  const auto n = static_cast<unsigned long>(std::ceil(c.final_time / c.time_step - 1e-9));
  for (unsigned long k = 1; k <= n; ++k) {
    dual.step(s, k == n ? c.final_time : double(k) * c.time_step);
    record();
  }
  return states;
}

double largest_difference(const std::vector<DiscreteState>& a,
                          const std::vector<DiscreteState>& b) {
  double largest = 0, difference = 0;
  for (std::size_t n = 0; n < std::min(a.size(), b.size()); ++n)
    for (unsigned int i = 0; i < a[n].q.size(); ++i) {
      largest = std::max(largest, std::abs(a[n].q[i]));
      difference = std::max(difference, std::abs(a[n].q[i] - b[n].q[i]));
    }
  return difference / largest;
}

const std::string hardening = R"(
subsection Discrete system
  set Coordinates = q
  set Inertias = m: 1.5 @ q
  set Springs = h: 2e4*e^3 @ q
  set Initial displacements = q: 0.1
end
subsection Time integration
  set Final time = 1.2
end
)";

// 000, Example 2: m q'' + h q^3 = 0 from amplitude A has the period (4/A) sqrt(m/h) K(1/sqrt 2)
// (K of modulus 1/sqrt 2, parameter 1/2); the primal converges to it at order 2 in dt.
TEST(DiscreteSystems, HardeningSpringPeriodConvergesAtOrderTwo) {
  const double exact = 4 / 0.1 * std::sqrt(1.5 / 2e4) * complete_elliptic_k(0.5);
  std::vector<double> steps, errors;
  for (double dt : {4e-4, 2e-4, 1e-4}) {
    const double measured =
        period(discrete_case(hardening, {"Time integration/Time step=" + std::to_string(dt)}));
    steps.push_back(dt);
    errors.push_back(std::abs(measured - exact));
  }
  test_support::report("hardening spring: period error at dt = 1e-4", errors.back() / exact);
  EXPECT_LT(errors.back() / exact, 2e-6);
  EXPECT_NEAR(test_support::observed_order(steps, errors), 2.0, 0.05);
}

// 000, Example 2 by its impulse dual (eq. 41, S''/(3 h^(1/3) S'^(2/3)) + S/m = 0, the
// compliance infinite at zero force): the period converges to the same elliptic value at order 2,
// and the dual's q, recovered from its impulses, equals the primal's.
TEST(DiscreteSystems, HardeningSpringDualConvergesToThePeriodAndToThePrimal) {
  const double exact = 4 / 0.1 * std::sqrt(1.5 / 2e4) * complete_elliptic_k(0.5);
  std::vector<double> steps, errors;
  for (double dt : {4e-4, 2e-4, 1e-4}) {
    const CaseParameters c =
        discrete_case(hardening, {"Time integration/Time step=" + std::to_string(dt)});
    const auto dual = simulate_dual(c);
    steps.push_back(dt);
    errors.push_back(
        std::abs(downward_crossing(dual, 0, 2) - downward_crossing(dual, 0, 1) - exact));
    if (dt == 1e-4) {
      const double difference = largest_difference(simulate(c), dual);
      test_support::report("hardening spring: dual against primal", difference);
      EXPECT_LT(difference, 1e-10);
    }
  }
  test_support::report("hardening spring: dual's period error at dt = 1e-4", errors.back() / exact);
  EXPECT_LT(errors.back() / exact, 2e-6);
  EXPECT_NEAR(test_support::observed_order(steps, errors), 2.0, 0.05);
}

// At rho_inf = 1 the elements' springs enter by their discrete gradient (Gonzalez, J. Nonlinear
// Sci. 6:449, 1996): T + V of the hardening spring, a polynomial law, and of the sliding bar, a
// sine law, stay at their initial value to Newton's tolerance (against the largest T), by the
// primal and by the dual, over a coarse step (the averaged forces lost 4e-5 to 1e-4 of it).
TEST(DiscreteSystems, NonlinearSpringsKeepTheEnergyAtSpectralRadiusOne) {
  const std::vector<CaseParameters> cases = {
      discrete_case(hardening, {"Time integration/Time step=1e-3"}),
      discrete_case(hardening,
                    {"Time integration/Time step=1e-3", "Discrete system/Initial velocities=q: 3"}),
      test_support::case_from_text(test_support::seed_case("sliding_bar.prm"),
                                   {"Time integration/Time step=2e-3",
                                    "Time integration/Final time=2",
                                    "Discrete system/Initial displacements=th: pi/2 + 0.6"})};
  for (const CaseParameters& c : cases) {
    const DiscreteSystem system(*c.discrete);
    auto energy = [&](const DiscreteState& s) {
      return system.kinetic_energy(s.q, s.v, s.t) + system.potential_energy(s.q, s.t);
    };
    const std::vector<DiscreteState> primal = simulate(c), dual = simulate_dual(c);
    // against the largest kinetic energy (V has an arbitrary origin: the bar's is negative)
    const double e0 = energy(primal.front());
    double largest_t = 0, primal_drift = 0, dual_drift = 0;
    for (const auto& s : primal)
      largest_t = std::max(largest_t, system.kinetic_energy(s.q, s.v, s.t));
    for (const auto& s : primal)
      primal_drift = std::max(primal_drift, std::abs(energy(s) - e0) / largest_t);
    for (const auto& s : dual)
      dual_drift = std::max(dual_drift, std::abs(energy(s) - e0) / largest_t);
    test_support::report("nonlinear spring at rho_inf = 1: largest |T + V - E0| / max T",
                         primal_drift);
    EXPECT_LT(primal_drift, 1e-12);
    EXPECT_LT(dual_drift, 1e-11);
    EXPECT_LT(largest_difference(primal, dual), 1e-10);
  }
}

// 000, Example 3: m l^2 th'' - 1/2 k l^2 sin 2th = 0 about th = pi/2 is the pendulum
// psi'' + (k/m) sin psi = 0 in psi = 2 (th - pi/2): period 4 K(sin^2(psi0/2)) / sqrt(k/m).
TEST(DiscreteSystems, SlidingBarHasThePendulumPeriod) {
  const double m = 2, k = 800, phi0 = 0.3, psi0 = 2 * phi0; // l = 0.5 m cancels
  const double exact = 4 * complete_elliptic_k(std::pow(std::sin(psi0 / 2), 2)) / std::sqrt(k / m);
  const std::string text = R"(
subsection Discrete system
  set Coordinates = th
  set Inertias = ml2: 2*0.5^2 @ th
  set Springs = k: -0.5*800*0.5^2*sin(2*e) @ th
  set Initial displacements = th: pi/2 + 0.3
end
subsection Time integration
  set Time step = 5e-5
  set Final time = 0.6
end
)";
  const double measured = period(discrete_case(text), 0, M_PI / 2);
  test_support::report("sliding bar: period error", std::abs(measured - exact) / exact);
  EXPECT_LT(std::abs(measured - exact) / exact, 1e-6);

  // The dual agrees while its torque law is invertible (|2 S-dot| < k l^2, eq. 54) ...
  const double difference =
      largest_difference(simulate(discrete_case(text)), simulate_dual(discrete_case(text)));
  test_support::report("sliding bar: dual against primal", difference);
  EXPECT_LT(difference, 1e-10);
  // ... and stops, naming the spring and the force, when the bar swings past th = pi/2 + pi/4,
  // where the torque -1/2 k l^2 sin 2th peaks at k l^2 / 2 = 100 N m (released at 0.7 rad with
  // 7 rad/s: 1/2 m l^2 7^2 = 12.25 J > V(pi/4) - V(0.7) = 50 cos 1.4 = 8.5 J).
  const CaseParameters fast =
      discrete_case(text, {"Discrete system/Initial displacements=th: pi/2 + 0.7",
                           "Discrete system/Initial velocities=th: 7"});
  const auto primal = simulate(fast);
  double crossing = std::nan("");
  for (const auto& s : primal)
    if (std::isnan(crossing) && s.q[0] - M_PI / 2 >= M_PI / 4)
      crossing = s.t;
  ASSERT_FALSE(std::isnan(crossing));
  try {
    simulate_dual(fast);
    ADD_FAILURE() << "the dual went past the peak of the torque law";
  } catch (const DualFailure& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("spring 'k'"), std::string::npos) << message;
    const double stop = std::stod(message.substr(message.find("t = ") + 4));
    EXPECT_NEAR(stop, crossing, 2e-4) << message; // within a step or two of the primal's crossing
    const double force = std::stod(message.substr(message.find("F = ") + 4));
    EXPECT_NEAR(force, 100, 1e-3) << message;
  }
}

const std::string two_masses_inertial = R"(
subsection Discrete system
  set Coordinates = y1, y2
  set Inertias = M1: 1 @ y1; M2: 0.5 @ y2
  set Springs = K1: 400*e @ y1; K2: 200*e @ y2 - y1; K3: 300*e @ y2
  set Dashpots = C1: 8 @ y1; C2: 4 @ y2 - y1; C3: 6 @ y2
  set Forces = F: 5*sin(25*t) @ y2
end
subsection Time integration
  set Time step = 2e-4
  set Final time = 8
end
)";
const std::string two_masses_relative = R"(
subsection Discrete system
  set Coordinates = x1, x2
  set Inertias = M1: 1 @ x1; M2: 0.5 @ x1 + x2
  set Springs = K1: 400*e @ x1; K2: 200*e @ x2; K3: 300*e @ x1 + x2
  set Dashpots = C1: 8 @ x1; C2: 4 @ x2; C3: 6 @ x1 + x2
  set Forces = F: 5*sin(25*t) @ x1 + x2
end
subsection Time integration
  set Time step = 2e-4
  set Final time = 8
end
)";

// 004, Examples 3.1 and 3.2: inertial (eqs. 71-73) and relative (eqs. 64-70) coordinates give
// the same y1 = x1, y2 = x1 + x2; the steady state under F sin(w t) on M2 has the amplitude
// |[(K - w^2 M + i w C)^-1]_{22} F| of eq. (73)'s matrices.
TEST(DiscreteSystems, InertialAndRelativeCoordinatesAgreeAndMatchTheFrequencyResponse) {
  const auto y = simulate(discrete_case(two_masses_inertial));
  const auto x = simulate(discrete_case(two_masses_relative));
  ASSERT_EQ(x.size(), y.size());
  double largest = 0, difference = 0;
  for (std::size_t n = 0; n < y.size(); ++n) {
    largest = std::max(largest, std::abs(y[n].q[1]));
    difference = std::max(
        {difference, std::abs(y[n].q[0] - x[n].q[0]), std::abs(y[n].q[1] - x[n].q[0] - x[n].q[1])});
  }
  test_support::report("inertial against relative coordinates", difference / largest);
  EXPECT_LT(difference, 1e-12 * largest);

  using C = std::complex<double>;
  const double w = 25, M1 = 1, M2 = 0.5, K1 = 400, K2 = 200, K3 = 300, C1 = 8, C2 = 4, C3 = 6;
  const C a11(K1 + K2 - w * w * M1, w * (C1 + C2)), a12(-K2, -w * C2),
      a22(K2 + K3 - w * w * M2, w * (C2 + C3));
  const double amplitude = std::abs(a11 / (a11 * a22 - a12 * a12)) * 5;
  double steady =
      0; // the largest |y2| over the last second (transients decay as e^{-4 t} or faster)
  for (const auto& s : y)
    if (s.t >= 7)
      steady = std::max(steady, std::abs(s.q[1]));
  test_support::report("steady-state amplitude of y2 against |H(w)| F", steady / amplitude - 1);
  EXPECT_NEAR(steady / amplitude, 1.0, 2e-4);
}

const std::string gear = R"(
subsection Discrete system
  set Coordinates = th1, th2
  set Inertias = J1: 0.02 @ th1; J2: 0.05 @ th2
  set Springs = K2: 150*e @ th2
  set Dashpots = C1: 0.3 @ th1
  set Forces = tau: 2 @ th1
end
subsection Constraints
  set Equations = mesh: 0 @ th2 - (20/40)*th1
end
subsection Time integration
  set Time step = 1e-4
  set Final time = 0.5
end
)";

// 004, sec. 4.3.1, eq. (113) for the step torque: (J1 + N^2 J2) th1'' + C1 th1' + N^2 K2 th1 = tau,
// N = N1/N2, a damped oscillator's step response from rest (closed form); and eq. (112).
struct GearReference {
  double J1 = 0.02, J2 = 0.05, C1 = 0.3, K2 = 150, N = 0.5, tau = 2;
  double J = J1 + N * N * J2, K = N * N * K2, w = std::sqrt(K / J),
         zeta = C1 / (2 * std::sqrt(K * J)), wd = w * std::sqrt(1 - zeta * zeta);
  double theta(double t) const {
    return tau / K *
           (1 - std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t)));
  }
  double rate(double t) const {
    return tau / K * w * w / wd * std::exp(-zeta * w * t) * std::sin(wd * t);
  }
  double lambda(double t) const { // (112) with th1'' from (113)
    const double acceleration = (tau - C1 * rate(t) - K * theta(t)) / J;
    return N * (J2 * acceleration + K2 * theta(t));
  }
};

// 004, sec. 4.3.1: th1 follows eq. (113), lambda equals eq. (112), (N1/N2)(J2 th1'' + K2 th1),
// and the tooth force eq. (114); multipliers and Gibbs-Appell agree.
TEST(DiscreteSystems, GearTrainAgainstEquations112And113) {
  const GearReference g;
  const double tau = g.tau, K = g.K, N = g.N;
  auto theta = [&](double t) { return g.theta(t); };
  auto lambda = [&](double t) { return g.lambda(t); };
  const auto multipliers = simulate(discrete_case(gear));
  const auto reduced = simulate(discrete_case(gear, {"Constraints/Method=Gibbs-Appell"}));
  double theta_error = 0, lambda_error = 0, methods = 0, lambda_scale = 0;
  for (std::size_t n = 0; n < multipliers.size(); ++n) {
    const auto& s = multipliers[n];
    theta_error = std::max(theta_error, std::abs(s.q[0] - theta(s.t)));
    lambda_error = std::max(lambda_error, std::abs(s.lambda[0] - lambda(s.t)));
    lambda_scale = std::max(lambda_scale, std::abs(lambda(s.t)));
    methods = std::max({methods, std::abs(s.q[0] - reduced[n].q[0]) / (tau / K),
                        std::abs(s.q[1] - reduced[n].q[1]) / (tau / K),
                        std::abs(s.lambda[0] - reduced[n].lambda[0]) / lambda_scale});
    EXPECT_NEAR(s.q[1], N * s.q[0], 1e-15) << "the gears mesh at t = " << s.t;
  }
  test_support::report("gear train: theta1 error relative to tau/K", theta_error / (tau / K));
  test_support::report("gear train: lambda error relative to its largest",
                       lambda_error / lambda_scale);
  test_support::report("gear train: multipliers against Gibbs-Appell", methods);
  // The same mesh written at the pitch circles, r2 th2' - r1 th1' = 0 (r1/r2 = N1/N2): its
  // multiplier is the tooth force, f_c = lambda / r2 of eq. (114).
  const double r2 = 0.1;
  const auto pitch =
      simulate(discrete_case(gear, {"Constraints/Equations=contact: 0 @ 0.1*th2 - 0.05*th1"}));
  double tooth_error = 0;
  for (std::size_t n = 0; n < pitch.size(); ++n)
    tooth_error = std::max(tooth_error, std::abs(pitch[n].lambda[0] - lambda(pitch[n].t) / r2));
  test_support::report("gear train: tooth force error relative to its largest (eq. 114)",
                       tooth_error / (lambda_scale / r2));
  EXPECT_LT(tooth_error / (lambda_scale / r2), 1e-5);
  const double dual = largest_difference(multipliers, simulate_dual(discrete_case(gear)));
  test_support::report("gear train: impulse dual against multipliers", dual);
  EXPECT_LT(dual, 1e-11);
  EXPECT_LT(theta_error / (tau / K), 1e-5);
  EXPECT_LT(lambda_error / lambda_scale, 1e-5);
  EXPECT_LT(methods, 1e-12);
}

// `hamdyn converge` of a discrete system (Refine = dt): the gear train's th1 converges at order 2
// of generalized-alpha, and the error the study estimates by Richardson extrapolation from its
// levels is the true error against eq. (113)'s closed form.
TEST(DiscreteSystems, ConvergenceStudyOfTheGearTrain) {
  const std::vector<std::string> sets{"Time integration/Time step=2e-3", "Convergence/Refine=dt",
                                      "Convergence/Number of frequencies=0",
                                      "Convergence/History=th1", "Convergence/Levels=4"};
  const CaseParameters c = discrete_case(gear, sets);
  const ConvergenceResult result = run_convergence_study(c, DiscreteConvergence(), MPI_COMM_WORLD);
  ASSERT_EQ(result.rows.size(), 4u);
  const GearReference g;
  for (const ConvergenceRow& row : result.rows) {
    EXPECT_EQ(row.reference_kind, "richardson");
    EXPECT_EQ(row.expected_order, 2.0);
    // the level's true error at the coarsest level's output times (every 2^level-th step)
    const auto states = simulate(convergence_level(c, row.level));
    double error = 0;
    for (std::size_t n = 0; n < states.size(); n += std::size_t(1) << row.level)
      error = std::max(error, std::abs(states[n].q[0] - g.theta(states[n].t)));
    test_support::report("gear converge: level " + std::to_string(row.level) +
                             " estimated error against the true one",
                         row.error / error - 1);
    EXPECT_NEAR(row.error / error, 1.0, 1e-3) << "level " << row.level;
    if (row.level > 0) {
      EXPECT_NEAR(row.order, 2.0, 0.02) << "level " << row.level;
    }
  }
}

// A constraint with d(t) != 0 prescribes a motion (Naprstek & Fischer, eq. 2): the base x moves as
// x' = 0.1 cos 5t (x = 0.02 sin 5t) and drives y on a spring, y'' + w^2 (y - x) = 0, whose
// solution from rest is y = Y (sin 5t - (5/w) sin wt), Y = 0.02 w^2 / (w^2 - 25); lambda is the
// force that moves the base, m_x x'' + k (x - y). Both hold x exactly (Gibbs-Appell by projecting
// its state back onto the constraint after each step; it drifted by 3.1e-4 at dt = 1e-3 before),
// and converge to the solution.
TEST(DiscreteSystems, PrescribedMotionThroughAConstraint) {
  const std::string text = R"(
subsection Discrete system
  set Coordinates = x, y
  set Inertias = mx: 2 @ x; my: 0.5 @ y
  set Springs = k: 200*e @ y - x
  set Initial velocities = x: 0.1
end
subsection Constraints
  set Equations = base: -0.1*cos(5*t) @ x
end
subsection Time integration
  set Time step = 1e-4
  set Final time = 1
end
)";
  const double w = 20, Y = 0.02 * w * w / (w * w - 25);
  auto y = [&](double t) { return Y * (std::sin(5 * t) - 5 / w * std::sin(w * t)); };
  auto lambda = [&](double t) {
    const double x = 0.02 * std::sin(5 * t), acceleration = -0.5 * std::sin(5 * t);
    return 2 * acceleration + 200 * (x - y(t));
  };
  for (const std::string method : {"multipliers", "Gibbs-Appell"}) {
    const auto s = simulate(discrete_case(text, {"Constraints/Method=" + method}));
    double x_error = 0, y_error = 0, lambda_error = 0;
    for (const auto& state : s) {
      x_error = std::max(x_error, std::abs(state.q[0] - 0.02 * std::sin(5 * state.t)));
      y_error = std::max(y_error, std::abs(state.q[1] - y(state.t)));
      lambda_error = std::max(lambda_error, std::abs(state.lambda[0] - lambda(state.t)));
    }
    test_support::report("prescribed motion (" + method + "): y error relative to Y", y_error / Y);
    test_support::report("prescribed motion (" + method + "): lambda error relative to 200 Y",
                         lambda_error / (200 * Y));
    test_support::report("prescribed motion (" + method + "): largest |x - 0.02 sin 5t| [m]",
                         x_error);
    EXPECT_LT(x_error, 1e-14) << method;
    EXPECT_LT(y_error / Y, 1e-5) << method;
    EXPECT_LT(lambda_error / (200 * Y), 1e-4) << method;
  }
}

// 000, Example 1 (eqs. 23-26): the case file's mass and stiffness are eq. (26)'s, and its
// frequencies the roots of w^4 - (k1 (1/ma + 1/mb) + k2 (1/mb + 1/mc)) w^2
// + k1 k2 (ma + mb + mc)/(ma mb mc) = 0 beside one rigid-body mode.
TEST(DiscreteSystems, ThreeMassesTwoSpringsThroughTheCaseFile) {
  const double ma = 2, mb = 3, mc = 5, k1 = 400, k2 = 700;
  const CaseParameters c = discrete_case(R"(
subsection Discrete system
  set Coordinates = qa, qb, qc
  set Inertias = ma: 2 @ qa; mb: 3 @ qb; mc: 5 @ qc
  set Springs = k1: 400*e @ qb - qa; k2: 700*e @ qc - qb
end
)");
  const DiscreteSystem system(*c.discrete);
  DenseVector q(3), v(3), springs, dashpots;
  DenseMatrix k(3, 3);
  system.internal_forces(q, v, springs, dashpots, &k);
  const double expected_k[3][3] = {{k1, -k1, 0}, {-k1, k1 + k2, -k2}, {0, -k2, k2}};
  const double masses[3] = {ma, mb, mc};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      EXPECT_EQ(k(i, j), expected_k[i][j]) << i << j; // the laws' exact slopes
      EXPECT_EQ(system.mass()(i, j), i == j ? masses[i] : 0.0);
    }
  const auto omega2 = generalized_eigenvalues(k, system.mass());
  const double b = k1 * (1 / ma + 1 / mb) + k2 * (1 / mb + 1 / mc),
               d = k1 * k2 * (ma + mb + mc) / (ma * mb * mc);
  EXPECT_NEAR(omega2[0], 0, 1e-13 * b);
  EXPECT_NEAR(omega2[1], (b - std::sqrt(b * b - 4 * d)) / 2, 1e-13 * b);
  EXPECT_NEAR(omega2[2], (b + std::sqrt(b * b - 4 * d)) / 2, 1e-13 * b);

  // eq. (31): compliance diag(1/k1, 1/k2), susceptance [[1/ma + 1/mb, -1/mb], [-1/mb, 1/mb + 1/mc]]
  const ImpulseSolution dual(system);
  const DenseMatrix compliance = dual.compliance(dual.initial_state().e);
  const DenseMatrix& susceptance = dual.susceptance();
  EXPECT_EQ(compliance(0, 0), 1 / k1);
  EXPECT_EQ(compliance(1, 1), 1 / k2);
  EXPECT_EQ(compliance(0, 1), 0.0);
  EXPECT_NEAR(susceptance(0, 0), 1 / ma + 1 / mb, 1e-14);
  EXPECT_NEAR(susceptance(0, 1), -1 / mb, 1e-14);
  EXPECT_NEAR(susceptance(1, 0), -1 / mb, 1e-14);
  EXPECT_NEAR(susceptance(1, 1), 1 / mb + 1 / mc, 1e-14);
  const auto dual_omega2 = generalized_eigenvalues(susceptance, compliance);
  EXPECT_NEAR(dual_omega2[0], omega2[1], 1e-13 * b);
  EXPECT_NEAR(dual_omega2[1], omega2[2], 1e-13 * b);
}

// 003: for dashpots of degree p the dissipation function D = c |v|^p / p has the power p D, so
// d(T + V)/dt = -p D + Q q': the ledger's dissipated energy is the integral of p D (trapezoidal
// over the history, O(dt^2)) and T + V + dissipated - work stays at its initial value.
class DashpotDegree : public ::testing::TestWithParam<double> {};
TEST_P(DashpotDegree, PowerBalance) {
  const double p = GetParam();
  const CaseParameters c = discrete_case(R"(
subsection Discrete system
  set Coordinates = x1, x2
  set Inertias = m1: 1 @ x1; m2: 2 @ x2
  set Springs = k1: 300*e @ x1; k2: 500*e @ x2 - x1
  set Dashpots = c: 2.5,)" + std::to_string(p) +
                                         R"( @ x2 - x1
  set Forces = f: 3*sin(9*t) @ x2
  set Initial displacements = x2: 0.05
end
subsection Time integration
  set Time step = 1e-4
  set Final time = 1
end
)");
  const auto s = simulate(c);
  double power_integral = 0, largest_error = 0;
  auto power = [&](const DiscreteState& state) { // p D = c |v|^p
    return 2.5 * std::pow(std::abs(state.v[1] - state.v[0]), p);
  };
  const DiscreteSystem system(*c.discrete);
  const double e0 = system.kinetic_energy(s[0].q, s[0].v, 0) + system.potential_energy(s[0].q, 0);
  for (std::size_t n = 1; n < s.size(); ++n) {
    power_integral += 0.5 * (s[n].t - s[n - 1].t) * (power(s[n]) + power(s[n - 1]));
    const double balance = system.kinetic_energy(s[n].q, s[n].v, s[n].t) +
                           system.potential_energy(s[n].q, s[n].t) + s[n].dissipated - s[n].work -
                           e0;
    largest_error = std::max(largest_error, std::abs(balance));
  }
  test_support::report("dissipated energy against the integral of p D, p = " + std::to_string(p),
                       s.back().dissipated / power_integral - 1);
  EXPECT_NEAR(s.back().dissipated / power_integral, 1.0, 1e-5);
  EXPECT_LT(largest_error, 1e-12 * e0);
  // the impulse dual of the same chain: equal to the primal to round-off where both are
  // trapezoidal (p >= 2 at rho = 1); for p < 2 both take Moreau's impulse h G1 for the dashpot,
  // the primal inside generalized-alpha, the dual beside trapezoidal springs
  const double difference = largest_difference(s, simulate_dual(c));
  test_support::report("impulse dual against primal, p = " + std::to_string(p), difference);
  EXPECT_LT(difference, 1e-11);
}
INSTANTIATE_TEST_SUITE_P(Degrees, DashpotDegree, ::testing::Values(1.0, 1.5, 2.0, 3.0));

// 003, p = 1: a mass m on a spring k against dry friction F = c (Den Hartog's piecewise-harmonic
// solution): each half cycle is harmonic about +-F/k = +-5 mm against the motion, so the turning
// points are 47, -37, 27, -17, 7 mm; from 7 mm it swings about 5 mm to 3 mm, inside the dead band
// |q| <= F/k, and sticks for good (v and q unchanged to round-off, the friction holding k q).
// The primal and the impulse dual alike.
TEST(DiscreteSystems, DryFrictionTurningPointsAndStick) {
  const CaseParameters c = discrete_case(R"(
subsection Discrete system
  set Coordinates = q
  set Inertias = m: 1 @ q
  set Springs = k: 100*e @ q
  set Dashpots = friction: 0.5,1 @ q
  set Initial displacements = q: 0.047
end
subsection Time integration
  set Time step = 1e-4
  set Final time = 2.5
end
)");
  for (const bool dual : {false, true}) {
    const std::string method = dual ? "impulse dual" : "primal";
    const auto s = dual ? simulate_dual(c) : simulate(c);
    std::vector<double> turning{s[0].q[0]};
    for (std::size_t n = 1; n + 1 < s.size(); ++n)
      if (s[n].v[0] * s[n + 1].v[0] < 0 || (s[n].v[0] != 0 && s[n + 1].v[0] == 0))
        turning.push_back(s[n + 1].q[0]); // the step where the rate turns (or stops)
    const std::vector<double> expected{0.047, -0.037, 0.027, -0.017, 0.007, 0.003};
    ASSERT_GE(turning.size(), expected.size()) << method;
    double error = 0;
    for (std::size_t k = 0; k < expected.size(); ++k)
      error = std::max(error, std::abs(turning[k] - expected[k]));
    test_support::report("dry friction (" + method + "): turning points against Den Hartog's",
                         error / 0.047);
    EXPECT_LT(error, 2e-3 * 0.047) << method; // the turning instant falls within a step
    const double stuck = s.back().q[0];
    EXPECT_NEAR(stuck, 0.003, 1e-4) << method;
    for (std::size_t n = s.size() - 1000; n < s.size(); ++n) {
      EXPECT_LT(std::abs(s[n].v[0]), 1e-18) << method;
      EXPECT_LT(std::abs(s[n].q[0] - stuck), 1e-18) << method;
    }
    // the friction force holds the spring: k q
    EXPECT_NEAR(s.back().dashpot_forces[0], -100 * stuck, 1e-12) << method;
  }
}

// Bad discrete cases are InputError naming the parameter.
TEST(DiscreteSystems, BadCasesNameTheParameter) {
  auto message = [](const std::string& text) -> std::string {
    try {
      const CaseParameters c = discrete_case(text);
      const DiscreteSystem system(*c.discrete);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  const std::string base = "subsection Discrete system\n  set Coordinates = a, b\n";
  EXPECT_NE(message("subsection Discrete system\n  set Coordinates = a, 2b\nend\n")
                .find("Discrete system/Coordinates"),
            std::string::npos);
  EXPECT_NE(message(base + "  set Inertias = m: 1 @ a + c\nend\n").find("'c' is not a coordinate"),
            std::string::npos);
  EXPECT_NE(message(base + "  set Inertias = m: 1 @ a\nend\n").find("the mass matrix is singular"),
            std::string::npos);
  EXPECT_NE(message("subsection Discrete system\n  set Coordinates = a, b, c\n"
                    "  set Inertias = m: 1 @ a; n: 1 @ b; o: 1 @ c\nend\nsubsection Constraints\n"
                    "  set Equations = g: 0 @ a - b; h: 0 @ 2*a - 2*b\nend\n")
                .find("dependent"),
            std::string::npos);
  EXPECT_NE(message(base + "  set Inertias = m: 1 @ a; n: 1 @ b\n  set Initial velocities = a: 1\n"
                           "end\nsubsection Constraints\n  set Equations = g: 0 @ a - b\nend\n")
                .find("Discrete system/Initial velocities"),
            std::string::npos);
}

} // namespace
