#include "studies/time_loop.h"

#include "core/failure_message.h"
#include "core/text.h"
#include "studies/progress.h"
#include "studies/resume.h"
#include "studies/stop_on_signals.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace hamdyn {

int continue_integration(Stepper& run, const RowObserver& observe, bool show_progress,
                         const volatile std::sig_atomic_t* stop) {
  const MPI_Comm comm = run.communicator();
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (run.step() == 0)
    observe(0, run.row());
  Progress progress(show_progress && root, run.n_steps(), run.final_time(), run.step());
  while (!run.finished()) {
    run.advance();
    // A pending signal joins the row's reduction, so every rank stops after the same step and
    // knows which signal it was.
    double requested = 0;
    observe(run.step(), stop ? run.row(stop_request(*stop), &requested) : run.row());
    const std::string note = run.take_note();
    if (root && !note.empty())
      std::printf("\nhamdyn: note: %s\n", note.c_str());
    progress.update(run.step(), run.time());
    if (const int signal = requested_signal(requested); signal != 0) {
      progress.finish("hamdyn run: " + stopped_after(signal, run.step(), run.n_steps()));
      return signal;
    }
  }
  progress.finish(run.summary());
  return 0;
}

HistoryOutput::HistoryOutput(const HistoryRows& rows, const std::string& directory, MPI_Comm comm,
                             const Checkpoint* resumed)
    : rows_(rows) {
  const std::string path = directory + "/history.csv";
  if (resumed) { // checked before the file is cut back to the checkpoint's row
    check_history_columns(*resumed, rows_.columns(), directory);
    history_ = std::make_unique<CsvWriter>(
        path, static_cast<std::uint64_t>(resumed->number("history_length")), comm);
  } else
    history_ = std::make_unique<CsvWriter>(path, rows_.columns(), comm);
  write_units_table(directory + "/history_units.csv", rows_.written(), comm);
}

void HistoryOutput::observe(unsigned long step, unsigned long n_steps,
                            const std::vector<double>& row) {
  // Every column, written or not, before the row goes anywhere: a run never ends with a
  // non-finite value in an output (the row is the ranks' reduction, so every rank throws).
  const std::vector<std::string>& columns = rows_.columns();
  for (std::size_t k = 0; k < row.size(); ++k)
    if (!std::isfinite(row[k]))
      throw CollectiveFailure(
          "history column '" + (k < columns.size() ? columns[k] : std::to_string(k)) +
          "' became non-finite at step " + std::to_string(step) + " (t = " + text_of(row[0]) +
          " s): check the parameters' scale (stiffnesses, damping, Mass per length) and Time "
          "step; the outputs hold the steps before it");
  if (rows_.due(step, n_steps))
    history_->row(rows_.select(row));
}

// The history is flushed first, so the length recorded ends with the checkpoint's row.
void HistoryOutput::save(Checkpoint& c) {
  c.set("history_length", double(history_->flush()));
  c.set("history_columns", rows_.columns());
}

LargestValues::LargestValues(std::size_t n_columns, const Checkpoint* resumed, bool from_start)
    : largest_(resumed ? resumed->numbers(from_start ? "largest_change" : "largest", n_columns)
                       : std::vector<double>(n_columns, 0.0)),
      from_start_(from_start) {
  if (resumed && from_start)
    start_ = resumed->numbers("largest_change_start", n_columns);
}

void LargestValues::observe(unsigned long step, unsigned long, const std::vector<double>& row) {
  if (from_start_ && step == 0)
    start_ = row;
  for (std::size_t k = 0; k < row.size(); ++k)
    largest_[k] = std::max(largest_[k], std::abs(from_start_ ? row[k] - start_[k] : row[k]));
}

void LargestValues::save(Checkpoint& c) {
  c.set(from_start_ ? "largest_change" : "largest", largest_);
  if (from_start_)
    c.set("largest_change_start", start_);
}

double LargestValues::of(const std::vector<std::string>& columns, const std::string& column) const {
  const auto k = std::size_t(std::find(columns.begin(), columns.end(), column) - columns.begin());
  if (k >= largest_.size())
    throw std::logic_error("the run has no history column '" + column + "'");
  return largest_[k];
}

namespace {
void write_checkpoint(TransientRun& run, const std::vector<RunOutput*>& outputs,
                      const CaseParameters& c) {
  Checkpoint checkpoint;
  checkpoint.set("case", c.settings);
  checkpoint.set("command", run.command());
  run.stepper().save(checkpoint);
  for (RunOutput* output : outputs)
    output->save(checkpoint);
  checkpoint.write(c.output_directory + "/checkpoint.bin", run.stepper().communicator());
}
} // namespace

namespace {
// Fault injection for the resume tests (tests/cli/test_resume_every_kind.sh), so that they stop a
// run at a chosen point however fast it steps, with no timing: HAMDYN_TEST_KILL_AFTER_CHECKPOINT=k
// ends every rank by SIGKILL once the k-th checkpoint of Output/Checkpoint interval is on disk;
// HAMDYN_TEST_TERM_AFTER_STEP=n sends every rank SIGTERM after step n, as a scheduler's time
// limit does (the run then stops after the next step, as after any signal).
unsigned long test_setting(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? 0 : std::strtoul(value, nullptr, 10);
}
} // namespace

void run_to_end(TransientRun& run, const std::vector<RunOutput*>& outputs, const CaseParameters& c,
                bool report) {
  static const unsigned long kill_after_checkpoint =
                                 test_setting("HAMDYN_TEST_KILL_AFTER_CHECKPOINT"),
                             term_after_step = test_setting("HAMDYN_TEST_TERM_AFTER_STEP");
  unsigned long checkpoints = 0;
  Stepper& stepper = run.stepper();
  int signal = 0;
  {
    std::unique_ptr<StopOnSignals> signals;
    if (report) // the command line's run; a batch member stops with its batch's StopOnSignals
      signals = std::make_unique<StopOnSignals>();
    signal = continue_integration(
        stepper,
        [&](unsigned long n, const std::vector<double>& row) {
          for (RunOutput* output : outputs)
            output->observe(n, stepper.n_steps(), row);
          if (checkpoint_due(c, n, stepper.n_steps())) {
            write_checkpoint(run, outputs, c);
            if (++checkpoints == kill_after_checkpoint)
              std::raise(SIGKILL);
          }
          if (n == term_after_step && n > 0)
            std::raise(SIGTERM);
        },
        report, StopOnSignals::flag_if_installed());
  }
  write_checkpoint(run, outputs, c);
  if (signal != 0)
    throw stopped_by(signal, stepper.step(), stepper.n_steps(), stepper.time(), run.command(),
                     c.output_directory);
  run.finish(report);
}

} // namespace hamdyn
