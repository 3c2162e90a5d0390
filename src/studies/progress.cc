#include "studies/progress.h"

#include <cstdio>
#include <unistd.h>

namespace hamdyn {

Progress::Progress(bool active, unsigned long n_steps, double final_time)
    : active_(active), terminal_(isatty(fileno(stdout)) != 0), n_steps_(n_steps),
      final_time_(final_time), start_(std::chrono::steady_clock::now()), last_print_(start_) {}

void Progress::update(unsigned long step, double time) {
  if (!active_ || !terminal_)
    return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_print_ < std::chrono::milliseconds(200) && step != n_steps_)
    return;
  last_print_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double remaining = step > 0 ? elapsed * double(n_steps_ - step) / double(step) : 0.0;
  std::printf("\r  step %lu/%lu  t = %.6g/%.6g s  elapsed %.1f s  remaining %.1f s   ", step,
              n_steps_, time, final_time_, elapsed, remaining);
  std::fflush(stdout);
}

void Progress::finish(const std::string& summary) {
  if (!active_)
    return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (terminal_)
    std::printf("\n");
  std::printf("%s in %.2f s\n", summary.c_str(), elapsed);
  std::fflush(stdout);
}

} // namespace hamdyn
