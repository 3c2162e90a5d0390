#pragma once
// The Time integration section (scheme, spectral radius, step, final time, Newton's settings),
// declared and parsed here.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_time_integration_parameters(ParameterFile& f);
/// After the model's own keys (central difference needs a lumped mass and a line model).
void parse_time_integration_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
