#pragma once
// One-step integrators of the Newmark family for M a + C v + K u = f(t), written on PETSc objects
// by hand because deal.II 9.4 has no PETScWrappers::TimeStepper (it came in 9.5). The contract is
// PETSc TSALPHA2's: the only matrix ever factored is J = c_m M + c_c C + c_k K, once per step size.
//
// Generalized-alpha (Chung & Hulbert, J. Appl. Mech. 60:371-375, 1993):
//   M a_{n+1-am} + C v_{n+1-af} + K u_{n+1-af} = (1-af) f_{n+1} + af f_n,          eq. (8)
//   u_{n+1} = u_n + dt v_n + dt^2 ((1/2 - beta) a_n + beta a_{n+1}),
//   v_{n+1} = v_n + dt ((1 - gamma) a_n + gamma a_{n+1}),
//   am = (2 rho - 1)/(rho + 1), af = rho/(rho + 1)                                 eq. (25)
//   gamma = 1/2 - am + af, beta = (1 - am + af)^2 / 4                             eqs. (17), (20)
// rho_inf = 1 gives am = af = 1/2, gamma = 1/2, beta = 1/4: Newmark's average acceleration
// (trapezoidal rule), which conserves the energy of an undamped linear system exactly.
// Central difference is the explicit member beta = 0, gamma = 1/2, am = af = 0; with a lumped
// mass J = M + dt/2 C needs no stiffness solve (Hughes, The Finite Element Method, sec. 9.1).
#include "system/line_schur_solver.h"
#include "system/second_order_system.h"

#include <string>

namespace hamdyn {

struct NewmarkParameters {
  std::string name;
  double alpha_m = 0, alpha_f = 0, beta = 0.25, gamma = 0.5;
};

NewmarkParameters generalized_alpha_parameters(double rho_infinity);
NewmarkParameters central_difference_parameters();

class NewmarkIntegrator {
public:
  NewmarkIntegrator(const SecondOrderSystem& system, const NewmarkParameters& parameters);

  /// Allocates the state's vectors like the system's rows (all zero).
  void allocate(State& state) const;
  /// Given u and v at state.t, computes f and a from M a = f - C v - K u.
  void initialize(State& state);
  /// Given u, v and a at state.t (a system whose M is singular, e.g. an impulse dual with dashpot
  /// rows, cannot give a from the equation), computes f only.
  void initialize_with_acceleration(State& state);
  /// Advances the state by dt (refactors J only when dt differs from the last step's).
  void step(State& state, double dt);

  const NewmarkParameters& parameters() const { return p_; }

private:
  void factor_effective_matrix(double dt);

  const SecondOrderSystem& system_;
  NewmarkParameters p_;
  LineSchurSolver solver_;
  double factored_dt_ = -1;
  // The operator's product arguments at the alpha levels (SecondOrderSystem::apply) and v_af.
  LA::Vector mass_part_, stiffness_part_, v_af_, residual_, f_new_;
};

} // namespace hamdyn
