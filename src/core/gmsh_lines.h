#pragma once
// The line elements of a Gmsh mesh file (ASCII, format 2.2 or 4.1: Gmsh reference manual, sec.
// "MSH file format" and "MSH file format version 2"), with the physical groups that name them and
// the named points. A frame's joints have three or more elements at a node, which deal.II's 1D
// triangulations cannot hold (two cells at a vertex at most) and its GridIn<1, 2> cannot read,
// so the file is read here by hand: only its nodes, its 2-node lines and its points.
#include <string>
#include <vector>

namespace hamdyn {

struct GmshLines {
  struct Node {
    long tag = 0;
    double x = 0, y = 0, z = 0;
  };
  struct Line {
    long tag = 0;
    long from = 0, to = 0; // node tags
    std::string group;     // its physical group's name, or "curve<entity tag>" without one
  };
  struct NamedPoint {
    std::string name; // a physical group of points
    long node = 0;
  };
  std::vector<Node> nodes; // in the file's order
  std::vector<Line> lines; // in the file's order
  std::vector<NamedPoint> named_points;
};

/// Reads `path`; throws std::runtime_error saying what in the file is wrong (not ASCII, not a
/// format it reads, an element neither a 2-node line nor a point, a node no $Nodes defines, ...).
GmshLines read_gmsh_lines(const std::string& path);

} // namespace hamdyn
