#pragma once
// A cable's element in the plane: a straight two-node bar of unstretched length L and axial
// stiffness EA whose strain is the engineering strain of its chord, e = l/L - 1 with l = |d|,
// d = x2 - x1, and whose tension is Hooke's T = EA e (the elastic catenary's law, Irvine, Cable
// Structures, 1981, eq. (2.3), which exact/elastic_catenary.h integrates). A tension-only
// element carries T = EA max(e, 0): slack, it stores no energy and pulls on nothing.
//
// Its strain energy V = EA/(2L) (l - L)^2 (slack: 0 below L) depends on q = |d|^2 alone, so
// Gonzalez's discrete gradient (J. Nonlinear Sci. 6:449-467, 1996, eq. (4.9) for functions of
// invariants) is
//   F_mean = 2 (V(q1) - V(q0)) / (q1 - q0) (d0 + d1) / 2,
// whose work over a step, F_mean . (d1 - d0), is exactly V(d1) - V(d0): the energy-consistent
// step at rho_inf = 1 (Simo & Tarnow, ZAMP 43:757-792, 1992, for the same invariant). For the
// taut law the ratio is (EA/L)(1 - 2L/(l0 + l1)): the force at the mean length along the mean
// chord, with no difference to cancel as the step shrinks.
#include <cmath>
#include <cstddef>
#include <vector>

namespace hamdyn {

/// A vector in the plane, (x, z) with z up; [0] is x, [1] is z.
struct Vector2 {
  double x, z;
  double& operator[](std::size_t j) { return j == 0 ? x : z; }
  double operator[](std::size_t j) const { return j == 0 ? x : z; }
};
/// A 2 x 2 matrix; [2 i + j] is row i, column j.
struct Matrix2 {
  double xx, xz, zx, zz;
  double operator[](std::size_t k) const { return k == 0 ? xx : k == 1 ? xz : k == 2 ? zx : zz; }
};

/// |d|: sqrt(x^2 + z^2), not std::hypot, whose guard against overflow and underflow cost 7 % of a
/// cable's step (perf); a chord's squares stay far inside double's range (10^-150 to 10^150 m).
inline double chord_length(const Vector2& d) {
  return std::sqrt(d.x * d.x + d.z * d.z);
}

/// The chord of element k of a chain of nodes x, x_{k+1} - x_k.
inline Vector2 chord(const std::vector<Vector2>& x, std::size_t k) {
  return {x[k + 1].x - x[k].x, x[k + 1].z - x[k].z};
}

struct CableElement {
  double rest_length;     // L [m], > 0
  double axial_stiffness; // EA [N], > 0
  bool tension_only = false;
  /// c_a [N s]: a viscous force c_a e . (v_2 - v_1) / L along the element, its axial strain rate
  /// times c_a (internal damping, a Kelvin-Voigt material: stiffness-proportional, c_a = beta EA
  /// in Rayleigh's terms); none on a slack tension-only element.
  double axial_damping = 0;

  /// T [N] at chord d (0 when slack).
  double tension(const Vector2& d) const;
  /// V [J] at chord d.
  double energy(const Vector2& d) const { return energy_at_length(chord_length(d)); }
  /// V [J] at chord length l.
  double energy_at_length(double l) const {
    return energy_at_length(l, axial_stiffness / rest_length);
  }
  /// The same with k = EA / L given (a run forms it once), V = (k / 2) (l - L)^2. Inline: a run's
  /// energy takes it for every element at every step.
  double energy_at_length(double l, double k) const {
    const double stretch = l - rest_length;
    if (tension_only && stretch < 0)
      return 0;
    return 0.5 * k * stretch * stretch;
  }
  /// The force the element exerts on its first node, T d / l (on the second: its negative) [N].
  Vector2 force(const Vector2& d) const;
  /// d(force) / d(d): EA/L e e^T + T/l (I - e e^T), e = d / l (the material and the geometric
  /// stiffness; slack: 0).
  Matrix2 tangent(const Vector2& d) const;
  /// Gonzalez's discrete gradient over a step from chord d0 to d1 (on the first node), and its
  /// derivative with respect to d1 when `slope` is given (not symmetric).
  Vector2 mean_force(const Vector2& d0, const Vector2& d1, Matrix2* slope = nullptr) const {
    return mean_force(d0, chord_length(d0), d1, axial_stiffness / rest_length, slope);
  }
  /// The same with |d0| and k = EA / L given (a step's iterations share the one, a run the
  /// other: a division per element and iteration fewer, where the divider was the residual's
  /// bottleneck with the square root and 2 L / (l0 + l1)). Inline: a step's residual calls it
  /// for every element at every iteration.
  Vector2 mean_force(const Vector2& d0, double l0, const Vector2& d1, double k,
                     Matrix2* slope = nullptr) const;
};

inline Vector2 CableElement::mean_force(const Vector2& d0, double l0, const Vector2& d1, double k,
                                        Matrix2* slope) const {
  const double l1 = chord_length(d1), sum = l0 + l1;
  const Vector2 mean{0.5 * (d0[0] + d1[0]), 0.5 * (d0[1] + d1[1])};
  // c = 2 (V1 - V0) / (q1 - q0) with q = l^2, and dc/dl1
  double c = 0, dc = 0;
  const bool taut0 = l0 >= rest_length, taut1 = l1 >= rest_length;
  if (!tension_only || (taut0 && taut1)) {
    // V1 - V0 = k/2 (l1 - l0)(l1 + l0 - 2L), q1 - q0 = (l1 - l0)(l1 + l0): no difference left
    c = k * (1 - 2 * rest_length / sum);
    dc = 2 * k * rest_length / (sum * sum);
  } else if (taut0 != taut1) {
    // across the slack point: V = k/2 max(l - L, 0)^2; the lengths differ by at least as much as
    // the taut one's stretch, so the plain quotient keeps its digits
    const double s0 = taut0 ? l0 - rest_length : 0.0, s1 = taut1 ? l1 - rest_length : 0.0;
    const double difference = l1 - l0;
    c = k * (s1 * s1 - s0 * s0) / (difference * sum);
    // d/dl1 of k (s1^2 - s0^2) / (l1^2 - l0^2)
    const double q_difference = difference * sum;
    dc = k * (2 * s1 * q_difference - (s1 * s1 - s0 * s0) * 2 * l1) / (q_difference * q_difference);
  } // else slack throughout: no force
  if (slope) {
    const double u0 = d1[0] / l1, u1 = d1[1] / l1; // dl1/dd1
    *slope = {0.5 * c + dc * mean[0] * u0, dc * mean[0] * u1, dc * mean[1] * u0,
              0.5 * c + dc * mean[1] * u1};
  }
  return {c * mean[0], c * mean[1]};
}

} // namespace hamdyn
