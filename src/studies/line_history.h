#pragma once
// The history row of a line model's state, whatever integrates it (studies/transient.h,
// studies/modal_transient.h): ends, energies, probes, the elements' forces, the tension and the
// ground motion's columns, in history_columns' order; and the checks that a state is finite.
#include "output/energy_ledger.h"
#include "storage/checkpoint.h"
#include "studies/prepared_case.h"
#include "system/linear_functional.h"

#include <cstddef>
#include <vector>

namespace hamdyn {

struct TermKind;

class LineHistory {
public:
  explicit LineHistory(const PreparedCase& pc);

  /// Integrates the ground's velocity and displacement over the step from t0 to t1 (with
  /// Ground motion).
  void advance_ground(double t0, double t1);
  /// The row of state `s` with the ledger's energies; the stop request joins the functionals'
  /// reduction (time_loop.h: Stepper::row).
  std::vector<double> row(const State& s, const EnergyLedger& ledger, double stop_request,
                          double* any_stop_request) const;

  void save(Checkpoint& c) const;
  void restore(const Checkpoint& c);

private:
  const PreparedCase& pc_;
  std::vector<LinearFunctional> functionals_;
  mutable std::vector<double> functional_values_; // row()'s scratch, kept for its allocation
  std::ptrdiff_t n_ends_;
  std::vector<std::size_t> reactions_; // functionals_' force reactions (base shear)
  std::vector<const TermKind*> kinds_; // the terms' columns, in their order
  double ground_velocity_ = 0, ground_displacement_ = 0; // integrals of a_g since t = 0
};

/// Throws InputError when the initial state, the load at t = 0 or a_0 is not finite, naming the
/// expression to blame or the parameters' scale (after `ledger.start(s)`).
void check_initial_state(const PreparedCase& pc, const EnergyLedger& ledger, const State& s);
/// Throws CollectiveFailure, on every rank, when the ledger's sums after step n are not finite
/// (a non-finite entry of u, v or f makes them so on every rank at once).
void check_step_finite(const PreparedCase& pc, const EnergyLedger& ledger, const State& s,
                       unsigned long n);

} // namespace hamdyn
