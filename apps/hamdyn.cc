// hamdyn: the command-line front end. Parses the command line and the case file, then hands
// over to a study in src/studies. Bad input exits with status 2 before anything is written.
#include "command_line.h"
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "studies/memory.h"
#include "studies/run_compare.h"
#include "studies/run_modes.h"
#include "studies/run_transient.h"
#include "studies/step_loop_benchmark.h"

#include <deal.II/base/mpi.h>

#include <filesystem>
#include <iostream>

int main(int argc, char** argv) {
  using namespace hamdyn;
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  release_freed_memory();
  const MPI_Comm comm = MPI_COMM_WORLD;
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  try {
    const CommandLine cl = parse_command_line(argc, argv);
    if (cl.command == "help") {
      if (root)
        std::cout << usage_text;
      return 0;
    }
    if (cl.command == "version") {
      if (root)
        std::cout << "hamdyn " << HAMDYN_VERSION << " (deal.II " << DEAL_II_PACKAGE_VERSION
                  << ", PETSc, SLEPc)\n";
      return 0;
    }
    if (cl.command == "bench") {
      run_step_loop_benchmark(cl.bench_model, cl.bench_unknowns, cl.bench_steps, comm);
      return 0;
    }
    ParameterFile file;
    declare_case_parameters(file);
    if (cl.command == "parameters") {
      if (root) {
        std::cout << "Case-file parameters (deal.II ParameterHandler syntax: subsection ... end,"
                     " set Key = value):\n";
        file.print_documentation(std::cout);
      }
      return 0;
    }
    if (!cl.case_file.empty())
      file.read(cl.case_file);
    for (const auto& assignment : cl.overrides)
      file.set(assignment);
    if (!cl.output_directory.empty())
      file.set("Output", "Directory", cl.output_directory);
    const std::string case_directory =
        cl.case_file.empty() ? "." : std::filesystem::path(cl.case_file).parent_path().string();
    const CaseParameters c = parse_case_parameters(file, case_directory);
    check_output_directory_writable(c.output_directory);
    if (cl.command == "run")
      run_transient(c, file, comm);
    else if (cl.command == "compare")
      run_compare(c, file, comm);
    else
      run_modes(c, file, comm);
    return 0;
  } catch (const InputError& e) {
    if (root)
      std::cerr << "hamdyn: error: " << e.what() << std::endl;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "hamdyn: failure: " << e.what() << std::endl;
    return 1;
  }
}
