#pragma once
// Limits and orders of a sequence of results that converge as the discretization is refined.
#include <vector>

namespace hamdyn {

/// The limit of a quantity computed at levels 0, 1, 2, ... (each entry a vector: one number for
/// a frequency, the values at common times for a history), by Richardson extrapolation from the
/// last three levels (Richardson, Phil. Trans. R. Soc. A 210:307, 1911): with the differences
/// d1 = q[n-2] - q[n-3] and d2 = q[n-1] - q[n-2] and the reduction factor
/// rho = |d1| / |d2| (= r^p for refinement ratio r and order p, so no ratio needs to be known:
/// for one number this is Aitken's delta-squared), the limit is q[n-1] + d2 / (rho - 1),
/// entry by entry. With two levels rho = `two_level_factor` (r^p of the expected order).
/// Returns q[n-1] itself when the sequence does not converge (rho <= 1) or has stopped changing.
std::vector<double> richardson_limit(const std::vector<std::vector<double>>& levels,
                                     double two_level_factor);

/// The observed order log(e0 / e1) / log(s0 / s1) between two levels with errors e and sizes s
/// (h, dt, or 1/DoFs); NaN when an error is 0 or not finite.
double observed_order(double error0, double error1, double size0, double size1);

} // namespace hamdyn
