#pragma once
// Everything a case file says, parsed and validated. Declared next to its documentation and
// units (ASPECT's habit); the values used are written back as used_parameters.prm.
#include "core/parameter_file.h"

#include <string>
#include <vector>

namespace hamdyn {

enum class Support { fixed, free };
enum class MassMatrix { consistent, lumped };
enum class Scheme { generalized_alpha, central_difference };

/// An end of the string. On a free end the attachments enter the weak form as the boundary
/// term (M ü + D u̇ + K u − F) δu, Stutts eq. (131)/(134) with a dashpot and a force added.
struct EndParameters {
  Support support = Support::fixed;
  double point_mass = 0; // kg
  double spring = 0;     // N/m
  double dashpot = 0;    // N s/m
  std::string force;     // N, expression in t
};

struct CaseParameters {
  std::string model_type;
  double length = 1, mass_per_length = 0, tension = 0, viscous_damping = 0;
  double rayleigh_mass = 0, rayleigh_stiffness = 0;
  EndParameters left, right;
  std::string distributed_force;
  std::string initial_displacement, initial_velocity;
  unsigned n_elements = 1, degree = 1;
  double grading = 1;
  MassMatrix mass_matrix = MassMatrix::consistent;
  std::string mesh_file;        // resolved path, empty when generated
  std::string mesh_file_as_set; // as written in the case file, for messages
  Scheme scheme = Scheme::generalized_alpha;
  double spectral_radius = 1, time_step = 0, final_time = 0;
  unsigned n_modes = 1;
  std::string output_directory;
  unsigned snapshot_interval = 0;
  std::vector<double> probes;
  std::vector<std::string> probe_labels; // as written in the case file, for column names
};

/// Declares every parameter; the defaults form the embedded default case.
void declare_case_parameters(ParameterFile& file);

/// Extracts and checks the values. `case_directory` is used to resolve a relative mesh file.
/// Throws InputError naming the parameter, the value and what is allowed.
CaseParameters parse_case_parameters(const ParameterFile& file, const std::string& case_directory);

/// Throws InputError when `directory` cannot be created or written; creates nothing.
void check_output_directory_writable(const std::string& directory);

} // namespace hamdyn
