#pragma once
// Modal participation in a uniform transverse support motion: each mode's participation factor
// and effective mass, the check that enough modes are kept (their sum against the total mass),
// and the sign convention that makes the factors positive.
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"

namespace hamdyn {

struct ModalParticipation {
  /// Gamma_n = phi_n^T M r of the M-normalized mode (phi^T M phi = 1 kg) [kg^(1/2)], and the
  /// effective mass Gamma_n^2 [kg] (Chopra, Dynamics of Structures, 4th ed., eqs. 13.2.3 and
  /// 13.2.12 with M_n = 1).
  std::vector<double> factor, effective_mass;
  /// Whether mode n was signed by its factor (false: Gamma_n vanishes to round-off, as for an
  /// antisymmetric mode of a symmetric structure, and the mode keeps the shape's sign rule).
  std::vector<bool> signed_by_factor;
  /// rho A L plus every point mass (ends and interior) and oscillator mass [kg].
  double total_mass = 0;
};

/// The modes' factors phi^T M r (M r from Model::translation_inertia);
/// each mode with a factor beyond round-off is signed so that its factor is positive. Needs the
/// model (before PreparedCase::release_mesh). Collective.
ModalParticipation modal_participation(const PreparedCase& pc, Modes& modes);
/// M r of a uniform transverse support motion (Model::translation_inertia), kept so that the mesh
/// can go before the modes are computed (`hamdyn modes` without shapes). Collective.
LA::Vector translation_inertia(const PreparedCase& pc);
/// The same from M r, the model no longer needed.
ModalParticipation modal_participation(const CaseParameters& c, const LA::Vector& m_r,
                                       Modes& modes);

/// The same for damped modes (modal/damped_modes.h): a mode whose shape is real (classical
/// damping: Rayleigh, uniform viscous; |im| below 1e-8 |re|) gets the factor of its shape
/// M-normalized, and is signed by it like an undamped mode (re and im change sign together); a
/// complex shape has none (NaN factor and effective mass, signed_by_factor false).
ModalParticipation damped_modal_participation(const PreparedCase& pc,
                                              std::vector<LA::Vector>& shapes_re,
                                              std::vector<LA::Vector>& shapes_im);

} // namespace hamdyn
