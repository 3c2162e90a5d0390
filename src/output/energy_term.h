#pragma once
// What the energy ledger (output/energy_ledger.h) asks of a term of the operator beyond the
// linear M, C and K (terms/operator_term.h): the energy it stores and the energy it has
// dissipated, as the term itself defines them. The ledger sums the linear forms itself; a term
// adds its own share to running sums, so that a term that books its energy step by step (a
// nonlinear spring's int F de, a dashpot's work) and one that has it in closed form (the
// large-amplitude string's kappa q^2 / 4) fit alike.
#include "system/second_order_system.h"

namespace hamdyn {

class EnergyTerm {
public:
  virtual ~EnergyTerm() = default;
  /// The term's stored energy at `now` [J], given `stored`, its value at `previous` (nullptr at
  /// the start of a run, when `stored` is 0).
  virtual double stored_energy(const State* /*previous*/, const State& /*now*/,
                               double stored) const {
    return stored;
  }
  /// `dissipated` plus the energy the term has dissipated from the start to `now` [J].
  virtual double add_dissipated(const State& /*now*/, double dissipated) const {
    return dissipated;
  }
  /// `work` plus the work done on the system by what drives the term from outside, from the
  /// start to `now` [J] (a moving mass's carrier: terms/moving_body_term.h).
  virtual double add_work(const State& /*now*/, double work) const { return work; }
};

} // namespace hamdyn
