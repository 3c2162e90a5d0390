#pragma once
// Values recorded in history.csv that are linear in the state: point values, end values and
// consistent reactions, each sum_j (w_u u_j + w_v v_j + w_a a_j) + c(t). All are evaluated with
// one MPI_Allreduce per step, whatever the rank count.
#include "system/second_order_system.h"

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

struct LinearFunctional {
  std::string name;
  std::vector<dealii::types::global_dof_index> dofs;
  std::vector<double> of_u, of_v, of_a; // weights, one per dof (may be empty = zero)
  std::function<double(double t)> constant;
  std::string unit; // of its value, SI as history_units.csv writes it ("m", "N m", "m/s^2")
};

/// Whether f is a displacement column: a function of u alone (an end's u or theta, a probe's u,
/// an oscillator's displacement), which a frequency response and a mode shape can be read by.
inline bool is_displacement(const LinearFunctional& f) {
  return !f.of_u.empty() && f.of_v.empty() && f.of_a.empty() && !f.constant;
}

/// The functionals' values at s, then `extra` (this rank's share of one more number) summed over
/// the ranks in the same reduction, into `values` (resized; its allocation is reused).
void evaluate(const std::vector<LinearFunctional>& functionals, const State& s, MPI_Comm comm,
              double extra, std::vector<double>& values);

} // namespace hamdyn
