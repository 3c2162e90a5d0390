#pragma once
// The active set of a dry-friction contact (a dashpot of degree p = 1, force c sign(w)) in
// Moreau's time stepping (Moreau, Nonsmooth Mechanics and Applications, CISM 302, 1988): the
// contact either sticks (rate 0, |force| <= c) or slips (force c s, s the sign of the slip). The
// line models' nodal elements, the discrete systems' integrator and the impulse dual each solve a
// step for guessed states and then switch them with this one rule, in this one loop.

#include <cmath>

namespace hamdyn {

/// The initial guess from the rate at the step's start: 0 sticks, +-1 slips that way.
inline int slip_direction(double rate) {
  return rate > 0 ? 1 : rate < 0 ? -1 : 0;
}

/// After a step solved with `slip`: a sticking contact whose force exceeds c by more than the
/// solver's relative `tolerance` slips that way; a slipping one whose rate turned against its
/// force sticks. True when the state changed.
inline bool switch_stick_slip(int& slip, double force, double rate, double coefficient,
                              double tolerance) {
  if (slip == 0 && std::abs(force) > coefficient * (1 + tolerance)) {
    slip = force > 0 ? 1 : -1;
    return true;
  }
  if (slip * rate < 0) {
    slip = 0;
    return true;
  }
  return false;
}

/// The active-set iteration around a step's Newton method: solve() the step for the guessed
/// states, then switch_all() of them with switch_stick_slip (true when any changed), until none
/// changes. With one contact this settles in at most two changes (the rate is monotone in the
/// force); give_up() (which throws) ends a cycling among several after `max_passes` changes.
template <class Solve, class SwitchAll, class GiveUp>
void settle_active_set(unsigned max_passes, const Solve& solve, const SwitchAll& switch_all,
                       const GiveUp& give_up) {
  for (unsigned pass = 0;; ++pass) {
    solve();
    if (!switch_all())
      return;
    if (pass == max_passes)
      give_up();
  }
}

} // namespace hamdyn
