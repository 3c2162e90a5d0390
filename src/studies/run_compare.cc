#include "studies/run_compare.h"

#include "core/failure_message.h"
#include "core/moving_load_parameters.h"
#include "output/history_writer.h"
#include "studies/compare_methods.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {

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
  std::string why;
  const double width = bracket_width(exact, fe, chain, &why);
  if (std::isnan(width))
    return why;
  char text[64];
  std::snprintf(text, sizeof text, "%.3e%s", width, std::isnan(exact) ? "" : "  exact inside");
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
  if (!f.dual_note.empty())
    std::printf("%s\n", f.dual_note.c_str());
  if (!f.dual_fe_note.empty())
    std::printf("%s\n", f.dual_fe_note.c_str());
}
void print_history_differences(const HistoryComparison& h) {
  const HistoryDifferences d = history_differences(h);
  std::printf("displacement at x = %g m over %zu steps, largest differences [m]: chain - FE "
              "%s, chain dual - chain %s, continuum dual - FE %s, FE - exact %s\n",
              h.x, h.time.size() - 1, printed(d.chain_fe).c_str(), printed(d.dual_chain).c_str(),
              printed(d.dual_fe_fe).c_str(), printed(d.fe_exact).c_str());
}

void write_compare_files(const FrequencyComparison& f, const HistoryComparison& h,
                         const std::string& directory, MPI_Comm comm) {
  {
    CsvWriter csv(directory + "/compare.csv",
                  {"mode", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (std::size_t k = 0; k < f.primal_fe.size(); ++k)
      csv.row(std::vector<std::string>{std::to_string(k + 1), format_cell(f.exact[k]),
                                       format_cell(f.primal_fe[k]), format_cell(f.chain[k]),
                                       format_cell(f.dual[k]), format_cell(f.dual_fe[k])});
  }
  CsvWriter csv(directory + "/compare_history.csv",
                {"time", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
  for (std::size_t k = 0; k < h.time.size(); ++k)
    csv.row(std::vector<std::string>{format_cell(h.time[k]), format_cell(h.exact[k]),
                                     format_cell(h.primal_fe[k]), format_cell(h.chain[k]),
                                     format_cell(h.dual[k]), format_cell(h.dual_fe[k])});
}

// NaN marks what a method does not give (a whole history, a mode it has not); an infinity, or a
// history that is NaN only from some time on, is a method that failed: never written or shown.
void check_finite(const FrequencyComparison& f, const HistoryComparison& h) {
  const std::pair<const char*, const std::vector<double>*> methods[] = {{"exact", &h.exact},
                                                                        {"primal_fe", &h.primal_fe},
                                                                        {"chain", &h.chain},
                                                                        {"dual", &h.dual},
                                                                        {"dual_fe", &h.dual_fe}};
  for (const auto& [name, values] : methods) {
    const bool available =
        std::any_of(values->begin(), values->end(), [](double v) { return !std::isnan(v); });
    for (std::size_t k = 0; k < values->size(); ++k)
      if (std::isinf((*values)[k]) || (available && std::isnan((*values)[k])))
        throw CollectiveFailure(std::string("compare: the ") + name +
                                " history is not finite at t = " + format_number(h.time[k]) +
                                " s: check the load and the parameters' scale");
  }
  for (const auto* values : {&f.exact, &f.primal_fe, &f.chain, &f.dual, &f.dual_fe})
    for (double v : *values)
      if (std::isinf(v))
        throw CollectiveFailure("compare: a frequency is not finite: check the parameters' scale");
}
} // namespace

NamedValues run_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                        bool report) {
  // Everything is computed before anything is written: bad input (a case the chain cannot
  // reduce, too many modes) leaves no output behind.
  refuse_moving_loads(c, "hamdyn compare (its chain and duals carry no moving load)");
  const CaseComparison comparison(c, comm);
  const FrequencyComparison f = comparison.frequencies();
  const HistoryComparison h = comparison.histories();
  check_finite(f, h);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  write_compare_files(f, h, c.output_directory, comm);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    print_frequencies(f, comparison.chain().description);
    print_history_differences(h);
  }
  const HistoryDifferences d = history_differences(h);
  NamedValues results;
  results.add("largest_bracket_width", largest_bracket_width(f));
  results.add("chain_minus_fe", d.chain_fe);
  results.add("chain_dual_minus_chain", d.dual_chain);
  results.add("continuum_dual_minus_fe", d.dual_fe_fe);
  results.add("fe_minus_exact", d.fe_exact);
  return results;
}

} // namespace hamdyn
