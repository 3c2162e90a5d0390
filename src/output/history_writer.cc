#include "output/history_writer.h"

#include "core/csv.h"

#include <deal.II/base/exceptions.h>
#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

std::string format_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string format_cell(double value) {
  return std::isnan(value) ? "" : format_number(value);
}

CsvWriter::CsvWriter(const std::string& path, const std::vector<std::string>& columns,
                     MPI_Comm comm)
    : writer_(dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
  if (!writer_)
    return;
  out_.open(path);
  AssertThrow(out_, dealii::ExcMessage("cannot write " + path));
  row(columns);
}

void CsvWriter::row(const std::vector<std::string>& cells) {
  if (!writer_)
    return;
  out_ << csv_record(cells) << '\n';
}

void CsvWriter::row(const std::vector<double>& values) {
  if (!writer_)
    return;
  for (std::size_t i = 0; i < values.size(); ++i)
    out_ << (i ? "," : "") << format_number(values[i]);
  out_ << '\n';
}

} // namespace hamdyn
