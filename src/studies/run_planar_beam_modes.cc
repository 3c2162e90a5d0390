#include "studies/run_planar_beam_modes.h"

#include "output/history_writer.h"
#include "studies/planar_beam_frames.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

NamedValues run_planar_beam_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                  bool report) {
  const PlanarBeamState state =
      planar_beam_static_state(*c.planar_beam, "hamdyn modes", [&](const PlanarBeamLine& line) {
        check_planar_beam_eigenproblem(line, c.n_modes, PlanarEigenproblem::modes, "modes",
                                       "Modes/Number of modes");
      });
  const PlanarBeamLine& line = state.line;
  const std::vector<double>& q = state.q;
  const PlanarBeamEquilibrium& e = state.equilibrium;
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
  write_shape_series(
      c.output_directory, "modes", line, q, modes.shapes,
      [&](std::size_t k) {
        return std::vector<std::pair<std::string, double>>{
            {"mode", double(k + 1)}, {"omega", omega[k]}, {"frequency", omega[k] / (2 * M_PI)}};
      },
      comm);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("in-plane modes of %s about its static "
                "state (%s, relative residual %.3g)\n",
                planar_beam_description(line).c_str(), e.steps_text().c_str(), e.residual);
    std::printf("%6s %22s %22s\n", "mode", "omega [rad/s]", "frequency [Hz]");
    for (std::size_t k = 0; k < omega.size(); ++k)
      std::printf("%6zu %22.12g %22.12g\n", k + 1, omega[k], omega[k] / (2 * M_PI));
  }
  return results;
}

} // namespace hamdyn
