#pragma once
// The `Section` subsection: a beam's cross-section and material, from which EI, rho A, rho I and
// kappa G A are derived instead of being given directly in `Model`; a cable's EA and rho A
// (core/cable_case.h).
#include "core/parameter_file.h"

#include <string>
#include <vector>

namespace hamdyn {

struct CaseParameters;
struct ModelKind;

/// What a section gives (SI units); shear_coefficient is Cowper's kappa.
struct SectionProperties {
  double area = 0, second_moment = 0, shear_coefficient = 0;
};

/// Cowper's shear coefficients (G. R. Cowper, "The shear coefficient in Timoshenko's beam
/// theory", J. Appl. Mech. 33, 1966, table 1): rectangle 10(1+nu)/(12+11nu), solid circle
/// 6(1+nu)/(7+6nu), thin or thick tube 6(1+nu)(1+m^2)^2 / [(7+6nu)(1+m^2)^2 + (20+12nu)m^2] with
/// m = r_i / r_o.
SectionProperties rectangle_section(double width, double height, double poisson);
SectionProperties circle_section(double diameter, double poisson);
SectionProperties tube_section(double outer_diameter, double wall, double poisson);

void declare_section_parameters(ParameterFile& file);

/// A section with its material, as Section gives them.
struct SectionMaterial {
  std::string shape;
  SectionProperties section;
  double young = 0, density = 0, poisson = 0;
};

/// The section and material of Section/Shape (not direct), each key checked (InputError naming
/// it).
SectionMaterial read_section(const ParameterFile& file);

/// InputError naming the first of `keys` in `key_section` the case gives beside a Section/Shape
/// other than direct, which derives it ("given": set at all when `set_at_default_counts`, else
/// set to another value than its default: used_parameters.prm writes every key, and a resumed
/// case reads it). Nothing when Shape = direct.
void refuse_keys_derived_from_section(const ParameterFile& file, const std::string& key_section,
                                      const std::vector<std::string>& keys,
                                      bool set_at_default_counts);

/// Whether the case reads Section/`key`: the dimensions its Shape uses and, off direct, the
/// material's keys (Poisson's ratio only `with_shear`).
bool section_key_read(const ParameterFile& file, const std::string& key, bool with_shear);

/// With Section/Shape other than direct, checks the section's keys and sets c's mass per length,
/// bending stiffness and (Timoshenko) shear stiffness and rotary inertia per length from them
/// (an Euler-Bernoulli beam keeps rho I = 0, the classical beam); the derived values are noted in
/// used_parameters.prm. A direct Model key set beside a section is InputError naming both.
void apply_section(const ParameterFile& file, const ModelKind& kind, CaseParameters& c);

/// Warnings for Section keys the case sets but does not use (the other shapes' dimensions, all of
/// them for a string or with Shape = direct, Poisson's ratio of an Euler-Bernoulli beam).
std::vector<std::string> unused_section_warnings(const ParameterFile& file, const ModelKind& kind);

} // namespace hamdyn
