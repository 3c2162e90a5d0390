#pragma once
// The integrator a case's Time integration section names, read once for the line models and the
// discrete systems alike.
#include "core/case_parameters.h"
#include "time/implicit_step.h"

namespace hamdyn {

/// Central difference, or generalized-alpha with the case's rho_inf, with its Newton tolerance
/// and iteration limit.
NewmarkParameters newmark_parameters(const CaseParameters& c);

} // namespace hamdyn
