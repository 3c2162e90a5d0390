#pragma once
// The energy balance of a run: kinetic T = 1/2 v^T M v, potential V = 1/2 u^T K u (springs
// included; for a line model summed from the element strains, system/stiffness_from_strains.h),
// dissipated D = int v^T C v dt and external work W = int v^T f dt, both summed over the steps with
// the mid-step velocity v_{n+1/2} = (v_n + v_{n+1})/2 and load f_{n+1/2} = (f_n + f_{n+1})/2: dt
// v_{n+1/2}^T C v_{n+1/2} and dt v_{n+1/2}^T f_{n+1/2}. With Newmark's average acceleration
// (rho_inf = 1) this is the scheme's own discrete balance, so energy_error = (T + V + D - W) - (T0
// + V0) vanishes to round-off; otherwise it measures the numerical dissipation. Nonlinear springs
// add their potential int_0^e F de, accumulated step by step (system/nodal_force.h); nonlinear
// dashpots add to D the work the integrator booked for them; a large-amplitude string adds kappa
// q^2 / 4 (SecondOrderSystem::axial_factor), the force each step applied times the step's
// displacement there (for rho_inf = 1 again the scheme's own balance).
#include "output/checkpoint.h"
#include "system/second_order_system.h"

#include <memory>

namespace hamdyn {

class StiffnessFromStrains;

class EnergyLedger {
public:
  /// Collective for a system with cells (its strain energy's set-up).
  explicit EnergyLedger(const SecondOrderSystem& s);
  ~EnergyLedger();
  void start(const State& s);
  /// `previous` is the state one step before `now`: only its t, f and extensions are read (the
  /// mid-step velocity is now.v_mean).
  void record_step(const State& previous, const State& now);

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
  double nonlinear_potential_ = 0; // sum_k int_0^{e_k} F_k de of the nonlinear springs
  double linear_dissipated_ = 0;   // int v^T C v dt
  const SecondOrderSystem& system_;
  const StiffnessFromStrains* strains_ = nullptr; // V and the K part of C, with cells
  double initial_ = 0, scale_ = 0;
};

} // namespace hamdyn
