#include "studies/run_modes.h"

#include "modal/eigen_solver.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

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

NamedValues run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                      bool report) {
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
  NamedValues results;
  if (root)
    std::printf("%6s %22s %22s\n", "mode", "omega [rad/s]", "frequency [Hz]");
  for (unsigned int k = 0; k < modes.omega.size(); ++k) {
    const double w = modes.omega[k];
    csv.row(std::vector<double>{double(k + 1), w, w / (2 * M_PI)});
    results.add("omega_" + std::to_string(k + 1), w);
    if (root)
      std::printf("%6u %22.15g %22.15g\n", k + 1, w, w / (2 * M_PI));
    // Shape scaled to a largest magnitude of 1, signed so that its largest entries are positive
    // (the sign of sum v_i |v_i|^3 is rank-independent), so ParaView shows comparable amplitudes.
    LA::Vector shape(modes.shapes[k]);
    double weighted = 0;
    for (const auto i : pc.system.locally_owned)
      weighted += std::pow(shape(i), 3) * std::abs(shape(i));
    weighted = dealii::Utilities::MPI::sum(weighted, comm);
    shape *= (weighted < 0 ? -1.0 : 1.0) / shape.linfty_norm();
    LA::Vector ghosted(pc.system.locally_owned, pc.model->locally_relevant(), comm);
    ghosted = shape;
    LA::Vector structure;
    pc.model->structure_part(ghosted, structure);
    dealii::DataOut<1> out;
    out.attach_dof_handler(pc.model->dof_handler());
    out.add_data_vector(structure, "mode_shape");
    out.build_patches(pc.model->output_subdivisions());
    series.write(out, k + 1);
  }
  return results;
}

} // namespace hamdyn
