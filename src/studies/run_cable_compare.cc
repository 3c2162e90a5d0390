#include "studies/run_cable_compare.h"

#include "core/input_error.h"
#include "output/history_writer.h"
#include "studies/cable_line.h"
#include "studies/cable_modes.h"
#include "studies/convergence_study.h"
#include "studies/prepared_case.h"
#include "studies/run_cable_transient.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

namespace hamdyn {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// The case's cable with a consistent or a lumped mass.
CaseParameters with_mass(const CaseParameters& c, bool consistent) {
  auto cable = std::make_shared<CableCase>(*c.cable);
  cable->consistent_mass = consistent;
  CaseParameters p = c;
  p.cable = cable;
  return p;
}

// The midspan node's height z(t) over the run [m].
std::vector<double> midspan_history(const CaseParameters& c, MPI_Comm comm,
                                    std::vector<double>& times) {
  const std::vector<std::string> names = cable_history_columns(*c.cable).names;
  const std::size_t z = std::size_t(convergence_history_index(names, "midspan_z"));
  std::vector<double> z_of_t;
  times.clear();
  integrate_cable(c, comm, [&](const std::vector<double>& row) {
    times.push_back(row[0]);
    z_of_t.push_back(row[z]);
  });
  return z_of_t;
}

// A chain hanging from one end: omega_n = (j_0n / 2) sqrt(g / L), the zeros j_0n of J0
// (Abramowitz & Stegun, table 9.5), for an inextensible chain; its stretch under its own weight,
// w L / EA, is the relative error this reference carries.
std::vector<double> hanging_chain_frequencies(const CableCase& cable, unsigned n, double length) {
  const bool vertical_free_end = cable.points.size() == 2 &&
                                 cable.points.front().x == cable.points.back().x &&
                                 cable.point_masses.empty() && cable.gravity > 0 &&
                                 ((cable.right_free && cable.right().z < cable.left().z) ||
                                  (cable.left_free && cable.left().z < cable.right().z));
  if (!vertical_free_end)
    return std::vector<double>(n, nan);
  static const double zeros[] = {2.404825557695773, 5.520078110286311, 8.653727912911012,
                                 11.79153443901428, 14.93091770848779, 18.07106396791092,
                                 21.21163662987926, 24.35247153074930, 27.49347913204025,
                                 30.63460646843198};
  std::vector<double> omega(n, nan);
  for (unsigned k = 0; k < n && k < 10; ++k)
    omega[k] = zeros[k] / 2 * std::sqrt(cable.gravity / length);
  return omega;
}
} // namespace

NamedValues run_cable_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                              bool report) {
  check_size_for_modes(c.cable->n_elements, "hamdyn compare of a cable");
  const unsigned n = c.n_modes;
  const CaseParameters fe = with_mass(c, true), chain = with_mass(c, false);
  // one equilibrium serves both: the mass plays no part at rest
  CableLine line = make_cable_line(*fe.cable);
  solve_cable_equilibrium(line.chain);
  const std::vector<double> omega_fe = chain_frequencies(line.chain, line.mass, n);
  const std::vector<double> omega_chain =
      chain_frequencies(line.chain, make_cable_line(*chain.cable).mass, n);
  const std::vector<double> exact = hanging_chain_frequencies(*c.cable, n, line.unstretched_length);
  std::vector<double> times, chain_times;
  const std::vector<double> w_fe = midspan_history(fe, comm, times);
  const std::vector<double> w_chain = midspan_history(chain, comm, chain_times);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  {
    CsvWriter csv(c.output_directory + "/compare.csv",
                  {"mode", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (unsigned k = 0; k < n; ++k)
      csv.row(std::vector<std::string>{std::to_string(k + 1), format_cell(exact[k]),
                                       format_cell(omega_fe[k]), format_cell(omega_chain[k]), "",
                                       ""});
  }
  {
    CsvWriter csv(c.output_directory + "/compare_history.csv",
                  {"time", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (std::size_t k = 0; k < times.size(); ++k)
      csv.row(std::vector<std::string>{format_cell(times[k]), "",
                                       format_cell(w_fe[k] - w_fe.front()),
                                       format_cell(w_chain[k] - w_chain.front()), "", ""});
  }
  NamedValues results;
  if (const std::string warning = force_balance_warning(line.chain); !warning.empty())
    results.warnings.push_back(warning);
  double largest = 0;
  for (std::size_t k = 0; k < times.size(); ++k)
    largest = std::max(largest, std::abs(w_fe[k] - w_chain[k] - w_fe.front() + w_chain.front()));
  for (unsigned k = 0; k < n; ++k) {
    results.add("omega_fe_" + std::to_string(k + 1), omega_fe[k]);
    results.add("omega_chain_" + std::to_string(k + 1), omega_chain[k]);
  }
  results.add("largest_history_difference", largest);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("a cable of %zu elements, in-plane frequencies about its static equilibrium "
                "[rad/s]; primal FE = consistent mass, chain = lumped-mass line (MoorDyn's: "
                "Hall & Goupee 2015)\n",
                line.chain.elements.size());
    std::printf("%5s %22s %22s %22s\n", "mode", "exact", "primal FE", "chain");
    for (unsigned k = 0; k < n; ++k)
      std::printf("%5u %22s %22.12g %22.12g\n", k + 1,
                  std::isnan(exact[k]) ? "-" : format_cell(exact[k]).c_str(), omega_fe[k],
                  omega_chain[k]);
    if (std::isnan(exact[0]))
      std::printf("exact: none for this cable (a vertical chain hanging from one end has "
                  "(j_0n/2) sqrt(g/L); hamdyn modes gives Irvine & Caughey's shallow-cable "
                  "theory beside a cable between level supports)\n");
    std::printf("impulse dual: left out: Rimrott & Tabarrok's complementary equations are "
                "formulated for linear chains, and the cable's small motion about its sagged "
                "equilibrium is not posed in impulses yet\n");
    std::printf("midspan's vertical displacement over %zu steps: largest |chain - FE| %.3e m\n",
                times.size() - 1, largest);
  }
  return results;
}

} // namespace hamdyn
