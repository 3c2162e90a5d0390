#pragma once
// Parameters whose element matrices leave the range double precision computes with on the mesh
// at hand (Tension 1e308 makes tau/h overflow, Mass per length 1e-307 makes rho h underflow, a
// Grading of 1e300 makes elements of length 1e-300): refused as bad input naming the parameter,
// before anything is assembled, instead of failing later in a factorization that names nothing.
#include "core/case_parameters.h"

namespace hamdyn {

/// Throws InputError when a line model's element coefficient (rho h, tau / h, 12 EI / h^3, ...)
/// at the shortest or longest element lies outside [1e-150, 1e150], or when the mesh's element
/// lengths differ by more than a factor 1e12. h_min, h_max: the mesh's element lengths [m].
void check_element_scale(const CaseParameters& c, double h_min, double h_max);

} // namespace hamdyn
