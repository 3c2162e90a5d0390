#pragma once
// The `Frequency response` section, read by `hamdyn response`: the frequencies, the method, the
// added damping, the harmonic load and a random load's spectral density.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_response_parameters(ParameterFile& f);
void parse_response_parameters(const ParameterFile& f, CaseParameters& c);

/// "start:step:end" (v_k = start + k step up to end, inclusive within round-off) or a
/// ','-separated list, every value finite and >= 0 (list order kept); InputError naming
/// `parameter` (and the values' `unit` in what is allowed) otherwise, and for an empty text when
/// `allow_empty` is false.
std::vector<double> parse_value_list(const std::string& text, const std::string& parameter,
                                     const std::string& unit, bool allow_empty);

} // namespace hamdyn
