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
  // a frame's segments (a line's are its consecutive nodes: none needed); in the elements'
  // order, as the sampled forces
  if (line.frame)
    for (std::size_t e = 0; e < line.elements.size(); ++e)
      for (unsigned a = 0; a < line.degree(); ++a)
        frame.segments.push_back({{line.node(e, a), line.node(e, a + 1)}});
  // each segment's section forces: those at the sampling point inside it
  const SampledForces sampled = sampled_forces(line, q);
  frame.cell_scalars = {{"bending_moment", sampled.moment()},
                        {"axial_force", sampled.axial()},
                        {"shear_force", sampled.shear()}};
  return frame;
}

void write_line_series(const std::string& directory, const std::string& name,
                       const PlanarBeamLine& line, const std::vector<double>& q, std::size_t count,
                       const std::function<LineSnapshot(std::size_t)>& snapshot, MPI_Comm comm) {
  PolyDataSeries series(directory, name, comm);
  PlaneLineFrame frame = planar_beam_frame(line, q);
  const auto support = frame.point_scalars.front();
  for (std::size_t k = 0; k < count; ++k) {
    LineSnapshot shot = snapshot(k);
    frame.point_vectors = std::move(shot.vectors);
    frame.point_scalars = std::move(shot.scalars);
    frame.point_scalars.push_back(support);
    frame.field = std::move(shot.field);
    series.write(shot.time, series.writer() ? plane_line_poly_data(frame).GetPointer() : nullptr);
  }
}

void write_shape_series(
    const std::string& directory, const std::string& name, const PlanarBeamLine& line,
    const std::vector<double>& q, const std::vector<std::vector<double>>& shapes,
    const std::function<std::vector<std::pair<std::string, double>>(std::size_t)>& fields,
    MPI_Comm comm) {
  write_line_series(
      directory, name, line, q, shapes.size(),
      [&](std::size_t k) {
        LineSnapshot shot;
        shot.time = double(k + 1);
        std::vector<Vector2> deflection;
        std::vector<double> rotation;
        for (std::size_t i = 0; i < line.n_nodes(); ++i) {
          deflection.push_back({shapes[k][3 * i], shapes[k][3 * i + 1]});
          rotation.push_back(shapes[k][3 * i + 2]);
        }
        shot.vectors = {{"deflection", deflection}};
        shot.scalars = {{"rotation_shape", rotation}};
        shot.field = fields(k);
        return shot;
      },
      comm);
}

} // namespace hamdyn
