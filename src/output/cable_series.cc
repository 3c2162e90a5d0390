#include "output/cable_series.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
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
  const vtkIdType n = vtkIdType(x.size());
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkCellArray> vertices, lines;
  vtkNew<vtkDoubleArray> velocity, support, mass, spring, dashpot, tension;
  velocity->SetName(vector_name_.c_str());
  velocity->SetNumberOfComponents(3);
  support->SetName("support");
  mass->SetName("point_mass");
  spring->SetName("spring");
  dashpot->SetName("dashpot");
  tension->SetName("tension");
  // VTK's cell data lists the vertices first, then the lines: the vertices' tension is 0
  std::vector<double> vertex_tension;
  for (vtkIdType i = 0; i < n; ++i) {
    const std::size_t k = std::size_t(i);
    points->InsertNextPoint(x[k].x, x[k].z, 0);
    const double u[3] = {v[k].x, v[k].z, 0};
    velocity->InsertNextTuple(u);
    support->InsertNextValue(marks_.held[k] ? 1 : 0);
    mass->InsertNextValue(marks_.point_mass[k]);
    spring->InsertNextValue(marks_.spring[k]);
    dashpot->InsertNextValue(marks_.dashpot[k]);
    if (marks_.held[k] || marks_.point_mass[k] > 0 || marks_.spring[k] > 0 ||
        marks_.dashpot[k] > 0) {
      vertices->InsertNextCell(1, &i);
      vertex_tension.push_back(0);
    }
  }
  for (const double t : vertex_tension)
    tension->InsertNextValue(t);
  for (vtkIdType i = 0; i + 1 < n; ++i) {
    const vtkIdType link[2] = {i, i + 1};
    lines->InsertNextCell(2, link);
    tension->InsertNextValue(element_tension[std::size_t(i)]);
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetVerts(vertices);
  data->SetLines(lines);
  for (vtkDoubleArray* array : {velocity.GetPointer(), support.GetPointer(), mass.GetPointer(),
                                spring.GetPointer(), dashpot.GetPointer()})
    data->GetPointData()->AddArray(array);
  for (const auto& [name, values] : more) {
    vtkNew<vtkDoubleArray> array;
    array->SetName(name.c_str());
    array->SetNumberOfComponents(3);
    for (const Vector2& u : values) {
      const double tuple[3] = {u.x, u.z, 0};
      array->InsertNextTuple(tuple);
    }
    data->GetPointData()->AddArray(array);
  }
  data->GetPointData()->SetActiveVectors(vector_name_.c_str());
  for (const auto& [name, value] : field) {
    vtkNew<vtkDoubleArray> entry;
    entry->SetName(name.c_str());
    entry->InsertNextValue(value);
    data->GetFieldData()->AddArray(entry);
  }
  data->GetCellData()->AddArray(tension);
  data->GetCellData()->SetActiveScalars("tension");
  series_.write(time, data);
}

} // namespace hamdyn
