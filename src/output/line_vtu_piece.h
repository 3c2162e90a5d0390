#pragma once
// One rank's piece of a line snapshot as a VTK XML unstructured grid (.vtu, raw appended binary,
// Float64, with its time as TimeValue field data), streamed cell by cell to the file.
//
// Why by hand: deal.II's DataOut builds a patch object per cell and VTK's writers need the whole
// dataset in memory before they write. At 10^6 cells DataOut took 1.8 - 2.3 s and 560 MB per
// snapshot here, twice the run's whole set-up; a line's piece has a layout known in advance (each
// cell's n + 1 points, its n line segments), so every array's place in the file is known before
// the first value, and the values are written there in chunks as the cells are sampled: the cost
// is that of sampling, the memory a few chunks.
// Format: VTK File Formats, "XML File Formats" (VTK User's Guide, 11th ed., Kitware 2010, ch. 19).
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// Named numbers a piece carries besides TimeValue (a mode's omega and frequency).
using FieldData = std::vector<std::pair<std::string, double>>;

/// The <FieldData> element of a VTK XML file: TimeValue = `time` (ParaView's time of a file read
/// on its own, without the .pvd), then `field_data`, each in the shortest round-trip digits.
std::string field_data_xml(double time, const FieldData& field_data);

class LineVtuPiece {
public:
  /// A piece of `n_cells` cells, each sampled at `subdivisions` + 1 points (its ends included;
  /// neighbouring cells' end points are written twice, as DataOut writes them), with the named
  /// point fields and cell fields (one value per cell, repeated on its segments).
  /// The fields are written as Float64, or Float32 with `single_precision`; the first point
  /// field (the displacement w) is written also as the 3-vector `deflection` = (0, w, 0), which
  /// ParaView's Warp By Vector applies with no settings.
  LineVtuPiece(const std::string& path, std::size_t n_cells, unsigned int subdivisions,
               const std::vector<std::string>& point_fields,
               const std::vector<std::string>& cell_fields, double time,
               bool single_precision = false, const FieldData& field_data = {});
  ~LineVtuPiece(); // a piece not finished is removed
  LineVtuPiece(const LineVtuPiece&) = delete;
  LineVtuPiece& operator=(const LineVtuPiece&) = delete;

  /// The next cell: x of its subdivisions + 1 points, then field f's values at them at
  /// point_values[f * (subdivisions + 1) + j], and its cell values.
  void add_cell(const double* x, const double* point_values, const double* cell_values);
  /// Writes what is buffered and moves the piece to `path` (all cells must have been added).
  void finish();

private:
  void flush();
  std::string path_;
  int fd_ = -1;
  std::size_t n_cells_, n_points_per_cell_, cells_added_ = 0, cells_buffered_ = 0;
  std::size_t n_point_fields_, n_cell_fields_;
  bool single_;
  // The appended arrays in file order: points, connectivity, offsets, types, point fields, cell
  // fields; where each one's data begin in the file, and what is buffered for it.
  std::vector<long long> array_start_;
  std::vector<std::vector<char>> buffers_;
};

} // namespace hamdyn
