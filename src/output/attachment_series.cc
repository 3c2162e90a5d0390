#include "output/attachment_series.h"

#include "output/vtk_xml_file.h"

#include <deal.II/base/mpi.h>

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
#include <vtkXMLPolyDataWriter.h>

#include <algorithm>

namespace hamdyn {

namespace {
constexpr const char* series_name = "attachments";
} // namespace

AttachmentSeries::AttachmentSeries(const std::string& directory,
                                   std::vector<AttachmentMarker> markers, MPI_Comm comm)
    : directory_(directory), markers_(std::move(markers)), comm_(comm),
      writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
  for (const auto& m : markers_)
    positions_.push_back(m.x);
  std::sort(positions_.begin(), positions_.end());
  positions_.erase(std::unique(positions_.begin(), positions_.end()), positions_.end());
  for (const auto& m : markers_)
    position_of_.push_back(std::size_t(std::lower_bound(positions_.begin(), positions_.end(), m.x) -
                                       positions_.begin()));
}

void AttachmentSeries::write_at_rest() const {
  if (writer_ && !empty())
    write_file(std::string(series_name) + ".vtp", 0.0, {}, {});
}

void AttachmentSeries::write(double time, const std::vector<double>& sampled, std::size_t n_fields,
                             const std::vector<double>& oscillators) {
  if (empty())
    return;
  std::vector<double> summed(sampled.size(), 0.0);
  MPI_Reduce(sampled.data(), summed.data(), int(sampled.size()), MPI_DOUBLE, MPI_SUM, 0, comm_);
  const std::string name = series_file_base(series_name, records_.size()) + ".vtp";
  records_.emplace_back(time, name);
  if (!writer_)
    return;
  std::vector<double> w(positions_.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = summed[i * n_fields];
  write_file(name, time, w, oscillators);
  write_series_index(directory_, series_name, records_);
}

void AttachmentSeries::restore(const std::vector<double>& times) {
  records_.clear();
  if (empty())
    return;
  for (double time : times)
    records_.emplace_back(time, series_file_base(series_name, records_.size()) + ".vtp");
  if (!writer_)
    return;
  remove_series_files_from(directory_, series_name, records_.size());
  write_series_index(directory_, series_name, records_);
}

// One vertex per marker; with `w` empty, at rest.
void AttachmentSeries::write_file(const std::string& name, double time,
                                  const std::vector<double>& w,
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
    double y = 0;
    if (!w.empty())
      y = m.oscillator >= 0 ? oscillators.at(std::size_t(m.oscillator))
                            : w[position_of_[std::size_t(i)]];
    points->InsertNextPoint(m.x, y, 0.0);
    vertices->InsertNextCell(1, &i);
    kind->InsertNextValue(int(m.kind));
    mass->SetValue(i, m.mass);
    stiffness->SetValue(i, m.stiffness);
    damping->SetValue(i, m.damping);
    force->SetValue(i, m.force ? (*m.force)(0.0, time) : 0.0);
    displacement->SetValue(i, y);
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetVerts(vertices);
  for (vtkDataArray* array :
       std::vector<vtkDataArray*>{kind, mass, stiffness, damping, force, displacement})
    data->GetPointData()->AddArray(array);
  vtkNew<vtkDoubleArray> time_value;
  time_value->SetName("TimeValue");
  time_value->InsertNextValue(time);
  data->GetFieldData()->AddArray(time_value);
  vtkNew<vtkStringArray> kind_names;
  kind_names->SetName("kind_names");
  for (const auto& kind_name : attachment_kind_names())
    kind_names->InsertNextValue(kind_name);
  data->GetFieldData()->AddArray(kind_names);
  vtkNew<vtkXMLPolyDataWriter> writer;
  write_vtk_xml_atomically(*writer, data, directory_ + "/" + name);
}

} // namespace hamdyn
