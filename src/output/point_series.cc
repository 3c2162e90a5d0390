#include "output/point_series.h"

#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkStringArray.h>

namespace hamdyn {

PointSeries::PointSeries(const std::string& directory, std::vector<std::string> names,
                         std::vector<double> masses, std::size_t dimension, MPI_Comm comm)
    : names_(std::move(names)), masses_(std::move(masses)), dimension_(dimension),
      series_(directory, "points", comm) {}

void PointSeries::write(double time, const std::vector<double>& positions,
                        const std::vector<double>& velocities) {
  if (!series_.writer()) {
    series_.write(time, nullptr);
    return;
  }
  const vtkIdType n = vtkIdType(masses_.size());
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkCellArray> vertices, lines;
  vtkNew<vtkDoubleArray> mass, velocity;
  mass->SetName("mass");
  velocity->SetName("velocity");
  velocity->SetNumberOfComponents(3);
  for (vtkIdType i = 0; i < n; ++i) {
    double r[3] = {0, 0, 0}, u[3] = {0, 0, 0};
    for (std::size_t c = 0; c < dimension_; ++c) {
      r[c] = positions[std::size_t(i) * dimension_ + c];
      u[c] = velocities[std::size_t(i) * dimension_ + c];
    }
    points->InsertNextPoint(r);
    vertices->InsertNextCell(1, &i);
    mass->InsertNextValue(masses_[std::size_t(i)]);
    velocity->InsertNextTuple(u);
    if (i > 0) {
      const vtkIdType link[2] = {i - 1, i};
      lines->InsertNextCell(2, link);
    }
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetVerts(vertices);
  data->SetLines(lines);
  data->GetPointData()->AddArray(mass);
  data->GetPointData()->AddArray(velocity);
  data->GetPointData()->SetActiveVectors("velocity");
  vtkNew<vtkStringArray> point_names;
  point_names->SetName("point_names");
  for (const std::string& name : names_)
    point_names->InsertNextValue(name);
  data->GetFieldData()->AddArray(point_names);
  series_.write(time, data);
}

} // namespace hamdyn
