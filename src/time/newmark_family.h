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
//
// Nonlinear springs and dashpots g(u, v) = sum_k F_k e_k enter eq. (8) as the alpha-average of
// their forces, (1-af) g_{n+1} + af g_n (the form whose second-order accuracy Erlicher,
// Bonaventura & Bursi, Comput. Mech. 28:83-104, 2002, prove), and Newton's method solves for
// a_{n+1}. Because their tangent is diagonal on m rows, J_lin = c_m M + c_c C + c_k K stays
// factored and the Newton iteration runs in R^m (see step()): a step costs one band solve, as a
// linear one, plus m vector updates; the m solves J_lin^-1 e_k are made once per step size.
// With rho_inf = 1 a spring applies instead Gonzalez's discrete gradient, the mean of F over
// [e_n, e_{n+1}] = (Phi(e_{n+1}) - Phi(e_n)) / (e_{n+1} - e_n) (Gonzalez, J. Nonlinear Sci.
// 6:449-467, 1996, eq. (4.5)): its work over the step, times e_{n+1} - e_n, is exactly the change
// of its potential, so T + V is conserved as the trapezoidal rule conserves it for linear springs.
// Dry friction (a dashpot of degree 1) is set-valued at v = 0. Its force acts over the step at
// t_{n+1}, not alpha-averaged (averaging would let a sticking force oscillate about its mean),
// and the step is Moreau's (Moreau, CISM Courses and Lectures 302, 1988): the contact sticks,
// v_{n+1} = 0 exactly, when the force that needs is within c, and slips with F = c sign(v)
// otherwise; an active-set loop around Newton's method settles which.
// The large-amplitude string (Kirchhoff, Vorlesungen ueber Mechanik, 1876; Carrier, Q. Appl.
// Math. 3:157, 1945) adds the force kappa q K1 u, q = u^T K1 u, whose potential kappa q^2 / 4 is a
// function of one scalar. Its applied force over the step is A K1 u_{n+1} + B K1 u_n with
// A = (1-af) kappa q_{n+1}, B = af kappa q_n (alpha average) or, at rho_inf = 1, Gonzalez's
// discrete gradient A = B = kappa (q_n + q_{n+1}) / 4. Newton's Jacobian is J_lin + A beta dt^2 K1
// + 2 beta dt^2 A'(q) w w^T (w = K1 u_{n+1}): the factored matrix carries A_ref beta dt^2 K1 for
// a reference tension increment A_ref, the rank-one term is applied by Sherman-Morrison (two
// solves an iteration, no refactorization), and J is refactored with A_ref = A only when a step
// needs more than four iterations (the tension drifted from A_ref).
// A step whose Newton iterations do not converge is retried as two steps of half the size, up
// to max_step_halvings times.
#include "output/checkpoint.h"
#include "system/line_schur_solver.h"
#include "system/second_order_system.h"
#include "system/trimmed_column.h"

#include <string>

namespace hamdyn {

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
  /// Advances the state by dt (refactors J only when dt differs from the last step's) and sets
  /// s.v_mean = (v_n + v_{n+1}) / 2. A step
  /// whose Newton iterations do not converge is made as two half steps, recursively; a run that
  /// cannot go on throws std::runtime_error naming the time and the element.
  void step(State& state, double dt);

  /// Factors J for steps of size dt now, as the first such step would: a set-up failure shows
  /// before a run writes anything.
  void prepare(double dt) {
    if (dt != factored_dt_)
      factor_effective_matrix(dt);
  }
  /// What the integrator carries from step to step besides the state (the friction elements'
  /// stick or slip, the tension J is factored with, the counters), for a checkpoint. restore()
  /// leaves J to be factored again by the next step or prepare().
  void save(Checkpoint& c) const;
  void restore(const Checkpoint& c);

  const NewmarkParameters& parameters() const { return p_; }
  /// The most Newton iterations any step took (1 on a linear system).
  unsigned most_iterations() const { return most_iterations_; }
  /// How many steps were retried as two half steps (counting nested halvings).
  unsigned long halved_steps() const { return halved_steps_; }
  /// The first time a nonlinear spring's slope dF/de was negative (NaN: never), and which.
  double first_negative_slope_time() const { return negative_slope_time_; }
  const std::string& first_negative_slope_element() const { return negative_slope_element_; }

private:
  void step_once(State& state, double dt);
  void advance(State& state, double dt, unsigned halvings);
  void factor_effective_matrix(double dt);
  /// Factors c_m M + c_c C + c_k K (+ c_tension K1, the large-amplitude string's) into `solver`:
  /// from the band storage, or from the assembled matrices, which the large-amplitude string
  /// keeps (SecondOrderSystem::release_assembled_matrices).
  void factor_linearization(LineSchurSolver& solver, double c_m, double c_c, double c_k,
                            double c_tension = 0) const;
  /// Solves the step's m nonlinear equations (see step()) and returns the coefficients c; the
  /// elements' extensions, forces and work go into s. The linear step's a_{n+1} is -q a_n - y0
  /// (step_once's displacement form; q = 0 otherwise).
  std::vector<double> solve_nodal_forces(State& s, double dt, const LA::Vector& y0, double q);
  /// Newton's method on the m equations for given stick/slip states of the friction elements.
  struct ElementStep;
  void newton_on_elements(const State& s, ElementStep& step) const;
  /// The large-amplitude string's step: given r_lin (the residual at a_{n+1} = 0 without its
  /// force) and minus_a = J^-1 r_lin, iterates minus_a to -a_{n+1}; sets s.stretch.
  void solve_axial_tension(State& s, double dt, const LA::Vector& r_lin, LA::Vector& minus_a);
  /// The element forces at u and v, on every rank, into s.extensions and s.element_forces.
  void update_element_forces(State& s);

  const SecondOrderSystem& system_;
  NewmarkParameters p_;
  LineSchurSolver solver_;
  double factored_dt_ = -1;
  // The operator's product arguments at the alpha levels (SecondOrderSystem::apply) and v_af.
  LA::Vector mass_part_, stiffness_part_, v_af_, residual_, f_new_;
  LA::Vector v_start_; // v_n while a step is retried in halves (for State::v_mean)
  // Nonlinear springs: Z_j = J_lin^-1 e_{k_j} and S = U^T Z (m x m, row-major), per step size.
  std::vector<TrimmedColumn> z_; // this rank's entries of Z_j, the negligible ones left out
  std::vector<double> s_matrix_;
  // Friction elements: +1 or -1 while slipping that way, 0 while stuck (others: unused).
  std::vector<int> slip_direction_;
  // Large-amplitude string: the A_ref that factor_effective_matrix puts into J, and vectors.
  double axial_reference_ = 0;
  LA::Vector axial_[6];
  unsigned last_iterations_ = 0, most_iterations_ = 0;
  unsigned long halved_steps_ = 0;
  double negative_slope_time_;
  std::string negative_slope_element_;
};

} // namespace hamdyn
