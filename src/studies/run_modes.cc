#include "studies/run_modes.h"

#include "core/moving_load_parameters.h"
#include "core/text.h"
#include "modal/damped_modes.h"
#include "output/attachment_series.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/complex_shapes.h"
#include "studies/frequency_response.h"
#include "studies/memory.h"
#include "studies/modal_participation.h"
#include "studies/mode_shapes.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"
#include "system/linearized_forces.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <limits>
#include <optional>

namespace hamdyn {

namespace {
// Natural modes of a case with nonlinear springs are those of its tangent system about the
// initial state: K gains each spring's slope dF/de at its initial extension, and each dashpot of
// degree 2 joins C as a viscous one (used by damped modes only).
void linearize_about_initial_state(PreparedCase& pc, MPI_Comm comm, bool root) {
  SecondOrderSystem& s = pc.system;
  LA::Vector u(s.locally_owned, comm), v(s.locally_owned, comm);
  pc.model->initial_conditions(u, v);
  check_initial_scale(pc, u, v); // the case `run` would refuse is refused here too
  const NodalForces* nonlinear = s.parts.find<NodalForces>();
  if (!nonlinear)
    return;
  const auto springs = linearize_nodal_forces(s, gather_entries(u, nonlinear->dofs(), comm)).first;
  if (root && springs > 0)
    std::printf("modes of the system linearized about the initial state (%zu nonlinear springs, "
                "each with its slope dF/de there)\n",
                springs);
}

// Modes/Damping = include: the damped modes, their complex shapes as w_re, w_im, w_abs.
NamedValues run_damped_modes(const PreparedCase& pc, const ParameterFile& file, MPI_Comm comm,
                             bool root) {
  const CaseParameters& c = pc.parameters;
  DampedModes modes =
      compute_damped_modes(pc.system, c.n_modes, -0.01 * pc.model->frequency_scale());
  const ModalParticipation participation =
      damped_modal_participation(pc, modes.shapes_re, modes.shapes_im);
  const auto output = prepare_output_directory(c.output_directory, file, comm); // modes are done
  CsvWriter csv(c.output_directory + "/modes.csv",
                {"mode", "omega", "frequency", "omega_damped", "damping_ratio", "decay_rate",
                 "participation_factor", "effective_mass", "effective_mass_fraction",
                 "cumulative_mass_fraction"},
                comm);
  double cumulative = 0;
  std::optional<VtuSeries> series;
  if (c.write_mode_shapes) {
    series.emplace(c.output_directory, "modes", comm);
    AttachmentSeries(c.output_directory, attachment_markers(c), c.length, comm).write_at_rest();
  }
  if (root) {
    std::printf("damped modes of (lambda^2 M + lambda C + K) x = 0, lambda = -zeta omega + i "
                "omega_damped\n");
    std::printf("%6s %22s %22s %22s %14s\n", "mode", "omega [rad/s]", "omega_damped [rad/s]",
                "decay rate [1/s]", "damping ratio");
  }
  NamedValues results;
  unsigned int overdamped = 0;
  for (std::size_t k = 0; k < modes.lambda.size(); ++k) {
    const std::complex<double> lambda = modes.lambda[k];
    const double w = std::abs(lambda), zeta = -lambda.real() / w;
    overdamped += lambda.imag() == 0 ? 1 : 0;
    // a complex (non-classically damped) shape has no participation: blank cells
    const bool real_shape = !std::isnan(participation.factor[k]);
    const double fraction = participation.effective_mass[k] / participation.total_mass;
    if (real_shape)
      cumulative += fraction;
    std::vector<std::string> cells;
    for (const double value :
         {double(k + 1), w, w / (2 * M_PI), lambda.imag(), zeta, -lambda.real()})
      cells.push_back(precise_text_of(value));
    for (const double value :
         {participation.factor[k], participation.effective_mass[k], fraction, cumulative})
      cells.push_back(real_shape ? precise_text_of(value) : std::string());
    csv.row(cells);
    results.add("omega_" + std::to_string(k + 1), w);
    results.add("damping_ratio_" + std::to_string(k + 1), zeta);
    if (root)
      std::printf("%6zu %22.15g %22.15g %22.15g %14.9f\n", k + 1, w, lambda.imag(), -lambda.real(),
                  zeta);
    if (series)
      write_complex_shape(pc, modes.shapes_re[k], modes.shapes_im[k], double(k + 1),
                          {{"omega", w}, {"omega_damped", lambda.imag()}, {"damping_ratio", zeta}},
                          *series);
  }
  if (root && overdamped > 0)
    std::printf("%u overdamped: a real eigenvalue each (omega_damped = 0, its decay rate in "
                "decay_rate)\n",
                overdamped);
  if (root && modes.lambda.size() < c.n_modes)
    std::printf("only %zu of the %u damped modes asked for converged\n", modes.lambda.size(),
                c.n_modes);
  return results;
}
} // namespace

NamedValues run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                      bool report) {
  refuse_moving_loads(c, "hamdyn modes");
  if (c.damped_modes)
    refuse_nonviscous_dashpots(c, "damped modes");
  PreparedCase pc(c, comm, c.damped_modes ? Matrices::assembled : Matrices::band_from_cells);
  check_number_of_modes(pc);
  refuse_modes_beyond_memory(pc, c.n_modes, "Modes/Number of modes");
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  linearize_about_initial_state(pc, comm, root);
  if (c.damped_modes)
    return run_damped_modes(pc, file, comm, root);
  if (root && pc.system.has_damping())
    std::printf("modes are undamped: the case's damping (viscous, Rayleigh, dashpots, the "
                "oscillators' dampers) is left out (Modes/Damping = include keeps it)\n");
  if (root && c.axial_stiffness > 0)
    std::printf("modes of the large-amplitude string about its straight state (tension Tension): "
                "Axial stiffness enters only finite motions\n");

  const double scale = pc.model->frequency_scale();
  // without shapes to write, the mesh and the model go before the eigensolver's peak, as
  // `hamdyn bench --study modes` measures it (a quarter of the peak at 10^6 cells)
  const LA::Vector m_r = translation_inertia(pc);
  if (!c.write_mode_shapes)
    pc.release_mesh();
  Modes modes = natural_modes(pc.system, c, c.n_modes, scale, report);
  const ModalParticipation participation = modal_participation(c, m_r, modes);
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
    AttachmentSeries(c.output_directory, attachment_markers(c), c.length, comm).write_at_rest();
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
