#include "studies/run_cable_modes.h"

#include "core/input_error.h"
#include "core/text.h"
#include "exact/sagged_cable_frequencies.h"
#include "output/cable_series.h"
#include "output/history_writer.h"
#include "studies/cable_line.h"
#include "studies/cable_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

NamedValues run_cable_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                            bool report) {
  check_size_for_modes(c.cable->n_elements, "hamdyn modes of a cable");
  CableLine line = make_cable_line(*c.cable);
  check_number_of_modes(line.chain, c.n_modes);
  solve_cable_equilibrium(line.chain);
  const ChainModes modes = chain_modes(line.chain, line.mass, c.n_modes);
  const std::vector<double>& omega = modes.omega;
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  // Irvine & Caughey's theory: a shallow cable between level supports, no point masses
  const CableCase& cable = *c.cable;
  std::vector<exact::CableMode> shallow;
  if (line.catenary_is_equilibrium && cable.right().z == cable.left().z && cable.gravity > 0) {
    const exact::ElasticCatenary& k = *line.catenary;
    const double span = cable.right().x - cable.left().x,
                 weight = cable.mass_per_length * cable.gravity;
    shallow =
        exact::sagged_cable_modes(span, k.horizontal_tension(), cable.mass_per_length,
                                  exact::irvine_lambda_squared(span, k.horizontal_tension(), weight,
                                                               cable.axial_stiffness, k.sag()),
                                  c.n_modes);
  }
  std::vector<std::string> columns{"mode", "omega", "frequency"};
  if (!shallow.empty()) // the theory's mode: 1 symmetric about midspan, 0 antisymmetric
    columns.insert(columns.end(), {"shallow_theory_omega", "shallow_theory_symmetric"});
  NamedValues results;
  if (const std::string warning = force_balance_warning(line.chain); !warning.empty())
    results.warnings.push_back(warning);
  {
    CsvWriter csv(c.output_directory + "/modes.csv", columns, comm);
    for (std::size_t k = 0; k < omega.size(); ++k) {
      std::vector<double> row{double(k + 1), omega[k], omega[k] / (2 * M_PI)};
      if (!shallow.empty())
        row.insert(row.end(), {shallow[k].omega, shallow[k].symmetric ? 1.0 : 0.0});
      csv.row(row);
      results.add("omega_" + std::to_string(k + 1), omega[k]);
    }
  }
  // modes.pvd: the equilibrium with its tension, each mode's shape as `deflection` (largest
  // component 1) for ParaView's Warp By Vector; its time axis is the mode number
  {
    CableSeries series(c.output_directory, "modes", cable_marks(line, cable), comm, "deflection");
    const std::vector<double> tension = element_tensions(line.chain, line.chain.nodes);
    for (std::size_t k = 0; k < omega.size(); ++k)
      series.write(
          double(k + 1), line.chain.nodes, modes.shapes[k], tension,
          {{"mode", double(k + 1)}, {"omega", omega[k]}, {"frequency", omega[k] / (2 * M_PI)}});
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("in-plane modes of a cable of %zu elements about its static equilibrium%s\n",
                line.chain.elements.size(),
                shallow.empty() ? ""
                                : "; beside Irvine & Caughey's shallow-cable theory (1974), "
                                  "which neglects O((sag/span)^2)");
    std::printf("%6s %22s %22s%s\n", "mode", "omega [rad/s]", "frequency [Hz]",
                shallow.empty() ? "" : "      shallow theory [rad/s]");
    for (std::size_t k = 0; k < omega.size(); ++k) {
      std::printf("%6zu %22.12g %22.12g", k + 1, omega[k], omega[k] / (2 * M_PI));
      if (!shallow.empty())
        std::printf(" %22.12g%s", shallow[k].omega, shallow[k].symmetric ? " (symmetric)" : "");
      std::printf("\n");
    }
  }
  return results;
}

} // namespace hamdyn
