#pragma once
// K u = f by K's factorization, refined with residuals f - K u whose K products come from the
// element strains (SecondOrderSystem::apply: they keep their digits where the assembled K's rows
// cancel), by system/iterative_refinement.h. One solve for every static K^-1 f that is reported:
// the modal static correction and the moving loads' influence lines.
#include "system/line_schur_solver.h"
#include "system/second_order_system.h"

namespace hamdyn {

/// u = K^-1 f, refined; `k` holds K's factorization (SecondOrderSystem::banded_linearization(0,
/// 0, 1)). Returns the last refinement step's size relative to u: about what u may still be off
/// by (near or above 1 where the mesh is finer than double precision resolves K). Collective.
double refined_static_solve(const SecondOrderSystem& s, const LineSchurSolver& k,
                            const LA::Vector& f, LA::Vector& u);

} // namespace hamdyn
