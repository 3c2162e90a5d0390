#include "output/spacetime_series.h"

#include "output/vtk_xml_file.h"
#include "storage/atomic_file.h"

#include <deal.II/base/mpi.h>

#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkStructuredGrid.h>
#include <vtkXMLStructuredGridWriter.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace hamdyn {

namespace {
std::string bin_path(const std::string& directory) {
  return directory + "/spacetime.bin";
}
} // namespace

std::vector<double> SpaceTimeSeries::positions(const std::vector<double>& vertices, unsigned n) {
  std::vector<double> x(n);
  const double last = double(vertices.size() - 1);
  for (unsigned i = 0; i < n; ++i) {
    const double r = last * double(i) / double(n - 1);
    const std::size_t k = std::min(std::size_t(r), vertices.size() - 2);
    const double w = r - double(k);
    x[i] = w == 0 ? vertices[k] : (1 - w) * vertices[k] + w * vertices[k + 1];
  }
  x.back() = vertices.back();
  return x;
}

SpaceTimeSeries::SpaceTimeSeries(const std::string& directory, const std::vector<double>& x,
                                 const std::vector<std::string>& fields, MPI_Comm comm,
                                 const std::uint64_t* resume_length)
    : directory_(directory), x_(x), fields_(fields), comm_(comm),
      writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
  if (!writer_)
    return;
  fd_ = open_records(bin_path(directory), resume_length);
  length_ = resume_length ? *resume_length : 0;
}

SpaceTimeSeries::~SpaceTimeSeries() {
  if (fd_ >= 0)
    ::close(fd_);
}

void SpaceTimeSeries::add(double time, const std::vector<double>& values) {
  std::vector<double> level(1 + values.size(), 0.0);
  MPI_Reduce(values.data(), level.data() + 1, int(values.size()), MPI_DOUBLE, MPI_SUM, 0, comm_);
  if (!writer_)
    return;
  level[0] = time;
  const std::string bytes(reinterpret_cast<const char*>(level.data()),
                          level.size() * sizeof(double));
  append_records(fd_, bytes, bin_path(directory_), length_); // whole levels, as history.csv rows
  length_ += bytes.size();
}

void SpaceTimeSeries::write() const {
  if (writer_) {
    const std::size_t n_x = x_.size(), n_fields = fields_.size(), level_size = 1 + n_x * n_fields;
    std::vector<double> data(length_ / sizeof(double));
    std::ifstream in(bin_path(directory_), std::ios::binary);
    in.read(reinterpret_cast<char*>(data.data()), std::streamsize(data.size() * sizeof(double)));
    if (!in)
      throw std::runtime_error("cannot read " + bin_path(directory_));
    const std::size_t n_t = data.size() / level_size;

    vtkNew<vtkStructuredGrid> grid;
    grid->SetDimensions(int(n_x), int(n_t), 1);
    vtkNew<vtkPoints> points;
    points->SetDataTypeToDouble();
    points->SetNumberOfPoints(vtkIdType(n_x) * vtkIdType(n_t));
    for (std::size_t j = 0; j < n_t; ++j)
      for (std::size_t i = 0; i < n_x; ++i)
        points->SetPoint(vtkIdType(j) * vtkIdType(n_x) + vtkIdType(i), x_[i], data[j * level_size],
                         0.0);
    grid->SetPoints(points);
    for (std::size_t f = 0; f < n_fields; ++f) {
      vtkNew<vtkDoubleArray> array;
      array->SetName(fields_[f].c_str());
      array->SetNumberOfTuples(vtkIdType(n_x) * vtkIdType(n_t));
      for (std::size_t j = 0; j < n_t; ++j)
        for (std::size_t i = 0; i < n_x; ++i)
          array->SetValue(vtkIdType(j) * vtkIdType(n_x) + vtkIdType(i),
                          data[j * level_size + 1 + i * n_fields + f]);
      grid->GetPointData()->AddArray(array);
    }
    vtkNew<vtkXMLStructuredGridWriter> writer;
    write_vtk_xml_atomically(*writer, grid, directory_ + "/spacetime.vts");
  }
  MPI_Barrier(comm_);
}

} // namespace hamdyn
