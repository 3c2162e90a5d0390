#pragma once
// Time integration/Scheme = modal: a linear line model's transient by modal superposition,
// u = Phi q + u_s (Clough & Penzien, Dynamics of Structures, 2nd ed., sec. 12-6 and 13-3):
// the first Modes/Number of modes natural modes Phi, their coordinates q integrated exactly
// step by step for a load linear over each step (M_r q'' + C_r q' + K_r q = Phi^T f with the
// case's damping projected in full, time/exact_modal_step.h), and the static correction of the
// modes left out, u_s = K^-1 f - Phi K_r^-1 Phi^T f (modal/modal_projection.h), added to the
// displacements (the mode-acceleration method: the modes left out respond quasi-statically, so
// their velocity and acceleration are left out). No stability limit and no numerical damping at
// any step; the error is the truncation to the modes kept and the load's interpolation.
//
// Energy: T and V are formed from the state as for every scheme; the damping's dissipation and
// the load's work over a step are the exact integrals of the modal solution, and the load's work
// on u_s is (f_1 . u_s1 - f_0 . u_s0) / 2 (u_s = R f, R symmetric, f linear over the step), so
// energy_error closes to round-off when the modes, their projection and u_s are right.
#include "modal/eigen_solver.h"
#include "modal/modal_projection.h"
#include "output/energy_ledger.h"
#include "studies/line_history.h"
#include "studies/transient.h"
#include "time/exact_modal_step.h"

#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

class ModalTransient : public LineStepper {
public:
  /// The modes, the reduced system and the initial state (the case's u_0 and v_0 projected on
  /// the modes, plus u_s of the load at t = 0), with every check made. Needs pc's assembled
  /// matrices (they may be released afterwards). Collective.
  /// `report`: the eigensolver's progress on rank 0.
  explicit ModalTransient(const PreparedCase& pc, bool report = false);

  void advance() override;
  std::vector<double> row(double stop_request = 0,
                          double* any_stop_request = nullptr) const override;
  /// How much of the initial state the modes kept miss, a singular K (no static correction) and
  /// a static correction beyond double precision: each said once.
  std::string take_note() override;
  std::string summary() const override;
  void save(Checkpoint& c) const override;
  /// On any rank count: the coordinates are found again by projecting the saved modal
  /// displacement and velocity on this run's modes (whose signs may differ).
  void restore(const Checkpoint& c) override;

private:
  /// What identifies the modal basis to the last bit: the rank count, each mode's omega and a
  /// checksum of its shape's bits (which also tells the sign the eigensolver gave it).
  std::vector<double> basis_fingerprint() const;
  /// The modal coordinates of x, M_r^-1 Phi^T M x (of a displacement or of a velocity).
  std::vector<double> coordinates(const LA::Vector& x) const;
  /// The load at t into the state's f, its modal projection into p and its static correction
  /// into static_part_; returns f . u_s (0 without a load or a static correction).
  double take_load(double t, std::vector<double>& p);
  /// u, v and a of q, v, f at time t (u_s from f).
  void form_state(double t);

  Modes modes_;
  ProjectedMatrices projected_;
  std::unique_ptr<StaticCorrection> static_correction_; // null when K is singular
  std::unique_ptr<ExactModalStep> exact_step_;
  std::vector<double> q_, v_, p_; // modal coordinates, their rates, the modal load at t
  LA::Vector static_part_;        // u_s at t
  double load_on_static_ = 0;     // f . u_s at t
  double static_uncertainty_ = 0; // largest last refinement step of u_s
  EnergyLedger ledger_;
  LineHistory history_;
  std::vector<std::string> notes_;
};

} // namespace hamdyn
