#pragma once
// A large-motion step that may fail made again in halves: where Newton's iterations of a step do
// not converge (a cable passing through slack, a beam whipping round), the step is made as two
// half steps, recursively, up to 10 times, as the line models' steps are (time/newmark_scheme.h).
// Shared by the cable's and the planar beam's runs.
#include "core/failure_message.h"

#include <stdexcept>
#include <string>

namespace hamdyn {

constexpr unsigned max_step_halvings = 10;

/// Steps to t1 by `step(t)` (from the state's time `now()` to t; it must leave the state as it
/// was when it throws std::runtime_error); where it throws, as two halves, recursively, each
/// retry counted in `halved_steps`. Throws CollectiveFailure naming `step_number`, the halvings
/// and the remedy where a step halved max_step_halvings times fails. Every rank decides alike
/// where every rank's step throws alike.
template <class Now, class Step>
void step_in_halves(const Now& now, const Step& step, double t1, unsigned long step_number,
                    unsigned long& halved_steps, unsigned halvings = 0) {
  try {
    step(t1);
  } catch (const std::runtime_error& e) {
    if (halvings == max_step_halvings)
      throw CollectiveFailure(std::string(e.what()) + " (step " + std::to_string(step_number) +
                              ", with the step halved " + std::to_string(halvings) +
                              " times; a smaller Time integration/Time step may converge)");
    ++halved_steps;
    const double middle = now() + 0.5 * (t1 - now());
    step_in_halves(now, step, middle, step_number, halved_steps, halvings + 1);
    step_in_halves(now, step, t1, step_number, halved_steps, halvings + 1);
  }
}

} // namespace hamdyn
