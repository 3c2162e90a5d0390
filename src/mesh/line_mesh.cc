#include "mesh/line_mesh.h"

#include "core/input_error.h"
#include "core/text.h"

#include <deal.II/grid/grid_in.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace hamdyn {

namespace {
std::vector<double> generated(const CaseParameters& c) {
  const unsigned int n = c.n_elements;
  std::vector<double> h(n, 1.0);
  if (n > 1 && c.grading != 1.0) {
    const double q = std::pow(c.grading, 1.0 / (n - 1));
    for (unsigned int i = 1; i < n; ++i)
      h[i] = h[i - 1] * q;
  }
  double total = 0;
  for (double hi : h)
    total += hi;
  std::vector<double> x(n + 1, 0.0);
  for (unsigned int i = 0; i < n; ++i)
    x[i + 1] = x[i] + h[i] * c.length / total;
  x[n] = c.length;
  return x;
}

// What deal.II's GridIn<1>::read_msh does not check, read by hand before it: an ASCII file (a
// binary flag over a text body is misread), and in format 2.2 (Gmsh reference manual, sec.
// "MSH file format version 2") every node on the x axis (GridIn<1> keeps x and drops y and z, so
// a line along y = x would be read as another line) and every element's nodes defined.
void check_gmsh_text(const CaseParameters& c, const std::string& parameter) {
  std::ifstream in(c.mesh_file);
  std::string line, version;
  int file_type = -1;
  if (!std::getline(in, line) || trim(line) != "$MeshFormat" || !(in >> version >> file_type))
    throw InputError(parameter, c.mesh_file_as_set,
                     "does not begin with a Gmsh $MeshFormat section; expected an ASCII .msh file");
  if (file_type != 0)
    throw InputError(parameter, c.mesh_file_as_set,
                     "is marked binary (file-type " + std::to_string(file_type) +
                         "); expected an ASCII .msh file (Gmsh: File > Export, ASCII)");
  if (version != "2.2")
    return; // format 4: deal.II's reader checks its blocks
  std::set<long> nodes;
  while (std::getline(in, line)) {
    if (trim(line) == "$Nodes") {
      long n = 0;
      in >> n;
      for (long k = 0; k < n && in; ++k) {
        long id;
        double x, y, z;
        if (!(in >> id >> x >> y >> z))
          break;
        if (y != 0 || z != 0)
          throw InputError(parameter, c.mesh_file_as_set,
                           "has node " + std::to_string(id) +
                               " off the x axis (y = " + std::to_string(y) +
                               ", z = " + std::to_string(z) + "); expected a line along x");
        nodes.insert(id);
      }
    } else if (trim(line) == "$Elements") {
      long n = 0;
      in >> n;
      std::getline(in, line);
      for (long k = 0; k < n && std::getline(in, line); ++k) {
        std::istringstream fields(line);
        long id, type, n_tags, value;
        if (!(fields >> id >> type >> n_tags))
          break;
        for (long t = 0; t < n_tags && fields >> value; ++t) {
        }
        while (fields >> value)
          if (nodes.count(value) == 0)
            throw InputError(parameter, c.mesh_file_as_set,
                             "has element " + std::to_string(id) + " on node " +
                                 std::to_string(value) + ", which $Nodes does not define");
      }
    }
  }
}

std::vector<double> from_gmsh(const CaseParameters& c) {
  const std::string parameter = "Discretization/Mesh file";
  check_gmsh_text(c, parameter);
  dealii::Triangulation<1> serial;
  try {
    dealii::GridIn<1> grid_in;
    grid_in.attach_triangulation(serial);
    std::ifstream in(c.mesh_file);
    grid_in.read_msh(in);
  } catch (const std::exception&) {
    throw InputError(parameter, c.mesh_file_as_set,
                     "cannot be read as a Gmsh line mesh (expected 1D line elements only)");
  }
  if (serial.n_active_cells() == 0)
    throw InputError(parameter, c.mesh_file_as_set, "holds no line elements");
  std::vector<double> x;
  for (const auto& v : serial.get_vertices())
    x.push_back(v[0]);
  std::sort(x.begin(), x.end());
  x.erase(std::unique(x.begin(), x.end()), x.end());
  if (x.size() != serial.n_active_cells() + 1)
    throw InputError(parameter, c.mesh_file_as_set, "is not a single unbranched line");
  // Each element must join two neighbouring nodes, and each gap between neighbours must be one
  // element: elements that overlap or skip nodes are refused, not silently re-meshed.
  std::vector<unsigned> elements_on(x.size() - 1, 0);
  for (const auto& cell : serial.active_cell_iterators()) {
    const double a = std::min(cell->vertex(0)[0], cell->vertex(1)[0]);
    const double b = std::max(cell->vertex(0)[0], cell->vertex(1)[0]);
    const auto i = std::size_t(std::lower_bound(x.begin(), x.end(), a) - x.begin());
    if (i + 1 >= x.size() || x[i + 1] != b || ++elements_on[i] > 1)
      throw InputError(parameter, c.mesh_file_as_set,
                       "has an element [" + std::to_string(a) + ", " + std::to_string(b) +
                           "] m that overlaps another or spans more than one gap between "
                           "nodes; expected a line of elements end to end");
  }
  const double tol = 1e-9 * c.length;
  if (std::abs(x.front()) > tol || std::abs(x.back() - c.length) > tol)
    throw InputError(parameter, c.mesh_file_as_set,
                     "spans [" + std::to_string(x.front()) + ", " + std::to_string(x.back()) +
                         "] m but Model/Length asks for [0, " + std::to_string(c.length) + "]");
  x.front() = 0;
  x.back() = c.length;
  return x;
}
} // namespace

std::vector<double> line_vertices(const CaseParameters& c) {
  std::vector<double> x = c.mesh_file.empty() ? generated(c) : from_gmsh(c);
  // Every attachment sits on a node: insert its position unless a node is within 1e-9 L, in
  // which case that node moves onto it.
  for (const auto* list : {&c.point_masses, &c.springs, &c.dashpots, &c.forces, &c.oscillators,
                           &c.nonlinear_springs, &c.nonlinear_dashpots})
    for (const Attachment& a : *list) {
      auto it = std::lower_bound(x.begin(), x.end(), a.x);
      const double tol = 1e-9 * c.length;
      if (it != x.end() && std::abs(*it - a.x) <= tol)
        *it = a.x;
      else if (it != x.begin() && std::abs(*(it - 1) - a.x) <= tol)
        *(it - 1) = a.x;
      else
        x.insert(it, a.x);
    }
  return x;
}

void make_line_mesh(const std::vector<double>& x, dealii::Triangulation<1>& tria) {
  std::vector<dealii::Point<1>> vertices;
  vertices.reserve(x.size());
  for (double xi : x)
    vertices.emplace_back(xi);
  std::vector<dealii::CellData<1>> cells(x.size() - 1);
  for (unsigned int i = 0; i + 1 < x.size(); ++i) {
    cells[i].vertices = {i, i + 1};
    cells[i].material_id = 0;
  }
  tria.create_triangulation(vertices, cells, dealii::SubCellData());
}

} // namespace hamdyn
