#pragma once
// The part every transient whose rows every rank holds shares (a discrete system's, replicated; a
// cable's, whose chain two ranks divide and whose rows they sum):
// history.csv of the rows its Stepper makes, the largest magnitude of each column, and at most one
// series of its own (points.pvd, the cable's solution.pvd), each continued from a checkpoint.
// A line model's run (studies/run_transient.cc) adds snapshots and the space-time field to the
// same two outputs itself.
#include "output/series_index.h"
#include "studies/time_loop.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace hamdyn {

/// Whether a run's own series takes a file after step `step` of `n_steps`: at step 0, every
/// Output/Snapshot interval steps (0: none between) and at the last.
inline bool snapshot_due(const CaseParameters& c, unsigned long step, unsigned long n_steps) {
  const unsigned long interval = c.snapshot_interval;
  return step == 0 || step == n_steps || (interval != 0 && step % interval == 0);
}
/// The times of a series' files, as its checkpoint record keeps them (to restore it on a
/// resume).
inline std::vector<double> series_times(const SeriesRecords& records) {
  std::vector<double> times;
  for (const auto& record : records)
    times.push_back(record.first);
  return times;
}

class RowsRun : public TransientRun {
public:
  /// `columns`: every column of a row (time first); the case's Output/History columns and
  /// History interval choose what history.csv holds. `command` other than run (`hamdyn
  /// spectrum`'s time history, in its checkpoints): history.csv alone, no series, and each
  /// column's largest change from its value at step 0 (largest_change).
  RowsRun(const CaseParameters& c, NamedColumns columns, std::string command = "run")
      : c_(c), columns_(std::move(columns)), command_(std::move(command)),
        rows_(columns_, c.history_columns, c.history_interval) {}

  std::vector<RunOutput*> open_outputs(const Checkpoint* resumed) override {
    history_ = std::make_unique<HistoryOutput>(rows_, c_.output_directory, stepper().communicator(),
                                               resumed);
    largest_ = std::make_unique<LargestValues>(columns_.names.size(), resumed);
    std::vector<RunOutput*> outputs{history_.get(), largest_.get()};
    if (command_ != "run") {
      changes_ = std::make_unique<LargestValues>(columns_.names.size(), resumed, true);
      outputs.push_back(changes_.get());
    } else if (RunOutput* series = open_series(resumed))
      outputs.push_back(series);
    return outputs;
  }
  double largest(const std::string& column) const override {
    return largest_->of(columns_.names, column);
  }
  std::string command() const override { return command_; }
  /// The largest |value - value at step 0| so far of column `column` (a logic error for a run's
  /// own `hamdyn run`, which does not keep them).
  double largest_change(const std::string& column) const {
    if (!changes_)
      throw std::logic_error("a run keeps its largest changes for another study only");
    return changes_->of(columns_.names, column);
  }

protected:
  /// The run's own series, or null (called after the history's outputs are open).
  virtual RunOutput* open_series(const Checkpoint* resumed) = 0;
  /// max_abs_<column> of the columns `chosen` picks (by index) and max_abs_energy_error (the
  /// last column's).
  template <class Chosen>
  NamedValues largest_of(Chosen&& chosen) const {
    NamedValues results;
    const std::vector<double>& largest = largest_->values();
    for (std::size_t k = 1; k < columns_.names.size(); ++k)
      if (chosen(k))
        results.add("max_abs_" + columns_.names[k], largest[k]);
    results.add("max_abs_energy_error", largest.back());
    return results;
  }
  const CaseParameters& c_;
  const NamedColumns columns_;

private:
  std::string command_;
  HistoryRows rows_;
  std::unique_ptr<HistoryOutput> history_;
  std::unique_ptr<LargestValues> largest_, changes_;
};

/// RowsRun::largest_change of a run made for another study than `hamdyn run` (a logic error
/// for any other run).
inline double largest_change(const TransientRun& run, const std::string& column) {
  return dynamic_cast<const RowsRun&>(run).largest_change(column);
}

/// Steps `run` from its start to its end, calling `observe` with each row (step 0 first), with
/// no outputs: what `hamdyn converge` and `compare` study.
inline void integrate_rows(Stepper& run,
                           const std::function<void(const std::vector<double>& row)>& observe) {
  continue_integration(
      run, [&](unsigned long, const std::vector<double>& row) { observe(row); }, false);
}

} // namespace hamdyn
