#include "studies/run_planar_beam_modes.h"

#include "output/history_writer.h"
#include "output/plane_line_frame.h"
#include "output/poly_data_series.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <vtkPolyData.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

NamedValues run_planar_beam_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                  bool report) {
  const PlanarBeamCase& beam = *c.planar_beam;
  check_statically_held(beam, "hamdyn modes");
  const PlanarBeamLine line = make_planar_beam_line(beam);
  check_planar_beam_modes(line, c.n_modes);
  std::vector<double> q = line.reference;
  const PlanarBeamEquilibrium e = solve_planar_beam_equilibrium(line, q);
  const PlanarBeamModes modes = planar_beam_modes(line, q, c.n_modes);
  const std::vector<double>& omega = modes.omega;
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  NamedValues results;
  {
    CsvWriter csv(c.output_directory + "/modes.csv", {"mode", "omega", "frequency"}, comm);
    for (std::size_t k = 0; k < omega.size(); ++k) {
      csv.row({double(k + 1), omega[k], omega[k] / (2 * M_PI)});
      results.add("omega_" + std::to_string(k + 1), omega[k]);
    }
  }
  // modes.pvd: the static state, each mode's shape as `deflection` for ParaView's Warp By
  // Vector; its time axis is the mode number
  {
    PolyDataSeries series(c.output_directory, "modes", comm);
    PlaneLineFrame frame;
    // the static state's section forces, each segment's at its sampling point
    const SampledForces sampled = sampled_forces(line, q);
    frame.cell_scalars = {{"bending_moment", sampled.moment()},
                          {"axial_force", sampled.axial()},
                          {"shear_force", sampled.shear()}};
    std::vector<double> support;
    for (std::size_t i = 0; i < line.n_nodes(); ++i) {
      frame.x.push_back({q[3 * i], q[3 * i + 1]});
      const bool held = line.held[3 * i] || line.held[3 * i + 2];
      support.push_back(held ? 1 : 0);
      frame.marked.push_back(held);
    }
    for (std::size_t k = 0; k < omega.size(); ++k) {
      std::vector<Vector2> deflection;
      std::vector<double> rotation;
      for (std::size_t i = 0; i < line.n_nodes(); ++i) {
        deflection.push_back({modes.shapes[k][3 * i], modes.shapes[k][3 * i + 1]});
        rotation.push_back(modes.shapes[k][3 * i + 2]);
      }
      frame.point_vectors = {{"deflection", deflection}};
      frame.point_scalars = {{"rotation_shape", rotation}, {"support", support}};
      frame.field = {
          {"mode", double(k + 1)}, {"omega", omega[k]}, {"frequency", omega[k] / (2 * M_PI)}};
      series.write(double(k + 1),
                   series.writer() ? plane_line_poly_data(frame).GetPointer() : nullptr);
    }
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("in-plane modes of a planar beam of %zu elements of degree %u about its static "
                "state (%u load steps, relative residual %.3g)\n",
                line.elements.size(), line.degree(), e.load_steps, e.residual);
    std::printf("%6s %22s %22s\n", "mode", "omega [rad/s]", "frequency [Hz]");
    for (std::size_t k = 0; k < omega.size(); ++k)
      std::printf("%6zu %22.12g %22.12g\n", k + 1, omega[k], omega[k] / (2 * M_PI));
  }
  return results;
}

} // namespace hamdyn
