#pragma once
// A ParaView time series of poly data, NAME_NNNNN.vtp indexed by NAME.pvd, written on rank 0 with
// VTK's XML poly-data writer: the attachments' markers and a discrete system's points. Each file
// is written atomically and the index after it, so an interrupted run leaves a valid series; a
// resumed run continues after its checkpoint's files.
#include "output/series_index.h"

#include <mpi.h>

#include <string>
#include <vector>

class vtkPolyData;

namespace hamdyn {

class PolyDataSeries {
public:
  PolyDataSeries(const std::string& directory, const std::string& name, MPI_Comm comm);
  /// Whether this rank writes (rank 0): the others only keep the records.
  bool writer() const { return writer_; }
  /// The next file, NAME_NNNNN.vtp at `time` (`data` is read on rank 0 only), and the index.
  void write(double time, vtkPolyData* data);
  /// DIR/file: one dataset outside the series (attachments.vtp at rest), on rank 0.
  void write_single(const std::string& file, double time, vtkPolyData* data) const;
  const SeriesRecords& records() const { return records_; }
  /// Continues the series from a checkpoint: the snapshots' times (one file each), later files
  /// removed and the index rewritten (rank 0).
  void restore(const std::vector<double>& times);

private:
  std::string directory_, name_;
  bool writer_;
  SeriesRecords records_;
};

} // namespace hamdyn
