#include "studies/run_converge.h"

#include "core/input_error.h"

#include "output/history_writer.h"
#include "studies/cable_convergence.h"
#include "studies/convergence_study.h"
#include "studies/discrete_convergence.h"
#include "studies/line_convergence.h"
#include "studies/planar_beam_convergence.h"
#include "studies/prepared_case.h"

#include <deal.II/base/convergence_table.h>
#include <deal.II/base/mpi.h>

#include <cmath>
#include <iostream>
#include <limits>

namespace hamdyn {

namespace {

// What a quantity's levels show, in words: the observed order over its asymptotic levels against
// the expected one, and the levels at round-off or before the asymptotic range. An expected order
// is never printed as if it were met.
// An order as printed: two decimals.
std::string two_decimals(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x);
  return text;
}

std::string verdict(const std::vector<ConvergenceRow>& rows, std::size_t first, std::size_t last) {
  std::vector<unsigned int> asymptotic, pre, round_off;
  double order = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = first; k < last; ++k) {
    const ConvergenceRow& r = rows[k];
    (r.regime == "asymptotic"  ? asymptotic
     : r.regime == "round-off" ? round_off
                               : pre)
        .push_back(r.level);
    if (r.regime == "asymptotic" && std::isfinite(r.order))
      order = r.order; // the finest asymptotic level's
  }
  auto list = [](const std::vector<unsigned int>& levels) {
    std::string text;
    for (std::size_t i = 0; i < levels.size(); ++i)
      text += (i ? ", " : "") + std::to_string(levels[i]);
    return text;
  };
  const double expected = rows[first].expected_order;
  std::string text;
  if (std::isfinite(order))
    text = "observed order " + two_decimals(order) + " at the finest asymptotic level";
  else
    text = "no asymptotic range reached: no order is claimed";
  if (!std::isnan(expected))
    text += std::isfinite(order) && std::abs(order - expected) <= std::max(0.1, 0.05 * expected)
                ? " (expected " + format_number(expected) + ": met)"
                : " (expected " + format_number(expected) + ": not met)";
  if (!pre.empty())
    text += "; pre-asymptotic: level " + list(pre);
  if (!round_off.empty())
    text += "; at the round-off floor (no order): level " + list(round_off);
  return text;
}

// One table per quantity (deal.II's TableHandler formats it); the orders are hamdyn's own, so
// that a level at round-off gets none.
void print_table(const ConvergenceResult& result, bool has_mesh) {
  std::size_t first = 0, quantity = 0;
  while (first < result.rows.size()) {
    std::size_t last = first;
    while (last < result.rows.size() && result.rows[last].quantity == result.rows[first].quantity)
      ++last;
    const ConvergenceRow& head = result.rows[first];
    std::cout << "\n"
              << head.quantity << " (reference: " << head.reference_kind << " "
              << format_number(head.reference);
    if (head.reference_kind == "richardson" && quantity < result.richardson_levels.size())
      std::cout << ", from " << result.richardson_levels[quantity].substr(head.quantity.size() + 2);
    std::cout << ")\n  " << verdict(result.rows, first, last) << "\n";
    dealii::ConvergenceTable table;
    for (std::size_t k = first; k < last; ++k) {
      const ConvergenceRow& r = result.rows[k];
      table.add_value("level", r.level);
      if (has_mesh) { // a discrete system has neither
        table.add_value("elements", r.elements);
        table.add_value("degree", r.degree);
      }
      table.add_value("dt", r.time_step);
      table.add_value("dofs", r.dofs);
      table.add_value("value", r.value);
      table.add_value("error", r.error);
      table.add_value("rel. error", r.relative_error);
      table.add_value("order", std::isfinite(r.order) ? two_decimals(r.order) : std::string("-"));
      table.add_value("regime", r.regime);
    }
    for (const char* column : {"dt", "value", "error", "rel. error"}) {
      table.set_scientific(column, true);
      table.set_precision(column, column == std::string("value") ? 12 : 3);
    }
    table.write_text(std::cout, dealii::TableHandler::org_mode_table);
    first = last;
    if (head.reference_kind == "richardson")
      ++quantity;
  }
}
} // namespace

namespace {
NamedValues converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm, bool report,
                     const ConvergenceSubject& subject) {
  subject.refuse_beyond_memory(c, comm);
  // Everything is computed before anything is written.
  const ConvergenceResult result = run_convergence_study(c, subject, comm);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  {
    CsvWriter csv(c.output_directory + "/convergence.csv",
                  {"quantity", "level", "elements", "degree", "time_step", "dofs", "time", "value",
                   "reference", "reference_kind", "error", "relative_error", "order",
                   "expected_order", "regime"},
                  comm,
                  "units: time_step [s]; time [s] (a history's compared time, where its error is "
                  "largest; blank for a frequency); value, reference, error [rad/s for omega_k, "
                  "the history column's unit otherwise]; relative_error, order, expected_order "
                  "[1]; regime: asymptotic | pre-asymptotic | round-off (no order)");
    for (const ConvergenceRow& r : result.rows)
      csv.row(std::vector<std::string>{
          r.quantity, std::to_string(r.level), std::to_string(r.elements), std::to_string(r.degree),
          format_number(r.time_step), std::to_string(r.dofs), format_cell(r.time),
          format_number(r.value), format_number(r.reference), r.reference_kind,
          format_number(r.error), format_number(r.relative_error), format_cell(r.order),
          format_cell(r.expected_order), r.regime});
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::cout << "convergence study: refine " << c.convergence.refine_name << ", "
              << c.convergence.levels << " levels; order = observed order in " << result.size_name
              << " against the previous level\n";
    if (result.rigid_body_modes > 0)
      std::cout << result.rigid_body_modes
                << " rigid-body mode(s) (omega = 0) among the first frequencies: not studied\n";
    print_table(result, subject.has_mesh());
  }
  // the rows run by quantity, then level: each quantity's order at its finest asymptotic level
  // (NaN when none is)
  NamedValues results;
  double order = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = 0; k < result.rows.size(); ++k) {
    if (result.rows[k].regime == "asymptotic" && std::isfinite(result.rows[k].order))
      order = result.rows[k].order;
    if (k + 1 == result.rows.size() || result.rows[k + 1].quantity != result.rows[k].quantity) {
      results.add("order_" + result.rows[k].quantity, order);
      order = std::numeric_limits<double>::quiet_NaN();
    }
  }
  return results;
}

} // namespace

NamedValues run_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  return converge(c, file, comm, report, LineConvergence());
}

NamedValues run_discrete_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                  bool report) {
  return converge(c, file, comm, report, DiscreteConvergence());
}

NamedValues run_cable_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report) {
  return converge(c, file, comm, report, CableConvergence());
}

NamedValues run_planar_beam_converge(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report) {
  return converge(c, file, comm, report, PlanarBeamConvergence());
}

} // namespace hamdyn
