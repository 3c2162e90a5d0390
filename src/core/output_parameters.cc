#include "core/output_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace hamdyn {

namespace P = dealii::Patterns;
namespace fs = std::filesystem;

namespace {
// Output/History columns: comma-separated names, none empty, none twice (whether each is a column
// of the case is known once the model is set up: output/history_rows.h).
std::vector<std::string> history_column_names(const std::string& text) {
  std::vector<std::string> names;
  for (const std::string& name : list_entries(text, ',', "Output/History columns")) {
    if (std::find(names.begin(), names.end(), name) != names.end())
      throw InputError("Output/History columns", text, "'" + name + "' is named twice");
    names.push_back(name);
  }
  return names;
}
} // namespace

void declare_output_parameters(ParameterFile& f) {
  f.declare("Output", "Directory", "results", P::Anything(), "a writable directory",
            "Where results are written (created if missing).");
  f.declare("Output", "Snapshot interval", "10", P::Integer(), "an integer >= 0",
            "Steps between ParaView snapshots (0: first and last only).");
  f.declare("Output", "Checkpoint interval", "0", P::Integer(), "an integer >= 0",
            "Steps between checkpoints of `hamdyn run` (DIR/checkpoint.bin, replaced each time): "
            "`hamdyn run --resume DIR` continues a run that was stopped from the last one. "
            "0: only at the end and when the run is stopped by SIGINT or SIGTERM (a scheduler's "
            "time limit, Ctrl-C), which finish the step and write one before exiting.");
  f.declare("Output", "History interval", "1", P::Integer(), "an integer >= 1",
            "Steps between the rows of history.csv written by `hamdyn run` (the first and the "
            "last step always have one). The largest magnitudes a batch summary reports and the "
            "energy ledger still see every step.");
  f.declare("Output", "History columns", "", P::Anything(),
            "empty or comma-separated history.csv columns, e.g. u_right, energy_error",
            "The columns history.csv keeps besides time (empty: all of them); a name that is not "
            "a column of the case is bad input listing the columns it has.");
  f.declare("Output", "Precision", "double", P::Selection("double|float"), "double | float",
            "Floating-point type of the snapshots' fields: double (Float64, every digit of "
            "history.csv) or float (Float32, half the size). spacetime.vts is always double.");
  f.declare("Output", "Space-time points", "501", P::Integer(), "0 or an integer from 2 to 1000000",
            "Positions along the line at which `hamdyn run` samples its fields at every snapshot "
            "into spacetime.vts, a structured grid over (x, t) that ParaView shows as a carpet "
            "plot (with Warp By Scalar, the surface u(x, t)); spread like the mesh's nodes, both "
            "ends included. 0: no space-time dataset.");
  f.declare("Output", "Plots", "true", P::Selection("true|false"), "true | false",
            "Whether `hamdyn response`, `spectrum`, `compare` and `converge` draw their picture "
            "(frf.png, spectrum.png, ...) with their plotting script once the tables are written "
            "(it needs python3-matplotlib and takes about a second); false: the tables only. "
            "Members of a batch never draw.");
  f.declare("Output", "Probes", "", P::Anything(),
            "empty or comma-separated positions in [0, Length]",
            "Positions x whose u and v are recorded in history.csv as u@x, v@x (empty: none). "
            "Units: m.");
}

void parse_output_parameters(const ParameterFile& f, CaseParameters& c) {
  c.output_directory = f.get("Output", "Directory");
  if (c.output_directory.empty())
    throw InputError("Output/Directory", "", "expected a writable directory");
  const long interval = f.get_integer("Output", "Snapshot interval");
  if (interval < 0)
    throw InputError("Output/Snapshot interval", f.get("Output", "Snapshot interval"),
                     "expected an integer >= 0");
  c.snapshot_interval = static_cast<unsigned>(interval);
  const long checkpoints = f.get_integer("Output", "Checkpoint interval");
  if (checkpoints < 0)
    throw InputError("Output/Checkpoint interval", f.get("Output", "Checkpoint interval"),
                     "expected an integer >= 0");
  c.checkpoint_interval = static_cast<unsigned long>(checkpoints);
  const long history_interval = f.get_integer("Output", "History interval");
  if (history_interval < 1)
    throw InputError("Output/History interval", f.get("Output", "History interval"),
                     "expected an integer >= 1");
  c.history_interval = static_cast<unsigned long>(history_interval);
  c.history_columns = history_column_names(f.get("Output", "History columns"));
  c.single_precision_snapshots = f.get("Output", "Precision") == "float";
  c.draw_plots = f.get("Output", "Plots") == "true";
  const long spacetime = f.get_integer("Output", "Space-time points");
  if (spacetime < 0 || spacetime == 1 || spacetime > 1000000)
    throw InputError("Output/Space-time points", f.get("Output", "Space-time points"),
                     "expected 0 or an integer from 2 to 1000000");
  c.spacetime_points = static_cast<unsigned>(spacetime);
  if (!c.is_line_model())
    return; // probes are positions on a straight line
  for (const std::string& item : list_entries(f.get("Output", "Probes"), ',', "Output/Probes")) {
    const double x = number(item);
    if (!(x >= 0 && x <= c.length))
      throw InputError("Output/Probes", item,
                       "expected comma-separated positions in [0, " + f.get("Model", "Length") +
                           "]");
    c.probes.push_back(x);
    c.probe_labels.push_back(item);
  }
}

void check_output_directory_writable(const std::string& directory) {
  fs::path p = fs::absolute(directory);
  std::error_code error; // (the throwing overloads fail on a symlink loop)
  const fs::file_status status = fs::status(p, error);
  if (error && error != std::errc::no_such_file_or_directory)
    throw InputError("Output/Directory", directory, "cannot be looked at: " + error.message());
  if (fs::exists(status) && !fs::is_directory(status))
    throw InputError("Output/Directory", directory, "exists and is not a directory");
  while (!fs::exists(p, error) && p.has_relative_path())
    p = p.parent_path();
  // access() says yes to root everywhere; a directory made and removed again is the real test.
  std::string probe = (p / ".hamdyn-write-test-XXXXXX").string();
  if (!fs::is_directory(p) || mkdtemp(probe.data()) == nullptr)
    throw InputError("Output/Directory", directory,
                     "cannot be written (" + p.string() + " is not a writable directory)");
  fs::remove(probe);
}

} // namespace hamdyn
