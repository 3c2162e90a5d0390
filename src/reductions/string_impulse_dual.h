#pragma once
// The impulse-based dual of the continuous string, discretized by finite elements: the unknown
// is the impulse field I(x, t) = int_0^t N dt of the tension's transverse component N = tau u_x
// (Rimrott & Tabarrok's generalized impulses, ../shared/theory/000_*.txt, for a continuum).
// Equilibrium holds beforehand: the momentum is rho u_t = rho v0 + P(x, t) + I_x - H with
// P = int_0^t f dt and H = int_0^t gamma u_t dt the impulse of the distributed dashpots.
// Compatibility u_xt = N_t / tau and H_t / gamma = u_t, weighted by dI and dH, give
//   int I_tt dI / tau + int H_t dH / gamma + int (I_x - H)(dI_x - dH) / rho
//     + [end mass] (I(L) + J_K + J_D)(dI(L) + dJ_K + dJ_D) / M + J_K,tt dJ_K / K + J_D,t dJ_D / D
//   = int (rho v0 + P)(dH - dI_x) / rho + (M v0(L) + int_0^t F dt)(dI(L) + dJ_K + dJ_D) / M,
// i.e. compliance int I_tt dI / tau, susceptance int I' dI' / rho, the end mass a boundary
// susceptance 1/M and the end spring and dashpot boundary compliance 1/K and resistance 1/D with
// impulses J_K, J_D of their own. A fixed end (u_t = 0) is a natural condition for I; a free end
// without a mass carries no force, I = 0, an essential one. Mass-proportional Rayleigh damping a
// adds a rho to gamma and a M to D. I lives in FE_Q(p), H in FE_DGQ(p - 1), the space of I_x.
//
// Recovery: u(x) = int_0^x I_t / tau dx (the string is fixed at x = 0).
#include "core/case_parameters.h"
#include "models/extra_dofs.h"
#include "time/newmark_family.h"

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
  /// free, or a point mass M > 0 where a spring or dashpot acts; no interior attachments; no
  /// stiffness-proportional Rayleigh damping).
  static std::string unsupported(const CaseParameters& c);

  /// `undamped`: drop all damping (for the natural frequencies). `recovery_position`: the mesh
  /// vertex whose displacement displacement() gives.
  StringImpulseDual(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm,
                    bool undamped, double recovery_position);
  ~StringImpulseDual();

  /// compliance S'' + resistance S' + susceptance S = load(t), as the time integrator takes it.
  const SecondOrderSystem& system() const { return system_; }
  /// S, S', S'' at t = 0 from the string's initial state (state's vectors allocated).
  void initial_state(State& state) const;
  /// u(x) = int_0^x I_t / tau dx at the recovery position, from S'.
  double displacement(const LA::Vector& s_dot) const;
  /// sqrt(tau / rho) / L.
  double frequency_scale() const;

private:
  void assemble(double recovery_position);
  void assemble_load(double t, LA::Vector& g) const;

  CaseParameters c_;
  MPI_Comm comm_;
  dealii::FESystem<1> fe_;
  dealii::DoFHandler<1> dof_handler_;
  std::unique_ptr<ExtraDofs> extra_;
  dealii::AffineConstraints<double> constraints_;
  double gamma_ = 0, end_dashpot_ = 0;          // with Rayleigh a
  int spring_dof_ = -1, dashpot_dof_ = -1;      // extra DoFs J_K, J_D (-1: none)
  dealii::types::global_dof_index end_dof_ = 0; // I(L)
  SecondOrderSystem system_;
  LA::Vector recovery_; // u(x) = recovery . S'
  struct LoadCache;
  std::unique_ptr<LoadCache> load_;
};

} // namespace hamdyn
