#include "output/poly_data_series.h"

#include "output/vtk_xml_file.h"

#include <deal.II/base/mpi.h>

#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataWriter.h>

namespace hamdyn {

PolyDataSeries::PolyDataSeries(const std::string& directory, const std::string& name, MPI_Comm comm)
    : directory_(directory), name_(name),
      writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0) {}

void PolyDataSeries::write_single(const std::string& file, double time, vtkPolyData* data) const {
  if (!writer_)
    return;
  // the time as ParaView reads it from a dataset of its own
  vtkNew<vtkDoubleArray> time_value;
  time_value->SetName("TimeValue");
  time_value->InsertNextValue(time);
  data->GetFieldData()->AddArray(time_value);
  vtkNew<vtkXMLPolyDataWriter> writer;
  write_vtk_xml_atomically(*writer, data, directory_ + "/" + file);
}

void PolyDataSeries::write(double time, vtkPolyData* data) {
  const std::string file = series_file_base(name_, records_.size()) + ".vtp";
  records_.emplace_back(time, file);
  if (!writer_)
    return;
  write_single(file, time, data);
  append_series_record(directory_, name_, records_);
}

void PolyDataSeries::restore(const std::vector<double>& times) {
  records_.clear();
  for (double time : times)
    records_.emplace_back(time, series_file_base(name_, records_.size()) + ".vtp");
  if (!writer_)
    return;
  remove_series_files_from(directory_, name_, records_.size());
  write_series_index(directory_, name_, records_);
}

} // namespace hamdyn
