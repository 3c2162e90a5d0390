#pragma once
// A CSV table written by rank 0, one row at a time, each number in the shortest digits that read
// back as the same double (at most 17 significant).
// Rows are formatted into a buffer (snprintf, no iostreams: a step's row costs well under a
// microsecond) and reach the file only whole, with write(2), when the buffer passes 64 KiB and
// whenever flush() is called: a killed run leaves complete rows, and a resumed run cuts the file
// back to the length its checkpoint recorded.
#include "core/text.h" // format_number
#include "output/history_rows.h"

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hamdyn {

class CsvWriter {
public:
  /// A new table: `path` is created (replacing a file of that name) with the header row, after
  /// the line "# comment" when a comment is given (the columns' units).
  CsvWriter(const std::string& path, const std::vector<std::string>& columns, MPI_Comm comm,
            const std::string& comment = "");
  /// Continues the table at `path` after its first `length` bytes (a checkpoint's flush()), which
  /// must be there; what follows them is cut off.
  CsvWriter(const std::string& path, std::uint64_t length, MPI_Comm comm);
  ~CsvWriter(); // writes what is buffered
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  void row(const std::vector<double>& values);
  /// A row whose empty cells are written as nothing (for "blank where not available").
  void row(const std::vector<std::string>& cells);
  /// Writes the buffered rows; returns the file's length, which then ends with a whole row
  /// (on rank 0, the writer; 0 on the others).
  std::uint64_t flush();

private:
  void row_written();
  /// Appends the buffered rows; on a failed write (a full disk) keeps the whole rows that fit.
  void write_buffer();
  bool writer_;
  std::string path_, buffer_;
  int fd_ = -1;
  std::uint64_t length_ = 0;
};

/// The units file of a table, `path` (beside it, "<table>_units.csv"): the table's header row
/// and one row with each column's unit (NamedColumns), written by rank 0. It keeps the table
/// itself a plain header and numbers, which ParaView's CSV reader (VTK's delimited-text reader,
/// with no comment lines before VTK 9.5), spreadsheets and csv.DictReader take as they are, while
/// the plotting scripts label each axis with the unit hamdyn gives.
void write_units_table(const std::string& path, const NamedColumns& columns, MPI_Comm comm);

/// format_number (core/text.h), or an empty cell for NaN ("not available").
std::string format_cell(double value);

} // namespace hamdyn
