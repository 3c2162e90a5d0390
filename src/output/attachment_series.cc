#include "output/attachment_series.h"

#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkStringArray.h>

#include <algorithm>

namespace hamdyn {

namespace {
constexpr const char* series_name = "attachments";
} // namespace

AttachmentSeries::AttachmentSeries(const std::string& directory,
                                   std::vector<AttachmentMarker> markers, double length,
                                   MPI_Comm comm)
    : markers_(std::move(markers)), length_(length), comm_(comm),
      series_(directory, series_name, comm) {
  for (const auto& m : markers_)
    if (!m.position)
      positions_.push_back(m.x);
  std::sort(positions_.begin(), positions_.end());
  positions_.erase(std::unique(positions_.begin(), positions_.end()), positions_.end());
  for (std::size_t k = 0; k < markers_.size(); ++k) {
    const AttachmentMarker& m = markers_[k];
    if (m.position) {
      position_of_.push_back(positions_.size() + moving_.size());
      moving_.push_back(k);
    } else
      position_of_.push_back(std::size_t(
          std::lower_bound(positions_.begin(), positions_.end(), m.x) - positions_.begin()));
  }
}

std::vector<double> AttachmentSeries::positions(double time) const {
  std::vector<double> x = positions_;
  for (const std::size_t k : moving_)
    x.push_back(std::clamp((*markers_[k].position)(0, time), 0.0, length_));
  return x;
}

void AttachmentSeries::write_at_rest() const {
  if (series_.writer() && !empty())
    series_.write_single(std::string(series_name) + ".vtp", 0.0, markers(0.0, {}, {}));
}

void AttachmentSeries::write(double time, const std::vector<double>& sampled, std::size_t n_fields,
                             const std::vector<double>& oscillators) {
  if (empty())
    return;
  std::vector<double> summed(sampled.size(), 0.0);
  MPI_Reduce(sampled.data(), summed.data(), int(sampled.size()), MPI_DOUBLE, MPI_SUM, 0, comm_);
  if (!series_.writer()) {
    series_.write(time, nullptr);
    return;
  }
  std::vector<double> w(positions_.size() + moving_.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = summed[i * n_fields];
  series_.write(time, markers(time, w, oscillators));
}

void AttachmentSeries::restore(const std::vector<double>& times) {
  if (!empty())
    series_.restore(times);
}

// One vertex per marker; with `w` empty, at rest.
vtkSmartPointer<vtkPolyData>
AttachmentSeries::markers(double time, const std::vector<double>& w,
                          const std::vector<double>& oscillators) const {
  const vtkIdType n = vtkIdType(markers_.size());
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkCellArray> vertices;
  vtkNew<vtkIntArray> kind;
  kind->SetName("kind");
  auto double_array = [n](const char* name) {
    auto array = vtkSmartPointer<vtkDoubleArray>::New();
    array->SetName(name);
    array->SetNumberOfTuples(n);
    return array;
  };
  auto mass = double_array("mass"), stiffness = double_array("stiffness"),
       damping = double_array("damping"), force = double_array("force"),
       displacement = double_array("displacement");
  for (vtkIdType i = 0; i < n; ++i) {
    const AttachmentMarker& m = markers_[std::size_t(i)];
    const double x = m.position ? (*m.position)(0, time) : m.x;
    const bool on_ground = m.position && !(x >= 0 && x <= length_);
    double y = 0;
    if (!w.empty())
      y = m.oscillator >= 0 ? oscillators.at(std::size_t(m.oscillator))
          : on_ground       ? 0.0
                            : w[position_of_[std::size_t(i)]];
    points->InsertNextPoint(x, y, 0.0);
    vertices->InsertNextCell(1, &i);
    kind->InsertNextValue(int(m.kind));
    mass->SetValue(i, m.mass);
    stiffness->SetValue(i, m.stiffness);
    damping->SetValue(i, m.damping);
    force->SetValue(i, m.force ? (*m.force)(0.0, time) : 0.0);
    displacement->SetValue(i, y);
  }
  auto data = vtkSmartPointer<vtkPolyData>::New();
  data->SetPoints(points);
  data->SetVerts(vertices);
  for (vtkDataArray* array :
       std::vector<vtkDataArray*>{kind, mass, stiffness, damping, force, displacement})
    data->GetPointData()->AddArray(array);
  vtkNew<vtkStringArray> kind_names;
  kind_names->SetName("kind_names");
  for (const auto& kind_name : attachment_kind_names())
    kind_names->InsertNextValue(kind_name);
  data->GetFieldData()->AddArray(kind_names);
  return data;
}

} // namespace hamdyn
