#include "core/section_parameters.h"

#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
const std::string section = "Section";

// The keys each shape reads besides the material's.
const std::map<std::string, std::vector<std::string>> shape_keys = {
    {"rectangle", {"Width", "Height"}},
    {"circle", {"Diameter"}},
    {"tube", {"Diameter", "Wall thickness"}},
    {"direct", {}}};
const std::vector<std::string> dimension_keys = {"Width", "Height", "Diameter", "Wall thickness"};
const std::vector<std::string> material_keys = {"Young's modulus", "Poisson's ratio", "Density"};
// The Model keys a section derives.
const std::vector<std::string> derived_keys = {"Mass per length", "Bending stiffness",
                                               "Shear stiffness", "Rotary inertia per length"};

double positive(const ParameterFile& f, const std::string& key) {
  const double v = f.get_double(section, key);
  if (!(v > 0) || !std::isfinite(v))
    throw InputError(parameter_name(section, key), f.get(section, key),
                     "expected a real number > 0 for Section/Shape = " + f.get(section, "Shape"));
  return v;
}
} // namespace

SectionProperties rectangle_section(double width, double height, double poisson) {
  return {width * height, width * std::pow(height, 3) / 12,
          10 * (1 + poisson) / (12 + 11 * poisson)};
}

SectionProperties circle_section(double diameter, double poisson) {
  return {M_PI * diameter * diameter / 4, M_PI * std::pow(diameter, 4) / 64,
          6 * (1 + poisson) / (7 + 6 * poisson)};
}

SectionProperties tube_section(double outer_diameter, double wall, double poisson) {
  const double ro = outer_diameter / 2, ri = ro - wall, m = ri / ro, q = std::pow(1 + m * m, 2);
  return {M_PI * (ro * ro - ri * ri), M_PI * (std::pow(ro, 4) - std::pow(ri, 4)) / 4,
          6 * (1 + poisson) * q / ((7 + 6 * poisson) * q + (20 + 12 * poisson) * m * m)};
}

void declare_section_parameters(ParameterFile& f) {
  f.declare(section, "Shape", "direct", P::Selection("direct|rectangle|circle|tube"),
            "direct | rectangle | circle | tube",
            "A beam's cross-section, as an alternative to the direct keys of Model. direct: "
            "Model/Mass per length, Bending stiffness, Shear stiffness and Rotary inertia per "
            "length are given. Otherwise they are derived (and must not be set): A and I of a "
            "rectangle (Width x Height, I = Width Height^3 / 12, Height the depth in the "
            "direction of w), a solid circle (Diameter, I = pi D^4 / 64) or a tube (Diameter "
            "outside, Wall thickness t, I = pi (r_o^4 - r_i^4) / 4); EI = E I, rho A = Density A, "
            "kappa G A with G = E / 2(1 + nu) and Cowper's kappa (J. Appl. Mech. 33, 1966): "
            "rectangle 10(1+nu)/(12+11nu), circle 6(1+nu)/(7+6nu), tube 6(1+nu)(1+m^2)^2 / "
            "[(7+6nu)(1+m^2)^2 + (20+12nu)m^2] with m = r_i / r_o; a Timoshenko beam gets "
            "rho I = Density I, an Euler-Bernoulli beam keeps rho I = 0 (the classical beam). "
            "used_parameters.prm notes the derived values. Strings do not use it; a cable "
            "(Model/Type = cable) takes Cable/Axial stiffness = E A and Mass per length = "
            "Density A from it.");
  f.declare(section, "Width", "0", P::Double(), "a real number > 0 (rectangle)",
            "Width of a rectangular section (across the plane of bending). Units: m.");
  f.declare(section, "Height", "0", P::Double(), "a real number > 0 (rectangle)",
            "Height of a rectangular section, its depth in the direction of w. Units: m.");
  f.declare(section, "Diameter", "0", P::Double(), "a real number > 0 (circle, tube)",
            "Diameter of a solid circular section, outer diameter of a tube. Units: m.");
  f.declare(section, "Wall thickness", "0", P::Double(),
            "a real number > 0 and below Diameter / 2 (tube)",
            "Wall thickness of a tube. Units: m.");
  f.declare(section, "Young's modulus", "0", P::Double(), "a real number > 0",
            "Young's modulus E of the material (with a Shape other than direct). Units: Pa.");
  f.declare(section, "Poisson's ratio", "0.3", P::Double(), "a real number in (-1, 0.5]",
            "Poisson's ratio nu of the material: G = E / 2(1 + nu) and Cowper's kappa "
            "(Timoshenko beams). Dimensionless.");
  f.declare(section, "Density", "0", P::Double(), "a real number > 0",
            "Density rho of the material (with a Shape other than direct). Units: kg/m^3.");
}

SectionMaterial read_section(const ParameterFile& f) {
  SectionMaterial m;
  m.shape = f.get(section, "Shape");
  m.poisson = f.get_double(section, "Poisson's ratio");
  if (!(m.poisson > -1 && m.poisson <= 0.5))
    throw InputError("Section/Poisson's ratio", f.get(section, "Poisson's ratio"),
                     "expected a real number in (-1, 0.5]");
  m.young = positive(f, "Young's modulus");
  m.density = positive(f, "Density");
  if (m.shape == "rectangle")
    m.section = rectangle_section(positive(f, "Width"), positive(f, "Height"), m.poisson);
  else if (m.shape == "circle")
    m.section = circle_section(positive(f, "Diameter"), m.poisson);
  else {
    const double diameter = positive(f, "Diameter"), wall = positive(f, "Wall thickness");
    if (!(wall < diameter / 2))
      throw InputError("Section/Wall thickness", f.get(section, "Wall thickness"),
                       "expected a real number > 0 and below Section/Diameter / 2 = " +
                           text_of(diameter / 2) + " (a solid section is Shape = circle)");
    m.section = tube_section(diameter, wall, m.poisson);
  }
  return m;
}

bool section_key_read(const ParameterFile& f, const std::string& key, bool with_shear) {
  const std::string shape = f.get(section, "Shape");
  if (key == "Shape")
    return true;
  const auto& used = shape_keys.at(shape);
  if (std::find(used.begin(), used.end(), key) != used.end())
    return true;
  if (shape == "direct" ||
      std::find(material_keys.begin(), material_keys.end(), key) == material_keys.end())
    return false;
  return key != "Poisson's ratio" || with_shear;
}

void refuse_keys_derived_from_section(const ParameterFile& f, const std::string& key_section,
                                      const std::vector<std::string>& keys,
                                      bool set_at_default_counts) {
  const std::string shape = f.get(section, "Shape");
  if (shape == "direct")
    return;
  for (const std::string& key : keys)
    if (set_at_default_counts ? f.is_set(key_section, key) : !f.is_default(key_section, key))
      throw InputError(parameter_name(key_section, key), f.get(key_section, key),
                       "given with Section/Shape = " + shape +
                           ", which derives it from the section and the material; expected one "
                           "of the two (leave it out, or set Section/Shape = direct)");
}

void apply_section(const ParameterFile& f, const ModelKind& kind, CaseParameters& c) {
  const std::string shape = f.get(section, "Shape");
  if (shape == "direct" || !kind.has_rotation)
    return;
  refuse_keys_derived_from_section(f, "Model", derived_keys, true);
  const SectionMaterial m = read_section(f);
  const SectionProperties& s = m.section;
  const double young = m.young, density = m.density, poisson = m.poisson;
  const bool timoshenko = c.model_type == ModelType::timoshenko_beam;
  c.mass_per_length = density * s.area;
  c.bending_stiffness = young * s.second_moment;
  c.rotary_inertia_per_length = timoshenko ? density * s.second_moment : 0;
  const double shear_modulus = young / (2 * (1 + poisson));
  if (timoshenko)
    c.shear_stiffness = s.shear_coefficient * shear_modulus * s.area;
  std::string note =
      "derived from Shape = " + shape + ": A = " + precise_text_of(s.area) +
      " m^2, I = " + precise_text_of(s.second_moment) +
      " m^4, so Model/Mass per length = " + precise_text_of(c.mass_per_length) +
      " kg/m, Bending stiffness = " + precise_text_of(c.bending_stiffness) +
      " N m^2, Rotary inertia per length = " + precise_text_of(c.rotary_inertia_per_length) +
      " kg m";
  if (timoshenko)
    note += ", Cowper's kappa = " + precise_text_of(s.shear_coefficient) +
            ", G = " + precise_text_of(shear_modulus) +
            " Pa, Shear stiffness = " + precise_text_of(c.shear_stiffness) + " N";
  f.annotate(section, note);
  f.annotate("Model", std::string("derived from Section (the values written below are not used): "
                                  "Mass per length, Bending stiffness, Rotary inertia per length") +
                          (timoshenko ? ", Shear stiffness" : ""));
}

std::vector<std::string> unused_section_warnings(const ParameterFile& f, const ModelKind& kind) {
  std::vector<std::string> lines;
  const std::string shape = f.get(section, "Shape");
  auto warn = [&](const std::string& key, const std::string& why) {
    if (!f.is_default(section, key))
      lines.push_back(parameter_name(section, key) + " = '" + f.get(section, key) + "' is " + why +
                      "; ignored");
  };
  if (!kind.has_rotation) {
    for (const char* key : {"Shape", "Width", "Height", "Diameter", "Wall thickness",
                            "Young's modulus", "Poisson's ratio", "Density"})
      warn(key, "not used by " + with_article(kind));
    return lines;
  }
  const bool with_shear = kind.type != ModelType::euler_bernoulli_beam;
  for (const auto* keys : {&dimension_keys, &material_keys})
    for (const std::string& key : *keys)
      if (!section_key_read(f, key, with_shear))
        warn(key, shape != "direct" && key == "Poisson's ratio"
                      ? "not used by an euler bernoulli beam (it has no shear deformation)"
                      : "not used with Section/Shape = " + shape);
  return lines;
}

} // namespace hamdyn
