#pragma once
// points.pvd and points_NNNNN.vtp: a discrete system's Points (Discrete system/Points) as VTK
// vertices at their positions r(q, t), with point data mass and velocity (a 3-vector, for
// ParaView's Glyph filter) and the names in the field data point_names; consecutive points of the
// list are joined by lines, so that a chain of points (a double pendulum) is drawn as its links.
// Positions of fewer than 3 components are padded with 0 (a planar system in the x-y plane).
#include "output/poly_data_series.h"

#include <string>
#include <vector>

namespace hamdyn {

class PointSeries {
public:
  PointSeries(const std::string& directory, std::vector<std::string> names,
              std::vector<double> masses, std::size_t dimension, MPI_Comm comm);
  /// The next file at `time`: `positions` and `velocities` point by point, `dimension` each.
  void write(double time, const std::vector<double>& positions,
             const std::vector<double>& velocities);
  const SeriesRecords& records() const { return series_.records(); }
  void restore(const std::vector<double>& times) { series_.restore(times); }

private:
  std::vector<std::string> names_;
  std::vector<double> masses_;
  std::size_t dimension_;
  PolyDataSeries series_;
};

} // namespace hamdyn
