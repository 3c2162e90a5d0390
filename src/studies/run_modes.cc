#include "studies/run_modes.h"

#include "output/attachment_series.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/memory.h"
#include "studies/modal_participation.h"
#include "studies/mode_shapes.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace hamdyn {

namespace {
// Natural modes of a case with nonlinear springs are those of its tangent system about the
// initial state: K gains each spring's slope dF/de at its initial extension. Modes are undamped:
// dashpots of any degree are left out, as the linear ones are.
void linearize_about_initial_state(PreparedCase& pc, MPI_Comm comm, bool root) {
  SecondOrderSystem& s = pc.system;
  LA::Vector u(s.locally_owned, comm), v(s.locally_owned, comm);
  pc.model->initial_conditions(u, v);
  check_initial_scale(pc, u, v); // the case `run` would refuse is refused here too
  if (s.nodal_forces.empty())
    return;
  const auto e = gather_entries(u, s.nodal_force_dofs(), comm);
  std::size_t springs = 0;
  const std::size_t first = s.point_stiffness.size();
  for (std::size_t k = 0; k < s.nodal_forces.size(); ++k) {
    if (s.nodal_forces[k].is_dashpot())
      continue;
    ++springs;
    s.point_stiffness.push_back(
        {s.nodal_forces[k].dof, s.nodal_forces[k].dof, s.nodal_forces[k].slope(e[k])});
  }
  if (s.matrices == Matrices::assembled) {
    s.add_point_entries(s.point_mass.size(), first);
    s.stiffness.compress(dealii::VectorOperation::add);
  }
  if (root && springs > 0)
    std::printf("modes of the system linearized about the initial state (%zu nonlinear springs, "
                "each with its slope dF/de there)\n",
                springs);
}
} // namespace

NamedValues run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                      bool report) {
  PreparedCase pc(c, comm, Matrices::band_from_cells);
  check_number_of_modes(pc);
  refuse_modes_beyond_memory(pc, c.n_modes, "Modes/Number of modes");
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  linearize_about_initial_state(pc, comm, root);
  const bool dashpots = std::any_of(pc.system.nodal_forces.begin(), pc.system.nodal_forces.end(),
                                    [](const NodalForce& f) { return f.is_dashpot(); });
  if (root && (pc.system.has_damping() || dashpots))
    std::printf("modes are undamped: the case's damping (viscous, Rayleigh, dashpots, the "
                "oscillators' dampers) is left out\n");
  if (root && c.axial_stiffness > 0)
    std::printf("modes of the large-amplitude string about its straight state (tension Tension): "
                "Axial stiffness enters only finite motions\n");

  const double scale = pc.model->frequency_scale();
  Modes modes = natural_modes(pc.system, c, c.n_modes, scale);
  const ModalParticipation participation = modal_participation(pc, modes);
  if (!c.write_mode_shapes)
    pc.release_mesh();
  const auto output = prepare_output_directory(c.output_directory, file, comm); // modes are done

  CsvWriter csv(c.output_directory + "/modes.csv",
                {"mode", "omega", "frequency", "residual", "participation_factor", "effective_mass",
                 "effective_mass_fraction", "cumulative_mass_fraction"},
                comm);
  if (root)
    std::printf("participation in a uniform transverse support motion: effective masses as "
                "fractions of the total mass %.9g kg\n",
                participation.total_mass);
  std::optional<VtuSeries> series;
  if (c.write_mode_shapes) {
    series.emplace(c.output_directory, "modes", comm);
    AttachmentSeries(c.output_directory, attachment_markers(c), comm).write_at_rest();
  }
  NamedValues results;
  if (root)
    std::printf("%6s %22s %22s %10s %12s %12s\n", "mode", "omega [rad/s]", "frequency [Hz]",
                "residual", "eff. mass", "cumulative");
  double cumulative = 0;
  for (unsigned int k = 0; k < modes.omega.size(); ++k) {
    const double w = modes.omega[k],
                 fraction = participation.effective_mass[k] / participation.total_mass;
    cumulative += fraction;
    csv.row(std::vector<double>{double(k + 1), w, w / (2 * M_PI), modes.residual[k],
                                participation.factor[k], participation.effective_mass[k], fraction,
                                cumulative});
    results.add("omega_" + std::to_string(k + 1), w);
    if (root)
      std::printf("%6u %22.15g %22.15g %10.2e %12.6f %12.6f\n", k + 1, w, w / (2 * M_PI),
                  modes.residual[k], fraction, cumulative);
    if (series)
      write_mode_shape(pc, modes.shapes[k], k + 1, {{"omega", w}, {"frequency", w / (2 * M_PI)}},
                       *series, participation.signed_by_factor[k]);
  }
  results.add("cumulative_mass_fraction", cumulative);
  return results;
}

} // namespace hamdyn
