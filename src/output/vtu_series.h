#pragma once
// A ParaView time series: one .pvtu (+ one .vtu per rank) per snapshot and a .pvd index that is
// rewritten after every snapshot, so an interrupted run still leaves a valid series. Every file
// is written to a temporary name and renamed (storage/atomic_file.h), and a .pvtu only after all
// its pieces are complete: a kill never leaves a truncated file, nor an index naming one.
#include "models/model.h"
#include "output/line_vtu_piece.h"
#include "output/series_index.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

class VtuSeries {
public:
  using Records = SeriesRecords; // (time, .pvtu name)

  VtuSeries(const std::string& directory, const std::string& name, MPI_Comm comm);
  /// Writes a line snapshot at `time` (any label ParaView should show on its time axis: seconds
  /// for a transient, the mode number for modes) whose piece on this rank is filled by `fill`
  /// (one LineVtuPiece::add_cell per locally owned cell, `fields.n_local_cells` in all).
  void write(const OutputFields& fields, unsigned int subdivisions, double time,
             const std::function<void(LineVtuPiece&)>& fill, bool single_precision = false,
             const FieldData& field_data = {});

  /// The snapshots written so far (what a checkpoint saves).
  const Records& records() const { return records_; }
  /// Continues a series from a checkpoint's records: the .pvd is rewritten with them and the
  /// files of later snapshots, written after the checkpoint, are removed (rank 0).
  void restore(const Records& records);

private:
  std::string directory_, name_;
  MPI_Comm comm_;
  Records records_;
};

} // namespace hamdyn
