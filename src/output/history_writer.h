#pragma once
// A CSV table written by rank 0, one row at a time, numbers with 17 significant digits.
#include <mpi.h>

#include <fstream>
#include <string>
#include <vector>

namespace hamdyn {

class CsvWriter {
public:
  CsvWriter(const std::string& path, const std::vector<std::string>& columns, MPI_Comm comm);
  void row(const std::vector<double>& values);
  /// A row whose empty cells are written as nothing (for "blank where not available").
  void row(const std::vector<std::string>& cells);

private:
  bool writer_;
  std::ofstream out_;
};

std::string format_number(double value);

/// format_number, or an empty cell for NaN ("not available").
std::string format_cell(double value);

} // namespace hamdyn
