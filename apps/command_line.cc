#include "command_line.h"

#include "core/input_error.h"

namespace hamdyn {

const char* const usage_text =
    R"(hamdyn - finite-element dynamics of strings and beams (Hamilton's principle, damped, MPI)

usage:
  hamdyn run [CASE.prm] [--set "Section/Key=value"]... [--output DIR]
      Transient response. Without CASE.prm, the built-in example cases/default.prm (a damped
      string, fixed at x = 0, with a 5 g mass on a 2000 N/m spring at x = L); a case file starts
      from the declared defaults (hamdyn parameters), not from the example. Writes
      DIR/solution.pvd (ParaView: the snapshots), DIR/spacetime.vts (the run over x and t),
      DIR/attachments.pvd and .vtp (the attached devices, when there are any),
      DIR/history.csv, DIR/used_parameters.prm and DIR/checkpoint.bin (at the end, every
      Output/Checkpoint interval steps, and when SIGINT or SIGTERM stop the run after the step
      in progress: exit 130 or 143). Pictures: scripts/paraview/deflection.py, spacetime.py
      (VTK only, headless), scripts/plot_history.py (history.png).
  hamdyn run --resume DIR
      Continues the run in DIR from its last checkpoint (on any number of ranks); history.csv
      and the snapshots go on as if the run had not stopped.
      Model/Type = discrete (cases/seeds/): named coordinates, inertias, springs, dashpots,
      forces and constraints; history.csv only.
  hamdyn modes [CASE.prm] [--set ...]... [--output DIR]
      Natural frequencies and mode shapes: DIR/modes.csv and DIR/modes.pvd (mode_w, and a
      beam's mode_theta, scaled to a largest |w| of 1); picture: scripts/paraview/modes.py.
  hamdyn compare [CASE.prm] [--set ...]... [--output DIR]
      The case solved four ways, side by side: primal finite elements, the discrete chain
      (masses and springs; a Hencky bar chain for a beam), the chain's impulse-based dual
      (Rimrott & Tabarrok) and the exact solution where one exists. Writes DIR/compare.csv
      (mode,exact,primal_fe,chain,dual: angular frequencies [rad/s]), DIR/compare_history.csv
      (time,exact,primal_fe,chain,dual: displacement [m] of the right end, or of the node
      nearest L/2 if that end is held) and DIR/compare.png; prints a table.
  hamdyn converge [CASE.prm] [--set ...]... [--output DIR]
      A convergence study (Convergence section: Refine = h | p | dt | h and dt, Levels,
      Number of frequencies, History): the case at every level, errors against the exact
      solution where one exists and a Richardson limit otherwise, observed and expected orders.
      Writes DIR/convergence.csv, DIR/convergence.png; prints a table per quantity.
  mpirun -np P hamdyn batch SWEEP.prm [--output DIR] [--resume] [--slice K/N] [--merge]
                                      [--set ...]...
      A parameter sweep: the Batch section of SWEEP.prm names the base case, the study (run,
      modes, compare or converge), Ranks per case R (dividing P) and the members (a CSV Table
      or Values lists, all combinations); the file's other sections override the base case for
      every member. P / R groups of ranks take the members as they finish. Each member writes
      into DIR/case_NNNN/ (with its result.csv); DIR/summary.csv has a row per member
      (case,status,message,seconds, the swept parameters, the study's results). Exit status 0
      only if every member is ok.
        --resume      skip the members whose row says ok, continue stopped `run` members
                      from their checkpoints (after a time limit or a kill)
        --slice K/N   run only slice K of N of the members (job arrays); writes
                      DIR/summary_slice_K_of_N.csv
        --merge       only gather every member's row into DIR/summary.csv (after the slices)
  hamdyn parameters
      Every case-file parameter with its default, allowed values and units.
  hamdyn bench [--model string|beam|nonlinear] [--unknowns N] [--steps N]
      Times the path hamdyn run takes (step, energy ledger, history rows) for a P1 string, a
      Hermite Euler-Bernoulli beam or the P1 string with four hardening springs (Newton)
      (default 1000000 unknowns, 100 steps).
  hamdyn bench --study modes [--unknowns N] [--modes N]
      Times the path hamdyn modes takes (Write shapes = false) for a P1 string fixed at both
      ends (default 1000000 unknowns, 10 modes); bench/modes.sh sets it beside scipy's eigsh.
  hamdyn --help | --version

options:
  --set "Section/Key=value"   override one case-file entry (repeatable), e.g.
                              --set "Discretization/Elements=400"
  --output DIR                write results to DIR (overrides Output/Directory)

Run in parallel with mpirun -np N hamdyn ...; results do not depend on N.
Exit status: 0 success, 2 bad input (nothing written), 1 failure while running (the outputs
written so far stay valid), 130 / 143 stopped by SIGINT / SIGTERM (checkpoint written).
)";

namespace {
std::string value_of(int& i, int argc, char** argv) {
  const std::string option = argv[i];
  if (i + 1 >= argc)
    throw InputError(option, "", "expects a value");
  return argv[++i];
}

unsigned long positive_integer(const std::string& option, const std::string& text) {
  std::size_t used = 0;
  unsigned long value = 0;
  try {
    value = std::stoul(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || value == 0 || text[0] == '-')
    throw InputError(option, text, "expected a positive integer");
  return value;
}
} // namespace

CommandLine parse_command_line(int argc, char** argv) {
  CommandLine cl;
  if (argc < 2) {
    cl.command = "help";
    return cl;
  }
  cl.command = argv[1];
  if (cl.command == "--help" || cl.command == "-h" || cl.command == "help" ||
      cl.command == "--version") {
    if (argc > 2)
      throw InputError("argument", argv[2], cl.command + " takes no arguments");
    cl.command = cl.command == "--version" ? "version" : "help";
    return cl;
  }
  if (cl.command != "run" && cl.command != "modes" && cl.command != "compare" &&
      cl.command != "converge" && cl.command != "batch" && cl.command != "parameters" &&
      cl.command != "bench")
    throw InputError("command", cl.command,
                     "expected run, modes, compare, converge, batch, parameters, bench or --help");
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      cl.command = "help";
      return cl;
    }
    if (cl.command == "bench") {
      if (arg == "--unknowns")
        cl.bench_unknowns = positive_integer(arg, value_of(i, argc, argv));
      else if (arg == "--steps")
        cl.bench_steps = static_cast<unsigned int>(positive_integer(arg, value_of(i, argc, argv)));
      else if (arg == "--modes")
        cl.bench_modes = static_cast<unsigned int>(positive_integer(arg, value_of(i, argc, argv)));
      else if (arg == "--study") {
        cl.bench_study = value_of(i, argc, argv);
        if (cl.bench_study != "run" && cl.bench_study != "modes")
          throw InputError("--study", cl.bench_study, "expected run or modes");
      } else if (arg == "--model") {
        cl.bench_model = value_of(i, argc, argv);
        if (cl.bench_model != "string" && cl.bench_model != "beam" && cl.bench_model != "nonlinear")
          throw InputError("--model", cl.bench_model, "expected string, beam or nonlinear");
      } else
        throw InputError("option", arg,
                         "bench takes --study, --model, --unknowns N, --steps N and --modes N");
    } else if (cl.command == "parameters") {
      throw InputError("option", arg, "parameters takes no options");
    } else if (cl.command == "batch" && arg == "--resume") {
      cl.batch.resume = true;
    } else if (cl.command == "batch" && arg == "--merge") {
      cl.batch.merge = true;
    } else if (cl.command == "batch" && arg == "--slice") {
      const std::string text = value_of(i, argc, argv);
      const auto slash = text.find('/');
      if (slash == std::string::npos)
        throw InputError("--slice", text, "expected K/N with 1 <= K <= N");
      auto& b = cl.batch;
      b.slice = static_cast<unsigned int>(positive_integer("--slice", text.substr(0, slash)));
      b.n_slices = static_cast<unsigned int>(positive_integer("--slice", text.substr(slash + 1)));
      if (b.slice > b.n_slices)
        throw InputError("--slice", text, "expected K/N with 1 <= K <= N");
    } else if (cl.command == "run" && arg == "--resume") {
      cl.resume_directory = value_of(i, argc, argv);
      if (cl.resume_directory.empty())
        throw InputError("--resume", "", "expected the directory of a stopped run");
    } else if (arg == "--set") {
      cl.overrides.push_back(value_of(i, argc, argv));
    } else if (arg == "--output") {
      cl.output_directory = value_of(i, argc, argv);
      if (cl.output_directory.empty())
        throw InputError("--output", "", "expected a directory name");
    } else if (!arg.empty() && arg[0] == '-') {
      throw InputError("option", arg,
                       cl.command == "batch"
                           ? "expected --set, --output, --resume, --slice K/N, --merge or --help"
                       : cl.command == "run" ? "expected --set, --output, --resume DIR or --help"
                                             : "expected --set, --output or --help");
    } else if (cl.case_file.empty()) {
      cl.case_file = arg;
    } else {
      throw InputError("argument", arg, "only one case file may be given");
    }
  }
  if (!cl.resume_directory.empty() &&
      (!cl.case_file.empty() || !cl.overrides.empty() || !cl.output_directory.empty()))
    throw InputError("--resume", cl.resume_directory,
                     "continues that run with its own used_parameters.prm; it takes no case file, "
                     "--set or --output");
  if (cl.command == "batch" && cl.case_file.empty())
    throw InputError("batch", "", "expects a sweep file: hamdyn batch SWEEP.prm");
  cl.batch.sweep_file = cl.case_file;
  cl.batch.output_directory = cl.output_directory;
  cl.batch.overrides = cl.overrides;
  if (cl.batch.merge && (cl.batch.resume || cl.batch.n_slices > 0))
    throw InputError("--merge", "", "gathers every member's row; it takes no --resume or --slice");
  return cl;
}

} // namespace hamdyn
