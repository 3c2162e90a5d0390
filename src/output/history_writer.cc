#include "output/history_writer.h"

#include "core/csv.h"
#include "storage/atomic_file.h"

#include <deal.II/base/mpi.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <unistd.h>

namespace hamdyn {

namespace {
constexpr std::size_t buffer_limit = 1 << 16;
} // namespace

std::string format_cell(double value) {
  return std::isnan(value) ? "" : format_number(value);
}

CsvWriter::CsvWriter(const std::string& path, const std::vector<std::string>& columns,
                     MPI_Comm comm, const std::string& comment)
    : writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0), path_(path) {
  if (!writer_)
    return;
  fd_ = open_records(path);
  if (!comment.empty())
    buffer_ += "# " + comment + "\n";
  row(columns);
  flush(); // the header at once: a run that fails early (a full disk) leaves a table, if empty
}

void write_units_table(const std::string& path, const NamedColumns& columns, MPI_Comm comm) {
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    write_file_atomically(path, csv_record(columns.names) + "\n" + csv_record(columns.units) + "\n",
                          false);
}

CsvWriter::CsvWriter(const std::string& path, std::uint64_t length, MPI_Comm comm)
    : writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0), path_(path), length_(length) {
  if (!writer_)
    return;
  fd_ = open_records(path, &length);
}

void CsvWriter::write_buffer() {
  try {
    append_records(fd_, buffer_, path_, length_);
    length_ += buffer_.size();
    buffer_.clear();
  } catch (...) {
    // The disk is full (or failing): as many whole rows as still fit are kept, one at a time,
    // and the file ends with the last of them; then the error goes on.
    for (std::size_t start = 0, end; (end = buffer_.find('\n', start)) != std::string::npos;
         start = end + 1) {
      try {
        append_records(fd_, buffer_.substr(start, end + 1 - start), path_, length_);
      } catch (...) {
        break;
      }
      length_ += end + 1 - start;
    }
    buffer_.clear();
    throw;
  }
}

CsvWriter::~CsvWriter() {
  if (fd_ < 0)
    return;
  try {
    write_buffer();
  } catch (...) { // a destructor must not throw; the rows before stay whole
  }
  ::close(fd_);
}

void CsvWriter::row_written() {
  buffer_ += '\n';
  if (buffer_.size() > buffer_limit)
    write_buffer();
}

void CsvWriter::row(const std::vector<std::string>& cells) {
  if (!writer_)
    return;
  buffer_ += csv_record(cells);
  row_written();
}

void CsvWriter::row(const std::vector<double>& values) {
  if (!writer_)
    return;
  // std::to_chars without a precision writes the shortest digits that read back as the same
  // double (Ryu's algorithm; at most 17 significant digits, as %.17g, which always reads back
  // exactly too): about half the cost of 17 fixed digits, a row of 14 numbers in ~0.4 us.
  char cell[32];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i)
      buffer_ += ',';
    const auto end = std::to_chars(cell, cell + sizeof cell, values[i]).ptr;
    buffer_.append(cell, std::size_t(end - cell));
  }
  row_written();
}

std::uint64_t CsvWriter::flush() {
  if (writer_)
    write_buffer();
  return length_;
}

} // namespace hamdyn
