#pragma once
#include "core/case_parameters.h"

#include <deal.II/grid/tria.h>

#include <vector>

namespace hamdyn {

/// Vertex positions of the line [0, L]: generated (uniform, or geometrically graded so that the
/// last element is `grading` times the first) or read from a Gmsh file. Sorted along x.
/// Throws InputError for an unreadable file, one that is not a 1D line mesh, or one whose extent
/// is not [0, L].
std::vector<double> line_vertices(const CaseParameters& c);

/// Fills `tria` (serial or parallel::shared) with the cells between consecutive vertices, in order
/// along x: a contiguous partition of the cells then gives each rank one interval.
void make_line_mesh(const std::vector<double>& vertices, dealii::Triangulation<1>& tria);

} // namespace hamdyn
