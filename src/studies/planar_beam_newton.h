#pragma once
// Newton's method on the DoFs at a planar beam's step end, shared by its two steps (the
// conserving midpoint rule of studies/planar_beam_motion.h and generalized alpha,
// studies/planar_beam_alpha.h): the iterations' stopping rules and the round-off floor in one
// place.
#include <functional>
#include <vector>

namespace hamdyn {

class BandedLU;
struct PlanarBeamLine;

/// A step's residual finished at the held DoFs: their reactions' work over the step, sum r_i
/// (q1_i - q0_i), into `held_work` (if given), their rows set to 0, and the Jacobian's (if given)
/// made the identity's and factored with any nonzero pivot (the steps' Jacobians are not
/// symmetric). False where a pivot is negligible.
bool finish_planar_beam_residual(const PlanarBeamLine& line, const std::vector<double>& q0,
                                 const std::vector<double>& q1, std::vector<double>& r,
                                 BandedLU* jacobian, double* held_work);

/// A step's residual at q1 into r (the held DoFs' rows 0) and, given a matrix, its Jacobian there,
/// factored; false where a pivot is negligible.
using PlanarBeamResidual =
    std::function<bool(const std::vector<double>& q1, std::vector<double>& r, BandedLU* jacobian)>;

/// Iterates q1 (in: the predictor, the held DoFs at their values; out: the solution) until the
/// largest correction is below `tolerance` times the step's largest change of a DoF from q0, or
/// at the DoFs' round-off (16 eps of the largest), or at the residual's round-off floor
/// (corrections below 1e-8 of the DoFs that stop shrinking: `at_round_off` says so). Returns the
/// iterations. Throws std::runtime_error where 25 iterations do not converge, the Jacobian has a
/// negligible pivot or a correction is not finite.
unsigned solve_planar_beam_step(const std::vector<double>& q0, std::vector<double>& q1,
                                double tolerance, bool* at_round_off,
                                const PlanarBeamResidual& residual);

} // namespace hamdyn
