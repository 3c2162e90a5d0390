#pragma once
// Progress of a long run on rank 0: a live line (step, simulated time, elapsed, remaining) when
// stdout is a terminal, one summary line otherwise (batch logs stay short).
#include <chrono>
#include <string>

namespace hamdyn {

class Progress {
public:
  Progress(bool active, unsigned long n_steps, double final_time);
  void update(unsigned long step, double time);
  void finish(const std::string& summary);

private:
  bool active_, terminal_;
  unsigned long n_steps_;
  double final_time_;
  std::chrono::steady_clock::time_point start_, last_print_;
};

} // namespace hamdyn
