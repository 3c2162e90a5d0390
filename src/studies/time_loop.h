#pragma once
// The one time loop of every transient: a line model's run (studies/transient.h) and a discrete
// system's (studies/discrete_run.h) are Steppers; the loop owns the steps, the pending signals,
// the progress line, the checkpoint cadence and the outputs, which observe each step's history
// row and save themselves into the checkpoint and restore themselves from it. The shape is
// ExaDG's TimeIntBase (advance_one_timestep, write_restart / read_restart), with hamdyn's
// history rows as what the outputs see.
#include "core/case_parameters.h"
#include "output/history_rows.h"
#include "output/history_writer.h"
#include "storage/checkpoint.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <csignal>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// A system stepping from t = 0 to its final time (time/time_grid.h).
class Stepper {
public:
  virtual ~Stepper() = default;
  virtual MPI_Comm communicator() const = 0;
  virtual unsigned long n_steps() const = 0;
  virtual unsigned long step() const = 0;
  virtual double time() const = 0;
  virtual double final_time() const = 0;
  bool finished() const { return step() == n_steps(); }
  /// Advances one step. Throws CollectiveFailure, on every rank, when the state is not finite.
  virtual void advance() = 0;
  /// The history row of the current state, every column of history.csv. With
  /// `any_stop_request`, `stop_request` (this rank's pending signal, 0: none) is summed over the
  /// ranks into it (in the row's own reduction where it has one). Throws CollectiveFailure when
  /// the row is not finite and advance() did not see it.
  virtual std::vector<double> row(double stop_request = 0,
                                  double* any_stop_request = nullptr) const = 0;
  /// A note on the solution to print once (empty: none), then empty until another arises.
  virtual std::string take_note() { return {}; }
  /// One line at the end: steps, scheme, size, iterations.
  virtual std::string summary() const = 0;
  /// Everything the system carries to its next step; restore() is the reverse on a Stepper
  /// built for the same case (InputError naming the record for a checkpoint of another).
  virtual void save(Checkpoint& c) const = 0;
  virtual void restore(const Checkpoint& c) = 0;
};

using RowObserver = std::function<void(unsigned long step, const std::vector<double>& row)>;

/// Advances `run` to its final step, calling `observe` after every step (and first for step 0
/// when `run` is there). With `stop` (a flag a signal handler sets), the ranks' flags are
/// combined every step; when one is set, the loop ends after that step and returns the signal
/// (SIGTERM if the ranks got different ones); it returns 0 at the final step.
int continue_integration(Stepper& run, const RowObserver& observe, bool show_progress,
                         const volatile std::sig_atomic_t* stop = nullptr);

/// What a run writes or gathers as it steps: it sees every row and keeps in the checkpoint what
/// it needs to go on after a resume.
class RunOutput {
public:
  virtual ~RunOutput() = default;
  virtual void observe(unsigned long step, unsigned long n_steps,
                       const std::vector<double>& row) = 0;
  /// Called before the checkpoint is written: what is buffered goes to disk first, so the
  /// files hold exactly what the checkpoint says.
  virtual void save(Checkpoint& c) = 0;
};

/// DIR/history.csv: the rows and columns `rows` selects. Resumed, it continues the file after the
/// checkpoint's row (InputError when the checkpoint was written for other columns: the case
/// changed).
class HistoryOutput : public RunOutput {
public:
  HistoryOutput(const HistoryRows& rows, const std::string& directory, MPI_Comm comm,
                const Checkpoint* resumed);
  void observe(unsigned long step, unsigned long n_steps, const std::vector<double>& row) override;
  void save(Checkpoint& c) override;

private:
  HistoryRows rows_;
  std::unique_ptr<CsvWriter> history_;
};

/// The largest magnitude of every column over the run (what a batch summary reports).
class LargestValues : public RunOutput {
public:
  /// `from_start`: the largest |value - value at step 0| instead (a change from where the run
  /// starts), kept in checkpoints under keys of its own.
  LargestValues(std::size_t n_columns, const Checkpoint* resumed, bool from_start = false);
  void observe(unsigned long step, unsigned long n_steps, const std::vector<double>& row) override;
  void save(Checkpoint& c) override;
  const std::vector<double>& values() const { return largest_; }
  /// The largest magnitude of the column named `column` of `columns` (the row's names).
  double of(const std::vector<std::string>& columns, const std::string& column) const;

private:
  std::vector<double> largest_;
  bool from_start_ = false;
  std::vector<double> start_; // the row at step 0 (from_start)
};

/// A transient of some kind of system with the outputs it writes: what `hamdyn run` and
/// `hamdyn run --resume` do with any case (studies/run_transient.h: make_transient_run).
class TransientRun {
public:
  virtual ~TransientRun() = default;
  virtual Stepper& stepper() = 0;
  /// Opens the outputs, new ones or, with `resumed`, those continued from the checkpoint
  /// (after the stepper restored itself from it).
  virtual std::vector<RunOutput*> open_outputs(const Checkpoint* resumed) = 0;
  /// max_abs_<column> of the displacement columns and max_abs_energy_error.
  virtual NamedValues results() const = 0;
  /// The largest magnitude so far of the history column `column` (after open_outputs; a
  /// column the run does not have is a logic error).
  virtual double largest(const std::string& column) const = 0;
  /// What rank 0 says after the last step (`report`: the command line's run).
  virtual void finish(bool /*report*/) const {}
  /// The command whose run this is (`run`, or `spectrum` for its time history): the checkpoint
  /// records it, so that a resume continues the study that stopped.
  virtual std::string command() const { return "run"; }
};

/// Steps `run` to its end, or to SIGINT/SIGTERM (every rank stops after the same step), with a
/// checkpoint every Output/Checkpoint interval steps and at the end; then throws Interrupted if
/// a signal stopped it.
void run_to_end(TransientRun& run, const std::vector<RunOutput*>& outputs, const CaseParameters& c,
                bool report);

} // namespace hamdyn
