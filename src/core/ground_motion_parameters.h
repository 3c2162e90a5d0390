#pragma once
// The `Ground motion` section: a uniform transverse acceleration a_g(t) of every support, as an
// expression in t or a record, with a scale factor.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_ground_motion_parameters(ParameterFile& f);
/// `case_directory` resolves a relative Acceleration file (after the current directory).
void parse_ground_motion_parameters(const ParameterFile& f, const std::string& case_directory,
                                    CaseParameters& c);

} // namespace hamdyn
