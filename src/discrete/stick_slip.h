#pragma once
// The active set of a dry-friction contact (a dashpot of degree p = 1, force c sign(w)) in
// Moreau's time stepping (Moreau, Nonsmooth Mechanics and Applications, CISM 302, 1988): the
// contact either sticks (rate 0, |force| <= c) or slips (force c s, s the sign of the slip). Both
// the primal integrator and the impulse dual solve a step for a guessed state and then switch.

#include <cmath>

namespace hamdyn {

/// The initial guess from the rate at the step's start: 0 sticks, +-1 slips that way.
inline int slip_direction(double rate) {
  return rate > 0 ? 1 : rate < 0 ? -1 : 0;
}

/// After a step solved with `slip`: a sticking contact whose force exceeds c slips that way; a
/// slipping one whose rate turned against its force sticks. True when the state changed.
inline bool switch_stick_slip(int& slip, double force, double rate, double coefficient) {
  if (slip == 0 && std::abs(force) > coefficient * (1 + 1e-12)) {
    slip = force > 0 ? 1 : -1;
    return true;
  }
  if (slip != 0 && rate * slip < 0) {
    slip = 0;
    return true;
  }
  return false;
}

} // namespace hamdyn
