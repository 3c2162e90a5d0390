#pragma once
// A planar beam's line as the ParaView frames its studies write (output/plane_line_frame.h): the
// nodes at a state q, the held ones marked, each segment between two nodes with the section
// forces at its sampling point; and a series of shapes on it (modes, buckling).
#include "output/plane_line_frame.h"
#include "studies/planar_beam_equilibrium.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// The line at q: point scalars `support` (1 at a held node), cell scalars `bending_moment`,
/// `axial_force` and `shear_force`.
PlaneLineFrame planar_beam_frame(const PlanarBeamLine& line, const std::vector<double>& q);

/// A snapshot of a series on the line: its time, point vectors and scalars (a value per node) and
/// field data.
struct LineSnapshot {
  double time = 0;
  std::vector<std::pair<std::string, std::vector<Vector2>>> vectors;
  std::vector<std::pair<std::string, std::vector<double>>> scalars;
  std::vector<std::pair<std::string, double>> field;
};
/// DIRECTORY/NAME.pvd: the line at q (planar_beam_frame's, `support` kept) with `count` snapshots,
/// snapshot(k) the k-th's fields. Rank 0 writes.
void write_line_series(const std::string& directory, const std::string& name,
                       const PlanarBeamLine& line, const std::vector<double>& q, std::size_t count,
                       const std::function<LineSnapshot(std::size_t)>& snapshot, MPI_Comm comm);

/// DIRECTORY/NAME.pvd: the line at q with shape k (per DoF) as point vector `deflection` (x, z)
/// and scalar `rotation_shape` (theta), at time k + 1 (the mode number), with `fields(k)` as its
/// field data. Rank 0 writes.
void write_shape_series(
    const std::string& directory, const std::string& name, const PlanarBeamLine& line,
    const std::vector<double>& q, const std::vector<std::vector<double>>& shapes,
    const std::function<std::vector<std::pair<std::string, double>>(std::size_t)>& fields,
    MPI_Comm comm);

} // namespace hamdyn
