// hamdyn: the command-line front end. Parses the command line and the case file, then hands
// over to a study in src/studies. Bad input exits with status 2 before anything is written.
#include "batch/sweep.h"
#include "command_line.h"
#include "core/case_parameters.h"
#include "core/data_directory.h"
#include "core/default_case.h"
#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/rank_failure.h"
#include "core/subnormals.h"
#include "core/text.h"
#include "studies/memory.h"
#include "studies/modes_benchmark.h"
#include "studies/run_transient.h"
#include "studies/step_loop_benchmark.h"
#include "studies/study_table.h"

#include <deal.II/base/mpi.h>

#include <petscsys.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {
using namespace hamdyn;

// A run with moving loads: its dynamic amplification daf_<column>
// (studies/dynamic_amplification.h), which a batch puts in its summary, said at the end of a single
// run too, with the warnings of a static value that double precision does not resolve.
void print_amplification(const NamedValues& results) {
  bool first = true;
  for (const auto& [name, value] : results.entries)
    if (name.rfind("daf_", 0) == 0) {
      if (first)
        std::cout << "dynamic amplification (largest |value| of the run over the largest static "
                     "value of the same loads on their path):"
                  << std::endl;
      first = false;
      std::cout << "  " << name << " = " << format_number(value) << std::endl;
    }
  for (const std::string& warning : results.warnings)
    std::cerr << "hamdyn: warning: " << warning << std::endl;
}

// Draws a study's figure with its script, started as a user starts it (its `#!/usr/bin/env
// python3` line; scripts/hamdyn_python.py moves it to Debian's python3 when the first python3 on
// PATH lacks matplotlib); the figure is a convenience, so a missing matplotlib only changes the
// listing.
// Runs the study's picture script on its output directory. Returns what went wrong (empty when
// the picture was drawn): the last line the script wrote to stderr (a Python exception's
// message, the missing package require() names), so that its failure is reported as what it is.
std::string draw_plot(const StudyCommand& study, const std::string& directory) {
  const std::string scripts = data_directory("scripts");
  if (scripts.empty())
    return "hamdyn's scripts/ directory was not found";
  const std::string command = "'" + scripts + "/" + study.plot_script + "' '" + directory +
                              "' 2>&1 > /dev/null"; // stderr into the pipe, stdout dropped
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr)
    return "it could not be started";
  std::string last, line;
  for (char buffer[512]; std::fgets(buffer, sizeof buffer, pipe) != nullptr;) {
    line += buffer;
    if (!line.empty() && line.back() == '\n') {
      line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos)
        last = line;
      line.clear();
    }
  }
  if (line.find_first_not_of(" \t") != std::string::npos)
    last = line;
  const int status = pclose(pipe);
  if (status == 0)
    return {};
  return last.empty() ? "exit status " + std::to_string(WEXITSTATUS(status)) : last;
}

// The case file (or, without one, the built-in default case), then --set and --output, into
// `file` with the case parameters declared.
void read_case(const CommandLine& cl, ParameterFile& file) {
  if (!cl.resume_directory.empty()) { // the stopped run's own parameters, in its own directory
    file.read(cl.resume_directory + "/used_parameters.prm");
    file.set("Output", "Directory", cl.resume_directory);
    return;
  }
  if (cl.case_file.empty())
    file.read_text(default_case_text(), default_case_name);
  else
    file.read(cl.case_file);
  for (const auto& assignment : cl.overrides)
    file.set(assignment);
  if (!cl.output_directory.empty())
    file.set("Output", "Directory", cl.output_directory);
}

// A hamdyn started without a launcher is an MPI singleton, for which Open MPI forks an `orted`
// daemon and opens its shared-memory and network transports: 0.45 s of a bare MPI_Init here,
// most of a small study's time. Such a process is alone for good (hamdyn spawns no ranks), so it
// starts isolated (no daemon, Open MPI's ess_singleton_isolated) with the transport to itself
// only: 0.05 s. The point-to-point layer is named too (ob1, the one that drives that transport):
// left to choose, Open MPI opens its matching-transport components first (PSM, PSM2, libfabric,
// each a dlopen resolved against the ~200 libraries deal.II loads), about 0.2 s of a start. An
// isolated singleton has no daemon to hand it a job family, so every one of them takes family 0 and
// the same session directory <tmp>/ompi.<host>.<uid>/jf.0: two starting and ending at once remove
// it under each other (MPI_Init then fails, "A call to mkdir was unable to create the desired
// directory", 2 of 300 starts in a test of 30 at a time). Each one therefore gets its own session
// tree, named by host and process, which Open MPI removes at MPI_Finalize. The settings are Open
// MPI's environment variables, read by MPI_Init and removed after it (forget_singleton_settings),
// so that an mpirun the process starts (a Slurm script, a plot) does not inherit them. Under a
// launcher (mpirun, srun) nothing changes.
struct SingletonSettings {
  std::vector<std::string> set;
};

std::string own_session_directory() {
  std::error_code error;
  const std::filesystem::path tmp = std::filesystem::temp_directory_path(error);
  if (error)
    return {};
  char host[256] = {};
  gethostname(host, sizeof(host) - 1);
  return (tmp / ("hamdyn-mpi." + std::string(host) + "." + std::to_string(getpid()))).string();
}

SingletonSettings start_as_isolated_singleton() {
  SingletonSettings settings;
  for (const char* launcher :
       {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "SLURM_STEP_ID"})
    if (std::getenv(launcher) != nullptr)
      return settings;
  const std::string session = own_session_directory();
  if (session.empty() || std::getenv("OMPI_MCA_orte_top_session_dir") != nullptr)
    return settings; // without a tree of its own, the daemon's start is the safe one
  for (const auto& [name, value] :
       {std::make_pair("OMPI_MCA_ess_singleton_isolated", std::string("1")),
        std::make_pair("OMPI_MCA_btl", std::string("self")),
        std::make_pair("OMPI_MCA_pml", std::string("ob1")),
        std::make_pair("OMPI_MCA_orte_top_session_dir", session)})
    if (std::getenv(name) == nullptr && setenv(name, value.c_str(), 0) == 0)
      settings.set.push_back(name);
  return settings;
}

void forget_singleton_settings(const SingletonSettings& settings) {
  for (const std::string& name : settings.set)
    unsetenv(name.c_str());
}

// srun without an MPI plugin for this Open MPI (the site's MpiDefault, or --mpi=pmix) starts
// SLURM_STEP_NUM_TASKS copies that each see one rank: they would all write the same files.
void refuse_separate_copies_under_srun(MPI_Comm comm) {
  const char* tasks = std::getenv("SLURM_STEP_NUM_TASKS");
  if (tasks == nullptr || std::atol(tasks) <= 1 ||
      dealii::Utilities::MPI::n_mpi_processes(comm) != 1)
    return;
  throw InputError("srun started " + std::string(tasks) +
                   " separate one-rank copies of hamdyn (SLURM_STEP_NUM_TASKS = " + tasks +
                   ", MPI ranks = 1): this srun has no MPI support for hamdyn's Open MPI; launch "
                   "with srun --mpi=pmix, or with mpirun (HAMDYN_LAUNCH=mpirun in the Slurm "
                   "scripts)");
}
} // namespace

int main(int argc, char** argv) {
  flush_subnormals_to_zero(); // before any arithmetic or thread (core/subnormals.h)
  const SingletonSettings singleton = start_as_isolated_singleton();
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  forget_singleton_settings(singleton);
  // PETSc returns its errors to us instead of printing a trace: they become one line (exit 1).
  PetscPushErrorHandler(PetscReturnErrorHandler, nullptr);
  release_freed_memory();
  const MPI_Comm comm = MPI_COMM_WORLD;
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  try {
    refuse_separate_copies_under_srun(comm);
    const CommandLine cl = parse_command_line(argc, argv);
    if (cl.command == "help") {
      if (root)
        std::cout << usage_text();
      return 0;
    }
    if (cl.command == "version") {
      if (root)
        std::cout << "hamdyn " << HAMDYN_VERSION << " (deal.II " << DEAL_II_PACKAGE_VERSION
                  << ", PETSc, SLEPc)\n";
      return 0;
    }
    if (cl.command == "bench") {
      if (cl.bench_study == "modes")
        run_modes_benchmark(cl.bench_unknowns, cl.bench_modes, comm);
      else
        run_step_loop_benchmark(cl.bench_model, cl.bench_unknowns, cl.bench_steps, comm);
      return 0;
    }
    if (cl.command == "parameters") {
      if (root) {
        ParameterFile file;
        declare_case_parameters(file);
        std::cout << "Case-file parameters (deal.II ParameterHandler syntax: subsection ... end,"
                     " set Key = value). A case file gets the default shown for every key it"
                     " omits;\nwithout a case file, run, modes and compare use the built-in"
                     " example cases/default.prm.\n";
        file.print_documentation(std::cout);
        ParameterFile sweep;
        declare_batch_parameters(sweep);
        std::cout << "\nSweep-file parameters (hamdyn batch SWEEP.prm): the Batch section; the "
                     "sweep file's other sections are case parameters that override the base "
                     "case for every member.\n";
        sweep.print_documentation(std::cout);
      }
      return 0;
    }
    if (cl.command == "batch")
      return run_batch(cl.batch, comm);
    const StudyCommand* const study = find_study(cl.command);
    if (!study) // parse_command_line knows no other command
      throw std::logic_error("no study for command '" + cl.command + "'");
    ParameterFile file;
    declare_case_parameters(file);
    read_case(cl, file);
    const std::string case_directory =
        !cl.resume_directory.empty() ? cl.resume_directory
        : cl.case_file.empty()       ? "."
                                     : std::filesystem::path(cl.case_file).parent_path().string();
    const CaseParameters c = [&] {
      try {
        return parse_case_parameters(file, case_directory);
      } catch (const InputError& e) { // a resumed run's parameters are its directory's file
        if (cl.resume_directory.empty())
          throw;
        throw InputError(cl.resume_directory + "/used_parameters.prm: " + e.what());
      }
    }();
    // (a resumed run's used_parameters.prm sets every key: the first run warned of the ones its
    // case set, and a resume adds none)
    if (root && cl.resume_directory.empty())
      for (const auto& warning : unused_parameter_warnings(file, c))
        std::cerr << "hamdyn: warning: " << warning << std::endl;
    check_output_directory_writable(c.output_directory);
    const NamedValues results = !cl.resume_directory.empty()
                                    ? study->resume(c, comm, /*report=*/true) // took --resume
                                    : study->run(c, file, comm, /*report=*/true);
    if (root) {
      print_amplification(results);
      // the study's files that this case wrote (spacetime.vts only with Space-time points > 0)
      std::string files;
      std::istringstream names(study->files);
      for (std::string item; std::getline(names >> std::ws, item, ',');) // "name (remark)"
        if (std::filesystem::exists(c.output_directory + "/" + item.substr(0, item.find(' '))))
          files += (files.empty() ? "" : ", ") + item;
      if (!study->plot_script.empty() && c.draw_plots) {
        const std::string failure = draw_plot(*study, c.output_directory);
        files += failure.empty() ? ", " + study->plot_file
                                 : " (no " + study->plot_file + ": scripts/" + study->plot_script +
                                       " failed: " + printable(failure) + ")";
      }
      std::cout << "results in " << c.output_directory << "/: " << files << std::endl;
    }
    return 0;
  } catch (const InputError& e) {
    if (root)
      std::cerr << "hamdyn: error: " << printable(e.what()) << std::endl;
    return 2;
  } catch (const Interrupted& e) {
    if (root)
      std::cerr << "hamdyn: " << e.what() << std::endl;
    return 128 + e.signal;
  } catch (const CollectiveFailure& e) {
    if (root)
      std::cerr << "hamdyn: failure: " << e.what() << std::endl;
    return 1;
  } catch (const std::exception& e) {
    // Raised on this rank, maybe on no other (a file only this rank writes, its own assembly):
    // the other ranks may wait in a collective for ever, so the whole job is ended here.
    report_rank_failure("hamdyn: failure: " + failure_message(e), comm);
    if (dealii::Utilities::MPI::n_mpi_processes(comm) > 1)
      MPI_Abort(comm, 1);
    return 1;
  }
}
