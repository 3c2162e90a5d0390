#pragma once
// A structure reduced to some of its modes (Rayleigh-Ritz): K, M and C projected on the shapes,
// and the static correction of the modes left out. What the modal frequency response and the
// modal transient share.
#include "system/line_schur_solver.h"
#include "system/second_order_system.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <vector>

namespace hamdyn {

/// K_r = Phi^T K Phi, M_r = Phi^T M Phi and C_r = Phi^T C Phi in full (not only their diagonals:
/// a non-proportional damping couples the modes), K's products from the element strains (the
/// assembled K loses eps N^(2m) of a row's scale, which a low mode's phi^T K phi does not survive
/// on fine meshes). For exact M-normalized modes K_r = Omega^2 and M_r = I; projecting keeps the
/// reduced system exact to round-off whatever digits the modes hold.
struct ProjectedMatrices {
  dealii::FullMatrix<double> k, m, c;
};
/// Collective.
ProjectedMatrices project_on_modes(const SecondOrderSystem& s,
                                   const std::vector<LA::Vector>& shapes);

/// Phi^T f (one reduction). Collective.
std::vector<double> project_load(const std::vector<LA::Vector>& shapes, const LA::Vector& f);

/// The static correction of the modes left out, u_s = K^-1 f - Phi K_r^-1 Phi^T f: the residual
/// flexibility's quasi-static response (Clough & Penzien, Dynamics of Structures, 2nd ed.,
/// sec. 13-3; the mode-acceleration method).
///
/// u_s is linear in f, and a transient's loads mostly move in a few patterns (M r a_g(t) beside
/// constant forces, any f(x) g(t)): the loads met are kept as an orthonormal basis (Gram-Schmidt,
/// twice) with their corrections, and a load within 1e-12 of their span costs a projection, not a
/// solve. At most `basis_size` patterns are kept; a load beyond them is solved.
class StaticCorrection {
public:
  /// Factors K from `s`'s assembled matrices; throws NotPositiveDefinite when K is singular (a
  /// structure free to move as a body). Collective.
  StaticCorrection(const SecondOrderSystem& s, const std::vector<LA::Vector>& shapes,
                   const dealii::FullMatrix<double>& k_r);
  /// u_s for the load f; K^-1 f is refined with the strains' K products (system/
  /// refined_static_solve.h). Returns the relative size of the last refinement step: about what
  /// u_s may still be off by. Collective.
  double apply(const LA::Vector& f, LA::Vector& u_s) const;

  static constexpr std::size_t basis_size = 8;

  /// The loads met so far (orthonormal) and their u_s: u_s depends on them to the last bit, so a
  /// resumed run takes them back (restore) to continue bit for bit.
  const std::vector<LA::Vector>& patterns() const { return patterns_; }
  const std::vector<LA::Vector>& corrections() const { return corrections_; }
  double uncertainty() const { return uncertainty_; }
  /// Takes back what patterns(), corrections() and uncertainty() gave (vectors laid out as K's
  /// rows).
  void restore(std::vector<LA::Vector> patterns, std::vector<LA::Vector> corrections,
               double uncertainty) {
    patterns_ = std::move(patterns);
    corrections_ = std::move(corrections);
    uncertainty_ = uncertainty;
  }

private:
  /// u_s of x by the refined solve; returns the last refinement step's relative size.
  double solve(const LA::Vector& x, LA::Vector& u_s) const;

  const SecondOrderSystem& s_;
  const std::vector<LA::Vector>& shapes_;
  LineSchurSolver k_solver_;
  mutable dealii::LAPACKFullMatrix<double> k_r_;
  mutable std::vector<LA::Vector> patterns_, corrections_; // orthonormal loads and their u_s
  mutable double uncertainty_ = 0;                         // of the corrections kept
};

} // namespace hamdyn
