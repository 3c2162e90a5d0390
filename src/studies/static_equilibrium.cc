#include "studies/static_equilibrium.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/moving_load_parameters.h"
#include "core/text.h"
#include "studies/rigid_motion.h"
#include "system/banded_operator.h"
#include "system/line_schur_solver.h"
#include "system/linear_functional.h"
#include "system/nodal_force.h"
#include "system/refined_static_solve.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
InputError rigid_motion_error(const CaseParameters& c) {
  return InputError("Left end/Support", c.left.support,
                    "with Right end/Support = " + c.right.support +
                        " and the case's linear springs the structure has a rigid motion that "
                        "no support or spring stops (a nonlinear spring's law alone does not "
                        "count: its linear part does, as Spring or Springs); expected supports "
                        "or springs that hold it");
}
// The nonlinear springs' extensions e (one DoF's displacement or rotation each, B^T u) solve
//   r(e) = e - lambda e_f + S F(e) = 0,   e_f = B^T K^-1 f,   S = B^T K^-1 B,
// the equilibrium K u + B F(B^T u) = lambda f reduced to the springs' DoFs (a Schur complement:
// K^-1 B costs one solve per spring, and the Newton iterations work in R^m), and then
// u = K^-1 (lambda f - B F(e)). Newton's method with J = I + S diag(F'(e)), the load factor
// lambda raised from 0 to 1 in steps that double after a converged step and halve after a
// failed one (load stepping; Crisfield, Non-linear Finite Element Analysis of Solids and
// Structures, vol. 1, 1991, sec. 9.1). Every rank iterates on the same gathered numbers.
void add_spring_forces(const SecondOrderSystem& s, const LineSchurSolver& stiffness,
                       const std::vector<const NodalForce*>& springs, const CaseParameters& c,
                       LA::Vector& u, StaticEquilibrium& result) {
  const std::size_t m = springs.size();
  std::vector<dealii::types::global_dof_index> dofs;
  for (const NodalForce* spring : springs)
    dofs.push_back(spring->dof);
  std::vector<LA::Vector> columns(m); // K^-1 B
  dealii::FullMatrix<double> schur(m, m);
  LA::Vector unit(s.locally_owned, s.comm);
  for (std::size_t k = 0; k < m; ++k) {
    unit = 0;
    if (s.locally_owned.is_element(dofs[k]))
      unit(dofs[k]) = 1;
    unit.compress(dealii::VectorOperation::insert);
    columns[k].reinit(s.locally_owned, s.comm);
    result.uncertainty =
        std::max(result.uncertainty, refined_static_solve(s, stiffness, unit, columns[k]));
    const std::vector<double> column = gather_entries(columns[k], dofs, s.comm);
    for (std::size_t j = 0; j < m; ++j)
      schur(j, k) = column[j];
  }
  const std::vector<double> e_f = gather_entries(u, dofs, s.comm);
  std::vector<double> force(m), e(m, 0.0);
  const unsigned int most_iterations = std::max(50u, c.max_newton_iterations);
  // Whether the equilibrium at e is stable: the tangent K + B diag(F'(e)) B^T positive definite,
  // which (K being so) is its Schur complement on the springs' DoFs, S^-1 + diag(F'(e)) (a
  // Cholesky factorization by hand: m is the number of springs). Newton's method may converge to
  // an unstable equilibrium across a limit point; a load path does not go there.
  dealii::FullMatrix<double> flexibility_inverse(m, m);
  flexibility_inverse.invert(schur);
  auto stable = [&](const std::vector<double>& x) {
    dealii::FullMatrix<double> a = flexibility_inverse;
    for (std::size_t k = 0; k < m; ++k)
      a(k, k) += springs[k]->slope(x[k]);
    for (std::size_t k = 0; k < m; ++k) {
      for (std::size_t i = 0; i < k; ++i)
        a(k, k) -= a(k, i) * a(k, i);
      if (!(a(k, k) > 0))
        return false;
      a(k, k) = std::sqrt(a(k, k));
      for (std::size_t j = k + 1; j < m; ++j) {
        for (std::size_t i = 0; i < k; ++i)
          a(j, k) -= a(j, i) * a(k, i);
        a(j, k) /= a(k, k);
      }
    }
    return true;
  };
  // Newton's iterations on r(e) = 0 at load factor `lambda`, from e; false when they do not
  // converge to a stable equilibrium (e is then left as it was)
  auto solve_at = [&](double lambda) {
    std::vector<double> x = e, r(m), dx(m);
    dealii::FullMatrix<double> j(m, m);
    for (unsigned int it = 0; it < most_iterations; ++it) {
      for (std::size_t k = 0; k < m; ++k)
        force[k] = springs[k]->law(x[k]);
      for (std::size_t i = 0; i < m; ++i) {
        r[i] = x[i] - lambda * e_f[i];
        for (std::size_t k = 0; k < m; ++k) {
          r[i] += schur(i, k) * force[k];
          j(i, k) = (i == k ? 1.0 : 0.0) + schur(i, k) * springs[k]->slope(x[k]);
        }
      }
      ++result.newton_iterations;
      dealii::FullMatrix<double> inverse(m, m);
      try {
        inverse.invert(j);
      } catch (...) { // a singular J: a limit point of the load path
        return false;
      }
      bool converged = true;
      for (std::size_t i = 0; i < m; ++i) {
        dx[i] = 0;
        for (std::size_t k = 0; k < m; ++k)
          dx[i] -= inverse(i, k) * r[k];
        if (!std::isfinite(dx[i]))
          return false;
        x[i] += dx[i];
        converged = converged && std::abs(dx[i]) <=
                                     c.nonlinear_tolerance * (std::abs(x[i]) + springs[i]->e_scale);
      }
      if (converged) {
        if (!stable(x))
          return false;
        e = x;
        return true;
      }
    }
    return false;
  };
  double lambda = 0, step = 1;
  if (!solve_at(0)) // a law with F(0) != 0 moves the structure before any load
    throw CollectiveFailure("the static equilibrium of the nonlinear springs without load was not "
                            "found (Newton's iterations did not converge at load factor 0)");
  while (lambda < 1) {
    const double target = std::min(1.0, lambda + step);
    if (solve_at(target)) {
      lambda = target;
      ++result.load_steps;
      step = std::min(1.0, 2 * step);
    } else if ((step /= 2) < 1e-6)
      throw CollectiveFailure(
          "the static equilibrium was not found beyond load factor " + precise_text_of(lambda) +
          " (past it Newton's iterations on the nonlinear springs find no stable equilibrium: a "
          "softening law loaded past its largest force, a limit point of the load path)");
  }
  for (std::size_t k = 0; k < m; ++k) {
    force[k] = springs[k]->law(e[k]);
    u.add(-force[k], columns[k]);
  }
  result.spring_forces = force;
}
} // namespace

void check_static_case(const CaseParameters& c) {
  if (c.axial_stiffness > 0)
    throw InputError("Model/Axial stiffness", text_of(c.axial_stiffness),
                     "hamdyn static solves the linear string (its equilibrium under the "
                     "large-amplitude stretch is not implemented); expected 0");
  const char* friction = "dry friction (a dashpot law of degree 1) can hold any force up to its "
                         "coefficient at rest, which leaves the equilibrium undetermined; "
                         "expected no dry friction (a dashpot of degree p > 1 carries no force "
                         "at rest and is accepted)";
  for (const Attachment& a : c.nonlinear_dashpots)
    if (a.degree == 1)
      throw InputError("Attachments/Dashpots", text_of(a.x) + ":" + text_of(a.value) + ",1",
                       friction);
  for (const auto& [section, end] :
       {std::make_pair("Left end", &c.left), std::make_pair("Right end", &c.right)})
    if (end->has_dashpot_law() && end->dashpot_law_degree == 1)
      throw InputError(std::string(section) + "/Dashpot law",
                       text_of(end->dashpot_law_coefficient) + ",1", friction);
  if (!rigid_motions_held(c))
    throw rigid_motion_error(c);
  refuse_moving_loads(c, "hamdyn static");
  if (c.ground_motion.active())
    throw InputError(c.ground_motion.record ? "Ground motion/Acceleration file"
                                            : "Ground motion/Acceleration",
                     c.ground_motion.record ? "(a record)" : c.ground_motion.acceleration->text(),
                     "hamdyn static takes the case's loads, not a support motion; expected no "
                     "ground motion (hamdyn run or hamdyn spectrum)");
}

StaticEquilibrium static_equilibrium(const PreparedCase& pc) {
  const SecondOrderSystem& s = pc.system;
  const CaseParameters& c = pc.parameters;
  LineSchurSolver stiffness;
  try {
    BandedOperator::Rows k(s.banded(), s.banded_linearization(0, 0, 1));
    stiffness.factorize(k);
  } catch (const NotPositiveDefinite&) { // what rigid_motions_held did not see
    throw rigid_motion_error(c);
  }
  State at_rest; // u, v = a = 0 and f: what the history's functionals read
  at_rest.t = c.statics.load_time;
  for (LA::Vector* v : {&at_rest.u, &at_rest.v, &at_rest.a, &at_rest.f})
    v->reinit(s.locally_owned, s.comm);
  if (s.load)
    s.load(at_rest.t, at_rest.f);
  StaticEquilibrium result;
  const bool loaded = at_rest.f.linfty_norm() > 0;
  if (loaded) // (else K^-1 f = 0, exactly)
    result.uncertainty = refined_static_solve(s, stiffness, at_rest.f, at_rest.u);
  std::vector<const NodalForce*> springs; // a dashpot of degree p > 1 carries no force at rest
  for (const NodalForce& element : s.parts.get<NodalForces>().elements)
    if (!element.is_dashpot())
      springs.push_back(&element);
  if (!springs.empty())
    add_spring_forces(s, stiffness, springs, c, at_rest.u, result);
  result.unloaded = !(at_rest.u.linfty_norm() > 0);
  // the history's columns that depend on u (a velocity's is 0 at rest, said by its absence)
  const HistoryFunctionals history = pc.model->history_functionals();
  std::vector<LinearFunctional> functionals;
  for (const auto* list : {&history.ends, &history.probes})
    for (const LinearFunctional& f : *list)
      if (!f.of_u.empty())
        functionals.push_back(f);
  evaluate(functionals, at_rest, s.comm, 0, result.values);
  result.values.pop_back(); // evaluate's `extra`
  for (const LinearFunctional& f : functionals) {
    result.names.push_back(f.name);
    result.units.push_back(f.unit);
  }
  for (std::size_t k = 0; k < springs.size(); ++k) {
    result.names.push_back(springs[k]->name);
    result.units.push_back(springs[k]->unit);
    result.values.push_back(result.spring_forces[k]);
  }
  result.u = std::move(at_rest.u);
  return result;
}

} // namespace hamdyn
