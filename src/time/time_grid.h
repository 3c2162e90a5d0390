#pragma once
// The times a run steps to, for the line models and the discrete systems alike: t_n = n dt for
// n < N and t_N = T exactly, N = ceil(T / dt) with a ratio within 1e-9 of an integer counted as
// that integer (0.1 / 1e-4 is 1000.0000000000001). The last step is shortened to end on T, and
// each time is n dt, not a sum of steps, so no time drifts over 10^9 steps.
#include <cmath>

namespace hamdyn {

struct TimeGrid {
  TimeGrid(double time_step, double final_time)
      : time_step(time_step), final_time(final_time),
        n_steps(static_cast<unsigned long>(std::ceil(final_time / time_step - 1e-9))) {}

  /// t_n.
  double time(unsigned long n) const { return n == n_steps ? final_time : double(n) * time_step; }
  /// The size of step n (from t_{n-1} = `previous` to t_n).
  double step_size(unsigned long n, double previous) const {
    return n == n_steps ? final_time - previous : time_step;
  }

  double time_step, final_time; // [s]
  unsigned long n_steps;
};

} // namespace hamdyn
