#include "core/gmsh_lines.h"

#include "core/text.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace hamdyn {

namespace {
// Gmsh's element types that a line mesh holds (reference manual, "MSH file format"): 1 the
// 2-node line, 15 the 1-node point; 8 the 3-node line, refused with a hint.
constexpr int line_type = 1, point_type = 15, quadratic_line_type = 8;

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what);
}

template <class T>
T read(std::istream& in, const std::string& where) {
  T value;
  if (!(in >> value))
    fail("ends or has a non-number inside its " + where + " section");
  return value;
}

// Moves `in` past the line "$End<name>".
void skip_section(std::istream& in, const std::string& name) {
  std::string line;
  while (std::getline(in, line))
    if (trim(line) == "$End" + name)
      return;
  fail("has no $End" + name);
}

// (dim, physical tag) -> name
using PhysicalNames = std::map<std::pair<int, long>, std::string>;

PhysicalNames read_physical_names(std::istream& in) {
  PhysicalNames names;
  const long n = read<long>(in, "$PhysicalNames");
  std::string line;
  std::getline(in, line);
  for (long k = 0; k < n; ++k) {
    if (!std::getline(in, line))
      fail("ends inside its $PhysicalNames section");
    std::istringstream fields(line);
    int dim = 0;
    long tag = 0;
    if (!(fields >> dim >> tag))
      fail("has a $PhysicalNames line that is not 'dim tag \"name\"': " + trim(line));
    const auto open = line.find('"'), close = line.rfind('"');
    if (open == std::string::npos || close == open)
      fail("has a $PhysicalNames line without a quoted name: " + trim(line));
    names[{dim, tag}] = line.substr(open + 1, close - open - 1);
  }
  skip_section(in, "PhysicalNames");
  return names;
}

// What an element of `type` on physical group `physical` (0: none) of entity `entity` with
// `nodes` adds to the mesh.
struct ElementSink {
  GmshLines& mesh;
  const PhysicalNames& names;
  void add(long tag, int type, long physical, long entity, const std::vector<long>& nodes) {
    if (type == line_type) {
      const auto name = names.find({1, physical});
      mesh.lines.push_back(
          {tag, nodes[0], nodes[1],
           physical != 0 && name != names.end() ? name->second : "curve" + std::to_string(entity)});
    } else if (type == point_type) {
      const auto name = names.find({0, physical});
      if (physical != 0 && name != names.end())
        mesh.named_points.push_back({name->second, nodes[0]});
    } else if (type == quadratic_line_type)
      fail("has 3-node (second order) line element " + std::to_string(tag) +
           "; expected 2-node lines (mesh with Mesh.ElementOrder = 1: Discretization/Degree "
           "gives the elements' order)");
    else
      fail("has element " + std::to_string(tag) + " of Gmsh type " + std::to_string(type) +
           "; expected a line mesh of 2-node lines (type 1) and points (type 15)");
  }
};

unsigned nodes_of(int type) {
  return type == line_type ? 2 : type == point_type ? 1 : type == quadratic_line_type ? 3 : 0;
}

// Format 2.2: "$Elements n" then "tag type n_tags physical entity [more tags] nodes...".
void read_elements_2(std::istream& in, ElementSink& sink) {
  const long n = read<long>(in, "$Elements");
  std::string line;
  std::getline(in, line);
  for (long k = 0; k < n; ++k) {
    if (!std::getline(in, line))
      fail("ends inside its $Elements section");
    std::istringstream fields(line);
    long tag = 0, n_tags = 0;
    int type = 0;
    if (!(fields >> tag >> type >> n_tags))
      fail("has an $Elements line that is not 'tag type tags... nodes...': " + trim(line));
    std::vector<long> tags(std::size_t(std::max(n_tags, 0L)), 0);
    for (long& t : tags)
      fields >> t;
    std::vector<long> nodes(nodes_of(type));
    for (long& node : nodes)
      fields >> node;
    if (!fields)
      fail("has element " + std::to_string(tag) + " with fewer numbers than its type has");
    sink.add(tag, type, tags.size() > 0 ? tags[0] : 0, tags.size() > 1 ? tags[1] : 0, nodes);
  }
  skip_section(in, "Elements");
}

// Format 4.1's $Entities: the physical tags of each point and curve (the first of each, the
// group its elements belong to).
using EntityGroups = std::map<std::pair<int, long>, long>;
EntityGroups read_entities(std::istream& in) {
  EntityGroups groups;
  const long n_points = read<long>(in, "$Entities"), n_curves = read<long>(in, "$Entities");
  read<long>(in, "$Entities");
  read<long>(in, "$Entities");
  for (long k = 0; k < n_points; ++k) {
    const long tag = read<long>(in, "$Entities");
    for (int c = 0; c < 3; ++c)
      read<double>(in, "$Entities");
    const long n_physical = read<long>(in, "$Entities");
    for (long p = 0; p < n_physical; ++p) {
      const long physical = read<long>(in, "$Entities");
      if (p == 0)
        groups[{0, tag}] = physical;
    }
  }
  for (long k = 0; k < n_curves; ++k) {
    const long tag = read<long>(in, "$Entities");
    for (int c = 0; c < 6; ++c)
      read<double>(in, "$Entities");
    const long n_physical = read<long>(in, "$Entities");
    for (long p = 0; p < n_physical; ++p) {
      const long physical = read<long>(in, "$Entities");
      if (p == 0)
        groups[{1, tag}] = physical;
    }
    const long n_bounding = read<long>(in, "$Entities");
    for (long b = 0; b < n_bounding; ++b)
      read<long>(in, "$Entities");
  }
  skip_section(in, "Entities"); // (surfaces and volumes: not a line mesh's)
  return groups;
}

// Format 4.1: blocks of "dim entity parametric n", then n tags, then n coordinate lines.
void read_nodes_4(std::istream& in, GmshLines& mesh) {
  const long n_blocks = read<long>(in, "$Nodes");
  read<long>(in, "$Nodes");
  read<long>(in, "$Nodes");
  read<long>(in, "$Nodes");
  for (long b = 0; b < n_blocks; ++b) {
    read<int>(in, "$Nodes");
    read<long>(in, "$Nodes");
    const int parametric = read<int>(in, "$Nodes");
    const long n = read<long>(in, "$Nodes");
    const std::size_t first = mesh.nodes.size();
    for (long k = 0; k < n; ++k)
      mesh.nodes.push_back({read<long>(in, "$Nodes"), 0, 0, 0});
    for (long k = 0; k < n; ++k) {
      GmshLines::Node& node = mesh.nodes[first + std::size_t(k)];
      node.x = read<double>(in, "$Nodes");
      node.y = read<double>(in, "$Nodes");
      node.z = read<double>(in, "$Nodes");
      if (parametric != 0)
        fail("has parametric node coordinates; expected a mesh saved without them "
             "(Mesh.SaveParametric = 0)");
    }
  }
  skip_section(in, "Nodes");
}

// Format 4.1: blocks of "dim entity type n", then n lines of "tag nodes...".
void read_elements_4(std::istream& in, const EntityGroups& groups, ElementSink& sink) {
  const long n_blocks = read<long>(in, "$Elements");
  for (int k = 0; k < 3; ++k)
    read<long>(in, "$Elements");
  for (long b = 0; b < n_blocks; ++b) {
    const int dim = read<int>(in, "$Elements");
    const long entity = read<long>(in, "$Elements");
    const int type = read<int>(in, "$Elements");
    const long n = read<long>(in, "$Elements");
    const auto group = groups.find({dim, entity});
    const long physical = group == groups.end() ? 0 : group->second;
    for (long k = 0; k < n; ++k) {
      const long tag = read<long>(in, "$Elements");
      std::vector<long> nodes(nodes_of(type));
      if (nodes.empty())
        sink.add(tag, type, physical, entity, nodes); // (refuses it)
      for (long& node : nodes)
        node = read<long>(in, "$Elements");
      sink.add(tag, type, physical, entity, nodes);
    }
  }
  skip_section(in, "Elements");
}
} // namespace

GmshLines read_gmsh_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    fail("cannot be opened");
  std::string line, version;
  int file_type = -1;
  if (!std::getline(in, line) || trim(line) != "$MeshFormat" || !(in >> version >> file_type))
    fail("does not begin with a Gmsh $MeshFormat section; expected an ASCII .msh file");
  if (file_type != 0)
    fail("is marked binary (file-type " + std::to_string(file_type) +
         "); expected an ASCII .msh file (Gmsh: File > Export, ASCII)");
  if (version != "2.2" && version != "4.1")
    fail("is in Gmsh format " + version + "; expected format 2.2 or 4.1 (Mesh.MshFileVersion)");
  skip_section(in, "MeshFormat");
  GmshLines mesh;
  PhysicalNames names;
  EntityGroups groups;
  ElementSink sink{mesh, names};
  bool have_nodes = false, have_elements = false;
  while (std::getline(in, line)) {
    const std::string section = trim(line);
    if (section == "$PhysicalNames")
      names = read_physical_names(in);
    else if (section == "$Entities")
      groups = read_entities(in);
    else if (section == "$Nodes") {
      if (version == "2.2") {
        const long n = read<long>(in, "$Nodes");
        for (long k = 0; k < n; ++k) {
          GmshLines::Node node;
          node.tag = read<long>(in, "$Nodes");
          node.x = read<double>(in, "$Nodes");
          node.y = read<double>(in, "$Nodes");
          node.z = read<double>(in, "$Nodes");
          mesh.nodes.push_back(node);
        }
        skip_section(in, "Nodes");
      } else
        read_nodes_4(in, mesh);
      have_nodes = true;
    } else if (section == "$Elements") {
      if (version == "2.2")
        read_elements_2(in, sink);
      else
        read_elements_4(in, groups, sink);
      have_elements = true;
    } else if (section.size() > 1 && section[0] == '$' && section.rfind("$End", 0) != 0)
      skip_section(in, section.substr(1)); // (sections a line mesh does not need)
  }
  if (!have_nodes || !have_elements)
    fail("has no $Nodes or no $Elements section");
  std::set<long> defined;
  for (const GmshLines::Node& node : mesh.nodes)
    if (!defined.insert(node.tag).second)
      fail("defines node " + std::to_string(node.tag) + " twice");
  const auto check_node = [&](long element, long node) {
    if (!defined.count(node))
      fail("has element " + std::to_string(element) + " on node " + std::to_string(node) +
           ", which $Nodes does not define");
  };
  for (const GmshLines::Line& l : mesh.lines) {
    check_node(l.tag, l.from);
    check_node(l.tag, l.to);
  }
  for (const GmshLines::NamedPoint& p : mesh.named_points)
    check_node(0, p.node);
  if (mesh.lines.empty())
    fail("has no line elements; expected a line mesh (physical curves naming the members)");
  return mesh;
}

} // namespace hamdyn
