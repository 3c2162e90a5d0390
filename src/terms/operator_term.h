#pragma once
// A line system's operator is a sum of terms (MFEM's SecondOrderTimeDependentOperator, OpenSees'
// elements under Newmark::formEleTangent): the linear M, C and K, which LineOperator holds and
// factors, and the nonlinear terms below, each of which takes the linear step's solution and
// corrects it by its own Newton iteration on its own few unknowns, through the factored J (a
// low-rank update, never a refactorization per step). A term gives its force at a state (for the
// initial acceleration), its correction of a step, its stored and dissipated energy for the energy
// ledger (output/energy_term.h) and save/load of what it carries from step to step.
#include "output/energy_term.h"
#include "storage/checkpoint.h"
#include "system/refined_linearization_solver.h"
#include "system/second_order_system.h"
#include "time/implicit_step.h"

#include <functional>
#include <stdexcept>

namespace hamdyn {

/// What a term may use of the operator while it corrects a step.
struct TermContext {
  const SecondOrderSystem& system;
  const RefinedLinearizationSolver& solver; // J factored for the step's coefficients
  /// Refactors J for the step (a term's share of J changed: add_to_linearization).
  std::function<void()> refactor;
};

class OperatorTerm : public EnergyTerm {
public:
  virtual ~OperatorTerm() = default;
  /// Whether the step may use the displacement form (ImplicitStep::q != 0).
  virtual bool allows_displacement_form() const { return true; }
  /// Whether J must be factored from the assembled matrices (the term adds one of its own).
  virtual bool adds_to_linearization() const { return false; }
  /// Adds the term's share of J for `step` (only when adds_to_linearization()).
  virtual void add_to_linearization(MatrixCombination& /*j*/, const ImplicitStep& /*step*/) const {}
  /// J was factored for `step`'s coefficients.
  virtual void factored(const TermContext& /*context*/, const ImplicitStep& /*step*/) {}
  /// Sets the term's state at `s` (u and v given); with `residual`, subtracts its force from it
  /// (the initial acceleration's right-hand side).
  virtual void start(State& s, LA::Vector* residual) = 0;
  /// s.a solves M a = `rhs` (after every term's start): a term whose force depends on the
  /// acceleration corrects it through `mass_solver` (M factored; null: s.a is given as it
  /// is), and sets its state at s.
  virtual void accelerated(State& /*s*/, const RefinedLinearizationSolver* /*mass_solver*/) {}
  /// Corrects y, the linear step's solution J^-1 r_lin, to the solution of the step with the
  /// term's force (and books its state at the step's end into s); returns its Newton
  /// iterations. Throws NewtonFailure leaving s and the term as they were.
  virtual unsigned correct(State& s, const ImplicitStep& step, const TermContext& context,
                           const LA::Vector& r_lin, LA::Vector& y) = 0;
  /// Whether correct() may change y or s (false: it has nothing to correct, and the step's
  /// corrector may run within the solve, LineOperator::implicit_solve).
  virtual bool corrects_steps() const { return true; }
  /// What the term carries from step to step, for a step retried in halves: remember() before
  /// the step, revert() after it failed.
  virtual void remember() {}
  virtual void revert() {}
  virtual void save(Checkpoint& /*c*/) const {}
  virtual void restore(const Checkpoint& /*c*/) {}
};

} // namespace hamdyn
