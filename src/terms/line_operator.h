#pragma once
// The operator of a line system, M a + C v + K u + g(u, v) = f(t), as a sum of terms: the linear
// M, C and K of SecondOrderSystem, factored as J = c_m M + c_c C + c_k K once per step size (on
// PETSc objects by hand: deal.II 9.4 has no PETScWrappers::TimeStepper, which came in 9.5; the
// contract is PETSc TSALPHA2's, J the only matrix ever factored; its solves refined where a fine
// mesh and a long step need it: system/refined_linearization_solver.h), and the nonlinear terms
// (terms/term_table.h), which correct the linear step through J. implicit_solve() is the one call
// an integrator makes per step (time/implicit_step.h).
#include "terms/operator_term.h"

#include <memory>
#include <vector>

namespace hamdyn {

class LineOperator {
public:
  using State = hamdyn::State;

  explicit LineOperator(const SecondOrderSystem& system);
  ~LineOperator();

  const SecondOrderSystem& system() const { return system_; }
  /// Allocates the state's vectors like the system's rows (all zero).
  void allocate(State& state) const;
  /// Given u and v at state.t, computes f and a from M a = f - C v - K u - g(u, v).
  void initialize(State& state);
  /// Given u, v and a at state.t (a system whose M is singular, e.g. an impulse dual with dashpot
  /// rows, cannot give a from the equation), computes f and the terms' state only.
  void initialize_with_acceleration(State& state);

  /// Whether every term allows the displacement form of the step (ImplicitStep::q != 0).
  bool allows_displacement_form() const;
  /// Factors J for `step`'s coefficients (and the terms' share of it).
  void factor(const ImplicitStep& step);
  /// Solves eq. (8) of the step for y (time/implicit_step.h), J factored for its coefficients:
  /// the linear residual at y = 0 in one pass over the state, one solve with J, then each term's
  /// correction; f(t + dt) into s.f and the terms' end-of-step state into s; then u, v and a of
  /// the step's end by `correction` (without terms and refinement, each entry as soon as the
  /// solve's back substitution has made it: BandedLU's finishing solve). Sets iterations().
  /// Throws NewtonFailure leaving s as it was.
  void implicit_solve(State& s, const ImplicitStep& step, const NewmarkCorrection& correction);
  /// The Newton iterations of the last implicit_solve: those of the last term that iterated (1
  /// without nonlinear terms), and the most any term took (0 without nonlinear terms).
  unsigned iterations() const { return iterations_; }
  unsigned most_iterations() const { return most_iterations_; }

  /// A step is retried in halves: the state's mean velocity is that of the whole step.
  void halving_started(const State& s);
  void halving_finished(State& s);
  void remember();
  void revert();
  void save(Checkpoint& c) const;
  void restore(const Checkpoint& c);

  /// J's factorization and its refined solves (what they need: corrections(), remaining_error()).
  const RefinedLinearizationSolver& solver() const { return solver_; }
  /// The term of type T (terms/term_table.h), or null when the system has none.
  template <class T>
  const T* term() const {
    for (const auto& t : terms_)
      if (const T* found = dynamic_cast<const T*>(t.get()))
        return found;
    return nullptr;
  }

  /// The terms, for the energy ledger's stored and dissipated energy (in this order).
  std::vector<const EnergyTerm*> energy_terms() const;

private:
  /// Factors c_m M + c_c C + c_k K (+ the terms' shares for `step`) into `solver`: from the band
  /// storage, or from the assembled matrices when a term adds a matrix of its own (they keep
  /// the assembled matrices: SecondOrderSystem::release_assembled_matrices).
  void factor_linearization(RefinedLinearizationSolver& solver, double c_m, double c_c, double c_k,
                            const ImplicitStep* step) const;
  TermContext context(const ImplicitStep& step);
  /// The entries of s on this rank (y not set), and their release.
  StateEntries entries(State& s) const;
  void release(State& s, const StateEntries& x) const;

  const SecondOrderSystem& system_;
  std::vector<std::unique_ptr<OperatorTerm>> terms_; // corrected in this order
  RefinedLinearizationSolver solver_;
  // The operator's product arguments at the alpha levels (SecondOrderSystem::apply) and v_af.
  LA::Vector mass_part_, stiffness_part_, v_af_, residual_, f_new_;
  LA::Vector v_start_; // v_n while a step is retried in halves (for State::v_mean)
  unsigned iterations_ = 0, most_iterations_ = 0;
};

} // namespace hamdyn
