#include "studies/run_modes.h"

#include "output/attachment_series.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/memory.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/run_discrete.h"
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

namespace {
// Mode `number`'s shape as fields mode_w (and a beam's mode_theta), scaled so that the largest
// |w| at the sampled points is 1 (a mode without transverse motion: the largest |theta|, and the
// field data scaled_by_rotation = 1 says so) and signed so that this largest entry is positive
// (where several points share it, as in an antisymmetric mode, the first along x: a rule every
// rank count applies alike); field data omega [rad/s] and frequency [Hz]; ParaView's time axis
// is the mode number.
void write_mode_shape(const PreparedCase& pc, const LA::Vector& mode, unsigned int number,
                      double omega, VtuSeries& series) {
  const MPI_Comm comm = pc.comm;
  LA::Vector structure;
  pc.model->structure_part(mode, structure);
  const OutputFields fields = pc.model->output_fields();
  const bool rotation = fields.point.size() > 1 && fields.point[1] == "rotation";
  const unsigned int n = pc.model->output_subdivisions() + 1;
  auto each_sample = [&](const std::function<void(double x, double w, double theta)>& f) {
    pc.model->sample_output_fields(structure, structure, structure,
                                   [&](const double* x, const double* values, const double*) {
                                     for (unsigned int j = 0; j < n; ++j)
                                       f(x[j], values[j], rotation ? values[n + j] : 0.0);
                                   });
  };
  double largest[2] = {0, 0}; // |w|, |theta| at the sampled points
  each_sample([&](double, double w, double theta) {
    largest[0] = std::max(largest[0], std::abs(w));
    largest[1] = std::max(largest[1], std::abs(theta));
  });
  largest[0] = dealii::Utilities::MPI::max(largest[0], comm);
  largest[1] = dealii::Utilities::MPI::max(largest[1], comm);
  const bool by_rotation = !(largest[0] > 1e-12 * largest[1] * pc.parameters.length);
  const unsigned int field = by_rotation ? 1 : 0;
  // the first x where |field| reaches its largest value (to round-off), and the sign there
  struct {
    double x;
    int sign;
  } first{std::numeric_limits<double>::infinity(), 1};
  each_sample([&](double x, double w, double theta) {
    const double value = field == 0 ? w : theta;
    if (std::abs(value) >= (1 - 1e-9) * largest[field] && x < first.x)
      first = {x, value < 0 ? -1 : 1};
  });
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_DOUBLE_INT, MPI_MINLOC, comm);
  const double scale = first.sign / largest[field];
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
  PreparedCase pc(c, comm, Matrices::band_from_cells);
  check_number_of_modes(pc);
  {
    // The Krylov-Schur basis (krylov_basis_size vectors) and the dense matrices of the projected
    // problem (SLEPc users' manual, sec. 2.6.4 on ncv and mpd); the refinement 2n more vectors.
    const double n = c.n_modes,
                 ncv = double(krylov_basis_size(c.n_modes, pc.system.locally_owned.size()));
    const double dofs = double(pc.system.locally_owned.size());
    refuse_beyond_memory("Modes/Number of modes", std::to_string(c.n_modes),
                         8 * dofs * (ncv + 2 * n) + 4 * 8 * ncv * ncv,
                         std::to_string(c.n_modes) + " modes of " +
                             std::to_string(pc.system.locally_owned.size()) + " DoFs",
                         comm);
  }
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
  if (!c.write_mode_shapes)
    pc.release_mesh();
  const Modes modes = natural_modes(pc.system, c, c.n_modes, scale);
  const auto output = prepare_output_directory(c.output_directory, file, comm); // modes are done

  CsvWriter csv(c.output_directory + "/modes.csv", {"mode", "omega", "frequency", "residual"},
                comm);
  std::optional<VtuSeries> series;
  if (c.write_mode_shapes) {
    series.emplace(c.output_directory, "modes", comm);
    AttachmentSeries(c.output_directory, attachment_markers(c), comm).write_at_rest();
  }
  NamedValues results;
  if (root)
    std::printf("%6s %22s %22s %10s\n", "mode", "omega [rad/s]", "frequency [Hz]", "residual");
  for (unsigned int k = 0; k < modes.omega.size(); ++k) {
    const double w = modes.omega[k];
    csv.row(std::vector<double>{double(k + 1), w, w / (2 * M_PI), modes.residual[k]});
    results.add("omega_" + std::to_string(k + 1), w);
    if (root)
      std::printf("%6u %22.15g %22.15g %10.2e\n", k + 1, w, w / (2 * M_PI), modes.residual[k]);
    if (series)
      write_mode_shape(pc, modes.shapes[k], k + 1, w, *series);
  }
  return results;
}

} // namespace hamdyn
