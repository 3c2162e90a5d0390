#include "output/energy_ledger.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hamdyn {

EnergyLedger::EnergyLedger(const SecondOrderSystem& s) : system_(s) {
  work_.reinit(s.locally_owned, s.comm);
  scratch_.reinit(s.locally_owned, s.comm);
  mid_.reinit(s.locally_owned, s.comm);
}

void EnergyLedger::update_stored(const State& s) {
  system_.mass.vmult(work_, s.v);
  kinetic = 0.5 * (s.v * work_);
  system_.stiffness.vmult(work_, s.u);
  potential = 0.5 * (s.u * work_) + nonlinear_potential_ +
              0.25 * system_.axial_factor * s.stretch * s.stretch; // kappa q^2 / 4
  scale_ = std::max(scale_, std::abs(kinetic + potential));
}

void EnergyLedger::start(const State& s) {
  dissipated = external_work = 0;
  nonlinear_potential_ = 0;
  linear_dissipated_ = 0;
  for (std::size_t k = 0; k < system_.nodal_forces.size(); ++k)
    if (!system_.nodal_forces[k].is_dashpot())
      nonlinear_potential_ += potential_increment(system_.nodal_forces[k], 0.0, s.extensions[k]);
  update_stored(s);
  initial_ = kinetic + potential;
}

void EnergyLedger::record_step(const State& previous, const State& now) {
  const double dt = now.t - previous.t;
  mid_ = now.v;
  mid_ += previous.v;
  mid_ *= 0.5;
  if (system_.has_damping()) {
    system_.damping_vmult(work_, mid_, scratch_);
    linear_dissipated_ += dt * (mid_ * work_);
  }
  if (system_.load) {
    work_ = now.f;
    work_ += previous.f;
    external_work += 0.5 * dt * (mid_ * work_);
  }
  dissipated = linear_dissipated_;
  for (std::size_t k = 0; k < system_.nodal_forces.size(); ++k)
    if (system_.nodal_forces[k].is_dashpot())
      dissipated += now.element_work[k]; // the integrator's sum of F dx over the steps
    else
      nonlinear_potential_ +=
          potential_increment(system_.nodal_forces[k], previous.extensions[k], now.extensions[k]);
  update_stored(now);
}

void EnergyLedger::save(Checkpoint& c) const {
  c.set("ledger", std::vector<double>{kinetic, potential, dissipated, external_work,
                                      nonlinear_potential_, linear_dissipated_, initial_, scale_});
}

void EnergyLedger::restore(const Checkpoint& c) {
  const auto& sums = c.numbers("ledger");
  if (sums.size() != 8)
    throw std::runtime_error("the checkpoint's energy ledger has the wrong length");
  kinetic = sums[0];
  potential = sums[1];
  dissipated = sums[2];
  external_work = sums[3];
  nonlinear_potential_ = sums[4];
  linear_dissipated_ = sums[5];
  initial_ = sums[6];
  scale_ = sums[7];
}

} // namespace hamdyn
