#pragma once
// One frame of a line in the (x, z) plane as VTK poly data, for a PolyDataSeries
// (output/poly_data_series.h): its nodes joined by line cells, with named vectors and scalars
// per node (point data), scalars per segment between consecutive nodes (cell data: a cable's
// tension, a beam's section forces) and vertex cells at the marked nodes (supports, attached
// masses: for glyphs). The plane (x, z up) is drawn as VTK's x-y plane, as points.pvd draws a
// planar system, so ParaView's default 2D view shows it upright. Shared by the cable's and the
// planar beam's series.
#include "models/cable_element.h"

#include <vtkSmartPointer.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

class vtkPolyData;

namespace hamdyn {

struct PlaneLineFrame {
  std::vector<Vector2> x; // the nodes' positions [m]
  /// Per node: 2-vectors (written as 3-vectors with z = 0; the first is the active one, for Warp
  /// By Vector) and scalars.
  std::vector<std::pair<std::string, std::vector<Vector2>>> point_vectors;
  std::vector<std::pair<std::string, std::vector<double>>> point_scalars;
  /// Per segment (x.size() - 1 values, or segments.size(); the first is the active one); VTK lists
  /// the vertex cells first, which take 0.
  std::vector<std::pair<std::string, std::vector<double>>> cell_scalars;
  std::vector<bool> marked; // per node: whether it has a vertex cell
  /// The line cells' two nodes each (a frame's); empty: consecutive nodes.
  std::vector<std::array<std::size_t, 2>> segments;
  std::vector<std::pair<std::string, double>> field; // the file's field data
};

vtkSmartPointer<vtkPolyData> plane_line_poly_data(const PlaneLineFrame& frame);

} // namespace hamdyn
