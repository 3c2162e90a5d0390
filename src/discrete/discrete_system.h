#pragma once
// The equations of a discrete case (core/discrete_case.h) as Lagrange's equations with
// multipliers (Naprstek & Fischer, eq. 1; Stutts, eq. 56 and sec. 4):
//   M q'' + F_s(q) + F_d(q-dot) = Q(t) + C^T lambda,   C q-dot + d(t) = 0,
// M = sum m d d^T over the inertias, F_s = sum d F(d . q) over the springs, F_d = sum d c |d .
// q-dot|^(p-1) sign over the dashpots, Q = sum d f(t) over the forces; and the constraints' null
// space N (C N = 0, N^T N = I) in which the Gibbs-Appell form moves: q = q_p(t) + N z.
#include "core/discrete_case.h"
#include "system/force_laws.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <vector>

namespace hamdyn {

using DenseVector = dealii::Vector<double>;
using DenseMatrix = dealii::FullMatrix<double>;

class DiscreteSystem {
public:
  /// Builds M, C and N; throws InputError when the constraints are dependent, when M is singular
  /// on the motions they allow, or when the initial rates break a constraint.
  explicit DiscreteSystem(const DiscreteCase& c);

  const DiscreteCase& definition() const { return c_; }
  std::size_t n() const { return c_.n(); }
  /// The Equations and the links (Holonomic, Nonholonomic), in that order.
  std::size_t n_constraints() const { return c_.constraints.size() + c_.n_links(); }
  std::size_t n_equations() const { return c_.constraints.size(); }
  bool has_links() const { return c_.n_links() > 0; }
  const DenseMatrix& mass() const { return mass_; } // the inertias' constant M
  /// C (l x n) and its null space N (C N = 0, N^T N = I, n x (n - l)) at the initial state:
  /// constant unless the case has links (constraints_at() gives them anywhere).
  const DenseMatrix& constraint_matrix() const { return constraint_; }
  const DenseMatrix& null_space() const { return null_space_; }
  /// N^T A N: an n x n matrix on the motions the constraints allow (at the initial state).
  DenseMatrix on_null_space(const DenseMatrix& a) const;

  /// Every constraint at (q, v, t) (core/link_equations.h): the rows C, the rate residuals
  /// rho = C v + D, the acceleration terms b (C a + b = 0), and for the rows held on positions
  /// (the Equations, with position c . q, and the holonomic links, with f) the position; the
  /// derivative of the residual each row is held at (positions, or a non-holonomic link's rate)
  /// by q. Without v, the rates are taken as 0.
  struct ConstraintRows {
    DenseMatrix c, residual_q;
    DenseVector rate, bias, position;
    std::vector<bool> on_positions;
  };
  ConstraintRows constraints_at(const DenseVector& q, const DenseVector* v, double t) const;

  /// The springs' and dashpots' generalized forces at (q, v), dashpots of degree p < 2 left out
  /// (their force is an unknown of the step); with `stiffness` / `damping` given, the tangents
  /// dF/dq and dF/dv are added into them.
  void internal_forces(const DenseVector& q, const DenseVector& v, DenseVector& springs,
                       DenseVector& dashpots, DenseMatrix* stiffness = nullptr,
                       DenseMatrix* damping = nullptr) const;
  /// The dashpots' share of internal_forces alone.
  void dashpot_forces_at(const DenseVector& v, DenseVector& dashpots,
                         DenseMatrix* damping = nullptr) const;
  /// Spring j's force F(e) and slope dF/de; dashpot k's force at the rate v and its slope.
  double spring_force(std::size_t j, double e) const;
  double spring_stiffness(std::size_t j, double e) const;
  /// Spring j's mean force between the extensions e0 and e1, the discrete gradient of its
  /// potential (system/force_laws.h, mean_law), and with `slope` its derivative by e1.
  double spring_mean_force(std::size_t j, double e0, double e1, double* slope = nullptr) const;
  /// The springs' discrete gradient sum d F-bar(d . q0, d . q1) over a step from q0 to q1; with
  /// `stiffness` given, its derivative by q1 is added into it.
  void mean_spring_forces(const DenseVector& q0, const DenseVector& q1, DenseVector& springs,
                          DenseMatrix* stiffness = nullptr) const;
  /// Dashpot k's law (its force, slope and inverse at a rate or force).
  DashpotLaw dashpot(std::size_t k) const;
  /// q and q-dot at t = 0, as the case gives them.
  DenseVector initial_displacements() const;
  DenseVector initial_velocities() const;
  /// Q(t) = sum d f(t).
  DenseVector external_forces(double t) const;
  /// d(t) of each of the Equations, and its rate (exact where GiNaC differentiates the text, else
  /// central differences).
  DenseVector constraint_rates(double t) const;
  DenseVector constraint_rate_derivatives(double t) const;
  /// The springs' forces F(d . q) and the dashpots' c |d . v|^(p-1) sign, for history.csv.
  std::vector<double> spring_forces(const DenseVector& q) const;
  std::vector<double> dashpot_forces(const DenseVector& v) const;
  /// T = 1/2 v^T M v and V = sum integral_0^(d.q) F de, with the energies' T(q, v, t) and
  /// V(q, t) (Points, Kinetic and Potential energy) added.
  double kinetic_energy(const DenseVector& q, const DenseVector& v, double t) const;
  double potential_energy(const DenseVector& q, double t) const;
  /// Whether T or V depends on t; the ledger then closes on Jacobi's h = T2 - T0 + V with the
  /// driving work integral -dL/dt dt.
  bool is_rheonomic() const { return energies() && energies()->is_rheonomic(); }
  /// The energy function the ledger closes on: T + V, or h = T2 - T0 + V when rheonomic.
  double energy_function(const DenseVector& q, const DenseVector& v, double t) const;
  /// The energies' T0, T1, T2, V and dL/dt (zeros without energies).
  LagrangeEquations::EnergyParts energy_parts(const DenseVector& q, const DenseVector& v,
                                              double t) const;
  /// The energies' equations (core/lagrange_equations.h), null when the case has none.
  const LagrangeEquations* energies() const { return c_.energies.get(); }
  /// M(q, t): the inertias' constant M and the energies' d2T/dq-dot2 there.
  DenseMatrix mass_at(const DenseVector& q, double t) const;
  /// The momenta dT/dq-dot at (q, v, t): M v and the energies' share.
  DenseVector momenta(const DenseVector& q, const DenseVector& v, double t) const;
  /// The cyclic coordinates (Meirovitch, sec. 4.8), whose momenta are kept: cyclic in the
  /// energies (LagrangeEquations::is_cyclic), and no spring, dashpot, force or constraint acts
  /// along them; none without energies (constant inertias leave nothing to reduce) or with links.
  std::vector<std::size_t> cyclic_coordinates() const;
  /// The energies' generalized forces at (q, v, t) with a = 0 (g_c + g_d - Q; 0 without
  /// energies).
  DenseVector energy_forces(const DenseVector& q, const DenseVector& v, double t) const;

private:
  /// InputError naming the link whose gradient vanishes in `rows` (the initial state's) against
  /// its size at `near`.
  void refuse_vanishing_link_gradients(const DenseVector& near, const ConstraintRows& rows) const;
  /// InputError naming the inertias' keys unless M(q0) is finite and positive definite on the
  /// constraints' null space (against its size at q0 and `near`).
  void refuse_singular_mass(const DenseVector& q0, const DenseVector& near) const;

  const DiscreteCase c_;
  DenseMatrix mass_, constraint_, null_space_;
  std::vector<double> e_scale_;
};

/// x = A^-1 b by LU (LAPACK): a discrete system's matrices are a few dozen rows at most.
DenseVector solve_dense(const DenseMatrix& a, const DenseVector& b);

/// lambda from C^T lambda = r (r in the range of C^T: least squares, exact there).
DenseVector multipliers_from(const DenseMatrix& c, const DenseVector& r);
/// x with C x = b of least norm, C^T (C C^T)^-1 b.
DenseVector least_norm_solution(const DenseMatrix& c, const DenseVector& b);
/// An orthonormal basis of the null space of C (l x n; deal.II keeps no column count for l = 0)
/// as n x (n - rank), and C's rank, by an SVD.
DenseMatrix null_space_of(const DenseMatrix& c, std::size_t n, std::size_t* rank = nullptr);

/// The keys a discrete system's mass matrix comes from, as messages name them.
std::string inertia_keys(const DiscreteCase& c);

/// E^T A E: A on the motions E's columns span.
DenseMatrix projected(const DenseMatrix& e, const DenseMatrix& a);

/// The element's extension d . q.
double extension(const std::vector<double>& row, const DenseVector& q);

} // namespace hamdyn
