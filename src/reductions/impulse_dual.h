#pragma once
// The impulse-based dual of a discrete chain, after Rimrott & Tabarrok's complementary Appell
// formulation (../shared/theory/000_*.txt, eqs. 27-31). The unknowns are the generalized impulses
// S_j = int_0^t F_j dt of the force elements. Equilibrium holds beforehand, by construction: the
// masses' momenta are p = p0 + P(t) - D^T S with P(t) = int_0^t f dt (eq. 28). The equations of
// motion are compatibility, the speed each element is given by its masses, s = D M^-1 p (eq. 29):
//   spring:  (1/k) S''  = s      (its extension rate, from F = k e),
//   dashpot: (1/c) S'   = s      (from F = c e'),
// so, with the compliance C = diag(1/k) on the springs' rows, the resistance R = diag(1/c) on the
// dashpots' rows and the susceptance B = D M^-1 D^T,
//   C S'' + R S' + B S = D M^-1 (p0 + P(t))      (eq. 31 with damping and loads).
// A held end is no DoF of the chain, so the element joining it to the chain keeps a free impulse
// (a natural condition); a free end has no element, so no impulse acts there (an essential one).
// Rigid-body motions (D q = 0) have no impulse and disappear; self-stress states (D^T S = 0, a
// chain held at both ends) are new zero modes of the dual.
// The impulse fit (eq. 28) and the susceptance are reductions/impulse_fit.h's, which the
// discrete cases' nonlinear dual (discrete/impulse_solution.h) stands on too; this dual is its
// linear case, written as a second-order system for the one generalized-alpha, so that a chain
// of a fine mesh keeps the line solver's sparse factorization.
#include "reductions/discrete_chain.h"
#include "reductions/impulse_fit.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <functional>
#include <string>

namespace hamdyn {

class ImpulseDual {
public:
  /// With rotary inertia of bars M is not diagonal and B = D M^-1 D^T is dense: still exact,
  /// and the line solver takes its long couplings as interface DoFs.
  explicit ImpulseDual(const DiscreteChain& chain);
  /// Why `chain` has no impulse dual here (empty when it has one): a spring of negative
  /// stiffness (a compressed beam's bar springs), whose compliance 1/k the dual's definite
  /// "mass" cannot take.
  static std::string unsupported(const DiscreteChain& chain);

  unsigned int n_impulses() const { return incidence_.m(); }
  const dealii::Vector<double>& compliance() const { return compliance_; }
  const dealii::Vector<double>& resistance() const { return resistance_; }
  const dealii::FullMatrix<double>& susceptance() const { return susceptance_; }
  /// D M^-1 (p0 + P(t)). P is integrated with 3-point Gauss-Legendre from the previous call's
  /// time, so calls must come in increasing t (as a time integrator makes them).
  dealii::Vector<double> load(double t) const;

  /// S, S', S'' at t = 0: no impulse yet, the element forces of the initial state, and their
  /// rates (from the chain's initial acceleration).
  void initial_state(dealii::Vector<double>& s, dealii::Vector<double>& s_dot,
                     dealii::Vector<double>& s_ddot) const;

  /// Recovery from the impulses: element forces F = S', velocities v = M^-1 (p0 + P(t) - D^T S),
  /// displacements from the springs' forces, K q = D_k^T F_k (NaN where the springs leave a
  /// rigid-body motion, K singular).
  dealii::Vector<double> forces(const dealii::Vector<double>& s_dot) const { return s_dot; }
  dealii::Vector<double> velocities(const dealii::Vector<double>& s, double t) const;
  dealii::Vector<double> displacements(const dealii::Vector<double>& s_dot) const;

  /// The undamped spectrum, B S = w^2 C S on the springs' impulses, ascending (zeros are
  /// self-stress states).
  std::vector<double> squared_frequencies() const;

private:
  /// p0 + P(t), the momenta the loads alone would give.
  dealii::Vector<double> free_momentum(double t) const;

  const DiscreteChain& chain_;
  ImpulseFit fit_;                       // M^-1 (diagonal unless bars carry rotary inertia)
  dealii::FullMatrix<double> incidence_; // D, elements x DoFs
  dealii::Vector<double> compliance_, resistance_, initial_momentum_;
  dealii::FullMatrix<double> susceptance_;
  dealii::FullMatrix<double> spring_stiffness_inverse_; // K^-1 (empty when K is singular)
  mutable double integrated_to_ = 0;
  mutable dealii::Vector<double> integrated_load_; // P(integrated_to_)
};

} // namespace hamdyn
