#pragma once
// The natural modes every study computes (modes, compare's FE column, converge, the modal
// benchmark), with the one shift they all use and a compressed beam's instability reported as
// the input that causes it.
#include "core/case_parameters.h"
#include "modal/eigen_solver.h"

namespace hamdyn {

/// The n lowest modes of `system` (the case `c`'s, whose model has the frequency scale `scale`
/// [rad/s]), shifted by -0.01 scale^2. A beam that the case's compressive Axial force makes
/// unstable (a mode with omega^2 < 0) is bad input naming it; another unstable system fails
/// with UnstableSystem.
Modes natural_modes(const SecondOrderSystem& system, const CaseParameters& c, unsigned int n,
                    double scale);

} // namespace hamdyn
