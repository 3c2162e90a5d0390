#pragma once
// The time loop of a transient run, shared by `hamdyn run`, `compare`, `converge` and the tests:
// integrator, energy ledger and history values. A Transient is built (initial state, a_0, the
// factored J, every check) before anything is written, advances one step at a time, and saves
// and restores everything it carries to and from a checkpoint.
#include "output/energy_ledger.h"
#include "output/history_rows.h"
#include "storage/checkpoint.h"
#include "studies/line_history.h"
#include "studies/prepared_case.h"
#include "studies/time_loop.h"
#include "system/linear_functional.h"
#include "terms/newmark_integrator.h"
#include "time/time_grid.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// The columns of history.csv for this case (time first) and their units.
NamedColumns history_columns(const PreparedCase& pc);

/// How a run's system keeps M, K and C: their band built straight from the cells (no assembled
/// PETSc matrices, whose sparsity pattern, assembly and copy into the band were a third of a
/// 10^6-unknown run's set-up) wherever the run needs nothing else of them; assembled for central
/// difference (its stability bound reads them), the modal scheme (its modes and K^-1), the
/// large-amplitude string (its Newton products) and a damping matrix of its own (viscous damping
/// of a beam with rotary inertia).
Matrices matrices_for_run(const CaseParameters& c);

/// Throws InputError when the scheme cannot run with the case's time step (central difference
/// above its stability limit, no steps, more than 10^9 steps).
void check_time_step(const PreparedCase& pc);
/// Throws InputError naming Initial conditions/Displacement or Velocity when the initial state
/// (u, v) is beyond physical scale: more than 10^6 lengths, or 10^6 lengths times the fundamental
/// angular frequency.
void check_initial_scale(const PreparedCase& pc, const LA::Vector& u, const LA::Vector& v);
/// Steps from t = 0 to the final time, the last one shortened to end on it.
unsigned long step_count(const CaseParameters& c);
/// Throws InputError when the time step gives no step or more than 1e9.
void check_step_count(const CaseParameters& c);
/// Whether a run writes a checkpoint after step n of n_steps on the way (Output/Checkpoint
/// interval): not at step 0, where a run resumed would write its initial row and snapshot again
/// and restarts anyway, nor at the last, whose checkpoint the run writes at its end.
bool checkpoint_due(const CaseParameters& c, unsigned long n, unsigned long n_steps);

/// A line model's transient, whatever integrates it (Transient, ModalTransient): its case, state,
/// grid and step; the outputs read its state.
class LineStepper : public Stepper {
public:
  explicit LineStepper(const PreparedCase& pc)
      : pc_(pc), grid_(pc.parameters.time_step, pc.parameters.final_time) {}

  MPI_Comm communicator() const override { return pc_.comm; }
  unsigned long n_steps() const override { return grid_.n_steps; }
  unsigned long step() const override { return step_; }
  double time() const override { return state_.t; }
  double final_time() const override { return pc_.parameters.final_time; }
  const State& state() const { return state_; }
  /// What one step's solve may leave in the state, relative (its factorization's error after the
  /// refinement: system/refined_linearization_solver.h); 0 for a step exact in its coordinates.
  virtual double solve_round_off() const { return 0; }

protected:
  /// The step, the step count and the time into a checkpoint, and back: InputError when the
  /// checkpoint was written for another step count or its step does not fit this case.
  void save_step(Checkpoint& c) const;
  void restore_step(const Checkpoint& c);

  const PreparedCase& pc_;
  State state_;
  TimeGrid grid_;
  unsigned long step_ = 0;
};

/// The integrator the case's Time integration/Scheme names, built with every check made:
/// generalized alpha or central difference (Transient), modal (studies/modal_transient.h).
/// Collective.
std::unique_ptr<LineStepper> make_line_stepper(const PreparedCase& pc, bool report = false);

class Transient : public LineStepper {
public:
  /// The initial state (u_0, v_0 from the case, a_0 from the equation of motion) and J factored
  /// for the time step. Throws InputError when the initial state, the load at t = 0 or a_0 is
  /// not finite (naming the expression or the parameters' scale).
  explicit Transient(const PreparedCase& pc);

  const PreparedCase& prepared() const { return pc_; }

  /// Advances one step (the last one shortened to end on the final time). Throws
  /// CollectiveFailure, on every rank, when the new state is not finite.
  void advance() override;
  /// The history row of the current state; the stop request joins the functionals' reduction.
  std::vector<double> row(double stop_request = 0,
                          double* any_stop_request = nullptr) const override;

  double solve_round_off() const override { return integrator_.solver().remaining_error(); }
  /// A nonlinear spring's negative slope, said once.
  std::string take_note() override;
  /// One line: steps, scheme, DoFs, ranks, Newton iterations, halved steps.
  std::string summary() const override;

  /// Everything the run carries to the next step: state, step, ledger and integrator.
  void save(Checkpoint& c) const override;
  /// The reverse of save() on a Transient built for the same case (any rank count).
  void restore(const Checkpoint& c) override;

private:
  NewmarkIntegrator integrator_;
  State previous_;
  EnergyLedger ledger_;
  LineHistory history_;
  bool negative_slope_reported_ = false;
  bool solve_precision_reported_ = false;
  bool contact_loss_reported_ = false;
};

using StepObserver =
    std::function<void(unsigned long step, const State& state, const std::vector<double>& row)>;

/// Integrates from t = 0 to the final time and calls `observe` for step 0 (initial state) and
/// after every step with the history row. Returns the number of steps.
unsigned long integrate(const PreparedCase& pc, const StepObserver& observe,
                        bool show_progress = false);

} // namespace hamdyn
