#pragma once
// The Output section (directory, intervals, history columns, precision, space-time points,
// probes), declared and parsed here.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_output_parameters(ParameterFile& f);
/// After the model's keys (probes lie in [0, Length]; a discrete system has none).
void parse_output_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
