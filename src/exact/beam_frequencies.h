#pragma once
// Exact natural frequencies of a uniform Euler-Bernoulli beam whose ends are held (pinned,
// clamped, sliding) or carry a point mass, a rotary inertia and translational and rotational
// springs, independent of the finite elements. Classical supports: Blevins, "Formulas for
// Natural Frequency and Mode Shape", 1979, table 8-1; ends with inertia and springs: the same
// frequency equation with the natural boundary conditions of Hamilton's principle (e.g. Blevins
// table 8-2 for the tip mass).
#include <string>
#include <vector>

namespace hamdyn::exact {

/// One end of the beam: what its support holds, and what is attached in the directions it
/// leaves free (ignored where it holds).
struct BeamEnd {
  bool holds_translation = false, holds_rotation = false;
  double point_mass = 0;        // kg
  double rotary_inertia = 0;    // kg m^2
  double spring = 0;            // N/m
  double rotational_spring = 0; // N m/rad
  /// "free", "pinned", "clamped" or "sliding" with nothing attached.
  static BeamEnd classical(const std::string& support);
};

/// The rigid-body motions w = a + b x that cost no strain energy (0, 1 or 2): a held direction
/// or a spring in it stops them, masses do not, and an axial force gives a rotation the energy
/// (N / 2) b^2 L.
unsigned int rigid_body_modes(const BeamEnd& left, const BeamEnd& right, bool axial_force);

/// The n lowest angular frequencies, the rigid-body modes (omega = 0) first. With
/// w = A cos bx + B sin bx + C cosh bx + D sinh bx and omega^2 = EI b^4 / (rho A), each end gives
/// two rows of a 4x4 determinant: w = 0 where the translation is held, else the shear balance
/// -+EI w''' + (K - M omega^2) w = 0 (- at x = L, + at x = 0); w' = 0 where the rotation is held,
/// else the moment balance +-EI w'' + (K_r - J omega^2) w' = 0. Its roots are bracketed on a grid
/// in bL and bisected. An axial force N (> 0 tension) makes the equation EI w'''' - N w'' =
/// rho A omega^2 w: w = A cos b2 x + B sin b2 x + C cosh b1 x + D sinh b1 x with
/// b1^2 - b2^2 = N / EI, b1 b2 = b^2, and the shear balance's EI w''' becomes EI w''' - N w'
/// (Blevins, ch. 8, "beams with axial load"). A compression at or beyond buckling has a mode
/// with omega^2 < 0, which is not among those returned.
std::vector<double> beam_frequencies(const BeamEnd& left, const BeamEnd& right, double length,
                                     double bending_stiffness, double mass_per_length,
                                     unsigned int n, double axial_force = 0);

/// The same for classical supports with nothing attached.
std::vector<double> beam_frequencies(const std::string& left, const std::string& right,
                                     double length, double bending_stiffness,
                                     double mass_per_length, unsigned int n);

} // namespace hamdyn::exact
