#pragma once
// Iterative refinement of a solution x of A x = b: x += A^-1 (b - A x), with residuals formed more
// accurately than the factorization's own round-off (Higham, Accuracy and Stability of Numerical
// Algorithms, 2nd ed., ch. 12: it converges to the accuracy of the residual while the solver's
// error stays below 1). One loop for every solve that refines (the frequency response's complex
// solves, every static K solve and the time step's solves: system/refined_linearization_solver.h).
#include <functional>
#include <limits>

namespace hamdyn {

/// `propose()` forms the residual of the current solution, solves for the correction and returns
/// its size relative to the solution without applying it (NaN: the solve failed); `apply()` adds
/// it. Stops when a step falls below 1e-14, when it no longer halves the one before, or after 10
/// steps; a step that does not shrink at all is round-off and is not applied. Returns the size of
/// the last step proposed: about what the solution may still be off by (NaN when a solve failed).
inline double refine_iteratively(const std::function<double()>& propose,
                                 const std::function<void()>& apply) {
  double previous = std::numeric_limits<double>::infinity(), size = 0;
  for (unsigned int step = 0; step < 10; ++step) {
    size = propose();
    if (!(size < previous))
      break;
    apply();
    if (size < 1e-14 || size > 0.5 * previous)
      break;
    previous = size;
  }
  return size;
}

} // namespace hamdyn
