#pragma once
// The `Response spectrum` section, read by `hamdyn spectrum`.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_spectrum_parameters(ParameterFile& f);
void parse_spectrum_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
