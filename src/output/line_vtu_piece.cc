#include "output/line_vtu_piece.h"

#include "storage/atomic_file.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace hamdyn {

namespace {
constexpr std::size_t cells_per_chunk = 4096;
constexpr std::uint8_t vtk_line = 3;

std::string shortest(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

template <class T>
void append(std::vector<char>& buffer, T value) {
  const char* bytes = reinterpret_cast<const char*>(&value);
  buffer.insert(buffer.end(), bytes, bytes + sizeof value);
}

void write_at(int fd, const char* data, std::size_t size, long long offset,
              const std::string& path) {
  while (size > 0) {
    const ssize_t written = ::pwrite(fd, data, size, off_t(offset));
    if (written < 0 && errno == EINTR)
      continue;
    if (written < 0)
      throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    data += written;
    size -= std::size_t(written);
    offset += written;
  }
}
} // namespace

std::string field_data_xml(double time, const FieldData& field_data) {
  FieldData all{{"TimeValue", time}};
  all.insert(all.end(), field_data.begin(), field_data.end());
  std::string xml = "<FieldData>\n";
  for (const auto& [name, value] : all)
    xml += "<DataArray type=\"Float64\" Name=\"" + name +
           "\" NumberOfTuples=\"1\" format=\"ascii\">" + shortest(value) + "</DataArray>\n";
  return xml + "</FieldData>\n";
}

LineVtuPiece::LineVtuPiece(const std::string& path, std::size_t n_cells, unsigned int subdivisions,
                           const std::vector<std::string>& point_fields,
                           const std::vector<std::string>& cell_fields, double time,
                           bool single_precision, const FieldData& field_data)
    : path_(path), n_cells_(n_cells), n_points_per_cell_(subdivisions + 1),
      n_point_fields_(point_fields.size()), n_cell_fields_(cell_fields.size()),
      single_(single_precision) {
  const std::size_t n_points = n_cells * n_points_per_cell_, n_segments = n_cells * subdivisions;
  const std::size_t value = single_ ? 4 : 8;
  const char* type = single_ ? "Float32" : "Float64";
  // Bytes of each appended array, in file order: points, connectivity, offsets, types, the
  // point fields, deflection, the cell fields.
  std::vector<std::size_t> sizes{n_points * 3 * 8, n_segments * 2 * 8, n_segments * 8, n_segments};
  for (std::size_t f = 0; f < point_fields.size(); ++f)
    sizes.push_back(n_points * value);
  sizes.push_back(n_points * 3 * value);
  for (std::size_t f = 0; f < cell_fields.size(); ++f)
    sizes.push_back(n_segments * value);
  std::vector<std::size_t> offsets; // within the appended data: a UInt64 byte count, the bytes
  std::size_t offset = 0;
  for (std::size_t size : sizes) {
    offsets.push_back(offset);
    offset += 8 + size;
  }
  auto array = [&](const char* type, const std::string& name, int components, std::size_t k) {
    return std::string("<DataArray type=\"") + type + "\" Name=\"" + name +
           "\" NumberOfComponents=\"" + std::to_string(components) +
           "\" format=\"appended\" offset=\"" + std::to_string(offsets[k]) + "\"/>\n";
  };
  std::string header =
      "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" "
      "byte_order=\"LittleEndian\" header_type=\"UInt64\">\n<UnstructuredGrid>\n" +
      field_data_xml(time, field_data) + "<Piece NumberOfPoints=\"" + std::to_string(n_points) +
      "\" NumberOfCells=\"" + std::to_string(n_segments) + "\">\n<Points>\n" +
      array("Float64", "Points", 3, 0) + "</Points>\n<Cells>\n" +
      array("Int64", "connectivity", 1, 1) + array("Int64", "offsets", 1, 2) +
      array("UInt8", "types", 1, 3) + "</Cells>\n<PointData>\n";
  std::size_t k = 4;
  for (const auto& name : point_fields)
    header += array(type, name, 1, k++);
  header += array(type, "deflection", 3, k++);
  header += "</PointData>\n<CellData>\n";
  for (const auto& name : cell_fields)
    header += array(type, name, 1, k++);
  header += "</CellData>\n</Piece>\n</UnstructuredGrid>\n<AppendedData encoding=\"raw\">\n_";

  fd_ = ::open((path_ + ".tmp").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::runtime_error("cannot write " + path_ + ".tmp: " + std::strerror(errno));
  try { // a full disk here must not leave the file behind: no destructor runs for a throwing
        // constructor
    write_at(fd_, header.data(), header.size(), 0, path_);
    const long long data_start = (long long)header.size();
    for (std::size_t a = 0; a < sizes.size(); ++a) {
      const std::uint64_t bytes = sizes[a];
      write_at(fd_, reinterpret_cast<const char*>(&bytes), 8, data_start + (long long)offsets[a],
               path_);
      array_start_.push_back(data_start + (long long)offsets[a] + 8);
    }
    const std::string tail = "\n</AppendedData>\n</VTKFile>\n";
    write_at(fd_, tail.data(), tail.size(), data_start + (long long)offset, path_);
  } catch (...) {
    ::close(fd_);
    ::unlink((path_ + ".tmp").c_str());
    throw;
  }
  buffers_.resize(sizes.size());
  for (std::size_t a = 0; a < sizes.size() && n_cells > 0; ++a) // a chunk's worth, once
    buffers_[a].reserve(sizes[a] / n_cells * std::min(n_cells, cells_per_chunk));
}

LineVtuPiece::~LineVtuPiece() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  ::unlink((path_ + ".tmp").c_str());
}

void LineVtuPiece::add_cell(const double* x, const double* point_values,
                            const double* cell_values) {
  const std::size_t n = n_points_per_cell_, first_point = cells_added_ * n;
  for (std::size_t j = 0; j < n; ++j) {
    append(buffers_[0], x[j]);
    append(buffers_[0], 0.0);
    append(buffers_[0], 0.0);
  }
  for (std::size_t j = 0; j + 1 < n; ++j) {
    append(buffers_[1], std::int64_t(first_point + j));
    append(buffers_[1], std::int64_t(first_point + j + 1));
    append(buffers_[2], std::int64_t(2 * ((cells_added_ * (n - 1)) + j + 1)));
    append(buffers_[3], vtk_line);
  }
  auto value = [this](std::vector<char>& buffer, double v) {
    if (single_)
      append(buffer, float(v));
    else
      append(buffer, v);
  };
  for (std::size_t f = 0; f < n_point_fields_; ++f)
    for (std::size_t j = 0; j < n; ++j)
      value(buffers_[4 + f], point_values[f * n + j]);
  std::vector<char>& deflection = buffers_[4 + n_point_fields_];
  for (std::size_t j = 0; j < n; ++j) {
    value(deflection, 0.0);
    value(deflection, n_point_fields_ > 0 ? point_values[j] : 0.0);
    value(deflection, 0.0);
  }
  for (std::size_t f = 0; f < n_cell_fields_; ++f)
    for (std::size_t j = 0; j + 1 < n; ++j)
      value(buffers_[5 + n_point_fields_ + f], cell_values[f]);
  ++cells_added_;
  if (++cells_buffered_ == cells_per_chunk)
    flush();
}

void LineVtuPiece::flush() {
  for (std::size_t a = 0; a < buffers_.size(); ++a) {
    write_at(fd_, buffers_[a].data(), buffers_[a].size(), array_start_[a], path_);
    array_start_[a] += (long long)buffers_[a].size();
    buffers_[a].clear();
  }
  cells_buffered_ = 0;
}

void LineVtuPiece::finish() {
  if (cells_added_ != n_cells_)
    throw std::logic_error("LineVtuPiece: " + std::to_string(cells_added_) + " of " +
                           std::to_string(n_cells_) + " cells added");
  flush();
  if (::close(fd_) != 0)
    throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
  fd_ = -1;
  if (std::rename((path_ + ".tmp").c_str(), path_.c_str()) != 0)
    throw std::runtime_error("cannot replace " + path_ + ": " + std::strerror(errno));
}

} // namespace hamdyn
