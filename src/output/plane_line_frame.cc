#include "output/plane_line_frame.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

namespace hamdyn {

vtkSmartPointer<vtkPolyData> plane_line_poly_data(const PlaneLineFrame& frame) {
  const vtkIdType n = vtkIdType(frame.x.size());
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkCellArray> vertices, lines;
  vtkIdType n_vertices = 0;
  for (vtkIdType i = 0; i < n; ++i) {
    const std::size_t k = std::size_t(i);
    points->InsertNextPoint(frame.x[k].x, frame.x[k].z, 0);
    if (frame.marked[k]) {
      vertices->InsertNextCell(1, &i);
      ++n_vertices;
    }
  }
  if (frame.segments.empty())
    for (vtkIdType i = 0; i + 1 < n; ++i) {
      const vtkIdType link[2] = {i, i + 1};
      lines->InsertNextCell(2, link);
    }
  for (const auto& [a, b] : frame.segments) {
    const vtkIdType link[2] = {vtkIdType(a), vtkIdType(b)};
    lines->InsertNextCell(2, link);
  }
  auto data = vtkSmartPointer<vtkPolyData>::New();
  data->SetPoints(points);
  data->SetVerts(vertices);
  data->SetLines(lines);
  for (const auto& [name, values] : frame.point_vectors) {
    vtkNew<vtkDoubleArray> array;
    array->SetName(name.c_str());
    array->SetNumberOfComponents(3);
    for (const Vector2& u : values) {
      const double tuple[3] = {u.x, u.z, 0};
      array->InsertNextTuple(tuple);
    }
    data->GetPointData()->AddArray(array);
  }
  if (!frame.point_vectors.empty())
    data->GetPointData()->SetActiveVectors(frame.point_vectors.front().first.c_str());
  for (const auto& [name, values] : frame.point_scalars) {
    vtkNew<vtkDoubleArray> array;
    array->SetName(name.c_str());
    for (const double v : values)
      array->InsertNextValue(v);
    data->GetPointData()->AddArray(array);
  }
  for (const auto& [name, value] : frame.field) {
    vtkNew<vtkDoubleArray> entry;
    entry->SetName(name.c_str());
    entry->InsertNextValue(value);
    data->GetFieldData()->AddArray(entry);
  }
  for (const auto& [name, values] : frame.cell_scalars) {
    vtkNew<vtkDoubleArray> array;
    array->SetName(name.c_str());
    for (vtkIdType k = 0; k < n_vertices; ++k)
      array->InsertNextValue(0);
    for (const double v : values)
      array->InsertNextValue(v);
    data->GetCellData()->AddArray(array);
  }
  if (!frame.cell_scalars.empty())
    data->GetCellData()->SetActiveScalars(frame.cell_scalars.front().first.c_str());
  return data;
}

} // namespace hamdyn
