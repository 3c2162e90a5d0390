#pragma once
// The steady harmonic response of a planar beam line about a static state q (studies/
// planar_beam_line.h) to a harmonic motion of its held DoFs, linearized: with u = Re(U e^{i omega
// t}) at every DoF and the held ones' U given,
//   A_ff U_f = -A_fh U_h,   A = K_t (1 + i eta) - omega^2 M + i omega C,
// K_t the elements' tangent at q (material and geometric: the section forces of the static state
// stiffen or soften the beam, as in hamdyn modes; springs included), M their consistent mass
// (point masses and rotary inertias included), C the dashpots, eta a hysteretic loss factor on K_t
// (Clough & Penzien, Dynamics of Structures, 2nd ed., 1993, sec. 3.8). A is factored in band
// storage (half bandwidth 3p + 2 in the line's numbering) with partial pivoting (system/
// complex_band_lu.h): O(n) per frequency.
#include "studies/planar_beam_equilibrium.h"

#include <complex>
#include <cstddef>
#include <utility>
#include <vector>

namespace hamdyn {

class PlanarBeamHarmonicResponse {
public:
  using Complex = std::complex<double>;
  /// The line's K_t, M and C at q (the element matrices, kept).
  PlanarBeamHarmonicResponse(const PlanarBeamLine& line, const std::vector<double>& q);
  /// U at every DoF (3 i + c) at omega [rad/s] for the held DoFs' amplitudes `moved` (dof, U_h;
  /// the held DoFs not listed stay at rest); empty where A_ff is singular to round-off (an
  /// undamped resonance).
  std::vector<Complex> solve(double omega, double eta,
                             const std::vector<std::pair<std::size_t, Complex>>& moved) const;

private:
  const PlanarBeamLine& line_;
  unsigned nd_ = 0;                                // an element's DoFs
  std::vector<double> stiffness_, mass_, damping_; // nd x nd per element, row major
};

} // namespace hamdyn
