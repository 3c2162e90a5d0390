#include "studies/run_planar_beam_buckling.h"

#include "core/input_error.h"
#include "output/history_writer.h"
#include "output/plane_line_frame.h"
#include "output/poly_data_series.h"
#include "studies/planar_beam_buckling.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <vtkPolyData.h>

#include <algorithm>
#include <cstdio>

namespace hamdyn {

NamedValues run_planar_beam_buckling(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report) {
  const PlanarBeamCase& beam = *c.planar_beam;
  check_statically_held(beam, "hamdyn buckling");
  const PlanarBeamLine line = make_planar_beam_line(beam);
  if (std::all_of(line.loads.begin(), line.loads.end(), [](double p) { return p == 0; }))
    throw InputError("Planar beam/End force", "0, 0",
                     "a load to buckle under: hamdyn buckling of a planar beam finds the critical "
                     "multiples of its dead loads (End force, End moment, Distributed force, "
                     "Gravity), and the case has none");
  check_planar_beam_modes(line, c.buckling.n_modes);
  std::vector<double> q = line.reference;
  solve_planar_beam_equilibrium(line, q);
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
  if (c.buckling.write_shapes) {
    PolyDataSeries series(c.output_directory, "buckling", comm);
    PlaneLineFrame frame;
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
    for (std::size_t k = 0; k < buckling.factors.size(); ++k) {
      std::vector<Vector2> deflection;
      std::vector<double> rotation;
      for (std::size_t i = 0; i < line.n_nodes(); ++i) {
        deflection.push_back({buckling.shapes[k][3 * i], buckling.shapes[k][3 * i + 1]});
        rotation.push_back(buckling.shapes[k][3 * i + 2]);
      }
      frame.point_vectors = {{"deflection", deflection}};
      frame.point_scalars = {{"rotation_shape", rotation}, {"support", support}};
      frame.field = {{"mode", double(k + 1)}, {"load_factor", buckling.factors[k]}};
      series.write(double(k + 1),
                   series.writer() ? plane_line_poly_data(frame).GetPointer() : nullptr);
    }
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("linearized buckling of a planar beam of %zu elements of degree %u about its "
                "static state: the critical multiples of its loads\n",
                line.elements.size(), line.degree());
    std::printf("%6s %22s\n", "mode", "load factor");
    for (std::size_t k = 0; k < buckling.factors.size(); ++k)
      std::printf("%6zu %22.12g\n", k + 1, buckling.factors[k]);
  }
  return results;
}

} // namespace hamdyn
