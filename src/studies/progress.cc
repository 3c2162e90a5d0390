#include "studies/progress.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace hamdyn {

namespace {
// A live line rewritten with '\r' only on a terminal. Under an MPI launcher a rank's stdout is a
// pseudo-terminal that mpirun forwards, whatever mpirun's own stdout is (a batch log, a pipe),
// so there isatty() says nothing about where the line ends up: plain lines are written instead.
bool on_terminal() {
  for (const char* launcher : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "SLURM_STEP_ID"})
    if (std::getenv(launcher) != nullptr)
      return false;
  return isatty(fileno(stdout)) != 0;
}
} // namespace

Progress::Progress(bool active, unsigned long n_steps, double final_time, unsigned long first_step,
                   const char* step_name, const char* time_name, const char* time_unit, Clock clock)
    : active_(active), terminal_(active && on_terminal()), n_steps_(n_steps),
      first_step_(first_step), final_time_(final_time), step_name_(step_name),
      time_name_(time_name), time_unit_(time_unit),
      clock_(clock ? clock : +[] { return std::chrono::steady_clock::now(); }), start_(clock_()),
      last_print_(start_), older_{start_, first_step}, newer_{start_, first_step} {}

void Progress::update(unsigned long step, double time) {
  if (!active_)
    return;
  const auto now = clock_();
  constexpr std::chrono::seconds window(30);
  if (now - newer_.time >= window) {
    older_ = newer_;
    newer_ = {now, step};
  }
  // A terminal's line is refreshed five times a second; a log gets a line every 30 s.
  if (now - last_print_ < std::chrono::milliseconds(terminal_ ? 200 : 30000) &&
      (step != n_steps_ || !terminal_))
    return;
  last_print_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double recent = std::chrono::duration<double>(now - older_.time).count();
  // (no step in the window: a step took longer than it, at least `recent` each)
  const double remaining = step > first_step_ ? recent * double(n_steps_ - step) /
                                                    double(std::max(step - older_.step, 1ul))
                                              : 0.0;
  std::printf("%s  %s %lu/%lu", terminal_ ? "\r" : "", step_name_, step, n_steps_);
  if (time_name_)
    std::printf("  %s = %.6g/%.6g %s", time_name_, time, final_time_, time_unit_);
  std::printf("  elapsed %.1f s  remaining %.1f s%s", elapsed, remaining, terminal_ ? "   " : "\n");
  shown_ = terminal_;
  std::fflush(stdout);
}

void Progress::end_line() {
  if (shown_)
    std::printf("\n");
  shown_ = false;
}

void Progress::finish(const std::string& summary) {
  if (!active_)
    return;
  const double elapsed = std::chrono::duration<double>(clock_() - start_).count();
  if (terminal_)
    std::printf("\n");
  if (first_step_ == 0)
    std::printf("%s in %.2f s\n", summary.c_str(), elapsed);
  else // a resumed run: the time is this process's, for the steps it ran
    std::printf("%s, resumed at step %lu: steps %lu to %lu (%lu) in this process in %.2f s\n",
                summary.c_str(), first_step_, first_step_ + 1, n_steps_, n_steps_ - first_step_,
                elapsed);
  std::fflush(stdout);
}

} // namespace hamdyn
