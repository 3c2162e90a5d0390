#include "core/frame_geometry.h"

#include "core/case_parameters.h"
#include "core/discretization_parameters.h"
#include "core/gmsh_lines.h"
#include "core/input_error.h"
#include "core/parameter_file.h"
#include "core/parameter_values.h"
#include "core/planar_member_kind.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace {
const std::string section = "Geometry";
using P = dealii::Patterns::Anything;

std::string parameter(const std::string& key) {
  return parameter_name(section, key);
}

// "name: rest" of an item of `key`; InputError naming the item where the colon or the name is
// missing
std::pair<std::string, std::string> named_item(const std::string& key, const std::string& item,
                                               const std::string& expected) {
  const auto colon = item.find(':');
  const std::string name = colon == std::string::npos ? "" : trim(item.substr(0, colon));
  if (name.empty())
    throw InputError(parameter(key), item, "expected " + expected + ", items separated by ';'");
  return {name, trim(item.substr(colon + 1))};
}

bool is_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.';
  });
}
} // namespace

std::size_t FrameGeometry::members_at(std::size_t point) const {
  return std::size_t(std::count_if(members.begin(), members.end(), [&](const Member& m) {
    return m.from == point || m.to == point;
  }));
}

void declare_frame_geometry_parameters(ParameterFile& f) {
  f.declare(section, "Points", "", P(), "name: x, z; ...",
            "Model/Type = planar beam: a frame's named points in the (x, z) plane, z up "
            "(letters, digits, _ - .). Each is on at least one member. Empty (with Members): "
            "the planar beam is the one line from Planar beam/Start to End. Units: m.");
  f.declare(section, "Members", "", P(), "name: point point; ...",
            "The frame's members, each straight from its first point to its second and "
            "unstressed there, of Member model's kind (Reissner's beam, as the line's, by "
            "default): where members meet, "
            "a rigid joint (their ends move and turn together) unless Hinges names the point. "
            "Given, the frame replaces the line: its supports, loads and masses are the keys "
            "below (Planar beam/Start support, End force, ... must keep their defaults). Each "
            "member has Discretization/Elements elements of Discretization/Degree.");
  f.declare(section, "Mesh file", "", P(), "empty or a Gmsh .msh file (ASCII, format 2.2 or 4.1)",
            "A frame from a Gmsh line mesh in its x-y plane (hamdyn's x-z) instead of Points "
            "and Members: each 2-node line element is a member of Discretization/Elements "
            "elements (1: the mesh as it is), named <physical group>.<k>; Member properties "
            "take a physical group's name for all its members; each node on a line is a point, "
            "named by its physical point group (the names Supports, Hinges, Forces, ... take "
            "and the outputs report) or n<node tag>. Looked for as given, next to the case file "
            "and in hamdyn's meshes directory.");
  std::string kinds;
  for (const PlanarMemberKind& k : planar_member_kinds())
    kinds += (kinds.empty() ? "" : "; ") + k.name + ": " + k.description;
  f.declare(section, "Member model", "planar beam", P(), planar_member_kind_names(),
            "The kind of member a frame's members are where Member properties do not say "
            "otherwise (" +
                kinds + "). Members of different kinds join at points as any do.");
  f.declare(section, "Member properties", "", P(),
            "member: key = value, ...; ... (keys EA, kGA, EI, rho A, rho I, elements, model)",
            "Per member, what differs from the Planar beam section's (or Section's) EA [N], "
            "kappa G A [N], EI [N m^2], rho A [kg/m], rho I [kg m], from "
            "Discretization/Elements and from Member model: 'top: EI = 4e6, rho A = 120, "
            "elements = 8, model = timoshenko beam'.");
  f.declare(section, "Hinges", "", P(), "point, point, ...",
            "Points where the members meeting (two or more) are pinned to each other: they "
            "move together and turn independently (each member's end its own rotation). A "
            "support at a hinge holds the position (and a clamp the first member's rotation).");
  f.declare(section, "Hub", "", P(), "empty or a point",
            "The point a frame turns about: Planar beam/Start rotation (hamdyn run) turns its "
            "clamp as a hub's, Steady rotation (static, modes, buckling) spins the frame about "
            "it, Initial angular velocity starts a run as a rigid turn about it. Its support "
            "must be clamped for the first two. Empty: none (those keys then keep their "
            "defaults).");
  f.declare(section, "Supports", "", P(), "point: support; ...",
            "How points are held: clamped, pinned, roller in x, roller in z, slider in x or "
            "slider in z, as Planar beam/Start support (the others are free).");
  f.declare(section, "Forces", "", P(), "point: F_x, F_z; ...", "Dead forces at points. Units: N.");
  f.declare(section, "Follower forces", "", P(), "point: F_x, F_z; ...",
            "Follower forces at points: given as they act on the reference, they turn with "
            "the point's section (at a hinge the first member's end), as Planar beam/End force "
            "follows does at a line's end (not conservative: hamdyn modes, buckling, response "
            "and spectrum refuse them). Units: N.");
  f.declare(section, "Moments", "", P(), "point: M; ...",
            "Moments at points, counterclockwise (from x toward z). Units: N m.");
  f.declare(section, "Point masses", "", P(), "point: m; ...",
            "Masses at points (their weight under Planar beam/Gravity). Units: kg.");
  f.declare(section, "Point rotary inertias", "", P(), "point: J; ...",
            "Rotary inertias at points (a body turning with the joint; at a hinge with the "
            "first member's end). Units: kg m^2.");
  f.declare(section, "Springs", "", P(), "point: k; ...",
            "Linear springs from points to the ground, the same in x and z, anchored where the "
            "point is in the reference (an elastic support). Units: N/m.");
  f.declare(section, "Dashpots", "", P(), "point: c; ...",
            "Linear dashpots from points to the ground, the same in x and z (what they take is "
            "the run's dissipated_energy; hamdyn modes leaves them out). Units: N s/m.");
}

bool frame_given(const ParameterFile& f) {
  return !trim(f.get(section, "Members")).empty() || !trim(f.get(section, "Mesh file")).empty();
}

namespace {
// The names the rest of the section refers to: each point's index, and each name Member
// properties takes (a member's, and with a mesh a physical group's) with its members' indices.
struct FrameNames {
  std::map<std::string, std::size_t> points;
  std::map<std::string, std::vector<std::size_t>> members;
};

// A member between points `from` and `to` of g, checked: InputError naming `key` and `item`
// where it has length 0 or joins two points another member joins.
void add_member(FrameGeometry& g, FrameGeometry::Member m, const std::string& key,
                const std::string& item) {
  if (m.from == m.to || !(distance(g.points[m.from].at, g.points[m.to].at) > 0))
    throw InputError(parameter(key), item,
                     "expected two points at different places (a member of length 0)");
  for (const FrameGeometry::Member& other : g.members)
    if ((other.from == m.from && other.to == m.to) || (other.from == m.to && other.to == m.from))
      throw InputError(parameter(key), item,
                       "expected one member between two points ('" + other.name +
                           "' joins them already)");
  g.members.push_back(std::move(m));
}

// Geometry/Points and Members.
void read_points_and_members(const ParameterFile& f, const MemberSection& member_section,
                             unsigned elements, FrameGeometry& g, FrameNames& names) {
  for (const std::string& item : list_entries(f.get(section, "Points"), ';', parameter("Points"))) {
    const auto [name, rest] = named_item("Points", item, "'name: x, z'");
    if (!is_name(name))
      throw InputError(parameter("Points"), item,
                       "expected a point's name of letters, digits, _, - or . before ':'");
    if (names.points.count(name))
      throw InputError(parameter("Points"), item,
                       "expected each point named once ('" + name + "' is named twice)");
    names.points[name] = g.points.size();
    g.points.push_back({name, plane_point(parameter("Points"), rest, item)});
  }
  const auto point_named = [&](const std::string& name, const std::string& item) {
    const auto found = names.points.find(name);
    if (found == names.points.end())
      throw InputError(parameter("Members"), item,
                       "expected a point of Geometry/Points ('" + name + "' is none of them)");
    return found->second;
  };
  for (const std::string& item :
       list_entries(f.get(section, "Members"), ';', parameter("Members"))) {
    const auto [name, rest] = named_item("Members", item, "'name: point point'");
    std::istringstream ends(rest);
    std::string from, to, extra;
    ends >> from >> to;
    if (to.empty() || (ends >> extra))
      throw InputError(parameter("Members"), item,
                       "expected 'name: point point', the member's two points");
    if (names.members.count(name))
      throw InputError(parameter("Members"), item,
                       "expected each member named once ('" + name + "' is named twice)");
    names.members[name] = {g.members.size()};
    add_member(g, {name, point_named(from, item), point_named(to, item), member_section, elements},
               "Members", item);
  }
  for (std::size_t i = 0; i < g.points.size(); ++i)
    if (g.members_at(i) == 0)
      throw InputError(parameter("Points"), g.points[i].name,
                       "expected each point on a member ('" + g.points[i].name +
                           "' is on none: Geometry/Members)");
}

// Geometry/Mesh file: each 2-node line of the mesh a member (named group.k, k = 1, 2, ... in the
// file's order within its physical group), each node on a line a point, named by its physical
// point group where it has one (the points the other keys name and the outputs report) and
// n<node tag> otherwise. Gmsh's (x, y) plane is hamdyn's (x, z).
void read_mesh_file(const ParameterFile& f, const std::string& path,
                    const MemberSection& member_section, unsigned elements, FrameGeometry& g,
                    FrameNames& names) {
  const std::string key = parameter("Mesh file"), given = f.get(section, "Mesh file");
  for (const char* other : {"Points", "Members"})
    if (!trim(f.get(section, other)).empty())
      throw InputError(key, given,
                       "expected either a mesh file or Geometry/Points and Members, not both (" +
                           parameter(other) + " is given)");
  GmshLines mesh;
  try {
    mesh = read_gmsh_lines(path);
  } catch (const std::runtime_error& e) {
    throw InputError(key, given, e.what());
  }
  std::map<long, const GmshLines::Node*> node_of;
  for (const GmshLines::Node& node : mesh.nodes) {
    if (node.z != 0)
      throw InputError(key, given,
                       "has node " + std::to_string(node.tag) + " at z = " + text_of(node.z) +
                           "; expected a mesh in Gmsh's x-y plane (hamdyn's x-z)");
    node_of[node.tag] = &node;
  }
  std::map<long, std::string> point_name;
  for (const GmshLines::NamedPoint& p : mesh.named_points) {
    if (!is_name(p.name))
      throw InputError(key, given,
                       "names a point '" + p.name +
                           "'; expected physical point names of letters, digits, _, - or .");
    if (point_name.count(p.node) && point_name[p.node] != p.name)
      throw InputError(key, given,
                       "names node " + std::to_string(p.node) + " twice ('" + point_name[p.node] +
                           "', '" + p.name + "')");
    point_name[p.node] = p.name;
  }
  std::map<long, std::size_t> point_of; // node tag -> point
  const auto point = [&](long tag) {
    const auto found = point_of.find(tag);
    if (found != point_of.end())
      return found->second;
    const auto named = point_name.find(tag);
    const std::string name = named != point_name.end() ? named->second : "n" + std::to_string(tag);
    if (names.points.count(name))
      throw InputError(key, given, "names two points '" + name + "'");
    const GmshLines::Node& node = *node_of.at(tag);
    names.points[name] = point_of[tag] = g.points.size();
    g.points.push_back({name, PlanePoint{node.x, node.y}, named != point_name.end()});
    return g.points.size() - 1;
  };
  for (const GmshLines::Line& line : mesh.lines) {
    std::vector<std::size_t>& group = names.members[line.group];
    const std::string name = line.group + "." + std::to_string(group.size() + 1);
    group.push_back(g.members.size());
    add_member(g, {name, point(line.from), point(line.to), member_section, elements}, "Mesh file",
               given + " (line element " + std::to_string(line.tag) + ")");
  }
  for (const auto& [tag, name] : point_name)
    if (!point_of.count(tag))
      throw InputError(key, given,
                       "names point '" + name + "' (node " + std::to_string(tag) +
                           "), which is on no line element");
}
} // namespace

FrameGeometry parse_frame_geometry(const ParameterFile& f, const MemberSection& member_section,
                                   unsigned elements, const std::string& case_directory) {
  FrameGeometry g;
  FrameNames names;
  const std::string mesh_file =
      resolve_mesh_file(parameter("Mesh file"), f.get(section, "Mesh file"), case_directory);
  if (mesh_file.empty())
    read_points_and_members(f, member_section, elements, g, names);
  else
    read_mesh_file(f, mesh_file, member_section, elements, g, names);
  const auto point_named = [&](const std::string& key, const std::string& name,
                               const std::string& item) {
    const auto found = names.points.find(name);
    if (found == names.points.end())
      throw InputError(parameter(key), item,
                       "expected a point of Geometry/Points ('" + name + "' is none of them)");
    return found->second;
  };
  const std::string member_model = trim(f.get(section, "Member model"));
  if (!find_planar_member_kind(member_model))
    throw InputError(parameter("Member model"), member_model,
                     "expected " + planar_member_kind_names());
  for (FrameGeometry::Member& m : g.members)
    m.model = member_model;
  for (const std::string& item :
       list_entries(f.get(section, "Member properties"), ';', parameter("Member properties"))) {
    const auto [name, rest] = named_item("Member properties", item, "'member: key = value, ...'");
    const auto found = names.members.find(name);
    if (found == names.members.end())
      throw InputError(parameter("Member properties"), item,
                       "expected a member of Geometry/Members or a physical group of the mesh "
                       "file ('" +
                           name + "' is none of them)");
    FrameGeometry::Member m = g.members[found->second.front()];
    for (const std::string& pair : list_entries(rest, ',', parameter("Member properties"))) {
      const auto equals = pair.find('=');
      const std::string key = equals == std::string::npos ? "" : trim(pair.substr(0, equals));
      if (key == "model") {
        m.model = trim(pair.substr(equals + 1));
        if (!find_planar_member_kind(m.model))
          throw InputError(parameter("Member properties"), item,
                           "expected model = " + planar_member_kind_names());
        continue;
      }
      const double value =
          equals == std::string::npos ? NAN : number(trim(pair.substr(equals + 1)));
      double* target = key == "EA"      ? &m.section.axial
                       : key == "kGA"   ? &m.section.shear
                       : key == "EI"    ? &m.section.bending
                       : key == "rho A" ? &m.section.mass
                       : key == "rho I" ? &m.section.rotary
                                        : nullptr;
      const bool nonnegative = key == "rho I";
      if (key == "elements") {
        if (!(value >= 1 && value <= 100000 && value == std::floor(value)))
          throw InputError(parameter("Member properties"), item,
                           "expected elements = an integer from 1 to 100000");
        m.elements = unsigned(value);
        continue;
      }
      if (!target || !std::isfinite(value) || (nonnegative ? value < 0 : !(value > 0)))
        throw InputError(parameter("Member properties"), item,
                         "expected 'key = value' with key EA, kGA, EI, rho A (each > 0), rho I "
                         "(>= 0), elements (an integer from 1 to 100000) or model");
      *target = value;
    }
    for (const std::size_t k : found->second) { // (a physical group: each of its members)
      g.members[k].section = m.section;
      g.members[k].elements = m.elements;
      g.members[k].model = m.model;
    }
  }
  for (const std::string& name : list_entries(f.get(section, "Hinges"), ',', parameter("Hinges"))) {
    const std::size_t point = point_named("Hinges", name, name);
    if (g.members_at(point) < 2)
      throw InputError(parameter("Hinges"), name,
                       "expected a point where two or more members meet ('" + name +
                           "' is the end of one member: it turns freely unless held)");
    if (std::count(g.hinges.begin(), g.hinges.end(), point))
      throw InputError(parameter("Hinges"), name, "expected each point named once");
    g.hinges.push_back(point);
  }
  if (const std::string hub = trim(f.get(section, "Hub")); !hub.empty())
    g.hub = point_named("Hub", hub, hub);
  const auto at_points = [&](const std::string& key, const std::string& expected,
                             const auto& read) {
    std::vector<bool> seen(g.points.size(), false);
    for (const std::string& item : list_entries(f.get(section, key), ';', parameter(key))) {
      const auto [name, rest] = named_item(key, item, expected);
      const std::size_t point = point_named(key, name, item);
      if (seen[point])
        throw InputError(parameter(key), item,
                         "expected each point once ('" + name + "' is given twice)");
      seen[point] = true;
      read(point, rest, item);
    }
  };
  at_points("Supports", "'point: support'",
            [&](std::size_t point, const std::string& rest, const std::string&) {
              g.supports.emplace_back(point, rest);
            });
  for (const auto& [key, values] :
       {std::pair{"Forces", &g.forces}, std::pair{"Follower forces", &g.follower_forces}})
    at_points(key, "'point: F_x, F_z'",
              [&, key = std::string(key), values = values](
                  std::size_t point, const std::string& rest, const std::string& item) {
                values->emplace_back(point, plane_point(parameter(key), rest, item));
              });
  const auto scalar = [&](const std::string& key, bool positive, const std::string& rest,
                          const std::string& item) {
    const double value = number(rest);
    if (!std::isfinite(value) || (positive && !(value > 0)))
      throw InputError(parameter(key), item,
                       std::string("expected 'point: value' with a finite value") +
                           (positive ? " > 0" : ""));
    return value;
  };
  at_points("Moments", "'point: M'",
            [&](std::size_t point, const std::string& rest, const std::string& item) {
              g.moments.emplace_back(point, scalar("Moments", false, rest, item));
            });
  at_points("Point masses", "'point: m'",
            [&](std::size_t point, const std::string& rest, const std::string& item) {
              g.point_masses.emplace_back(point, scalar("Point masses", true, rest, item));
            });
  for (const auto& [key, values] :
       {std::pair{"Point rotary inertias", &g.point_rotary_inertias},
        std::pair{"Springs", &g.springs}, std::pair{"Dashpots", &g.dashpots}})
    at_points(key, "'point: value'",
              [&, key = std::string(key), values = values](
                  std::size_t point, const std::string& rest, const std::string& item) {
                values->emplace_back(point, scalar(key, true, rest, item));
              });
  g.supports_text = f.get(section, "Supports");
  g.hinges_text = f.get(section, "Hinges");
  g.follower_forces_text = f.get(section, "Follower forces");
  return g;
}

} // namespace hamdyn
