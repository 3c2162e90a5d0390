#pragma once
// attachments.vtp and its time series: one VTK vertex per attached device (output/
// attachment_markers.h) with point data kind (its code; the names in the field data kind_names),
// mass, stiffness, damping and force, for ParaView's Glyph filter. attachments.vtp holds them
// at rest, at (x, 0, 0); attachments.pvd indexes attachments_NNNNN.vtp, one per snapshot, where
// they move with the structure, at (x, w(x, t), 0), and an oscillator's mass at (x, z(t), 0),
// its own displacement. A moving load's marker goes with its position x(t), at (x, w(x, t), 0) on
// the line (a vehicle's at (x, z(t), 0)) and at (x, 0, 0) on the ground beside it. Written on rank
// 0 with VTK's XML poly-data writer, atomically.
#include "output/attachment_markers.h"
#include "output/poly_data_series.h"

#include <mpi.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <string>
#include <vector>

namespace hamdyn {

class AttachmentSeries {
public:
  /// `length`: the line's, beyond which a moving load is on the ground.
  AttachmentSeries(const std::string& directory, std::vector<AttachmentMarker> markers,
                   double length, MPI_Comm comm);
  /// Whether the case attaches anything (nothing is written when it does not).
  bool empty() const { return markers_.empty(); }
  /// The positions at which write() needs the structure's fields at `time`: the fixed markers'
  /// (sorted, distinct), then each moving one's x(t) (within [0, L]).
  std::vector<double> positions(double time) const;

  /// attachments.vtp: every marker at rest, at (x, 0, 0) (rank 0).
  void write_at_rest() const;
  /// attachments_NNNNN.vtp at `time` and attachments.pvd (collective): `sampled` is this rank's
  /// share of the structure's fields at positions(time) (Model::sample_at, `n_fields` per
  /// position, the displacement first), summed onto rank 0; `oscillators` the oscillators' and
  /// vehicles' displacements.
  void write(double time, const std::vector<double>& sampled, std::size_t n_fields,
             const std::vector<double>& oscillators);

  const SeriesRecords& records() const { return series_.records(); }
  /// Continues the series from a checkpoint: the snapshots' times (one file each), later files
  /// removed and attachments.pvd rewritten (rank 0).
  void restore(const std::vector<double>& times);

private:
  // the markers at the structure's displacements w (empty: at rest)
  vtkSmartPointer<vtkPolyData> markers(double time, const std::vector<double>& w,
                                       const std::vector<double>& oscillators) const;
  std::vector<AttachmentMarker> markers_;
  std::vector<double> positions_;
  // markers_[m] is at positions_[position_of_[m]], a moving one at positions(t)[position_of_[m]]
  std::vector<std::size_t> position_of_;
  std::vector<std::size_t> moving_; // the moving markers, in positions(t)'s order
  double length_;
  MPI_Comm comm_;
  PolyDataSeries series_;
};

} // namespace hamdyn
