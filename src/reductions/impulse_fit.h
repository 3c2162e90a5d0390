#pragma once
// The impulse fit of Rimrott & Tabarrok's complementary formulation (../shared/theory/000_*.txt,
// eq. 28; with constraints C q-dot + d(t) = 0 after Naprstek & Fischer's eq. 2): equilibrium
// holds by construction when the velocities follow from the momenta the impulses leave,
//   q-dot = P p - W d(t),   p = M q-dot(0) + integral_0^t Q - D^T S,
//   P = M^-1 - W C M^-1,    W = M^-1 C^T (C M^-1 C^T)^-1   (P = M^-1 without constraints),
// and the dual's susceptance is D P D^T (eq. 31). Both impulse duals stand on it: the linear one
// of a line case's chain (reductions/impulse_dual.h) and the nonlinear one of a discrete case
// (discrete/impulse_solution.h).
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

namespace hamdyn {

class ImpulseFit {
public:
  /// `mass` must be regular (the momenta give the velocities); `constraints` is C, l x n (l may
  /// be 0).
  ImpulseFit(const dealii::FullMatrix<double>& mass, const dealii::FullMatrix<double>& constraints);

  std::size_t n() const { return projection_.m(); }
  /// P (M^-1 without constraints).
  const dealii::FullMatrix<double>& projection() const { return projection_; }
  /// D P D^T for the incidence rows D (elements x n).
  dealii::FullMatrix<double> susceptance(const dealii::FullMatrix<double>& incidence) const;
  /// q-dot = P p - W d (`constraint_rates` d(t), ignored without constraints).
  dealii::Vector<double> velocities(const dealii::Vector<double>& momentum,
                                    const dealii::Vector<double>& constraint_rates) const;
  dealii::Vector<double> velocities(const dealii::Vector<double>& momentum) const {
    return velocities(momentum, dealii::Vector<double>());
  }

private:
  dealii::FullMatrix<double> projection_, correction_; // P, W
};

} // namespace hamdyn
