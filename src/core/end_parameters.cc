#include "core/end_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <tuple>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
// Translational (point mass, spring, dashpot, force) and rotational (rotary inertia, rotational
// spring and dashpot, moment) attachments of an end: each acts only in a direction the support
// leaves free, and the rotational ones only on a beam.
const char* const translational_end_keys[] = {"Point mass", "Spring",      "Spring law",
                                              "Dashpot",    "Dashpot law", "Force"};
const char* const rotational_end_keys[] = {"Rotary inertia", "Rotational spring",
                                           "Rotational spring law", "Rotational dashpot", "Moment"};
} // namespace

void declare_end_parameters(ParameterFile& f, const std::string& section,
                            const std::string& support) {
  f.declare(section, "Support", support, P::Selection("fixed|pinned|clamped|sliding|free"),
            "string: fixed | pinned | free; beam: free | pinned | clamped | sliding",
            "String: fixed (or its synonym pinned) holds u = 0; free lets the end move with the "
            "attachments below. Beam: pinned holds w, clamped holds w and the rotation, sliding "
            "holds the rotation only, free holds nothing; the attachments act in every direction "
            "the support does not hold.");
  f.declare(section, "Point mass", "0", P::Double(), nonnegative_text,
            "Mass concentrated at this end (translation not held). Units: kg.");
  f.declare(section, "Spring", "0", P::Double(), nonnegative_text,
            "Translational spring from this end to ground (translation not held). Units: N/m.");
  f.declare(section, "Spring law", "0", P::Anything(), "an expression in the extension e",
            "Nonlinear spring from this end to ground (translation not held): its force F(e) "
            "for the end's displacement e, added to Spring, e.g. 5e7*e^3 (hardening) or "
            "F0*tanh(e/e0); 0 = none. Its potential int_0^e F de enters the energy ledger; a "
            "negative slope dF/de is reported the first time it occurs. Units: N (e in m).");
  f.declare(section, "Dashpot", "0", P::Double(), nonnegative_text,
            "Viscous dashpot from this end to ground (translation not held). Units: N s/m.");
  f.declare(section, "Dashpot law", "0", P::Anything(), "0 (none) or c,p with c >= 0, p >= 1",
            "Dashpot of degree p from this end to ground (translation not held), added to "
            "Dashpot: force c |v|^(p-1) sign(v), power c |v|^p = p D. p = 1 is dry friction "
            "(force c while slipping; a contact at rest sticks exactly while the force that "
            "holds it is within c), p = 2 viscous (the same as Dashpot, solved by Newton's "
            "method), p = 3 quadratic drag. Its dissipated energy int F v dt enters the energy "
            "ledger and its force the history column dashpot_force_<end>. Units: c in "
            "N (s/m)^(p-1), p dimensionless.");
  f.declare(section, "Force", "0", P::Anything(), "an expression in t",
            "Transverse force applied at this end (translation not held). Units: N.");
  f.declare(section, "Rotary inertia", "0", P::Double(), nonnegative_text,
            "Rotary inertia concentrated at this end (beams, rotation not held). Units: kg m^2.");
  f.declare(section, "Rotational spring", "0", P::Double(), nonnegative_text,
            "Rotational spring to ground (beams, rotation not held). Units: N m/rad.");
  f.declare(section, "Rotational spring law", "0", P::Anything(),
            "an expression in the rotation theta",
            "Nonlinear rotational spring to ground (beams, rotation not held): its moment "
            "M(theta), added to Rotational spring; 0 = none. Units: N m (theta in rad).");
  f.declare(section, "Rotational dashpot", "0", P::Double(), nonnegative_text,
            "Rotational dashpot to ground (beams, rotation not held). Units: N m s/rad.");
  f.declare(section, "Moment", "0", P::Anything(), "an expression in t",
            "Moment applied at this end (beams, rotation not held). Units: N m.");
}

EndParameters parse_end_parameters(const ParameterFile& f, const std::string& section,
                                   const ModelKind& kind) {
  EndParameters end;
  end.support = f.get(section, "Support");
  const auto support = std::find_if(kind.supports.begin(), kind.supports.end(),
                                    [&](const SupportKind& s) { return s.name == end.support; });
  if (support == kind.supports.end())
    throw InputError(parameter_name(section, "Support"), end.support,
                     "expected " + support_names(kind, " | ") + " for " + with_article(kind));
  end.holds_translation = support->holds_translation;
  end.holds_rotation = support->holds_rotation;
  // What a direction does not use is neither checked nor taken (unused_parameter_warnings names
  // it when it is set).
  if (!end.holds_translation) {
    end.point_mass = nonnegative_value(f, section, "Point mass");
    end.spring = nonnegative_value(f, section, "Spring");
    end.dashpot = nonnegative_value(f, section, "Dashpot");
    std::tie(end.dashpot_law_coefficient, end.dashpot_law_degree) =
        dashpot_law(parameter_name(section, "Dashpot law"), f.get(section, "Dashpot law"),
                    f.get(section, "Dashpot law"),
                    "expected 0 (none) or c,p with c >= 0 and p >= 1, e.g. 0.5,1 (dry friction)");
    end.spring_law = force_law(f, section, "Spring law", "e");
    end.force = expression(f, section, "Force", {"t"});
  }
  if (kind.has_rotation && !end.holds_rotation) {
    end.rotary_inertia = nonnegative_value(f, section, "Rotary inertia");
    end.rotational_spring = nonnegative_value(f, section, "Rotational spring");
    end.rotational_dashpot = nonnegative_value(f, section, "Rotational dashpot");
    end.rotational_spring_law = force_law(f, section, "Rotational spring law", "theta");
    end.moment = expression(f, section, "Moment", {"t"});
  }
  return end;
}

std::vector<std::string> unused_end_warnings(const ParameterFile& f, const std::string& section,
                                             const EndParameters& end, const ModelKind& kind) {
  std::vector<std::string> lines;
  auto add = [&](const char* key, const std::string& why) {
    if (!f.is_default(section, key))
      lines.push_back(parameter_name(section, key) + " = '" + f.get(section, key) + "' is " + why +
                      "; ignored");
  };
  const std::string model = "not used by " + with_article(kind);
  const std::string holds = "not used: " + section + "/Support = " + end.support;
  if (end.holds_translation)
    for (const char* key : translational_end_keys)
      add(key, holds + " holds the translation");
  if (!kind.has_rotation)
    for (const char* key : rotational_end_keys)
      add(key, model);
  else if (end.holds_rotation)
    for (const char* key : rotational_end_keys)
      add(key, holds + " holds the rotation");
  return lines;
}

} // namespace hamdyn
