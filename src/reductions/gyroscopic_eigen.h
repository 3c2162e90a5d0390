#pragma once
// The modes of an undamped gyroscopic system M u'' + G u' + K u = 0 (M symmetric positive
// definite, K symmetric, G skew-symmetric), dense (LAPACK through deal.II): where K is positive
// definite every eigenvalue is i omega with omega real, and each mode is u = Re((a + i b)
// e^(i omega t)), the parts a and b in quadrature (Meirovitch, Methods of Analytical Dynamics,
// 1970, sec. 6.6). A rotating beam's Coriolis terms make one (studies/planar_beam_modes.h).
//
// The frequencies are the eigenvalues of the first-order form [0, I; -M^-1 K, -M^-1 G] (LAPACK's
// dgeev); deal.II 9.4 keeps dgeev's eigenvectors to itself, so each mode's (a, b) is found by
// inverse iteration on the real form of K - omega^2 M + i omega G at that omega (two solves).
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <vector>

namespace hamdyn {

struct GyroscopicModes {
  std::vector<double> omega; // [rad/s], ascending, > 0
  /// Each mode's a and b, phased so that its largest component is real (b = 0 there) and
  /// scaled to |a + i b| = 1 there.
  std::vector<dealii::Vector<double>> real, imaginary;
};

/// The n lowest modes with omega > 0 (fewer where the system has fewer).
GyroscopicModes gyroscopic_modes(const dealii::FullMatrix<double>& k,
                                 const dealii::FullMatrix<double>& m,
                                 const dealii::FullMatrix<double>& g, unsigned n);

/// The omega of u^H (K - omega^2 M + i omega G) u = 0 nearest `near`: the positive root of
/// m omega^2 + 2 g omega - k = 0 with k = a^T K a + b^T K b, m likewise and g = a^T G b (a
/// Rayleigh quotient: its error is the shape's squared).
double gyroscopic_frequency(double k, double m, double g, double near);

} // namespace hamdyn
