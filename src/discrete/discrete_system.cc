#include "discrete/discrete_system.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/linear_combination.h"
#include "output/history_writer.h"
#include "reductions/dense_eigen.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
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

// row r of `matrix` times v
double extension_row(const DenseMatrix& matrix, std::size_t r, const DenseVector& v) {
  double e = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    e += matrix(r, i) * v[i];
  return e;
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

double DiscreteSystem::spring_mean_force(std::size_t j, double e0, double e1, double* slope) const {
  return mean_law([this, j](double e) { return spring_force(j, e); },
                  [this, j](double e) { return spring_stiffness(j, e); }, e0, e1, slope);
}

void DiscreteSystem::mean_spring_forces(const DenseVector& q0, const DenseVector& q1,
                                        DenseVector& springs, DenseMatrix* stiffness) const {
  springs.reinit(n());
  for (std::size_t j = 0; j < c_.springs.size(); ++j) {
    const std::vector<double>& d = c_.springs[j].row;
    double slope = 0;
    add_scaled(
        springs, d,
        spring_mean_force(j, extension(d, q0), extension(d, q1), stiffness ? &slope : nullptr));
    if (stiffness)
      add_outer(*stiffness, d, slope);
  }
}

DashpotLaw DiscreteSystem::dashpot(std::size_t k) const {
  return {c_.dashpots[k].coefficient, c_.dashpots[k].degree};
}

DenseMatrix null_space_of(const DenseMatrix& c, std::size_t n, std::size_t* rank) {
  const std::size_t l = c.m();
  if (l == 0) {
    DenseMatrix identity(n, n);
    for (std::size_t i = 0; i < n; ++i)
      identity(i, i) = 1;
    if (rank)
      *rank = 0;
    return identity;
  }
  // N: the right singular vectors of C beyond its rank
  dealii::LAPACKFullMatrix<double> svd(l, n);
  svd = c;
  svd.compute_svd();
  const double largest = svd.singular_value(0);
  std::size_t r = 0;
  while (r < std::min(l, n) && svd.singular_value(r) > 1e-12 * largest)
    ++r;
  if (rank)
    *rank = r;
  const auto& vt = svd.get_svd_vt();
  DenseMatrix null_space(n, n - r);
  for (std::size_t k = 0; k < n - r; ++k)
    for (std::size_t i = 0; i < n; ++i)
      null_space(i, k) = vt(r + k, i);
  return null_space;
}

DenseVector multipliers_from(const DenseMatrix& c, const DenseVector& r) {
  DenseVector cr(c.m()), lambda(c.m());
  if (c.m() == 0)
    return lambda;
  DenseMatrix gram(c.m(), c.m());
  c.mTmult(gram, c);
  c.vmult(cr, r);
  return solve_dense(gram, cr);
}

DenseVector least_norm_solution(const DenseMatrix& c, const DenseVector& b) {
  DenseVector x(c.n());
  if (c.m() == 0)
    return x;
  DenseMatrix gram(c.m(), c.m());
  c.mTmult(gram, c);
  c.Tvmult(x, solve_dense(gram, b));
  return x;
}

DiscreteSystem::DiscreteSystem(const DiscreteCase& c) : c_(c) {
  const std::size_t n = c.n(), l = n_constraints();
  mass_.reinit(n, n);
  for (const auto& inertia : c.inertias)
    add_outer(mass_, inertia.row, inertia.value);
  const DenseVector q0 = initial_displacements(), v0 = initial_velocities();
  const ConstraintRows rows = constraints_at(q0, &v0, 0);
  constraint_ = rows.c;
  const std::vector<std::string> names = c.constraint_names();
  auto parameter_of = [&](std::size_t r) {
    if (r < n_equations())
      return std::string("Constraints/Equations");
    return c.links->link(r - n_equations()).text.parameter;
  };
  // The initial positions must satisfy the holonomic links, the initial rates every constraint
  // (against the size of the terms that make up each: round-off of them is 0).
  for (std::size_t r = n_equations(); r < l; ++r) {
    bool finite = std::isfinite(rows.position[r]) && std::isfinite(rows.rate[r]) &&
                  std::isfinite(rows.bias[r]);
    for (std::size_t i = 0; i < n; ++i)
      finite = finite && std::isfinite(rows.c(r, i)) && std::isfinite(rows.residual_q(r, i));
    if (!finite)
      throw InputError(parameter_of(r),
                       names[r] + ": " + c.links->link(r - n_equations()).text.text,
                       "the link or its derivatives are not finite at the initial state; expected "
                       "an expression finite (with its derivatives) over the run");
  }
  for (std::size_t r = 0; r < l; ++r) {
    double scale = 0, position_scale = 0;
    for (std::size_t i = 0; i < n; ++i) {
      scale = std::max(scale, std::abs(rows.c(r, i) * v0[i]));
      position_scale = std::max(position_scale, std::abs(rows.c(r, i) * q0[i]));
    }
    const bool holonomic_link = r >= n_equations() && c.links->link(r - n_equations()).holonomic;
    if (holonomic_link && std::abs(rows.position[r]) > 1e-12 * std::max(position_scale, 1.0))
      throw InputError("Discrete system/Initial displacements", "",
                       "the initial positions break the holonomic link '" + names[r] + "' (" +
                           c.links->link(r - n_equations()).text.text + " = " +
                           format_number(rows.position[r]) + ", expected 0)");
    const double rate_free = rows.rate[r] - extension_row(rows.c, r, v0);
    scale = std::max(scale, std::abs(rate_free));
    if (std::abs(rows.rate[r]) > 1e-12 * scale)
      throw InputError(
          "Discrete system/Initial velocities", "",
          "the initial rates break the constraint '" + names[r] + "' (" +
              (r < n_equations()
                   ? format_linear_combination(c.constraints[r].row, c.coordinates) + " + d(0)"
                   : c.links->link(r - n_equations()).text.text) +
              " = " + std::to_string(rows.rate[r]) + ", expected 0)");
  }
  if (l >= n && l > 0)
    throw InputError(parameter_of(l - 1), names.back(),
                     "expected fewer constraints than coordinates (" + std::to_string(n) +
                         "): nothing would be left to move");
  // q a step of 1e-3 away in every coordinate: the scale of what vanishes at q0 alone
  DenseVector near(q0);
  for (double& x : near)
    x += 1e-3 * (1 + std::abs(x));
  refuse_vanishing_link_gradients(near, rows);
  std::size_t rank = 0;
  null_space_ = null_space_of(constraint_, n, &rank);
  if (rank < l)
    throw InputError(
        parameter_of(rank), names[rank],
        "the constraints are dependent" + std::string(has_links() ? " at the initial state" : "") +
            " (one is a combination of the others: C has rank " + std::to_string(rank) + " for " +
            std::to_string(l) + " rows); remove the redundant one");
  refuse_singular_mass(q0, near);
  for (const auto& s : c.springs)
    e_scale_.push_back(std::max(1e-6, std::abs(extension(s.row, q0))));
}

// A holonomic link whose gradient (its constraint force's direction) vanishes at the initial
// state, (x^2 + y^2 - 1)^2 on its circle, leaves its multiplier undetermined: bad input. Its size
// is judged against the gradient near q0 (C's rank alone cannot see a lone row of 1e-16).
void DiscreteSystem::refuse_vanishing_link_gradients(const DenseVector& near,
                                                     const ConstraintRows& rows) const {
  if (!c_.links)
    return;
  const ConstraintRows nearby = constraints_at(near, nullptr, 0);
  for (std::size_t k = 0; k < c_.n_links(); ++k) {
    if (!c_.links->link(k).holonomic)
      continue;
    const std::size_t r = n_equations() + k;
    double here = 0, there = 0;
    for (std::size_t i = 0; i < n(); ++i) {
      here += rows.c(r, i) * rows.c(r, i);
      there += nearby.c(r, i) * nearby.c(r, i);
    }
    if (here == 0 || !(std::sqrt(here) > 1e-10 * std::sqrt(there)))
      throw InputError(c_.links->link(k).text.parameter,
                       c_.links->link(k).name + ": " + c_.links->link(k).text.text,
                       "its gradient vanishes at the initial state (|grad f| = " +
                           format_number(std::sqrt(here)) + ", " + format_number(std::sqrt(there)) +
                           " a step of 1e-3 away): its constraint force has no direction there; "
                           "expected a link f(q, t) = 0 with a nonzero gradient, e.g. x^2 + y^2 - "
                           "1 rather than its square");
  }
}

// M must be finite and positive definite on the motions the constraints leave, N^T M N (T > 0
// for every rate: Geradin & Rixen, sec. 1.5); its smallest eigenvalue is judged against the
// largest here and a step of 1e-3 away, so that an M vanishing at q0 alone (cos(th)^2 at
// th = pi/2) is singular too.
void DiscreteSystem::refuse_singular_mass(const DenseVector& q0, const DenseVector& near) const {
  const std::string at = c_.energies ? " at the initial state" : "";
  const std::string where = n_constraints() > 0 ? " on the motions the constraints allow" : "";
  const auto finite = [](const DenseMatrix& a) {
    return std::all_of(a.begin(), a.end(), [](const auto& e) { return std::isfinite(e.value()); });
  };
  const DenseMatrix m0 = mass_at(q0, 0);
  if (!finite(m0))
    throw InputError(inertia_keys(c_) + ": the mass matrix M(q) is not finite" + at +
                     " (Discrete system/Initial displacements); expected expressions "
                     "differentiable there");
  const auto eigenvalues = [&](const DenseMatrix& m) {
    const DenseMatrix reduced = on_null_space(m);
    DenseMatrix identity(reduced.m(), reduced.m());
    for (std::size_t i = 0; i < reduced.m(); ++i)
      identity(i, i) = 1;
    return generalized_eigenvalues(reduced, identity);
  };
  if (null_space_.n() == 0)
    return;
  const std::vector<double> lambda = eigenvalues(m0);
  double size = std::max(std::abs(lambda.front()), std::abs(lambda.back()));
  if (const DenseMatrix m1 = mass_at(near, 0); c_.energies && finite(m1))
    size = std::max(size, std::abs(eigenvalues(m1).back()));
  if (!(lambda.front() > 1e-12 * size))
    throw InputError(inertia_keys(c_) + ": the mass matrix" + at + " is " +
                     (lambda.front() < 0 ? "not positive definite" : "singular") + where +
                     " (its eigenvalues from " + format_number(lambda.front()) + " to " +
                     format_number(lambda.back()) + ", " + format_number(size) +
                     " at most a step of 1e-3 away): some combination of the coordinates carries "
                     "no inertia or a negative one; give each coordinate (or the constraints) a "
                     "positive one");
}

std::string inertia_keys(const DiscreteCase& c) {
  if (!c.energies)
    return "Discrete system/Inertias";
  return c.energies->point_names().empty()
             ? "Discrete system/Kinetic energy (with the Inertias)"
             : "Discrete system/Points (with the Kinetic energy and Inertias)";
}

DiscreteSystem::ConstraintRows
DiscreteSystem::constraints_at(const DenseVector& q, const DenseVector* v, double t) const {
  const std::size_t n = this->n(), l = n_constraints(), ne = n_equations();
  ConstraintRows rows;
  rows.c.reinit(l, n);
  rows.residual_q.reinit(l, n);
  rows.rate.reinit(l);
  rows.bias.reinit(l);
  rows.position.reinit(l);
  rows.on_positions.assign(l, true);
  if (l == 0)
    return rows;
  const DenseVector d = constraint_rates(t), d_rate = constraint_rate_derivatives(t);
  for (std::size_t r = 0; r < ne; ++r) {
    const std::vector<double>& row = c_.constraints[r].row;
    for (std::size_t i = 0; i < n; ++i)
      rows.c(r, i) = rows.residual_q(r, i) = row[i];
    rows.rate[r] = (v ? extension(row, *v) : 0.0) + d[r];
    rows.bias[r] = d_rate[r];
    rows.position[r] = extension(row, q);
  }
  if (!has_links())
    return rows;
  LinkEquations::Values values;
  c_.links->evaluate(q.begin(), v ? v->begin() : nullptr, t, values);
  for (std::size_t k = 0; k < c_.n_links(); ++k) {
    const std::size_t r = ne + k;
    for (std::size_t i = 0; i < n; ++i) {
      rows.c(r, i) = values.row[k * n + i];
      rows.residual_q(r, i) = values.residual_q[k * n + i];
    }
    rows.rate[r] = values.rate[k];
    rows.bias[r] = values.bias[k];
    rows.position[r] = values.position[k];
    rows.on_positions[r] = c_.links->link(k).holonomic;
  }
  return rows;
}

void DiscreteSystem::internal_forces(const DenseVector& q, const DenseVector& v,
                                     DenseVector& springs, DenseVector& dashpots,
                                     DenseMatrix* stiffness, DenseMatrix* damping) const {
  springs.reinit(n());
  for (std::size_t j = 0; j < c_.springs.size(); ++j) {
    const double e = extension(c_.springs[j].row, q);
    add_scaled(springs, c_.springs[j].row, spring_force(j, e));
    if (stiffness)
      add_outer(*stiffness, c_.springs[j].row, spring_stiffness(j, e));
  }
  dashpot_forces_at(v, dashpots, damping);
}

void DiscreteSystem::dashpot_forces_at(const DenseVector& v, DenseVector& dashpots,
                                       DenseMatrix* damping) const {
  dashpots.reinit(n());
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
  DenseVector d(n_equations());
  for (std::size_t r = 0; r < n_equations(); ++r)
    d[r] = (*c_.constraints[r].rate)(0, t);
  return d;
}

DenseVector DiscreteSystem::constraint_rate_derivatives(double t) const {
  DenseVector d(n_equations());
  for (std::size_t r = 0; r < n_equations(); ++r) {
    const Expression& rate = *c_.constraints[r].rate;
    if (rate.is_time_independent())
      continue;
    if (rate.has_exact_slope()) { // d'(t) differentiated symbolically (core/expression.h)
      d[r] = rate.slope(t);
      continue;
    }
    // a text with no derivative (min, max, comparisons): central differences
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
  return projected(null_space_, a);
}

DenseMatrix projected(const DenseMatrix& e, const DenseMatrix& a) {
  DenseMatrix ae(a.m(), e.n()), r(e.n(), e.n());
  a.mmult(ae, e);
  e.Tmmult(r, ae);
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

DenseVector DiscreteSystem::momenta(const DenseVector& q, const DenseVector& v, double t) const {
  DenseVector p(n());
  mass_.vmult(p, v);
  if (energies()) {
    std::vector<double> momentum, gradient;
    energies()->momenta(q.begin(), v.begin(), t, momentum, gradient);
    for (std::size_t i = 0; i < n(); ++i)
      p[i] += momentum[i];
  }
  return p;
}

std::vector<std::size_t> DiscreteSystem::cyclic_coordinates() const {
  std::vector<std::size_t> cyclic;
  if (!energies() || has_links())
    return cyclic;
  for (std::size_t i = 0; i < n(); ++i) {
    bool free = energies()->is_cyclic(i);
    auto untouched = [i](const auto& items) {
      return std::all_of(items.begin(), items.end(),
                         [i](const DiscreteItem& item) { return item.row[i] == 0; });
    };
    free = free && untouched(c_.springs) && untouched(c_.dashpots) && untouched(c_.forces) &&
           untouched(c_.constraints);
    if (free)
      cyclic.push_back(i);
  }
  return cyclic;
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

} // namespace hamdyn
