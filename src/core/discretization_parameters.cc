#include "core/discretization_parameters.h"

#include "core/data_directory.h"
#include "core/input_error.h"
#include "core/parameter_values.h"

#include <deal.II/base/patterns.h>

#include <filesystem>

namespace hamdyn {

namespace P = dealii::Patterns;
namespace fs = std::filesystem;

std::string resolve_mesh_file(const std::string& parameter, const std::string& name,
                              const std::string& case_directory) {
  if (name.empty())
    return "";
  const fs::path p(name);
  const fs::path meshes = data_directory("meshes");
  std::vector<fs::path> candidates{p, fs::path(case_directory) / p};
  if (!meshes.empty())
    candidates.insert(candidates.end(), {meshes / p, meshes / p.filename()});
  std::error_code error; // (the throwing overload fails on a symlink loop)
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, error))
      return candidate.string();
  throw InputError(parameter, name,
                   "no such file (looked in the current directory, next to the case file" +
                       (meshes.empty() ? std::string()
                                       : " and in hamdyn's meshes directory " + meshes.string()) +
                       ")");
}

void declare_discretization_parameters(ParameterFile& f) {
  f.declare("Discretization", "Elements", "200", P::Integer(), "an integer >= 1",
            "Number of elements of a generated mesh (ignored with a mesh file).");
  f.declare("Discretization", "Degree", "2", P::Integer(), "an integer from 1 to 4",
            "Polynomial degree of the Lagrange elements (Gauss-Lobatto nodes).");
  f.declare("Discretization", "Grading", "1", P::Double(), positive_text,
            "Ratio of the last to the first element length of a generated mesh (geometric "
            "grading; 1 = uniform, > 1 refines towards the left end, < 1 towards the right).");
  f.declare("Discretization", "Mass matrix", "consistent", P::Selection("consistent|lumped"),
            "consistent | lumped",
            "consistent: exact integration of rho u v. lumped: Gauss-Lobatto nodal quadrature, "
            "a diagonal matrix (required by central difference).");
  f.declare("Discretization", "Mesh file", "", P::Anything(), "empty or a Gmsh .msh file",
            "Optional Gmsh line mesh (see meshes/). Its extent must be [0, Length].");
}

void parse_discretization_parameters(const ParameterFile& f, const std::string& case_directory,
                                     CaseParameters& c) {
  const long elements = f.get_integer("Discretization", "Elements");
  if (elements < 1)
    throw InputError("Discretization/Elements", f.get("Discretization", "Elements"),
                     "expected an integer >= 1");
  c.n_elements = static_cast<unsigned>(elements);
  const long degree = f.get_integer("Discretization", "Degree");
  if (degree < 1 || degree > 4)
    throw InputError("Discretization/Degree", f.get("Discretization", "Degree"),
                     "expected an integer from 1 to 4");
  c.degree = static_cast<unsigned>(degree);
  c.grading = positive_value(f, "Discretization", "Grading");
  c.mass_matrix = f.get("Discretization", "Mass matrix") == "lumped" ? MassMatrix::lumped
                                                                     : MassMatrix::consistent;
  c.mesh_file_as_set = f.get("Discretization", "Mesh file");
  c.mesh_file = resolve_mesh_file("Discretization/Mesh file", c.mesh_file_as_set, case_directory);
}

} // namespace hamdyn
