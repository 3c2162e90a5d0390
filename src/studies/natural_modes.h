#pragma once
// The natural modes every study computes (modes, compare's FE column, converge, the modal
// benchmark), with the one shift they all use and a compressed beam's instability reported as
// the input that causes it.
#include "core/case_parameters.h"
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"

namespace hamdyn {

/// The n lowest modes of `system` (the case `c`'s, whose model has the frequency scale `scale`
/// [rad/s]), shifted by -0.01 scale^2. A beam that the case's compressive Axial force makes
/// unstable (a mode with omega^2 < 0) is bad input naming it; another unstable system fails
/// with UnstableSystem.
/// Throws InputError naming `parameter` when n modes of `pc` would not fit in memory: the
/// Krylov-Schur basis and the dense matrices of the projected problem (SLEPc users' manual,
/// sec. 2.6.4 on ncv and mpd), and the refinement's 2n more vectors; with `dense_n_by_n`, that
/// many dense n x n matrices of doubles more (what the caller builds from the modes). Collective.
void refuse_modes_beyond_memory(const PreparedCase& pc, unsigned int n,
                                const std::string& parameter, double dense_n_by_n = 0);

Modes natural_modes(const SecondOrderSystem& system, const CaseParameters& c, unsigned int n,
                    double scale, bool report = false);

} // namespace hamdyn
