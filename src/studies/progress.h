#pragma once
// Progress of a long run on rank 0: a live line (step, simulated time, elapsed, remaining) when
// stdout is a terminal; otherwise a plain line every 30 s (a log of a short run holds only the
// summary line).
#include <chrono>
#include <string>

namespace hamdyn {

class Progress {
public:
  /// `first_step`: the step a resumed run starts from (the estimate counts the steps since).
  /// `step_name`, `time_name` and `time_unit` label the line (a frequency sweep counts
  /// "frequency k/n  f = ... Hz"); a null `time_name` leaves the time out (an eigensolver counts
  /// "eigenpairs converged k/n").
  /// `clock`: where the time is read (none: std::chrono::steady_clock; a test gives its own).
  using Clock = std::chrono::steady_clock::time_point (*)();
  Progress(bool active, unsigned long n_steps, double final_time, unsigned long first_step = 0,
           const char* step_name = "step", const char* time_name = "t", const char* time_unit = "s",
           Clock clock = nullptr);
  void update(unsigned long step, double time);
  void finish(const std::string& summary);
  /// Ends a live line that was shown (a terminal's, rewritten in place) without a summary.
  void end_line();

private:
  bool active_, terminal_;
  unsigned long n_steps_, first_step_;
  double final_time_;
  const char *step_name_, *time_name_, *time_unit_;
  Clock clock_;
  bool shown_ = false; // a live line is on the terminal
  std::chrono::steady_clock::time_point start_, last_print_;
  // The remaining time is estimated from the steps of the last 30 to 60 s (from the start in the
  // first 60): from the whole run's mean rate, a cable whose steps slowed a hundredfold where it
  // went slack (5e4 elements, the last 100 of 1200 steps taking 150 s) was said to have 3.9 s
  // left when it had a minute. Two marks, each moved on every 30 s.
  struct Mark {
    std::chrono::steady_clock::time_point time;
    unsigned long step;
  };
  Mark older_, newer_;
};

} // namespace hamdyn
