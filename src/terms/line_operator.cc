#include "terms/line_operator.h"

#include "system/banded_operator.h"
#include "system/petsc_helpers.h"
#include "terms/term_table.h"
#include "time/newmark_scheme.h"

#include <algorithm>
#include <type_traits>

namespace hamdyn {

LineOperator::LineOperator(const SecondOrderSystem& system) : system_(system), solver_(system) {
  for (const TermKind& kind : term_kinds())
    if (auto term = kind.make(system_))
      terms_.push_back(std::move(term));
  for (LA::Vector* v : {&mass_part_, &stiffness_part_, &residual_})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.has_nonproportional_damping())
    v_af_.reinit(system_.locally_owned, system_.comm);
  if (system_.load)
    f_new_.reinit(system_.locally_owned, system_.comm);
}

LineOperator::~LineOperator() = default;

void LineOperator::allocate(State& s) const {
  for (LA::Vector* v : {&s.u, &s.v, &s.a, &s.v_mean})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.load) // f stays empty without a load
    s.f.reinit(system_.locally_owned, system_.comm);
}

void LineOperator::initialize(State& s) {
  // rhs = f - C v - K u - g, with C v + K u = M (dm v) + K (u + dk v) + C_np v
  mass_part_ = s.v;
  mass_part_ *= system_.damping_mass_factor;
  stiffness_part_ = s.u;
  stiffness_part_.add(system_.damping_stiffness_factor, s.v);
  system_.apply(&mass_part_, stiffness_part_, s.v, residual_);
  residual_ *= -1.0;
  if (system_.load) {
    system_.load(s.t, s.f);
    residual_ += s.f;
  }
  for (auto& term : terms_)
    term->start(s, &residual_);
  // freed before J is factored: the two never coexist
  RefinedLinearizationSolver mass_solver(system_);
  factor_linearization(mass_solver, 1, 0, 0, nullptr);
  mass_solver.solve(residual_, s.a);
  for (auto& term : terms_)
    term->accelerated(s, &mass_solver);
}

void LineOperator::initialize_with_acceleration(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  for (auto& term : terms_)
    term->start(s, nullptr);
}

bool LineOperator::allows_displacement_form() const {
  for (const auto& term : terms_)
    if (!term->allows_displacement_form())
      return false;
  return true;
}

void LineOperator::factor_linearization(RefinedLinearizationSolver& solver, double c_m, double c_c,
                                        double c_k, const ImplicitStep* step) const {
  bool assembled = false;
  for (const auto& term : terms_)
    assembled = assembled || term->adds_to_linearization();
  if (!assembled) { // from the band storage: the assembled matrices may be gone
    solver.factorize(c_m, c_c, c_k);
    return;
  }
  MatrixCombination j = system_.linearization(c_m, c_c, c_k); // kept for the terms' products
  if (step)
    for (const auto& term : terms_)
      term->add_to_linearization(j, *step);
  solver.factorize(j);
}

TermContext LineOperator::context(const ImplicitStep& step) {
  return {system_, solver_, [this, &step] { factor(step); }};
}

void LineOperator::factor(const ImplicitStep& step) {
  factor_linearization(solver_, step.c_m, step.c_c, step.c_k, &step);
  const TermContext c = context(step);
  for (auto& term : terms_)
    term->factored(c, step);
}

void LineOperator::implicit_solve(State& s, const ImplicitStep& step,
                                  const NewmarkCorrection& correction) {
  const double af = step.scheme->alpha_f;
  const bool mass_product = step.mass_a != 0 || system_.damping_needs_mass_product();
  const double cm = step.mass_a, cv = step.stiffness_v, ca = step.stiffness_a;
  const double cc = step.damping_a;
  // At rho_inf = 1 in the displacement form (time/newmark_scheme.cc) a_n meets none of the
  // products (cm = cc = ca = 0 exactly) and v_af is v itself: the arguments are formed without
  // reading a, and C_np multiplies s.v where it lies.
  const bool reads_a = cm != 0 || cc != 0 || ca != 0;
  const bool own_v_af = system_.has_nonproportional_damping() && reads_a;
  // Without a_n the mass part is dm v: M reads v and scales it as it goes (the same rounding as
  // the vector formed entry by entry) instead of a pass writing the vector and the product
  // reading it back.
  const bool forms_mass_part = mass_product && reads_a;
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    const PetscScalar *u, *v, *a = nullptr;
    PetscScalar *xm = nullptr, *xk, *xc = nullptr;
    check_petsc(VecGetArrayRead(s.u, &u));
    check_petsc(VecGetArrayRead(s.v, &v));
    if (reads_a)
      check_petsc(VecGetArrayRead(s.a, &a));
    if (forms_mass_part)
      check_petsc(VecGetArray(mass_part_, &xm));
    check_petsc(VecGetArray(stiffness_part_, &xk));
    if (own_v_af)
      check_petsc(VecGetArray(v_af_, &xc));
    const double dm = system_.damping_mass_factor, dk = system_.damping_stiffness_factor;
    // The product arguments of SecondOrderSystem::apply at y = 0: a_am + dm v_af, u_af + dk v_af
    // and v_af, in one pass that reads and writes only the vectors the step uses (the pass is
    // bound by memory traffic, not arithmetic; an undamped run at rho_inf = 1 reads u and v and
    // writes one vector). With a_n = 0 the values are those of the general form: x + 0 = x.
    const auto form = [&](auto with_a, auto with_mass, auto with_v_af) {
      for (PetscInt i = 0; i < n; ++i) {
        const double ai = with_a ? a[i] : 0.0;
        const double v_af = v[i] + cc * ai;
        if (with_mass)
          xm[i] = cm * ai + dm * v_af;
        xk[i] = (u[i] + cv * v[i] + ca * ai) + dk * v_af;
        if (with_v_af)
          xc[i] = v_af;
      }
    };
    using yes = std::true_type;
    using no = std::false_type;
    if (forms_mass_part)
      own_v_af ? form(yes(), yes(), yes()) : form(yes(), yes(), no());
    else if (reads_a)
      own_v_af ? form(yes(), no(), yes()) : form(yes(), no(), no());
    else
      form(no(), no(), no());
    check_petsc(VecRestoreArrayRead(s.u, &u));
    check_petsc(VecRestoreArrayRead(s.v, &v));
    if (reads_a)
      check_petsc(VecRestoreArrayRead(s.a, &a));
    if (forms_mass_part)
      check_petsc(VecRestoreArray(mass_part_, &xm));
    check_petsc(VecRestoreArray(stiffness_part_, &xk));
    if (own_v_af)
      check_petsc(VecRestoreArray(v_af_, &xc));
  }
  const LA::Vector* mass_argument = forms_mass_part ? &mass_part_ : mass_product ? &s.v : nullptr;
  system_.apply(mass_argument, stiffness_part_, own_v_af ? v_af_ : s.v, residual_,
                forms_mass_part ? 1.0 : system_.damping_mass_factor);
  if (system_.load) {
    system_.load(step.t_new(), f_new_);
    residual_.sadd(1.0, -(1 - af), f_new_);
    residual_.add(-af, s.f);
  }
  LA::Vector& y = mass_part_; // no longer needed: reuse its storage
  bool corrected = false;
  const bool corrects = std::any_of(terms_.begin(), terms_.end(),
                                    [](const auto& term) { return term->corrects_steps(); });
  if (!corrects) { // nothing corrects y after the solve: the corrector runs within it
    const StateEntries x = entries(s);
    if (x.v_mean)
      corrected = solver_.solve(residual_, y, [x, correction](std::size_t i, double y_i) {
        correction.at<true>(x, i, y_i);
      });
    else
      corrected = solver_.solve(residual_, y, [x, correction](std::size_t i, double y_i) {
        correction.at<false>(x, i, y_i);
      });
    release(s, x);
  } else
    solver_.solve(residual_, y);
  iterations_ = 1;
  most_iterations_ = 0;
  const TermContext c = context(step);
  for (auto& term : terms_)
    if (const unsigned n = term->correct(s, step, c, residual_, y)) { // may throw
      iterations_ = n;
      most_iterations_ = std::max(most_iterations_, n);
    }
  if (system_.load)
    s.f.swap(f_new_); // only now: a step that throws leaves the state as it was
  if (!corrected) {
    StateEntries x = entries(s);
    check_petsc(VecGetArrayRead(y, &x.y));
    newmark_corrector(correction, x);
    check_petsc(VecRestoreArrayRead(y, &x.y));
    release(s, x);
  }
}

StateEntries LineOperator::entries(State& s) const {
  StateEntries x;
  x.n = system_.locally_owned.n_elements();
  check_petsc(VecGetArray(s.u, &x.u));
  check_petsc(VecGetArray(s.v, &x.v));
  check_petsc(VecGetArray(s.a, &x.a));
  // The mean velocity only where the energy ledger reads it (output/energy_ledger.cc: the
  // damping's and the load's work over the step): an undamped, unloaded run's corrector writes
  // 8 bytes per unknown fewer.
  const bool mean = system_.has_damping() || system_.load;
  if (mean)
    check_petsc(VecGetArray(s.v_mean, &x.v_mean));
  return x;
}

void LineOperator::release(State& s, const StateEntries& x) const {
  double *u = x.u, *v = x.v, *a = x.a, *v_mean = x.v_mean;
  check_petsc(VecRestoreArray(s.u, &u));
  check_petsc(VecRestoreArray(s.v, &v));
  check_petsc(VecRestoreArray(s.a, &a));
  if (v_mean)
    check_petsc(VecRestoreArray(s.v_mean, &v_mean));
}

void LineOperator::halving_started(const State& s) {
  if (v_start_.size() == 0)
    v_start_.reinit(system_.locally_owned, system_.comm);
  v_start_ = s.v; // (implicit_solve leaves s as it was when it throws)
}

void LineOperator::halving_finished(State& s) {
  s.v_mean = v_start_;
  s.v_mean += s.v;
  s.v_mean *= 0.5;
}

void LineOperator::remember() {
  for (auto& term : terms_)
    term->remember();
}

void LineOperator::revert() {
  for (auto& term : terms_)
    term->revert();
}

void LineOperator::save(Checkpoint& c) const {
  for (const auto& term : terms_)
    term->save(c);
}

void LineOperator::restore(const Checkpoint& c) {
  for (auto& term : terms_)
    term->restore(c);
}

std::vector<const EnergyTerm*> LineOperator::energy_terms() const {
  std::vector<const EnergyTerm*> terms;
  for (const auto& term : terms_)
    terms.push_back(term.get());
  return terms;
}

} // namespace hamdyn
