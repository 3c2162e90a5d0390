#include "core/spectrum_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/response_parameters.h"

#include <deal.II/base/patterns.h>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
constexpr const char* section = "Response spectrum";
} // namespace

void declare_spectrum_parameters(ParameterFile& f) {
  f.declare(section, "Periods", "0.02:0.02:4", P::Anything(),
            "start:step:end with 0 < start <= end, step > 0, or a list T1, T2, ... (each > 0)",
            "Natural periods of the oscillators of `hamdyn spectrum`'s spectra (spectrum.csv). "
            "Units: s.");
  f.declare(section, "Damping ratios", "0.05", P::Anything(),
            "a ','-separated list of numbers in [0, 1)",
            "Damping ratios zeta of the spectra (one curve each). Units: none.");
  f.declare(section, "Combination", "CQC", P::Selection("SRSS|CQC"), "SRSS | CQC",
            "The modal combination `hamdyn spectrum` reports for the structure (both are written "
            "to spectrum_response.csv): square root of the sum of squares, or the complete "
            "quadratic combination with Der Kiureghian's correlation coefficients. Modes: "
            "Modes/Number of modes.");
}

void parse_spectrum_parameters(const ParameterFile& f, CaseParameters& c) {
  SpectrumParameters& s = c.spectrum;
  const std::string periods = parameter_name(section, "Periods");
  s.periods = parse_value_list(f.get(section, "Periods"), periods, "s", false);
  for (double t : s.periods)
    if (!(t > 0))
      throw InputError(periods, f.get(section, "Periods"),
                       "holds the period 0; expected periods > 0 [s]");
  const std::string ratios = parameter_name(section, "Damping ratios");
  for (const std::string& item : list_entries(f.get(section, "Damping ratios"), ',', ratios)) {
    const double zeta = number(item);
    if (!(zeta >= 0 && zeta < 1))
      throw InputError(ratios, item, "expected damping ratios in [0, 1)");
    s.damping_ratios.push_back(zeta);
  }
  if (s.damping_ratios.empty())
    throw InputError(ratios, "", "expected at least one damping ratio in [0, 1)");
  s.cqc = f.get(section, "Combination") == "CQC";
}

} // namespace hamdyn
