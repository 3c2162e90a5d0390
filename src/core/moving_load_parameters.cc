#include "core/moving_load_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
constexpr const char* section = "Moving loads";
constexpr const char* forces_key = "Forces";
} // namespace

void declare_moving_load_parameters(ParameterFile& f) {
  f.declare(section, forces_key, "", dealii::Patterns::Anything(),
            "';'-separated name: amplitude @ position, both expressions in t",
            "Forces travelling along the line, e.g. 'P: -1e5 @ 20*t' (a force of -1e5 N in the "
            "transverse direction at x = 20 t m); several make an axle train ('F1: -1e5 @ 20*t; "
            "F2: -1e5 @ 20*t - 3'). A force acts through the shape functions at its position, "
            "only while the position is in [0, Length]. history.csv gets position_<name>. Units: "
            "N @ m.");
}

void parse_moving_load_parameters(const ParameterFile& f, CaseParameters& c) {
  const std::string name = parameter_name(section, forces_key);
  const std::string allowed =
      "expected name: amplitude @ position, a name of letters, digits and _ (each once) and "
      "two expressions in t";
  c.moving_forces.clear();
  for (const std::string& item : list_entries(f.get(section, forces_key), ';', name)) {
    const auto colon = item.find(':'), at = item.find('@');
    if (colon == std::string::npos || at == std::string::npos || at < colon)
      throw InputError(name, item, allowed);
    MovingForce force;
    force.name = trim(item.substr(0, colon));
    if (!is_identifier(force.name) ||
        std::any_of(c.moving_forces.begin(), c.moving_forces.end(),
                    [&](const MovingForce& g) { return g.name == force.name; }))
      throw InputError(name, item, allowed);
    const std::vector<std::string> t{"t"};
    force.amplitude =
        std::make_shared<const Expression>(name, trim(item.substr(colon + 1, at - colon - 1)), t);
    force.position = std::make_shared<const Expression>(name, trim(item.substr(at + 1)), t);
    if (!std::isfinite((*force.amplitude)(0, 0)) || !std::isfinite((*force.position)(0, 0)))
      throw InputError(name, item, "the amplitude and position must be finite at t = 0");
    c.moving_forces.push_back(force);
  }
}

void refuse_moving_loads(const CaseParameters& c, const std::string& study) {
  if (!c.moving_forces.empty())
    throw InputError(parameter_name(section, forces_key),
                     c.moving_forces.front().name + ": " +
                         c.moving_forces.front().amplitude->text() + " @ " +
                         c.moving_forces.front().position->text(),
                     study + " has no place for a load that moves; expected no moving loads");
}

} // namespace hamdyn
