#pragma once
// The large-amplitude string's tension (Kirchhoff, Vorlesungen ueber Mechanik, 1876; Carrier,
// Q. Appl. Math. 3:157, 1945) as a term of the line operator: the force kappa q K1 u with
// q = u^T K1 u, whose potential kappa q^2 / 4 is a function of one scalar
// (system/axial_tension.h: kappa, K1). Its applied force over the step is
// A K1 u_{n+1} + B K1 u_n with A = (1-af) kappa q_{n+1}, B = af kappa q_n (alpha average) or, at
// rho_inf = 1, Gonzalez's discrete gradient A = B = kappa (q_n + q_{n+1}) / 4 (Gonzalez,
// J. Nonlinear Sci. 6:449-467, 1996). Newton's Jacobian is J_lin + A beta dt^2 K1
// + 2 beta dt^2 A'(q) w w^T (w = K1 u_{n+1}): the factored matrix carries A_ref beta dt^2 K1 for
// a reference tension increment A_ref, the rank-one term is applied by Sherman-Morrison (two
// solves an iteration, no refactorization), and J is refactored with A_ref = A only when a step
// needs more than four iterations (the tension drifted from A_ref).
#include "system/axial_tension.h"
#include "terms/term_table.h"

#include <memory>

namespace hamdyn {

/// Its value in a state (State::terms): q = u^T K1 u [m] at t.
struct AxialTensionState {
  double stretch = 0;
};

class AxialTensionTerm : public OperatorTerm {
public:
  AxialTensionTerm(const SecondOrderSystem& system, const AxialTension& tension);

  /// The Newton iteration works on the full residual, with M, C and K products of a_{n+1}.
  bool allows_displacement_form() const override { return false; }
  bool adds_to_linearization() const override { return true; }
  void add_to_linearization(MatrixCombination& j, const ImplicitStep& step) const override;
  void start(State& s, LA::Vector* residual) override;
  /// Given r_lin (the residual at y = 0 without the tension's force) and y = J^-1 r_lin,
  /// iterates y to -a_{n+1}; sets the state's stretch.
  unsigned correct(State& s, const ImplicitStep& step, const TermContext& context,
                   const LA::Vector& r_lin, LA::Vector& y) override;
  /// kappa q^2 / 4 with q = u^T K1 u: the force each step
  /// applied times the step's displacement (for rho_inf = 1 the scheme's own balance).
  double stored_energy(const State* previous, const State& now, double stored) const override;
  void save(Checkpoint& c) const override;
  void restore(const Checkpoint& c) override;

private:
  const SecondOrderSystem& system_;
  const AxialTension& tension_;
  double reference_ = 0; // A_ref, the tension increment J is factored with
  LA::Vector work_[6];
};

/// The kind of the large-amplitude string's tension (term_table.h): a term for a system with an
/// AxialTension part; its history column `tension` [N], the tension tau + kappa q; its record
/// `stretch`.
TermKind axial_tension_kind();

} // namespace hamdyn
