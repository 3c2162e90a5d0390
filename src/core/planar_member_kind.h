#pragma once
// The kinds of member a frame's Geometry/Member model and Member properties' `model` take: the
// registry's rows (name and description, for the parameter's help and the messages). The
// element class behind each row is models/make_planar_member.cc's, which core cannot name.
#include <string>
#include <vector>

namespace hamdyn {

struct PlanarMemberKind {
  std::string name;        // as Geometry/Member model takes it
  std::string description; // one sentence for the help
};

const std::vector<PlanarMemberKind>& planar_member_kinds();
/// The kind named `name`, or nullptr.
const PlanarMemberKind* find_planar_member_kind(const std::string& name);
/// "a, b or c" of the kinds' names, quoted.
std::string planar_member_kind_names();

} // namespace hamdyn
