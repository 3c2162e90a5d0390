#pragma once
// The energy balance of a run: kinetic T = 1/2 v^T M v, potential V = 1/2 u^T K u (springs
// included; for a line model summed from the element strains, system/stiffness_from_strains.h),
// dissipated D = int v^T C v dt and external work W = int v^T f dt, both summed over the steps with
// the mid-step velocity v_{n+1/2} = (v_n + v_{n+1})/2 and load f_{n+1/2} = (f_n + f_{n+1})/2: dt
// v_{n+1/2}^T C v_{n+1/2} and dt v_{n+1/2}^T f_{n+1/2}. With Newmark's average acceleration
// (rho_inf = 1) this is the scheme's own discrete balance, so energy_error = (T + V + D - W) - (T0
// + V0) vanishes to round-off; otherwise it measures the numerical dissipation. The operator's
// other terms add their own stored and dissipated energy (output/energy_term.h): nonlinear
// springs their potential int_0^e F de accumulated step by step, nonlinear dashpots the work
// the integrator booked for them, a large-amplitude string kappa q^2 / 4.
#include "output/energy_term.h"
#include "storage/checkpoint.h"
#include "system/second_order_system.h"

#include <memory>
#include <vector>

namespace hamdyn {

class StiffnessFromStrains;

class EnergyLedger {
public:
  /// Collective for a system with cells (its strain energy's set-up). `terms` add their stored
  /// and dissipated energy (the nonlinear elements', the large-amplitude string's).
  explicit EnergyLedger(const SecondOrderSystem& s, std::vector<const EnergyTerm*> terms = {});
  ~EnergyLedger();
  void start(const State& s);
  /// `previous` is the state one step before `now`: only its t, f and extensions are read (the
  /// mid-step velocity is now.v_mean).
  void record_step(const State& previous, const State& now);
  /// The step to `now` of an integrator that knows the step's dissipated energy and work
  /// exactly (the modal scheme, time/exact_modal_step.h): T and V from `now`, D and W
  /// incremented by the given amounts [J]. For a system without nonlinear terms.
  void record_exact_step(const State& now, double dissipated_step, double work_step);

  double kinetic = 0, potential = 0, dissipated = 0, external_work = 0;
  double error() const { return kinetic + potential + dissipated - external_work - initial_; }
  /// Largest |T + V| seen, the scale for a relative energy error.
  double scale() const { return scale_; }

  /// The running sums (a resumed run continues them bit for bit).
  void save(Checkpoint& c) const;
  void restore(const Checkpoint& c);

private:
  /// T and V at s, and the step's (v_mean^T C v_mean, v_mean^T (f_n + f_{n+1})) when `previous`
  /// is given: one pass over the rows (BandedOperator::quadratic_forms) and one reduction.
  void update_stored(const State& s, const State* previous = nullptr);
  std::vector<const EnergyTerm*> terms_;
  std::vector<double> stored_;   // each term's stored energy
  double linear_dissipated_ = 0; // int v^T C v dt
  double linear_work_ = 0;       // int v^T f dt (the terms add theirs: EnergyTerm::add_work)
  const SecondOrderSystem& system_;
  const StiffnessFromStrains* strains_ = nullptr; // V and the K part of C, with cells
  double initial_ = 0, scale_ = 0;
};

} // namespace hamdyn
