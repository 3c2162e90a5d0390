#pragma once
// The `Moving loads` section: forces travelling along the line, each an amplitude and a position
// in t (a vehicle's axle, a train of them).
#include "core/case_parameters.h"

#include <string>

namespace hamdyn {

void declare_moving_load_parameters(ParameterFile& f);
void parse_moving_load_parameters(const ParameterFile& f, CaseParameters& c);

/// InputError naming Moving loads/Forces when the case has moving loads: `study` (modes, a
/// frequency response) has no place for a load that moves.
void refuse_moving_loads(const CaseParameters& c, const std::string& study);

} // namespace hamdyn
