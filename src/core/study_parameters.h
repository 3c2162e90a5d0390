#pragma once
// The studies' own sections (Modes, Buckling, Static, Convergence), each declared and parsed here.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_modes_parameters(ParameterFile& f);
void parse_modes_parameters(const ParameterFile& f, CaseParameters& c);
void declare_buckling_parameters(ParameterFile& f);
void parse_buckling_parameters(const ParameterFile& f, CaseParameters& c);
void declare_static_parameters(ParameterFile& f);
void parse_static_parameters(const ParameterFile& f, CaseParameters& c);
void declare_convergence_parameters(ParameterFile& f);
void parse_convergence_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
