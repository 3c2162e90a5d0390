#pragma once
// Elastic response spectra of a ground acceleration: the peak relative displacement of a linear
// single-degree-of-freedom oscillator u'' + 2 zeta omega u' + omega^2 u = -a_g(t) from rest, by
// the recurrence that is exact for a_g linear between samples (Nigam & Jennings, Bull. Seismol.
// Soc. Am. 59, 1969; the same coefficients as Chopra, Dynamics of Structures, 4th ed., sec. 5.2).
#include <vector>

namespace hamdyn {

struct SpectralValues {
  double sd, sv, sa; // m, m/s (pseudo-velocity omega Sd), m/s^2 (pseudo-acceleration omega^2 Sd)
};

/// The peaks for the natural period `period` [s] and damping ratio zeta >= 0 (an overdamped
/// oscillator, zeta >= 1, too: it still has a peak response to the record), the excitation
/// given by its samples a[i] at the times t[i] (increasing; linear in between) and zero after the
/// last until `until` [s] (the free vibration after the record's end can hold the peak).
SpectralValues sdof_spectrum(const std::vector<double>& t, const std::vector<double>& a,
                             double period, double zeta, double until);

} // namespace hamdyn
