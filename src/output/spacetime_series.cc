#include "output/spacetime_series.h"

#include "output/atomic_file.h"

#include <deal.II/base/mpi.h>

#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkStructuredGrid.h>
#include <vtkXMLStructuredGridWriter.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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
                                 const std::vector<std::string>& fields, MPI_Comm comm, bool resume,
                                 std::uint64_t resume_length)
    : directory_(directory), x_(x), fields_(fields), comm_(comm),
      writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
  if (!writer_)
    return;
  const std::string path = bin_path(directory);
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (resume ? 0 : O_TRUNC), 0644);
  if (fd < 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  const off_t size = ::lseek(fd, 0, SEEK_END);
  const bool ok =
      !resume || (size >= off_t(resume_length) && ::ftruncate(fd, off_t(resume_length)) == 0);
  ::close(fd);
  if (!ok)
    throw std::runtime_error(path + " is shorter than its checkpoint recorded (" +
                             std::to_string(resume_length) +
                             " bytes): it was changed after the run");
  length_ = resume ? resume_length : 0;
}

void SpaceTimeSeries::add(double time, const std::vector<double>& values) {
  std::vector<double> level(1 + values.size(), 0.0);
  MPI_Reduce(values.data(), level.data() + 1, int(values.size()), MPI_DOUBLE, MPI_SUM, 0, comm_);
  if (!writer_)
    return;
  level[0] = time;
  const std::string path = bin_path(directory_);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  const std::string bytes(reinterpret_cast<const char*>(level.data()),
                          level.size() * sizeof(double));
  try {
    write_all(fd, bytes, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
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
    points->SetNumberOfPoints(vtkIdType(n_x * n_t));
    for (std::size_t j = 0; j < n_t; ++j)
      for (std::size_t i = 0; i < n_x; ++i)
        points->SetPoint(vtkIdType(j * n_x + i), x_[i], data[j * level_size], 0.0);
    grid->SetPoints(points);
    for (std::size_t f = 0; f < n_fields; ++f) {
      vtkNew<vtkDoubleArray> array;
      array->SetName(fields_[f].c_str());
      array->SetNumberOfTuples(vtkIdType(n_x * n_t));
      for (std::size_t j = 0; j < n_t; ++j)
        for (std::size_t i = 0; i < n_x; ++i)
          array->SetValue(vtkIdType(j * n_x + i), data[j * level_size + 1 + i * n_fields + f]);
      grid->GetPointData()->AddArray(array);
    }
    const std::string path = directory_ + "/spacetime.vts", tmp = path + ".tmp";
    vtkNew<vtkXMLStructuredGridWriter> writer;
    writer->SetFileName(tmp.c_str());
    writer->SetInputData(grid);
    writer->SetDataModeToAppended();
    writer->EncodeAppendedDataOff();
    if (writer->Write() != 1 || std::rename(tmp.c_str(), path.c_str()) != 0)
      throw std::runtime_error("cannot write " + path);
  }
  MPI_Barrier(comm_);
}

} // namespace hamdyn
