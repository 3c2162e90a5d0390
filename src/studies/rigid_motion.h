#pragma once
// Whether a line model's supports and springs stop its rigid motions: a study that needs K to be
// definite (buckling, static) says so as bad input before it factors K, where a singular K's last
// pivot is round-off of either sign and cannot say it.
#include "core/case_parameters.h"

namespace hamdyn {

/// Whether the case's supports, end springs and interior springs stop every rigid motion: w = a
/// of a string (its tension resists a rotation) and w = a + b x, theta = b, of a beam.
bool rigid_motions_held(const CaseParameters& c);

} // namespace hamdyn
