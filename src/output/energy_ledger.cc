#include "output/energy_ledger.h"

#include "system/banded_operator.h"
#include "system/petsc_helpers.h"
#include "system/stiffness_from_strains.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace hamdyn {

EnergyLedger::EnergyLedger(const SecondOrderSystem& s, std::vector<const EnergyTerm*> terms)
    : terms_(std::move(terms)), stored_(terms_.size(), 0.0), system_(s) {
  if (s.has_cell_forms())
    strains_ = &s.stiffness_from_strains();
}

EnergyLedger::~EnergyLedger() = default;

void EnergyLedger::update_stored(const State& s, const State* previous) {
  const PetscScalar *v = nullptr, *u = nullptr, *mid = nullptr;
  check_petsc(VecGetArrayRead(s.v, &v));
  check_petsc(VecGetArrayRead(s.u, &u));
  // The forms with M and C_np from the band; those with K from the strains when the system has
  // cells (system/stiffness_from_strains.h), else from the band too. Every form's weight: T, V,
  // then the damping's parts of v_mean^T C v_mean; sums holds the band's forms, then the strains',
  // then the work, reduced together.
  BandedOperator::Terms forms;
  std::vector<const LA::Vector*> strained;
  std::array<double, BandedOperator::Terms::capacity + 3> weights{};
  std::array<int, BandedOperator::Terms::capacity + 3> position{}; // in sums
  std::size_t n_forms = 0;
  auto add = [&](std::size_t matrix, const LA::Vector& x, const double* array, double weight) {
    weights[n_forms] = weight;
    if (matrix == SecondOrderSystem::banded_stiffness && strains_) {
      position[n_forms++] = -1 - int(strained.size()); // resolved below
      strained.push_back(&x);
    } else {
      position[n_forms++] = int(forms.count);
      forms.add(matrix, array);
    }
  };
  add(SecondOrderSystem::banded_mass, s.v, v, 0.5);      // T
  add(SecondOrderSystem::banded_stiffness, s.u, u, 0.5); // V
  const bool step = previous != nullptr;
  if (step)
    check_petsc(VecGetArrayRead(s.v_mean, &mid));
  if (step && system_.has_damping()) { // C = dm M + dk K + C_np
    if (system_.damping_mass_factor != 0)
      add(SecondOrderSystem::banded_mass, s.v_mean, mid, system_.damping_mass_factor);
    if (system_.damping_stiffness_factor != 0)
      add(SecondOrderSystem::banded_stiffness, s.v_mean, mid, system_.damping_stiffness_factor);
    if (system_.has_nonproportional_damping())
      add(SecondOrderSystem::banded_damping, s.v_mean, mid, 1.0);
  }
  std::array<double, BandedOperator::Terms::capacity + 3 + 1> sums{};
  system_.banded().quadratic_forms(forms, sums.data());
  if (strains_)
    strains_->add_forms(strained, sums.data() + forms.count);
  for (std::size_t k = 0; k < n_forms; ++k)
    if (position[k] < 0)
      position[k] = int(forms.count) + (-1 - position[k]);
  const std::size_t n_sums = forms.count + strained.size();
  double work = 0; // v_mean^T (f_n + f_{n+1})
  if (step && system_.load) {
    const PetscScalar *f_old = nullptr, *f_new = nullptr;
    check_petsc(VecGetArrayRead(previous->f, &f_old));
    check_petsc(VecGetArrayRead(s.f, &f_new));
    const std::size_t n = system_.locally_owned.n_elements();
    for (std::size_t i = 0; i < n; ++i)
      work += mid[i] * (f_new[i] + f_old[i]);
    check_petsc(VecRestoreArrayRead(previous->f, &f_old));
    check_petsc(VecRestoreArrayRead(s.f, &f_new));
  }
  if (step)
    check_petsc(VecRestoreArrayRead(s.v_mean, &mid));
  check_petsc(VecRestoreArrayRead(s.v, &v));
  check_petsc(VecRestoreArrayRead(s.u, &u));
  sums[n_sums] = work;
  MPI_Allreduce(MPI_IN_PLACE, sums.data(), int(n_sums + 1), MPI_DOUBLE, MPI_SUM, system_.comm);

  if (step) {
    const double dt = s.t - previous->t;
    double damping = 0;
    for (std::size_t k = 2; k < n_forms; ++k)
      damping += weights[k] * sums[position[k]];
    linear_dissipated_ += dt * damping;
    linear_work_ += 0.5 * dt * sums[n_sums];
  }
  kinetic = weights[0] * sums[position[0]];
  potential = weights[1] * sums[position[1]];
  for (const double stored : stored_)
    potential += stored;
  scale_ = std::max(scale_, std::abs(kinetic + potential));
}

void EnergyLedger::start(const State& s) {
  dissipated = external_work = 0;
  linear_dissipated_ = linear_work_ = 0;
  for (std::size_t k = 0; k < terms_.size(); ++k)
    stored_[k] = terms_[k]->stored_energy(nullptr, s, 0.0);
  update_stored(s);
  initial_ = kinetic + potential;
}

void EnergyLedger::record_step(const State& previous, const State& now) {
  for (std::size_t k = 0; k < terms_.size(); ++k)
    stored_[k] = terms_[k]->stored_energy(&previous, now, stored_[k]);
  update_stored(now, &previous);
  dissipated = linear_dissipated_;
  external_work = linear_work_;
  for (const EnergyTerm* term : terms_) {
    dissipated = term->add_dissipated(now, dissipated);
    external_work = term->add_work(now, external_work);
  }
}

void EnergyLedger::record_exact_step(const State& now, double dissipated_step, double work_step) {
  update_stored(now);
  linear_dissipated_ += dissipated_step;
  dissipated = linear_dissipated_;
  linear_work_ += work_step;
  external_work = linear_work_;
}

void EnergyLedger::save(Checkpoint& c) const {
  double stored = 0; // the record of earlier versions, which had one term's sum (see restore)
  for (const double e : stored_)
    stored += e;
  c.set("ledger", std::vector<double>{kinetic, potential, dissipated, external_work, stored,
                                      linear_dissipated_, initial_, scale_});
  c.set("ledger_terms", stored_);
  c.set("ledger_linear_work", linear_work_);
}

void EnergyLedger::restore(const Checkpoint& c) {
  const auto& sums = c.numbers("ledger", 8);
  kinetic = sums[0];
  potential = sums[1];
  dissipated = sums[2];
  external_work = sums[3];
  // A checkpoint of an earlier version has only the nonlinear elements' sum: theirs was the last
  // term, and the one before it, the large-amplitude string's, has its energy in closed form.
  stored_.assign(terms_.size(), 0.0);
  if (!terms_.empty())
    stored_.back() = sums[4];
  if (c.has("ledger_terms"))
    stored_ = c.numbers("ledger_terms", terms_.size());
  linear_dissipated_ = sums[5];
  // without the key (an earlier version's checkpoint) every work was the loads'
  linear_work_ = c.has("ledger_linear_work") ? c.number("ledger_linear_work") : external_work;
  initial_ = sums[6];
  scale_ = sums[7];
}

} // namespace hamdyn
