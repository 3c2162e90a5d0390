#include "models/element_scale.h"

#include "core/input_error.h"
#include "core/text.h"

#include <cmath>
#include <string>
#include <vector>

namespace hamdyn {

namespace {
// A coefficient of the element matrices: value * h^power (* factor), named by its parameter.
struct Coefficient {
  std::string parameter, formula;
  double value, factor;
  int power;
};
} // namespace

void check_element_scale(const CaseParameters& c, double h_min, double h_max) {
  // The element lengths first: their ratio bounds how far K's entries spread, and a ratio past
  // 1e12 leaves the shortest elements' stiffness below the longest ones' round-off.
  const bool file = !c.mesh_file.empty();
  if (!(h_min > 0) || !(h_max / h_min <= 1e12))
    throw InputError(file ? "Discretization/Mesh file" : "Discretization/Grading",
                     file ? c.mesh_file_as_set : text_of(c.grading),
                     "gives elements from " + text_of(h_min) + " m to " + text_of(h_max) +
                         " m long; expected lengths within a factor 1e12 of each other");
  std::vector<Coefficient> terms = {{"Model/Mass per length", "rho h", c.mass_per_length, 1, 1},
                                    {"Model/Viscous damping", "gamma h", c.viscous_damping, 1, 1}};
  switch (c.model_type) {
  case ModelType::string:
    terms.push_back({"Model/Tension", "tau / h", c.tension, 1, -1});
    break;
  case ModelType::euler_bernoulli_beam:
    terms.push_back({"Model/Bending stiffness", "12 EI / h^3", c.bending_stiffness, 12, -3});
    terms.push_back(
        {"Model/Rotary inertia per length", "rho I / h", c.rotary_inertia_per_length, 1, -1});
    terms.push_back({"Model/Axial force", "|N| / h", c.largest_axial_force(), 1, -1});
    break;
  case ModelType::timoshenko_beam:
    terms.push_back({"Model/Bending stiffness", "EI / h", c.bending_stiffness, 1, -1});
    terms.push_back({"Model/Shear stiffness", "kappa G A / h", c.shear_stiffness, 1, -1});
    terms.push_back({"Model/Shear stiffness", "kappa G A h", c.shear_stiffness, 1, 1});
    terms.push_back(
        {"Model/Rotary inertia per length", "rho I h", c.rotary_inertia_per_length, 1, 1});
    terms.push_back({"Model/Axial force", "|N| / h", c.largest_axial_force(), 1, -1});
    break;
  case ModelType::discrete:
  case ModelType::cable:
  case ModelType::planar_beam:
    return;
  }
  // Rayleigh damping C = alpha M + beta K: its entries are those of M and K scaled (the
  // coefficients' own range, 1/s and s, says nothing of the entries they make)
  const std::size_t n_terms = terms.size();
  for (std::size_t k = 0; k < n_terms; ++k) {
    const bool inertia = terms[k].parameter == "Model/Mass per length" ||
                         terms[k].parameter == "Model/Rotary inertia per length";
    const bool damping = terms[k].parameter == "Model/Viscous damping";
    const double coefficient = inertia ? c.rayleigh_mass : c.rayleigh_stiffness;
    if (!damping && coefficient != 0 && terms[k].value != 0)
      terms.push_back(
          {inertia ? "Model/Rayleigh mass coefficient" : "Model/Rayleigh stiffness coefficient",
           (inertia ? "alpha " : "beta ") + terms[k].formula, coefficient,
           terms[k].factor * std::abs(terms[k].value), terms[k].power});
  }
  // The solves and the energy ledger multiply these by displacements, dt^2 and each other: 1e150
  // leaves that room on either side of double's range (1e-308 ... 1e308).
  constexpr double largest = 1e150, smallest = 1e-150;
  for (const Coefficient& term : terms) {
    if (term.value == 0)
      continue; // an absent term (no damping, no rotary inertia)
    for (double h : {h_min, h_max}) {
      const double coefficient = term.factor * std::abs(term.value) * std::pow(h, term.power);
      if (!(coefficient <= largest && coefficient >= smallest))
        throw InputError(term.parameter, text_of(term.value),
                         "with elements " + text_of(h) + " m long gives " + term.formula + " = " +
                             text_of(coefficient) +
                             ", outside the range hamdyn's solves keep in double precision "
                             "(1e-150 to 1e150); expected a value of physical scale");
    }
  }
}

} // namespace hamdyn
