#include "core/ground_motion_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"

#include <deal.II/base/patterns.h>

#include <cmath>
#include <filesystem>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
constexpr const char* section = "Ground motion";
} // namespace

double GroundMotion::operator()(double t) const {
  return scale * (record ? (*record)(t) : (*acceleration)(0, t));
}

void declare_ground_motion_parameters(ParameterFile& f) {
  f.declare(section, "Acceleration", "0", P::Anything(), "an expression in t",
            "Uniform transverse acceleration a_g(t) of every support (0: none). The run is in "
            "relative coordinates, M u_tt + C u_t + K u = f - M r a_g (r = 1 on transverse "
            "translations); `hamdyn response` takes its value at t = 0 as a harmonic amplitude. "
            "Units: m/s^2.");
  f.declare(section, "Acceleration file", "", P::Anything(),
            "empty or a file: a two-column CSV t,a or a PEER NGA .AT2 record",
            "A recorded a_g(t) instead of the expression: CSV lines t,a in s and m/s^2 (a first "
            "line that is not two numbers is a header; # starts a comment), or a PEER NGA .AT2 "
            "file in g (converted with g = 9.80665 m/s^2). Interpolated linearly, zero after its "
            "end. A relative name is looked up in the current directory, then next to the case "
            "file.");
  f.declare(section, "Scale", "1", P::Double(), "a finite real number",
            "Factor on the acceleration (after the conversion from g). Units: none.");
}

void parse_ground_motion_parameters(const ParameterFile& f, const std::string& case_directory,
                                    CaseParameters& c) {
  GroundMotion& g = c.ground_motion;
  g.acceleration = expression(f, section, "Acceleration", {"t"});
  g.scale = finite_value(f, section, "Scale");
  const std::string file = f.get(section, "Acceleration file");
  if (file.empty())
    return;
  const std::string parameter = parameter_name(section, "Acceleration file");
  if (!g.acceleration->is_zero())
    throw InputError(parameter, file,
                     "a record and Ground motion/Acceleration = " + g.acceleration->text() +
                         " are both set; expected one of them");
  namespace fs = std::filesystem;
  fs::path path(file);
  std::error_code error; // (the throwing overloads fail on a symlink loop)
  if (!fs::is_regular_file(path, error) &&
      fs::is_regular_file(fs::path(case_directory) / path, error))
    path = fs::path(case_directory) / path;
  g.record = std::make_shared<const GroundRecord>(path.string(), file, parameter);
}

} // namespace hamdyn
