#include "studies/run_planar_beam_buckling.h"

#include "core/input_error.h"
#include "output/history_writer.h"
#include "studies/planar_beam_buckling.h"
#include "studies/planar_beam_frames.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <cstdio>

namespace hamdyn {

NamedValues run_planar_beam_buckling(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report) {
  const PlanarBeamState state =
      planar_beam_static_state(*c.planar_beam, "hamdyn buckling", [&](const PlanarBeamLine& line) {
        if (line.unloaded())
          throw InputError("Planar beam/End force", "0, 0",
                           "expected a load to buckle under (hamdyn buckling of a planar beam "
                           "finds the critical multiples of its dead loads: End force, End "
                           "moment, Distributed force, Gravity; the case has none)");
        check_planar_beam_eigenproblem(line, c.buckling.n_modes, PlanarEigenproblem::buckling,
                                       "buckling", "Buckling/Number of modes");
      });
  const PlanarBeamLine& line = state.line;
  const std::vector<double>& q = state.q;
  const PlanarBeamBuckling buckling = planar_beam_buckling(line, q, c.buckling.n_modes);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  NamedValues results;
  {
    CsvWriter csv(c.output_directory + "/buckling.csv", {"mode", "load_factor"}, comm);
    for (std::size_t k = 0; k < buckling.factors.size(); ++k) {
      csv.row({double(k + 1), buckling.factors[k]});
      results.add("load_factor_" + std::to_string(k + 1), buckling.factors[k]);
    }
  }
  if (buckling.factors.size() < c.buckling.n_modes)
    results.warnings.push_back(
        "the loads give " + std::to_string(buckling.factors.size()) +
        " critical load factor(s) > 0, "
        "fewer than Buckling/Number of modes: the rest of the loaded states soften nothing");
  if (c.buckling.write_shapes)
    write_shape_series(
        c.output_directory, "buckling", line, q, buckling.shapes,
        [&](std::size_t k) {
          return std::vector<std::pair<std::string, double>>{{"mode", double(k + 1)},
                                                             {"load_factor", buckling.factors[k]}};
        },
        comm);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("linearized buckling of %s about its "
                "static state: the critical multiples of its loads\n",
                planar_beam_description(line).c_str());
    std::printf("%6s %22s\n", "mode", "load factor");
    for (std::size_t k = 0; k < buckling.factors.size(); ++k)
      std::printf("%6zu %22.12g\n", k + 1, buckling.factors[k]);
  }
  return results;
}

} // namespace hamdyn
