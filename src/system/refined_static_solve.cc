#include "system/refined_static_solve.h"

#include "system/iterative_refinement.h"

namespace hamdyn {

double refined_static_solve(const SecondOrderSystem& s, const LineSchurSolver& k,
                            const LA::Vector& f, LA::Vector& u) {
  k.solve(f, u);
  LA::Vector residual(f), step(f), no_velocity(f);
  no_velocity = 0; // K u alone: no damping term
  return refine_iteratively(
      [&] {
        s.apply(nullptr, u, no_velocity, residual);
        residual.sadd(-1, 1, f);
        k.solve(residual, step);
        return step.l2_norm() / u.l2_norm();
      },
      [&] { u += step; });
}

} // namespace hamdyn
