#pragma once
// The static path of a planar beam line followed by arc length, through limit points: the load
// factor lambda is an unknown beside the DoFs, and each step moves a given distance dl along the
// path, |Delta q| = dl (Crisfield's cylindrical arc length: Crisfield, Int. J. Numer. Meth. Eng.
// 19, 1983, and Non-linear Finite Element Analysis of Solids and Structures, vol. 1, 1991,
// sec. 9.3; Riks, Int. J. Solids Struct. 15, 1979). Each corrector iteration solves the tangent
// twice, K dq_r = r and K dq_t = dr/dlambda, and takes the root d lambda of the constraint's
// quadratic nearest the step's direction (Crisfield 1991, eq. 9.31); the predictor keeps the
// direction of the last step (the sign of dq_t . Delta q_previous: Feng, Peric & Owen, Comput.
// Struct. 59, 1996), so it turns at a limit point where the tangent's determinant changes sign.
// The norm weights a rotation by the line's length (rad to m: its end's displacement). The path
// stops where it first reaches lambda = 1: Newton's iterations at lambda = 1 from the
// interpolation of the step's two ends.
#include "studies/planar_beam_equilibrium.h"

#include <vector>

namespace hamdyn {

/// Follows the path from q (in: the start at lambda = 0; out: the equilibrium at lambda = 1) in
/// steps of the length the linearized path has from 0 to 1/`steps` (shortened where a step fails,
/// never longer). Throws std::runtime_error where steps 1e-6 of that do not converge, or 200
/// `steps` steps do not reach lambda = 1 (the path turns back below it: no equilibrium there).
PlanarBeamEquilibrium solve_planar_beam_by_arc_length(const PlanarBeamLine& line,
                                                      std::vector<double>& q, unsigned steps);

} // namespace hamdyn
