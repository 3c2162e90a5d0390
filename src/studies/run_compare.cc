#include "studies/run_compare.h"

#include "output/history_writer.h"
#include "studies/compare_methods.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace hamdyn {

namespace {
std::string cell(double value) {
  return std::isnan(value) ? "" : format_number(value);
}

std::string printed(double value) {
  char text[32];
  if (std::isnan(value))
    return "-";
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

// The bracket column: its width where chain <= FE and the exact value (if known) lies between
// them; otherwise why there is no bracket (never a negative width or a bound that fails).
std::string bracket_note(double exact, double fe, double chain) {
  if (chain > fe)
    return "none: chain above FE";
  if (!std::isnan(exact) && !(chain <= exact && exact <= fe))
    return chain > exact ? "none: chain above exact" : "none: FE below exact";
  char text[64];
  std::snprintf(text, sizeof text, "%.3e%s", (fe - chain) / fe,
                std::isnan(exact) ? "" : "  exact inside");
  return text;
}

void print_frequencies(const FrequencyComparison& f, const std::string& chain_description) {
  std::printf("angular frequencies [rad/s]; chain = %s\n", chain_description.c_str());
  std::printf("%5s %18s %18s %18s %18s %18s  %s\n", "mode", "exact", "primal FE", "chain",
              "chain dual", "continuum dual", "bracket (FE - chain)/FE");
  for (std::size_t k = 0; k < f.primal_fe.size(); ++k) {
    std::string note;
    if (k < f.rigid_body_modes)
      note = "rigid-body mode: none in the dual";
    else if (!std::isnan(f.chain[k]) && f.primal_fe[k] > 0)
      note = bracket_note(f.exact[k], f.primal_fe[k], f.chain[k]);
    std::printf("%5zu %18s %18s %18s %18s %18s  %s\n", k + 1, printed(f.exact[k]).c_str(),
                printed(f.primal_fe[k]).c_str(), printed(f.chain[k]).c_str(),
                printed(f.dual[k]).c_str(), printed(f.dual_fe[k]).c_str(), note.c_str());
  }
  if (f.self_stress_states > 0)
    std::printf(
        "the chain dual also has %u self-stress state(s) (omega = 0, D^T S = 0): the chain is "
        "tied to the ground at both ends, so its elements can carry a force in "
        "equilibrium without the masses; no primal counterpart\n",
        f.self_stress_states);
  if (f.dual_fe_self_stress_states > 0)
    std::printf("the continuum dual has %u self-stress state(s) (a constant impulse field, held "
                "by both ends); no primal counterpart\n",
                f.dual_fe_self_stress_states);
  if (!f.dual_fe_note.empty())
    std::printf("%s\n", f.dual_fe_note.c_str());
}
} // namespace

void run_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm) {
  // Everything is computed before anything is written: bad input (a case the chain cannot
  // reduce, too many modes) leaves no output behind.
  const CaseComparison comparison(c, comm);
  const FrequencyComparison f = comparison.frequencies();
  const HistoryComparison h = comparison.histories();
  prepare_output_directory(c.output_directory, file, comm);
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  {
    CsvWriter csv(c.output_directory + "/compare.csv",
                  {"mode", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (std::size_t k = 0; k < f.primal_fe.size(); ++k)
      csv.row(std::vector<std::string>{std::to_string(k + 1), cell(f.exact[k]),
                                       cell(f.primal_fe[k]), cell(f.chain[k]), cell(f.dual[k]),
                                       cell(f.dual_fe[k])});
  }
  if (root)
    print_frequencies(f, comparison.chain().description);

  {
    CsvWriter csv(c.output_directory + "/compare_history.csv",
                  {"time", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (std::size_t k = 0; k < h.time.size(); ++k)
      csv.row(std::vector<std::string>{cell(h.time[k]), cell(h.exact[k]), cell(h.primal_fe[k]),
                                       cell(h.chain[k]), cell(h.dual[k]), cell(h.dual_fe[k])});
  }
  if (root) {
    // NaN (a method without this history) stays NaN and prints as "-"
    auto largest_difference = [&](const std::vector<double>& a, const std::vector<double>& b) {
      double worst = 0;
      for (std::size_t k = 0; k < h.time.size(); ++k)
        worst = std::isnan(a[k] - b[k]) ? a[k] - b[k] : std::max(worst, std::abs(a[k] - b[k]));
      return worst;
    };
    const double chain_fe = largest_difference(h.chain, h.primal_fe),
                 dual_chain = largest_difference(h.dual, h.chain),
                 dual_fe = largest_difference(h.dual_fe, h.primal_fe),
                 fe_exact = largest_difference(h.primal_fe, h.exact);
    std::printf("displacement at x = %g m over %zu steps, largest differences [m]: chain - FE "
                "%s, chain dual - chain %s, continuum dual - FE %s, FE - exact %s\n",
                h.x, h.time.size() - 1, printed(chain_fe).c_str(), printed(dual_chain).c_str(),
                printed(dual_fe).c_str(), printed(fe_exact).c_str());
    const std::string plot = "/usr/bin/python3 " HAMDYN_SCRIPT_DIR "/plot_compare.py '" +
                             c.output_directory + "' > /dev/null 2>&1";
    const bool plotted = std::system(plot.c_str()) == 0;
    std::printf("results in %s/: compare.csv, compare_history.csv, %sused_parameters.prm\n",
                c.output_directory.c_str(),
                plotted ? "compare.png, " : "(no compare.png: python3-matplotlib missing) ");
  }
}

} // namespace hamdyn
