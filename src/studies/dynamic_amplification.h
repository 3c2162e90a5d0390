#pragma once
// The dynamic amplification of a run with moving loads, for `hamdyn batch`'s summary: for each
// displacement column c of history.csv, daf_c = (largest |c| of the run) / (largest |c| the same
// loads give statically at the positions they pass through), the dynamic coefficient of Fryba
// (Vibration of Solids and Structures under Moving Loads, 1972, sec. 1.1: the largest dynamic
// deflection over the static one), whose curve over the speed users draw.
#include "studies/named_values.h"
#include "studies/prepared_case.h"

#include <string>
#include <vector>

namespace hamdyn {

/// daf_<name> for each of `names` (displacement columns) with the run's largest magnitudes
/// `largest`. The static value of column c under a unit force at x is g_c^T N(x), g_c = K^-1 l_c
/// (c's influence line: one solve per column, l_c its weights), so the loads' static value at
/// t_n is sum_i P_i(t_n) g_c^T N(x_i(t_n)): a moving force's amplitude, a mass's or vehicle's
/// weight -m g. g_c is refined (system/refined_static_solve.h); where the refinement stalls above
/// 1e-6 a warning (NamedValues::warnings) names the column. Nothing when the case has no moving
/// loads, no static load (no forces, no gravity) or K is singular (a free body). Collective.
NamedValues dynamic_amplification(const PreparedCase& pc, const std::vector<std::string>& names,
                                  const std::vector<double>& largest);

} // namespace hamdyn
