#include "studies/resume.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/history_writer.h"
#include "time/time_grid.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace hamdyn {

void check_same_case(const Checkpoint& checkpoint, const std::string& settings,
                     const std::string& directory) {
  const std::string& saved = checkpoint.text("case");
  if (saved == settings)
    return;
  std::istringstream now(settings), then(saved);
  std::string line_now, line_then;
  while (std::getline(now, line_now) && std::getline(then, line_then) && line_now == line_then) {
  }
  const std::string changed = line_now.empty() ? "its parameters" : "'" + shortened(line_now) + "'";
  throw InputError(directory + "/checkpoint.bin was written for another case than " + directory +
                   "/used_parameters.prm holds: " + changed + " differs" +
                   (line_then.empty() || line_then == line_now
                        ? std::string()
                        : " (the checkpoint's: '" + shortened(line_then) + "')") +
                   "; the file was changed since the run started, or the checkpoint is another "
                   "run's: a resume continues the same case (start a new run for another)");
}

Checkpoint checkpoint_to_resume(const std::string& directory, const std::string& settings,
                                const std::string& command, MPI_Comm comm) {
  Checkpoint checkpoint = Checkpoint::read(directory + "/checkpoint.bin", comm);
  const std::string written_by = checkpoint.has("command") ? checkpoint.text("command") : "run";
  if (written_by != command)
    throw InputError(directory + "/checkpoint.bin is a stopped `hamdyn " + written_by +
                     "`, not a `hamdyn " + command + "`: continue it with hamdyn " + written_by +
                     " --resume " + directory);
  check_same_case(checkpoint, settings, directory);
  return checkpoint;
}

void check_history_columns(const Checkpoint& checkpoint, const std::vector<std::string>& columns,
                           const std::string& directory) {
  if (!checkpoint.holds("history_columns", columns))
    throw InputError(directory +
                     "/checkpoint.bin: record 'history_columns' names other columns "
                     "than this case has: it was written for another case (another kind of "
                     "model, or used_parameters.prm was changed)");
}

unsigned long checked_step(const Checkpoint& checkpoint, const std::string& step_record,
                           const std::string& time_record, unsigned long n_steps, double time_step,
                           double final_time) {
  const double step = checkpoint.number(step_record, 0, double(n_steps));
  if (step != std::floor(step))
    checkpoint.refuse(step_record, "= " + format_number(step) + " is not a whole number of steps");
  const auto n = static_cast<unsigned long>(step);
  const double expected = TimeGrid(time_step, final_time).time(n);
  const double t = checkpoint.number(time_record);
  if (std::abs(t - expected) > 1e-9 * std::max(final_time, time_step))
    checkpoint.refuse(time_record, "= " + format_number(t) + " s is not the time of step " +
                                       std::to_string(n) + " (" + format_number(expected) +
                                       " s): the file is damaged or of another case");
  return n;
}

namespace {
std::string missing_resumed_file(const Checkpoint& checkpoint, const std::string& directory) {
  namespace fs = std::filesystem;
  const std::string history = directory + "/history.csv";
  const double length = checkpoint.number("history_length");
  std::error_code error;
  if (!fs::is_regular_file(history, error))
    return history + " is missing or not a regular file: the checkpoint continues it";
  const auto size = fs::file_size(history, error);
  if (error || double(size) < length)
    return history + " holds fewer bytes than the checkpoint's " + format_number(length) +
           ": it was cut or replaced since";
  const std::string spacetime = directory + "/spacetime.bin";
  if (checkpoint.has("spacetime_length") && checkpoint.number("spacetime_length") > 0 &&
      !fs::is_regular_file(spacetime, error))
    return spacetime + " is missing: the checkpoint continues its space-time levels";
  return "";
}
} // namespace

void check_resumed_files(const Checkpoint& checkpoint, const std::string& directory,
                         MPI_Comm comm) {
  std::string problem;
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    problem = missing_resumed_file(checkpoint, directory);
  problem = dealii::Utilities::MPI::broadcast(comm, problem, 0);
  if (!problem.empty())
    throw InputError(problem);
}

bool announce_resume(const std::string& command, const std::string& directory, unsigned long step,
                     unsigned long n_steps, double t, MPI_Comm comm, bool report) {
  const bool say = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (step == n_steps) {
    if (say)
      std::printf("hamdyn %s: %s already holds the whole run (step %lu of %lu); nothing to do\n",
                  command.c_str(), directory.c_str(), step, n_steps);
  } else if (say) {
    std::printf("hamdyn %s: resuming %s at step %lu of %lu (t = %s s)\n", command.c_str(),
                directory.c_str(), step, n_steps, format_number(t).c_str());
  }
  if (say)
    std::fflush(stdout);
  return step < n_steps;
}

} // namespace hamdyn
