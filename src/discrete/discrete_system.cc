#include "discrete/discrete_system.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/linear_combination.h"
#include "output/history_writer.h"
#include "reductions/dense_eigen.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <cmath>

namespace hamdyn {

double extension(const std::vector<double>& row, const DenseVector& q) {
  double e = 0;
  for (std::size_t i = 0; i < row.size(); ++i)
    e += row[i] * q[i];
  return e;
}

DenseVector solve_dense(const DenseMatrix& a, const DenseVector& b) {
  dealii::LAPACKFullMatrix<double> lu(a.m(), a.n());
  lu = a;
  lu.compute_lu_factorization();
  DenseVector x(b);
  lu.solve(x);
  return x;
}

namespace {
// m d d^T added into `matrix`
void add_outer(DenseMatrix& matrix, const std::vector<double>& d, double m) {
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = 0; j < d.size(); ++j)
      matrix(i, j) += m * d[i] * d[j];
}

void add_scaled(DenseVector& vector, const std::vector<double>& d, double f) {
  for (std::size_t i = 0; i < d.size(); ++i)
    vector[i] += f * d[i];
}

} // namespace

double DiscreteSystem::spring_force(std::size_t j, double e) const {
  const double force = (*c_.springs[j].law)(e, 0);
  if (!std::isfinite(force)) // the same on every rank: one line for all
    throw CollectiveFailure("the law of spring '" + c_.springs[j].name + "' (" +
                            c_.springs[j].law->text() + ") is not finite at the extension e = " +
                            format_number(e) + ": check its law over the run's extensions");
  return force;
}

double DiscreteSystem::spring_stiffness(std::size_t j, double e) const {
  if (c_.springs[j].law->has_exact_slope())
    return c_.springs[j].law->slope(e);
  return law_slope([this, j](double x) { return spring_force(j, x); }, e, e_scale_[j]);
}

DashpotLaw DiscreteSystem::dashpot(std::size_t k) const {
  return {c_.dashpots[k].coefficient, c_.dashpots[k].degree};
}

DiscreteSystem::DiscreteSystem(const DiscreteCase& c) : c_(c) {
  const std::size_t n = c.n(), l = c.constraints.size();
  mass_.reinit(n, n);
  for (const auto& inertia : c.inertias)
    add_outer(mass_, inertia.row, inertia.value);
  constraint_.reinit(l, n);
  for (std::size_t r = 0; r < l; ++r)
    for (std::size_t i = 0; i < n; ++i)
      constraint_(r, i) = c.constraints[r].row[i];

  // N: the right singular vectors of C beyond its rank (an orthonormal basis of C's null space).
  null_space_.reinit(n, n - l);
  if (l == 0) {
    for (std::size_t i = 0; i < n; ++i)
      null_space_(i, i) = 1;
  } else {
    if (l >= n)
      throw InputError("Constraints/Equations", c.constraints.back().name,
                       "expected fewer constraints than coordinates (" + std::to_string(n) +
                           "): nothing would be left to move");
    dealii::LAPACKFullMatrix<double> svd(l, n);
    svd = constraint_;
    svd.compute_svd();
    const double largest = svd.singular_value(0);
    for (std::size_t r = 0; r < l; ++r)
      if (!(svd.singular_value(r) > 1e-12 * largest))
        throw InputError("Constraints/Equations", c.constraints[r].name,
                         "the constraints are dependent (one is a combination of the others: C "
                         "has rank " +
                             std::to_string(r) + " for " + std::to_string(l) +
                             " rows); remove the redundant one");
    const auto& vt = svd.get_svd_vt();
    for (std::size_t k = 0; k < n - l; ++k)
      for (std::size_t i = 0; i < n; ++i)
        null_space_(i, k) = vt(l + k, i);
    DenseMatrix gram(l, l);
    constraint_.mTmult(gram, constraint_);
    gram_inverse_.reinit(l, l);
    gram_inverse_.invert(gram);
  }
  // M must be definite on the motions the constraints leave: N^T M N regular.
  if (smallest_singular_ratio(on_null_space(mass_at(initial_displacements(), 0))) < 1e-12)
    throw InputError(c.energies ? "Discrete system/Inertias, Points and Kinetic energy"
                                : "Discrete system/Inertias",
                     "",
                     "the mass matrix" + std::string(c.energies ? " at the initial state" : "") +
                         " is singular" +
                         std::string(l > 0 ? " on the motions the constraints allow" : "") +
                         ": some combination of the coordinates carries no inertia; give each "
                         "coordinate (or the constraints) one");
  // The initial rates must satisfy C q-dot(0) + d(0) = 0.
  const DenseVector v0 = initial_velocities();
  const DenseVector d0 = constraint_rates(0);
  for (std::size_t r = 0; r < l; ++r) {
    const double residual = extension(c.constraints[r].row, v0) + d0[r];
    double scale = std::abs(d0[r]);
    for (std::size_t i = 0; i < n; ++i)
      scale = std::max(scale, std::abs(c.constraints[r].row[i] * v0[i]));
    if (std::abs(residual) > 1e-12 * scale)
      throw InputError("Discrete system/Initial velocities", "",
                       "the initial rates break the constraint '" + c.constraints[r].name + "' (" +
                           format_linear_combination(c.constraints[r].row, c.coordinates) +
                           " + d(0) = " + std::to_string(residual) + ", expected 0)");
  }
  const DenseVector q0 = initial_displacements();
  for (const auto& s : c.springs)
    e_scale_.push_back(std::max(1e-6, std::abs(extension(s.row, q0))));
}

void DiscreteSystem::internal_forces(const DenseVector& q, const DenseVector& v,
                                     DenseVector& springs, DenseVector& dashpots,
                                     DenseMatrix* stiffness, DenseMatrix* damping) const {
  springs.reinit(n());
  dashpots.reinit(n());
  for (std::size_t j = 0; j < c_.springs.size(); ++j) {
    const double e = extension(c_.springs[j].row, q);
    add_scaled(springs, c_.springs[j].row, spring_force(j, e));
    if (stiffness)
      add_outer(*stiffness, c_.springs[j].row, spring_stiffness(j, e));
  }
  for (std::size_t k = 0; k < c_.dashpots.size(); ++k) {
    if (c_.dashpots[k].degree < 2)
      continue;
    const double rate = extension(c_.dashpots[k].row, v);
    add_scaled(dashpots, c_.dashpots[k].row, dashpot(k).force(rate));
    if (damping)
      add_outer(*damping, c_.dashpots[k].row, dashpot(k).slope(rate));
  }
}

DenseVector DiscreteSystem::initial_displacements() const {
  return DenseVector(c_.initial_q.begin(), c_.initial_q.end());
}

DenseVector DiscreteSystem::initial_velocities() const {
  return DenseVector(c_.initial_v.begin(), c_.initial_v.end());
}

DenseVector DiscreteSystem::external_forces(double t) const {
  DenseVector q(n());
  for (const DiscreteForce& f : c_.forces)
    add_scaled(q, f.row, (*f.force)(0, t));
  return q;
}

DenseVector DiscreteSystem::constraint_rates(double t) const {
  DenseVector d(n_constraints());
  for (std::size_t r = 0; r < n_constraints(); ++r)
    d[r] = (*c_.constraints[r].rate)(0, t);
  return d;
}

DenseVector DiscreteSystem::constraint_rate_derivatives(double t) const {
  DenseVector d(n_constraints());
  for (std::size_t r = 0; r < n_constraints(); ++r) {
    const Expression& rate = *c_.constraints[r].rate;
    if (rate.is_time_independent())
      continue;
    const double h = 1e-5 * std::max(1.0, std::abs(t));
    d[r] = (rate(0, t + h) - rate(0, t - h)) / (2 * h);
  }
  return d;
}

std::vector<double> DiscreteSystem::spring_forces(const DenseVector& q) const {
  std::vector<double> forces;
  for (std::size_t j = 0; j < c_.springs.size(); ++j)
    forces.push_back(spring_force(j, extension(c_.springs[j].row, q)));
  return forces;
}

std::vector<double> DiscreteSystem::dashpot_forces(const DenseVector& v) const {
  std::vector<double> forces;
  for (std::size_t k = 0; k < c_.dashpots.size(); ++k)
    forces.push_back(dashpot(k).force(extension(c_.dashpots[k].row, v)));
  return forces;
}

double DiscreteSystem::kinetic_energy(const DenseVector& q, const DenseVector& v, double t) const {
  const double own = energies() ? energies()->kinetic_energy(q.begin(), v.begin(), t) : 0.0;
  return 0.5 * mass_.matrix_norm_square(v) + own;
}

LagrangeEquations::EnergyParts DiscreteSystem::energy_parts(const DenseVector& q,
                                                            const DenseVector& v, double t) const {
  if (!energies())
    return {0, 0, 0, 0, 0};
  return energies()->energy_parts(q.begin(), v.begin(), t);
}

double DiscreteSystem::energy_function(const DenseVector& q, const DenseVector& v, double t) const {
  const double e = kinetic_energy(q, v, t) + potential_energy(q, t);
  if (!is_rheonomic())
    return e;
  const LagrangeEquations::EnergyParts parts = energy_parts(q, v, t);
  return e - parts.t1 - 2 * parts.t0; // T2 - T0 + V
}

DenseMatrix DiscreteSystem::on_null_space(const DenseMatrix& a) const {
  DenseMatrix an(a.m(), null_space_.n()), r(null_space_.n(), null_space_.n());
  a.mmult(an, null_space_);
  null_space_.Tmmult(r, an);
  return r;
}

DenseMatrix DiscreteSystem::mass_at(const DenseVector& q, double t) const {
  DenseMatrix m = mass_;
  if (energies()) {
    LagrangeEquations::Tangents d;
    const DenseVector zero(n());
    energies()->tangents(q.begin(), zero.begin(), zero.begin(), t, d);
    for (std::size_t i = 0; i < n(); ++i)
      for (std::size_t j = 0; j < n(); ++j)
        m(i, j) += d.mass[i * n() + j];
  }
  return m;
}

DenseVector DiscreteSystem::energy_forces(const DenseVector& q, const DenseVector& v,
                                          double t) const {
  DenseVector g(n());
  if (energies()) {
    LagrangeEquations::Forces f;
    energies()->forces(q.begin(), v.begin(), nullptr, t, f);
    for (std::size_t i = 0; i < n(); ++i)
      g[i] = f.conservative[i] + f.dissipative[i] - f.applied[i];
  }
  return g;
}

double DiscreteSystem::potential_energy(const DenseVector& q, double t) const {
  // integral_0^e F de by 8-point Gauss-Legendre on four panels: exact for polynomial laws up to
  // degree 15, and to round-off for smooth ones over the extensions a run reaches
  static const dealii::QGauss<1> rule(8);
  double v = 0;
  for (const DiscreteSpring& s : c_.springs) {
    const double e = extension(s.row, q);
    for (int panel = 0; panel < 4; ++panel)
      for (unsigned int k = 0; k < rule.size(); ++k)
        v += 0.25 * e * rule.weight(k) * (*s.law)(e * (panel + rule.point(k)[0]) / 4, 0);
  }
  return v + (energies() ? energies()->potential_energy(q.begin(), t) : 0.0);
}

DenseVector DiscreteSystem::multipliers_from(const DenseVector& r) const {
  DenseVector cr(n_constraints()), lambda(n_constraints());
  if (n_constraints() == 0)
    return lambda;
  constraint_.vmult(cr, r);
  gram_inverse_.vmult(lambda, cr);
  return lambda;
}

DenseVector DiscreteSystem::least_norm_solution(const DenseVector& b) const {
  DenseVector y(n_constraints()), x(n());
  if (n_constraints() == 0)
    return x;
  gram_inverse_.vmult(y, b);
  constraint_.Tvmult(x, y);
  return x;
}

} // namespace hamdyn
