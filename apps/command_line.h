#pragma once
// The hamdyn command line: hamdyn <command> [CASE.prm] [--set "Section/Key=value"]... [--output
// DIR]
#include "batch/run_batch.h"

#include <string>
#include <vector>

namespace hamdyn {

struct CommandLine {
  std::string command;   // run | modes | compare | converge | batch | parameters | bench | help |
                         // version
  std::string case_file; // batch: the sweep file
  std::vector<std::string> overrides;
  std::string output_directory;
  std::string resume_directory; // run --resume DIR
  unsigned long bench_unknowns = 1000000;
  unsigned int bench_steps = 100;
  std::string bench_model = "string"; // string | beam | nonlinear (--study run)
  std::string bench_study = "run";    // run | modes
  unsigned int bench_modes = 10;
  BatchOptions batch; // batch: --resume, --slice, --merge (and, once parsed, the rest)
};

/// Throws InputError on an unknown command or option or a missing value.
CommandLine parse_command_line(int argc, char** argv);

/// `hamdyn --help`: the studies' paragraphs (studies/study_table.h), then batch, parameters,
/// bench and the options.
std::string usage_text();

} // namespace hamdyn
