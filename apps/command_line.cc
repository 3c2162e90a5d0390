#include "command_line.h"

#include "core/input_error.h"
#include "studies/study_table.h"

namespace hamdyn {

std::string usage_text() {
  return R"(hamdyn - finite-element dynamics of strings and beams (Hamilton's principle, damped, MPI)

usage:
)" +
         [] {
           std::string studies;
           for (const auto& study : study_commands())
             studies += study.usage;
           return studies;
         }() +
         R"(  mpirun -np P hamdyn batch SWEEP.prm [--output DIR] [--resume] [--slice K/N] [--merge]
                                      [--set ...]...
      A parameter sweep: the Batch section of SWEEP.prm names the base case, the study
      ()" +
         study_names(", ", " or ") +
         R"(), Ranks per case R (dividing P) and the members (a CSV
      Table or Values lists, all combinations); the file's other sections override the base
      case for every member. P / R groups of ranks take the members as they finish. Each member
      writes into DIR/case_NNNN/ (with its result.csv); DIR/summary.csv has a row per member
      (case,status,message,seconds, the swept parameters, the study's results). Exit status 0
      only if every member is ok.
        --resume      skip the members whose row says ok, continue stopped `run` and
                      `spectrum` members from their checkpoints (after a time limit or a kill)
        --slice K/N   run only slice K of N of the members (job arrays); writes
                      DIR/summary_slice_K_of_N.csv
        --merge       only gather every member's row into DIR/summary.csv (after the slices)
  hamdyn parameters
      Every case-file parameter with its default, allowed values and units.
  hamdyn bench [--model string|wave|beam|nonlinear] [--unknowns N] [--steps N]
      Times the path hamdyn run takes (step, energy ledger, history rows) for a damped P1
      string, an undamped one (a wave running into a string at rest), a Hermite
      Euler-Bernoulli beam or the P1 string with four hardening springs (Newton)
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
}

namespace {
// A study whose run a checkpoint can continue (`hamdyn run`, `hamdyn spectrum`'s time history).
bool resumable(const std::string& command) {
  const StudyCommand* study = find_study(command);
  return study != nullptr && study->resumable();
}

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
  if (!find_study(cl.command) && cl.command != "batch" && cl.command != "parameters" &&
      cl.command != "bench")
    throw InputError("command", cl.command,
                     "expected " + study_names(", ", ", ") +
                         ", batch, parameters, bench or --help");
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
        if (cl.bench_model != "string" && cl.bench_model != "wave" && cl.bench_model != "beam" &&
            cl.bench_model != "nonlinear")
          throw InputError("--model", cl.bench_model, "expected string, wave, beam or nonlinear");
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
    } else if (resumable(cl.command) && arg == "--resume") {
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
                       : resumable(cl.command) ? "expected --set, --output, --resume DIR or --help"
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
