#include "studies/planar_beam_frames.h"

#include "output/poly_data_series.h"
#include "studies/planar_beam_line.h"

#include <vtkPolyData.h>

namespace hamdyn {

PlaneLineFrame planar_beam_frame(const PlanarBeamLine& line, const std::vector<double>& q) {
  PlaneLineFrame frame;
  std::vector<double> support;
  for (std::size_t i = 0; i < line.n_nodes(); ++i) {
    frame.x.push_back({q[3 * i], q[3 * i + 1]});
    const bool held = line.held[3 * i] || line.held[3 * i + 2];
    support.push_back(held ? 1 : 0);
    frame.marked.push_back(held);
  }
  frame.point_scalars = {{"support", support}};
  // each segment's section forces: those at the sampling point inside it
  const SampledForces sampled = sampled_forces(line, q);
  frame.cell_scalars = {{"bending_moment", sampled.moment()},
                        {"axial_force", sampled.axial()},
                        {"shear_force", sampled.shear()}};
  return frame;
}

void write_shape_series(
    const std::string& directory, const std::string& name, const PlanarBeamLine& line,
    const std::vector<double>& q, const std::vector<std::vector<double>>& shapes,
    const std::function<std::vector<std::pair<std::string, double>>(std::size_t)>& fields,
    MPI_Comm comm) {
  PolyDataSeries series(directory, name, comm);
  PlaneLineFrame frame = planar_beam_frame(line, q);
  const auto support = frame.point_scalars.front();
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    std::vector<Vector2> deflection;
    std::vector<double> rotation;
    for (std::size_t i = 0; i < line.n_nodes(); ++i) {
      deflection.push_back({shapes[k][3 * i], shapes[k][3 * i + 1]});
      rotation.push_back(shapes[k][3 * i + 2]);
    }
    frame.point_vectors = {{"deflection", deflection}};
    frame.point_scalars = {{"rotation_shape", rotation}, support};
    frame.field = fields(k);
    series.write(double(k + 1),
                 series.writer() ? plane_line_poly_data(frame).GetPointer() : nullptr);
  }
}

} // namespace hamdyn
