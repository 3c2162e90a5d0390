#pragma once
// What one implicit step asks of the operator: the integrator's coefficients for the step from t
// to t + dt and the unknown the operator solves for (MFEM's SecondOrderTimeDependentOperator::
// ImplicitSolve(fac0, fac1, x, dxdt, k) with generalized-alpha's weights; Chung & Hulbert,
// J. Appl. Mech. 60:371-375, 1993, eq. (8)). The unknown is y with a_{n+1} = -(q a_n + y); then
// eq. (8) reads
//   M (mass_a a_n - c_m y) + C (v_n + damping_a a_n - c_c y)
//     + K (u_n + stiffness_v v_n + stiffness_a a_n - c_k y) + g_af = (1 - af) f_{n+1} + af f_n,
// g_af the nonlinear terms' forces over the step, and at the step's end
//   u_{n+1} = u_n + dt v_n + dt^2 (1/2 - beta - beta q) a_n - beta dt^2 y,
//   v_{n+1} = v_n + dt (1 - gamma - gamma q) a_n - gamma dt y.
// q = 0 is the plain form; q = (1/2 - beta) / beta the displacement form (Bathe, Finite Element
// Procedures, 1996, sec. 9.2.4), in which K never meets a_n (time/newmark_scheme.cc says why).
#include <cstddef>
#include <stdexcept>
#include <string>

namespace hamdyn {

/// The scheme of the Newmark family and the settings of the Newton iterations its terms run.
struct NewmarkParameters {
  std::string name;
  double alpha_m = 0, alpha_f = 0, beta = 0.25, gamma = 0.5;
  double nonlinear_tolerance = 1e-10;  // relative, on the residual and the increment
  unsigned max_newton_iterations = 20; // per step
  unsigned max_step_halvings = 10;     // a step that does not converge: down to dt / 1024
  /// rho_inf = 1: springs apply Gonzalez's discrete gradient over the step instead of the
  /// average of their end forces, so an undamped run conserves T + V to the Newton tolerance.
  bool energy_consistent_springs = false;
};

/// An operator's Newton iterations did not converge, or its force became non-finite: the step is
/// retried with half its size. Raised on every rank at once (every rank iterates on the same
/// gathered values, and norms and dot products are reductions).
struct NewtonFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ImplicitStep {
  const NewmarkParameters* scheme = nullptr;
  double t = 0, dt = 0; // the step from t to t + dt
  double q = 0;         // a_{n+1} = -(q a_n + y)
  /// J = c_m M + c_c C + c_k K, minus the derivative of the linear part of eq. (8) by y.
  double c_m = 0, c_c = 0, c_k = 0;
  /// The coefficients of a_n and v_n in the arguments of M, C and K at y = 0 (above).
  double mass_a = 0, damping_a = 0, stiffness_v = 0, stiffness_a = 0;

  double t_new() const { return t + dt; }
};

/// One rank's entries of a state and of the step's solution y, for the corrector (v_mean: null
/// when the state keeps no mean velocity).
struct StateEntries {
  std::size_t n = 0;
  double *u = nullptr, *v = nullptr, *a = nullptr, *v_mean = nullptr;
  const double* y = nullptr;
};

/// The corrector of the step on one entry: a_{n+1} = -(q a_n + y), u_{n+1} and v_{n+1} (above)
/// and v_mean = (v_n + v_{n+1}) / 2 where kept. newmark_corrector (time/newmark_scheme.h) runs it
/// over a rank's entries; an operator whose solve makes y entry by entry may run it on each y_i
/// as it is final (the same values).
class NewmarkCorrection {
public:
  /// In the displacement form the first a_n coefficient vanishes, and at rho_inf = 1 both do:
  /// the highest modes' accelerations never touch u and v (the trapezoidal rule on u and v).
  explicit NewmarkCorrection(const ImplicitStep& k)
      : NewmarkCorrection(k, k.scheme->beta, k.scheme->gamma) {}

  /// Entry i of x (y given apart: x.y may not be there yet); Mean: x keeps v_mean.
  template <bool Mean>
  void at(const StateEntries& x, std::size_t i, double y) const {
    const double an = -(q_ * x.a[i] + y), v_old = x.v[i];
    x.u[i] += dt_ * x.v[i] + cua_ * x.a[i] - cuy_ * y;
    x.v[i] += cva_ * x.a[i] - cvy_ * y;
    x.a[i] = an;
    if (Mean)
      x.v_mean[i] = (x.v[i] + v_old) * 0.5;
  }

private:
  NewmarkCorrection(const ImplicitStep& k, double beta, double gamma)
      : dt_(k.dt), q_(k.q), cua_(k.dt * k.dt * (0.5 - beta - beta * k.q)), cuy_(k.dt * k.dt * beta),
        cva_(k.dt * (1 - gamma - gamma * k.q)), cvy_(k.dt * gamma) {}

  double dt_, q_, cua_, cuy_, cva_, cvy_;
};

} // namespace hamdyn
