#include "output/cable_series.h"

#include "output/plane_line_frame.h"

#include <vtkPolyData.h>

namespace hamdyn {

CableSeries::CableSeries(const std::string& directory, const std::string& name, CableMarks marks,
                         MPI_Comm comm, std::string vector_name)
    : marks_(std::move(marks)), vector_name_(std::move(vector_name)),
      series_(directory, name, comm) {}

void CableSeries::write(double time, const std::vector<Vector2>& x, const std::vector<Vector2>& v,
                        const std::vector<double>& element_tension,
                        const std::vector<std::pair<std::string, double>>& field,
                        const std::vector<std::pair<std::string, std::vector<Vector2>>>& more) {
  if (!series_.writer()) {
    series_.write(time, nullptr);
    return;
  }
  PlaneLineFrame frame;
  frame.x = x;
  frame.point_vectors.emplace_back(vector_name_, v);
  frame.point_vectors.insert(frame.point_vectors.end(), more.begin(), more.end());
  std::vector<double> support;
  for (const bool held : marks_.held)
    support.push_back(held ? 1 : 0);
  frame.point_scalars = {{"support", support},
                         {"point_mass", marks_.point_mass},
                         {"spring", marks_.spring},
                         {"dashpot", marks_.dashpot}};
  frame.cell_scalars = {{"tension", element_tension}};
  for (std::size_t k = 0; k < x.size(); ++k)
    frame.marked.push_back(marks_.held[k] || marks_.point_mass[k] > 0 || marks_.spring[k] > 0 ||
                           marks_.dashpot[k] > 0);
  frame.field = field;
  series_.write(time, plane_line_poly_data(frame));
}

} // namespace hamdyn
