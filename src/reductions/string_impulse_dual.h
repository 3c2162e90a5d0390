#pragma once
// The impulse-based dual of the continuous string, discretized by finite elements: the unknown
// is the impulse field I(x, t) = int_0^t N dt of the tension's transverse component N = tau u_x
// (Rimrott & Tabarrok's generalized impulses, ../shared/theory/000_*.txt, for a continuum).
// Damping brings impulse fields of its own: H = int gamma u_t dt of the distributed dashpots and
// G = int b tau u_xt dt of the dashpots beside the tension (stiffness-proportional Rayleigh b).
// Equilibrium holds beforehand: the momentum is rho u_t = rho v0 + P(x, t) + (I + G)_x - H with
// P = int_0^t f dt. Compatibility, u_xt = N_t / tau = G_t / (b tau) and u_t = H_t / gamma,
// weighted by dI, dG and dH, gives
//   int I_tt dI / tau + G_t dG / (b tau) + H_t dH / gamma
//     + int ((I + G)_x - H)((dI + dG)_x - dH) / rho
//     + [end mass] (I + G + J_K + J_D)(L) (dI + dG + dJ_K + dJ_D)(L) / M
//     + J_K,tt dJ_K / K + J_D,t dJ_D / D
//   = int (rho v0 + P)(dH - (dI + dG)_x) / rho + (M v0(L) + int_0^t F dt)(dI + dG + ...)(L) / M,
// i.e. compliance int I_tt dI / tau, susceptance int I' dI' / rho, the end mass a boundary
// susceptance 1/M, and the end spring and dashpot a boundary compliance 1/K and resistance 1/D
// with impulses J_K, J_D of their own. A fixed end (u_t = 0) is a natural condition for I; a free
// end without a mass carries no force, I = G = 0, an essential one. Rayleigh a adds a rho to gamma
// and a M to D, b adds b K to D. I and G live in FE_Q(p), H in FE_DGQ(p - 1), the space of I_x;
// a field whose coefficient is zero is held at 0.
//
// Recovery: u(x) = int_0^x I_t / tau dx (the string is fixed at x = 0).
#include "core/case_parameters.h"
#include "models/extra_dofs.h"
#include "terms/newmark_integrator.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/fe/fe_system.h>
#include <deal.II/grid/tria.h>
#include <deal.II/lac/affine_constraints.h>

#include <memory>
#include <string>

namespace hamdyn {

class StringImpulseDual {
public:
  /// Empty when the case has this dual; else why not (a string fixed at x = 0; at x = L fixed,
  /// free, or a point mass M > 0 where a spring or dashpot acts; no interior attachments).
  static std::string unsupported(const CaseParameters& c);

  /// `undamped`: drop all damping (for the natural frequencies). `recovery_position`: the mesh
  /// vertex whose displacement displacement() gives.
  StringImpulseDual(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm,
                    bool undamped, double recovery_position);
  ~StringImpulseDual();

  /// compliance S'' + resistance S' + susceptance S = load(t), as the time integrator takes it.
  const SecondOrderSystem& system() const { return system_; }
  /// S, S', S'' at t = 0 from the string's initial state (state's vectors allocated): S = 0, S'
  /// the element forces, and S'' consistent with the discrete equations: C S'' = g(0) on the
  /// second-order rows, R S'' = g'(0) - B S' on the first-order (dashpot) rows.
  void initial_state(State& state) const;
  /// u(x) = int_0^x I_t / tau dx at the recovery position, from S'.
  double displacement(const LA::Vector& s_dot) const;

private:
  void assemble(double recovery_position);
  /// g(t); with `rate`, g'(t) (f and F in place of their time integrals).
  void assemble_load(double t, LA::Vector& g, bool rate = false) const;

  CaseParameters c_;
  MPI_Comm comm_;
  dealii::FESystem<1> fe_;
  dealii::DoFHandler<1> dof_handler_;
  std::unique_ptr<ExtraDofs> extra_;
  dealii::AffineConstraints<double> constraints_;
  double gamma_ = 0, kelvin_ = 0, end_dashpot_ = 0; // gamma + a rho, b tau, D + a M + b K
  int spring_dof_ = -1, dashpot_dof_ = -1;          // extra DoFs J_K, J_D (-1: none)
  dealii::types::global_dof_index end_dof_ = 0, end_kelvin_dof_ = 0; // I(L), G(L)
  SecondOrderSystem system_;
  LA::Vector recovery_; // u(x) = recovery . S'
  struct LoadCache;
  std::unique_ptr<LoadCache> load_;
};

} // namespace hamdyn
