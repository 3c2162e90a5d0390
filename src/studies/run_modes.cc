#include "studies/run_modes.h"

#include "modal/eigen_solver.h"
#include "output/attachment_series.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/prepared_case.h"
#include "studies/run_discrete.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
// Natural modes of a case with nonlinear springs are those of its tangent system about the
// initial state: K gains each spring's slope dF/de at its initial extension. Modes are undamped:
// dashpots of any degree are left out, as the linear ones are.
void linearize_about_initial_state(PreparedCase& pc, MPI_Comm comm, bool root) {
  SecondOrderSystem& s = pc.system;
  if (s.nodal_forces.empty())
    return;
  LA::Vector u(s.locally_owned, comm), v(s.locally_owned, comm);
  pc.model->initial_conditions(u, v);
  const auto e = gather_entries(u, s.nodal_force_dofs(), comm);
  std::size_t springs = 0;
  for (std::size_t k = 0; k < s.nodal_forces.size(); ++k) {
    if (s.nodal_forces[k].is_dashpot())
      continue;
    ++springs;
    if (s.locally_owned.is_element(s.nodal_forces[k].dof))
      s.stiffness.add(s.nodal_forces[k].dof, s.nodal_forces[k].dof,
                      force_slope(s.nodal_forces[k], e[k]));
  }
  s.stiffness.compress(dealii::VectorOperation::add);
  if (root && springs > 0)
    std::printf("modes of the system linearized about the initial state (%zu nonlinear springs, "
                "each with its slope dF/de there)\n",
                springs);
}
} // namespace

namespace {
// Mode `number`'s shape as fields mode_w (and a beam's mode_theta), scaled so that the largest
// |w| at the sampled points is 1 (a mode without transverse motion: the largest |theta|, and the
// field data scaled_by_rotation = 1 says so), signed so that the largest entries are positive
// (the sign of sum v_i |v_i|^3 is rank-independent); field data omega [rad/s] and frequency [Hz];
// ParaView's time axis is the mode number.
void write_mode_shape(const PreparedCase& pc, const LA::Vector& mode, unsigned int number,
                      double omega, VtuSeries& series) {
  const MPI_Comm comm = pc.comm;
  double weighted = 0;
  for (const auto i : pc.system.locally_owned)
    weighted += std::pow(mode(i), 3) * std::abs(mode(i));
  const double sign = dealii::Utilities::MPI::sum(weighted, comm) < 0 ? -1.0 : 1.0;
  LA::Vector structure;
  pc.model->structure_part(mode, structure);
  const OutputFields fields = pc.model->output_fields();
  const bool rotation = fields.point.size() > 1 && fields.point[1] == "rotation";
  const unsigned int n = pc.model->output_subdivisions() + 1;
  double largest[2] = {0, 0}; // |w|, |theta| at the sampled points
  pc.model->sample_output_fields(structure, structure, structure,
                                 [&](const double*, const double* values, const double*) {
                                   for (unsigned int j = 0; j < n; ++j) {
                                     largest[0] = std::max(largest[0], std::abs(values[j]));
                                     if (rotation)
                                       largest[1] = std::max(largest[1], std::abs(values[n + j]));
                                   }
                                 });
  largest[0] = dealii::Utilities::MPI::max(largest[0], comm);
  largest[1] = dealii::Utilities::MPI::max(largest[1], comm);
  const bool by_rotation = !(largest[0] > 1e-12 * largest[1] * pc.parameters.length);
  const double scale = sign / (by_rotation ? largest[1] : largest[0]);
  OutputFields mode_fields;
  mode_fields.point = rotation ? std::vector<std::string>{"mode_w", "mode_theta"}
                               : std::vector<std::string>{"mode_w"};
  mode_fields.n_local_cells = fields.n_local_cells;
  series.write(
      mode_fields, n - 1, number,
      [&](LineVtuPiece& piece) {
        std::vector<double> scaled(mode_fields.point.size() * n);
        pc.model->sample_output_fields(structure, structure, structure,
                                       [&](const double* x, const double* values, const double*) {
                                         for (std::size_t i = 0; i < scaled.size(); ++i)
                                           scaled[i] = scale * values[i];
                                         piece.add_cell(x, scaled.data(), nullptr);
                                       });
      },
      false,
      {{"omega", omega}, {"frequency", omega / (2 * M_PI)}, {"scaled_by_rotation", by_rotation}});
}
} // namespace

NamedValues run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                      bool report) {
  if (c.discrete)
    return run_discrete_modes(c, file, comm, report);
  PreparedCase pc(c, comm);
  check_number_of_modes(pc);
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  linearize_about_initial_state(pc, comm, root);
  if (root && pc.system.axial_factor > 0)
    std::printf("modes of the large-amplitude string about its straight state (tension Tension): "
                "Axial stiffness enters only finite motions\n");

  // Any negative shift lies below every omega^2 >= 0 and keeps K - shift M definite even for a
  // free-free string; its size only sets the conditioning of the shifted solves.
  const double scale = pc.model->frequency_scale();
  const Modes modes = compute_modes(pc.system, c.n_modes, -0.01 * scale * scale);
  const auto output = prepare_output_directory(c.output_directory, file, comm); // modes are done

  CsvWriter csv(c.output_directory + "/modes.csv", {"mode", "omega", "frequency"}, comm);
  VtuSeries series(c.output_directory, "modes", comm);
  AttachmentSeries(c.output_directory, attachment_markers(c), comm).write_at_rest();
  NamedValues results;
  if (root)
    std::printf("%6s %22s %22s\n", "mode", "omega [rad/s]", "frequency [Hz]");
  for (unsigned int k = 0; k < modes.omega.size(); ++k) {
    const double w = modes.omega[k];
    csv.row(std::vector<double>{double(k + 1), w, w / (2 * M_PI)});
    results.add("omega_" + std::to_string(k + 1), w);
    if (root)
      std::printf("%6u %22.15g %22.15g\n", k + 1, w, w / (2 * M_PI));
    write_mode_shape(pc, modes.shapes[k], k + 1, w, series);
  }
  return results;
}

} // namespace hamdyn
