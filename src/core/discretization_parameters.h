#pragma once
// A line model's Discretization section (elements, degree, grading, mass matrix, mesh file),
// declared and parsed here.
#include "core/case_parameters.h"

#include <string>

namespace hamdyn {

void declare_discretization_parameters(ParameterFile& f);
/// The path of mesh file `name` (empty: none), looked for as given, next to the case file
/// (`case_directory`) and in hamdyn's meshes directory; InputError naming `parameter` where it is
/// none of them.
std::string resolve_mesh_file(const std::string& parameter, const std::string& name,
                              const std::string& case_directory);
/// A mesh file is looked for as given, next to the case file (`case_directory`) and in hamdyn's
/// meshes directory.
void parse_discretization_parameters(const ParameterFile& f, const std::string& case_directory,
                                     CaseParameters& c);

} // namespace hamdyn
