#include "batch/run_batch.h"

#include "batch/directory_lock.h"
#include "batch/shared_counter.h"
#include "batch/summary.h"
#include "batch/sweep.h"
#include "core/case_parameters.h"
#include "core/failure_message.h"
#include "core/input_error.h"
#include "studies/memory.h"
#include "studies/run_transient.h"
#include "studies/stop_on_signals.h"
#include "studies/study_table.h"

#include <deal.II/base/mpi.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

namespace hamdyn {

namespace fs = std::filesystem;

namespace {
enum Counter { next_member = 0, finished_members = 1 };

struct Layout {
  std::string directory;
  std::size_t first = 0, end = 0; // the members of this run (a slice, or all)
  std::string summary;            // path of the summary this run writes
};

std::string result_file(const Layout& layout, std::size_t k) {
  return layout.directory + "/" + case_name(k) + "/result.csv";
}

// The members' own rows (a member not yet run, or whose file is missing, stays "not run").
std::vector<MemberResult> read_member_rows(const Sweep& sweep, const Layout& layout) {
  std::vector<MemberResult> rows(layout.end - layout.first);
  for (std::size_t k = layout.first; k < layout.end; ++k) {
    std::vector<MemberResult> one(1);
    if (read_summary(result_file(layout, k), sweep.swept, one, k))
      rows[k - layout.first] = one[0];
    if (rows[k - layout.first].status == "not run")
      rows[k - layout.first].values = sweep.members[k];
  }
  return rows;
}

// The first member of this run whose case is bad input ("case_0003: Model/Tension = '-5': ..."),
// or "": a bad value in the base case, the sweep's overrides, --set or a member's own values is
// the sweep's bad input, refused before anything is written, not N failed members.
std::string first_bad_member(const Sweep& sweep, const BatchOptions& options,
                             const Layout& layout) {
  for (std::size_t k = layout.first; k < layout.end; ++k)
    try {
      ParameterFile file;
      declare_case_parameters(file);
      read_member_case(sweep, k, options.overrides, layout.directory + "/" + case_name(k), file);
      parse_case_parameters(file, sweep.case_directory);
    } catch (const InputError& e) {
      return case_name(k) + ": " + e.what();
    }
  return "";
}

std::string checkpoint_file(const Layout& layout, std::size_t k) {
  return layout.directory + "/" + case_name(k) + "/checkpoint.bin";
}

// One member on the ranks of `group`; every rank returns the same status. With `resume`, a `run`
// member that a signal stopped goes on from its own checkpoint instead of from its start.
MemberResult run_member(const Sweep& sweep, const BatchOptions& options, const Layout& layout,
                        std::size_t k, bool resume, MPI_Comm group) {
  const auto start = std::chrono::steady_clock::now();
  const bool leader = dealii::Utilities::MPI::this_mpi_process(group) == 0;
  const std::string directory = layout.directory + "/" + case_name(k);
  MemberResult m;
  m.values = sweep.members[k];
  if (leader && !resume) {   // an earlier, interrupted attempt's files must not mix with this one's
    std::error_code ignored; // a directory that cannot be removed fails the study's writes
    fs::remove_all(directory, ignored);
  }
  MPI_Barrier(group);
  int code = 0; // 0 ok, 1 stopped by a signal (checkpoint written), 2 bad input, 3 failed
  try {
    ParameterFile file;
    declare_case_parameters(file);
    read_member_case(sweep, k, options.overrides, directory, file);
    const CaseParameters c = parse_case_parameters(file, sweep.case_directory);
    const auto warn = [&](const std::vector<std::string>& warnings) { // the member's, once
      if (leader)
        for (const std::string& warning : warnings)
          std::cerr << "hamdyn batch: " << case_name(k) << ": warning: " << warning << std::endl;
    };
    warn(unused_parameter_warnings(file, c));
    const StudyCommand& study = *find_study(sweep.study);
    m.results = resume ? study.resume(c, group, /*report=*/false)
                       : study.run(c, file, group, /*report=*/false);
    warn(m.results.warnings);
  } catch (const InputError& e) {
    code = 2;
    m.message = e.what();
  } catch (const Interrupted& e) { // "stopped by SIGTERM after step k of n (t = ...); ..."
    code = 1;
    const std::string what = e.what();
    m.message =
        what.substr(0, what.find(';')) + "; batch --resume continues it from its checkpoint";
  } catch (const std::exception& e) {
    code = 3;
    m.message = failure_message(e);
  }
  const int worst = dealii::Utilities::MPI::max(code, group);
  m.status = worst == 0 ? "ok" : worst == 1 ? "stopped" : worst == 2 ? "bad input" : "failed";
  if (worst != 0 && code == 0)
    m.message = "failed on another rank of this member's group";
  if (worst == 0 && resume)
    m.message = "continued from its checkpoint"; // its seconds are the continuation's
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

void print_progress(const std::string& name, const MemberResult& m, long done, long total,
                    double elapsed) {
  const double eta = elapsed * double(total - done) / double(done);
  std::printf("hamdyn batch: %s %s in %.3g s [%ld of %ld, elapsed %.1f s, ETA %.1f s]%s%s\n",
              name.c_str(), m.status.c_str(), m.seconds, done, total, elapsed, eta,
              m.message.empty() ? "" : ": ", m.message.c_str());
  std::fflush(stdout);
}

int exit_status(const std::vector<MemberResult>& rows) {
  for (const auto& r : rows)
    if (r.status != "ok")
      return 1;
  return 0;
}

// The members' rows gathered into the summary (rank 0), with a count of each status and, after a
// run (wall > 0), the batch's wall time against the time of the members it ran. A batch stopped
// by a signal (`stopped`) lists the members it did not start as stopped.
int write_summary_from_members(const Sweep& sweep, const Layout& layout, double wall = 0,
                               const std::vector<unsigned long>& ran = {}, bool stopped = false) {
  std::vector<MemberResult> rows = read_member_rows(sweep, layout);
  if (stopped)
    for (const unsigned long k : ran)
      if (rows[k - layout.first].status == "not run") {
        rows[k - layout.first].status = "stopped";
        rows[k - layout.first].message = "not started: the batch was stopped";
      }
  write_summary(layout.summary, sweep.swept, rows, layout.first);
  std::map<std::string, unsigned> counts;
  for (const auto& r : rows)
    ++counts[r.status];
  std::printf("hamdyn batch: %zu members:", rows.size());
  for (const auto& [status, n] : counts)
    std::printf(" %u %s;", n, status.c_str());
  std::printf(" summary in %s", layout.summary.c_str());
  if (wall > 0) {
    double own = 0;
    for (const unsigned long k : ran)
      own += rows[k - layout.first].seconds;
    std::printf("; wall %.3f s, members' own %.3f s", wall, own);
  }
  std::printf("\n");
  std::fflush(stdout);
  // A member that was bad input or failed is the batch's failure (exit 1): one line on stderr
  // says so, with the first such member's message, for a user or a scheduler that reads only it
  for (const auto& r : rows)
    if (r.status == "bad input" || r.status == "failed") {
      std::fprintf(stderr,
                   "hamdyn batch: %u member(s) bad input, %u failed; the first: %s: %s (see %s)\n",
                   counts["bad input"], counts["failed"],
                   case_name(std::size_t(&r - rows.data()) + layout.first).c_str(),
                   r.message.c_str(), layout.summary.c_str());
      break;
    }
  return exit_status(rows);
}
} // namespace

int run_batch(const BatchOptions& options, MPI_Comm world) {
  const Sweep sweep = read_sweep(options.sweep_file);
  const unsigned int n_ranks = dealii::Utilities::MPI::n_mpi_processes(world);
  const unsigned int rank = dealii::Utilities::MPI::this_mpi_process(world);
  const unsigned int group_size = sweep.ranks_per_case;
  if (n_ranks % group_size != 0)
    throw InputError("Batch/Ranks per case", std::to_string(group_size),
                     "expected a divisor of the number of MPI ranks (" + std::to_string(n_ranks) +
                         ")");
  Layout layout;
  layout.directory =
      options.output_directory.empty() ? sweep.output_directory : options.output_directory;
  check_output_directory_writable(layout.directory);
  const std::size_t n = sweep.members.size();
  layout.end = n;
  layout.summary = layout.directory + "/summary.csv";
  if (options.n_slices > 0 && !options.merge) { // slice K of N: members [(K-1)n/N, Kn/N)
    layout.first = (options.slice - 1) * n / options.n_slices;
    layout.end = options.slice * n / options.n_slices;
    layout.summary = layout.directory + "/summary_slice_" + std::to_string(options.slice) + "_of_" +
                     std::to_string(options.n_slices) + ".csv";
  }

  if (options.merge && !fs::is_directory(layout.directory))
    throw InputError("--output", layout.directory, "holds no batch to merge (no such directory)");
  if (!options.merge) {
    std::string problem = rank == 0 ? first_bad_member(sweep, options, layout) : "";
    problem = dealii::Utilities::MPI::broadcast(world, problem, 0);
    if (!problem.empty())
      throw InputError(problem);
  }

  // One batch at a time writes a directory (each slice of a job array holds its own lock: slices
  // run side by side by design).
  DirectoryLock lock;
  if (!options.merge) {
    std::string problem =
        rank == 0 ? lock.acquire(layout.directory,
                                 options.n_slices > 0
                                     ? ".batch_slice_" + std::to_string(options.slice) + "_of_" +
                                           std::to_string(options.n_slices) + ".lock"
                                     : ".batch.lock")
                  : "";
    problem = dealii::Utilities::MPI::broadcast(world, problem, 0);
    if (!problem.empty())
      throw InputError("--output", layout.directory, problem);
  }

  int status = 0;
  if (options.merge) {
    if (rank == 0)
      status = write_summary_from_members(sweep, layout);
    return dealii::Utilities::MPI::broadcast(world, status, 0);
  }

  // Which members run: all of this run's, or with --resume those whose row is not ok or whose
  // values changed since. Decided on rank 0 alone, so that every rank agrees.
  // A `run` or `spectrum` member stopped by a signal with its values unchanged goes on from its
  // checkpoint.
  std::vector<unsigned long> todo, from_checkpoint;
  if (rank == 0) {
    const std::vector<MemberResult> previous =
        options.resume ? read_member_rows(sweep, layout) : std::vector<MemberResult>();
    for (std::size_t k = layout.first; k < layout.end; ++k) {
      const MemberResult* before = options.resume ? &previous[k - layout.first] : nullptr;
      const bool same = before && before->values == sweep.members[k];
      if (same && before->status == "ok")
        continue;
      todo.push_back(k);
      from_checkpoint.push_back(same && before->status == "stopped" &&
                                find_study(sweep.study)->resumable() &&
                                fs::is_regular_file(checkpoint_file(layout, k)));
    }
    fs::create_directories(layout.directory);
    std::printf("hamdyn batch: %s, study %s, %zu member(s)%s; %zu to run on %u group(s) of %u "
                "rank(s); results in %s/\n",
                sweep.file.c_str(), sweep.study.c_str(), layout.end - layout.first,
                options.n_slices > 0 ? (" (slice " + std::to_string(options.slice) + " of " +
                                        std::to_string(options.n_slices) + ")")
                                           .c_str()
                                     : "",
                todo.size(), n_ranks / group_size, group_size, layout.directory.c_str());
    std::fflush(stdout);
  }
  todo = dealii::Utilities::MPI::broadcast(world, todo, 0);
  from_checkpoint = dealii::Utilities::MPI::broadcast(world, from_checkpoint, 0);

  keep_freed_memory();
  MPI_Comm group;
  MPI_Comm_split(world, int(rank / group_size), int(rank), &group);
  const bool leader = dealii::Utilities::MPI::this_mpi_process(group) == 0;
  const auto start = std::chrono::steady_clock::now();
  // SIGTERM or SIGINT (a scheduler's time limit, Ctrl-C): a `run` or `spectrum` member in flight
  // stops after its step with a checkpoint, another study's member finishes, and no group takes a
  // new one.
  const StopOnSignals signals;
  {
    SharedCounters counters(world, 2);
    while (agreed_signal(group) == 0) {
      long i = leader ? counters.fetch_add(next_member) : 0;
      MPI_Bcast(&i, 1, MPI_LONG, 0, group);
      if (i >= long(todo.size()))
        break;
      const std::size_t k = todo[i];
      const MemberResult m = run_member(sweep, options, layout, k, from_checkpoint[i] != 0, group);
      if (leader) {
        fs::create_directories(layout.directory + "/" + case_name(k));
        write_summary(result_file(layout, k), sweep.swept, {m}, k);
        const long done = counters.fetch_add(finished_members) + 1;
        print_progress(
            case_name(k), m, done, long(todo.size()),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
    }
    MPI_Barrier(world); // every member's row is written before the summary gathers them
  }
  MPI_Comm_free(&group);
  const int signal = agreed_signal(world);
  if (rank == 0) {
    status = write_summary_from_members(
        sweep, layout,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), todo,
        signal != 0);
    if (signal != 0 && status != 0) { // a signal after the last member changes nothing
      std::string resume =
          "hamdyn batch " + sweep.file + " --output " + layout.directory + " --resume";
      for (const auto& assignment : options.overrides)
        resume += " --set '" + assignment + "'";
      if (options.n_slices > 0)
        resume +=
            " --slice " + std::to_string(options.slice) + "/" + std::to_string(options.n_slices);
      std::fprintf(stderr, "hamdyn batch: stopped by %s; continue with %s\n",
                   signal == SIGINT ? "SIGINT" : "SIGTERM", resume.c_str());
      std::fflush(stderr);
      status = 128 + signal;
    }
  }
  return dealii::Utilities::MPI::broadcast(world, status, 0);
}

} // namespace hamdyn
