#include "system/refined_static_solve.h"

#include "system/refined_linearization_solver.h"

namespace hamdyn {

double refined_static_solve(const SecondOrderSystem& s, const LineSchurSolver& k,
                            const LA::Vector& f, LA::Vector& u) {
  LA::Vector no_velocity(f);
  no_velocity = 0; // K u alone: no damping term
  return solve_to_round_off(
             k, [&](const LA::Vector& x, LA::Vector& r) { s.apply(nullptr, x, no_velocity, r); }, f,
             u)
      .back();
}

} // namespace hamdyn
