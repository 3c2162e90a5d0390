#pragma once
// The largest difference between two sampled quantities (histories at common times, or the
// values of one quantity at two refinement levels).
#include <vector>

namespace hamdyn {

/// max_k |a[k] - b[k]| over the common length; NaN when any entry of either is NaN (a method
/// without that quantity), so "not available" is never reported as agreement.
double largest_difference(const std::vector<double>& a, const std::vector<double>& b);

} // namespace hamdyn
