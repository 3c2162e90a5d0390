#pragma once
// The steady harmonic response of a cable's chain about its current configuration (an
// equilibrium: studies/cable_equilibrium.h) to a harmonic motion of its held nodes, the motion
// linearized: with u = Re(U e^{i omega t}) at every DoF and the held nodes' U given,
//   A_ff U_f = -A_fh U_h,   A = K_t (1 + i eta) - omega^2 M + i omega C,
// K_t the elements' tangents (EA/L e e^T + T/l (I - e e^T): the tension's geometric stiffness
// included; models/cable_element.h) and the springs, M the chain's mass (models/cable_mass.h), C
// its dashpots and the elements' axial damping (c_a / L e e^T), and eta a hysteretic loss factor on
// K_t (Clough & Penzien, Dynamics of Structures, 2nd ed., 1993, sec. 3.8). These are the matrices
// whose eigenpairs `hamdyn modes` gives (studies/cable_modes.h); here A is factored in band storage
// in the chain's numbering (DoF 2 i + a for component a of node i: half-bandwidth 3), O(n) per
// frequency.
#include "models/cable_mass.h"
#include "studies/cable_equilibrium.h"
#include "system/complex_band_lu.h"

#include <complex>
#include <vector>

namespace hamdyn {

/// A held node's displacement amplitude (x, z) [m].
struct HeldNodeMotion {
  std::size_t node;
  std::complex<double> x, z;
};

class ChainHarmonicResponse {
public:
  using Complex = std::complex<double>;
  /// The chain's K_t, M and C at its current nodes (kept: the chain may change afterwards).
  ChainHarmonicResponse(const CableChain& chain, const CableMass& mass);
  /// U at every DoF (2 i + a) at omega [rad/s] for the held nodes' motion (those not listed stay
  /// at rest); empty when A_ff is singular to round-off (an undamped resonance).
  std::vector<Complex> solve(double omega, double eta,
                             const std::vector<HeldNodeMotion>& motion) const;
  /// Element k's tension amplitude [N] in the response U at loss factor eta and omega [rad/s]:
  /// ((1 + i eta) e^T t_k + i omega c_a / L e^T) (U_{k+1} - U_k), the linearized force along the
  /// element with its hysteretic and viscous parts (what the element passes on to a support; 0
  /// for a slack element).
  Complex tension(std::size_t k, const std::vector<Complex>& u, double eta, double omega) const;
  /// u^T A v for A = K_t, M or C of the chain (u, v at every DoF 2 i + a, the held ones
  /// included): the forms of a mode's participation and damping ratio.
  enum class Part { stiffness, mass, damping };
  double form(Part a, const std::vector<double>& u, const std::vector<double>& v) const;

private:
  std::size_t n_dofs_ = 0;
  std::vector<bool> held_dof_;
  // K_t, M and C by row r and column r - 3 ... r + 3, at 7 r + 3 + (column - r)
  std::vector<double> k_, m_, c_;
  std::vector<Matrix2> tangents_;       // each element's t at the configuration
  std::vector<Vector2> directions_;     // e of each element
  std::vector<double> damping_factors_; // c_a / L of each element (0 where slack)
  mutable ComplexBandLU lu_;
};

} // namespace hamdyn
