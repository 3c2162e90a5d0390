#include "studies/run_converge.h"

#include "core/input_error.h"

#include "output/history_writer.h"
#include "studies/convergence_study.h"
#include "studies/prepared_case.h"

#include <deal.II/base/convergence_table.h>
#include <deal.II/base/mpi.h>

#include <cmath>
#include <iostream>

namespace hamdyn {

namespace {

// One table per quantity; deal.II's ConvergenceTable computes the printed rates from the error
// and the column the order is measured in (elements, steps per second, or DoFs).
void print_table(const ConvergenceResult& result, const CaseParameters& c) {
  const auto refine = c.convergence.refine;
  const std::string against = refine == ConvergenceParameters::Refine::p    ? "dofs"
                              : refine == ConvergenceParameters::Refine::dt ? "1/dt"
                                                                            : "elements";
  std::size_t first = 0;
  while (first < result.rows.size()) {
    std::size_t last = first;
    while (last < result.rows.size() && result.rows[last].quantity == result.rows[first].quantity)
      ++last;
    const ConvergenceRow& head = result.rows[first];
    std::cout << "\n"
              << head.quantity << " (reference: " << head.reference_kind << " "
              << format_number(head.reference)
              << (std::isnan(head.expected_order)
                      ? std::string("")
                      : ", expected order " + format_number(head.expected_order))
              << ")\n";
    dealii::ConvergenceTable table;
    for (std::size_t k = first; k < last; ++k) {
      const ConvergenceRow& r = result.rows[k];
      table.add_value("level", r.level);
      if (!c.discrete) { // a discrete system has neither
        table.add_value("elements", r.elements);
        table.add_value("degree", r.degree);
      }
      table.add_value("dt", r.time_step);
      if (against == "1/dt")
        table.add_value("1/dt", 1.0 / r.time_step);
      table.add_value("dofs", r.dofs);
      table.add_value("value", r.value);
      table.add_value("error", r.error);
    }
    for (const char* column : {"dt", "value", "error"}) {
      table.set_scientific(column, true);
      table.set_precision(column, column == std::string("value") ? 12 : 3);
    }
    table.evaluate_convergence_rates("error", against,
                                     dealii::ConvergenceTable::reduction_rate_log2, 1);
    table.write_text(std::cout, dealii::TableHandler::org_mode_table);
    first = last;
  }
}
} // namespace

NamedValues run_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  // Everything is computed before anything is written.
  const ConvergenceResult result = run_convergence_study(c, comm);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  {
    CsvWriter csv(c.output_directory + "/convergence.csv",
                  {"quantity", "level", "elements", "degree", "time_step", "dofs", "value",
                   "reference", "reference_kind", "error", "order", "expected_order"},
                  comm);
    for (const ConvergenceRow& r : result.rows)
      csv.row(std::vector<std::string>{
          r.quantity, std::to_string(r.level), std::to_string(r.elements), std::to_string(r.degree),
          format_number(r.time_step), std::to_string(r.dofs), format_number(r.value),
          format_number(r.reference), r.reference_kind, format_number(r.error),
          format_cell(r.order), format_cell(r.expected_order)});
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::cout << "convergence study: refine " << c.convergence.refine_name << ", "
              << c.convergence.levels << " levels; order = observed order in " << result.size_name
              << " against the previous level\n";
    if (result.rigid_body_modes > 0)
      std::cout << result.rigid_body_modes
                << " rigid-body mode(s) (omega = 0) among the first frequencies: not studied\n";
    print_table(result, c);
  }
  // the rows run by quantity, then level: each quantity's last row is its finest level
  NamedValues results;
  for (std::size_t k = 0; k < result.rows.size(); ++k)
    if (k + 1 == result.rows.size() || result.rows[k + 1].quantity != result.rows[k].quantity)
      results.add("order_" + result.rows[k].quantity, result.rows[k].order);
  return results;
}

} // namespace hamdyn
