#pragma once
// A cable's line as a ParaView series NAME.pvd of NAME_NNNNN.vtp (output/poly_data_series.h):
// its nodes joined by line cells carrying the tension as cell data (N), a vector per node as point
// data (a run's velocity [m/s], a mode's shape `deflection` for Warp By Vector; a 3-vector), and
// vertex cells at the supports, point masses, springs and dashpots with point data `support` (1
// at a held node), `point_mass` (kg), `spring` (N/m) and `dashpot` (N s/m), for glyphs
// (output/plane_line_frame.h: the plane drawn as VTK's x-y plane).
#include "models/cable_element.h"
#include "output/poly_data_series.h"

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// What the series marks at each node: held, and the attachments there (0 where none).
struct CableMarks {
  std::vector<bool> held;
  std::vector<double> point_mass; // [kg]
  std::vector<double> spring;     // [N/m]
  std::vector<double> dashpot;    // [N s/m]
};

class CableSeries {
public:
  /// `marks` per node; `vector_name` the point vector's.
  CableSeries(const std::string& directory, const std::string& name, CableMarks marks,
              MPI_Comm comm, std::string vector_name = "velocity");
  /// The next file at `time` (rank 0 writes it; the others only keep the records), with
  /// `field` as the file's field data (name, value) and `more` as further point vectors (name,
  /// one per node; a response's imaginary part beside its real part).
  void write(double time, const std::vector<Vector2>& x, const std::vector<Vector2>& v,
             const std::vector<double>& element_tension,
             const std::vector<std::pair<std::string, double>>& field = {},
             const std::vector<std::pair<std::string, std::vector<Vector2>>>& more = {});
  const SeriesRecords& records() const { return series_.records(); }
  void restore(const std::vector<double>& times) { series_.restore(times); }

private:
  CableMarks marks_;
  std::string vector_name_;
  PolyDataSeries series_;
};

} // namespace hamdyn
