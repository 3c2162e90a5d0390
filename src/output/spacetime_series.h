#pragma once
// spacetime.vts: a run's fields sampled at fixed positions x along the line at every snapshot
// time t, as one VTK structured grid over (x, t) with points (x, t, 0) and Float64 point data.
// ParaView opens it as the whole history at once: coloured by displacement it is a carpet plot,
// and Warp By Scalar turns it into the surface u(x, t).
//
// The levels are gathered on rank 0 and appended to spacetime.bin (doubles: t, then the fields
// at each x) as they come, like history.csv rows: a checkpoint records its length, a resumed run
// cuts it back to that, and spacetime.vts is written from it, with VTK's XML writer, whenever a
// checkpoint is (and at the end), so that it always holds the levels the checkpoint has.
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hamdyn {

class SpaceTimeSeries {
public:
  /// A new series in `directory` (spacetime.bin created empty), or with `resume_length` a
  /// resumed one (spacetime.bin cut back to that many bytes, which must be there).
  SpaceTimeSeries(const std::string& directory, const std::vector<double>& x,
                  const std::vector<std::string>& fields, MPI_Comm comm,
                  const std::uint64_t* resume_length = nullptr);
  ~SpaceTimeSeries();
  SpaceTimeSeries(const SpaceTimeSeries&) = delete;
  SpaceTimeSeries& operator=(const SpaceTimeSeries&) = delete;

  /// Adds the level at `time`: `values` is this rank's share of the fields at each x
  /// (values[i * n_fields + f], zero where another rank samples), summed onto rank 0.
  void add(double time, const std::vector<double>& values);
  /// spacetime.bin's length in bytes (rank 0; 0 on the others), for a checkpoint.
  std::uint64_t length() const { return length_; }
  /// Writes spacetime.vts from every level so far (rank 0, atomically; collective).
  void write() const;

  /// Positions spread like the mesh's vertices `vertices` (sorted): n points, both ends included,
  /// at equal steps of the vertex index, linearly between vertices.
  static std::vector<double> positions(const std::vector<double>& vertices, unsigned n);

private:
  std::string directory_;
  std::vector<double> x_;
  std::vector<std::string> fields_;
  MPI_Comm comm_;
  bool writer_;
  int fd_ = -1; // spacetime.bin, open for appending on rank 0
  std::uint64_t length_ = 0;
};

} // namespace hamdyn
