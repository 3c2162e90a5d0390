#pragma once
// A ParaView time series: one .pvtu (+ one .vtu per rank) per snapshot and a .pvd index that is
// rewritten after every snapshot, so an interrupted run still leaves a valid series.
#include <deal.II/numerics/data_out.h>

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

class VtuSeries {
public:
  VtuSeries(const std::string& directory, const std::string& name, MPI_Comm comm);
  /// Writes the patches already built in `out` as snapshot at `time` (any label ParaView should
  /// show on its time axis: seconds for a transient, the mode number for modes).
  /// Sets fast compression on `out` before writing: best_compression costs more than the step.
  void write(dealii::DataOut<1>& out, double time);

private:
  std::string directory_, name_;
  MPI_Comm comm_;
  std::vector<std::pair<double, std::string>> records_;
};

} // namespace hamdyn
