#pragma once
// Large motion of a line of planar beam elements with the director interpolation
// (models/planar_beam_element.h), stepped by an energy- and momentum-conserving midpoint rule
// (the director form of Betsch & Steinmann, Comput. Mech. 31:49-59, 2003, in the plane; Simo &
// Tarnow, ZAMP 43:757-792, 1992, for the idea; Gonzalez, J. Nonlinear Sci. 6:449-467, 1996, for
// the discrete gradient).
//
// The kinetic energy is (v^T M_A v + w^T M_I w) / 2 with v the nodes' velocities, w the rates
// of their directors t = (cos theta, sin theta) and M_A, M_I the consistent mass matrices of
// rho A and rho I (rho I |dt/dt|^2 = rho I (dtheta/dt)^2 where |t| = 1). A step from (r0, t0)
// to (r1, t1) satisfies, with c = 2 / dt^2,
//   c M_A (r1 - r0 - dt v0) + F_r = p_r,                                  (translations)
//   g . [c M_I (t1 - t0 - dt w0) + F_t] = p_theta   at each node,        (rotations)
// F = the elements' mean forces over the step (a discrete gradient: F . (y1 - y0) = V1 - V0),
// v1 = 2 (r1 - r0) / dt - v0, w1 = 2 (t1 - t0) / dt - w0, and g = (t1 - t0) / (theta1 - theta0)
// = sinc(dtheta / 2) J t(theta_m), parallel to J (t0 + t1) / 2: the director's equation along
// g, its component along t_m being the unit length's reaction (the Lagrange multiplier of
// Betsch & Steinmann, eliminated). Then
//  - T + V - p . q is conserved exactly (to Newton's tolerance): the translations' rows dotted
//    with r1 - r0 and the rotations' with theta1 - theta0 sum to the change of T + V - p . q;
//  - the linear momentum M_A v summed is conserved without loads (F has no resultant);
//  - the angular momentum sum r x M_A v + t x M_I w is conserved without loads: its change is
//    dt times the moment of F at the midpoint (r_m, t_m), 0 since each strain is invariant under
//    a rigid rotation there, plus the rotations' rows, whose part along J t_m is 0.
// A midpoint rule in theta (theta's own interpolation) conserves the energy but not the angular
// momentum: its shear strain's exact increment weighs translations by cos(dtheta/2) and
// rotations by sinc(dtheta/2), and no discrete gradient in theta reconciles the two smoothly.
//
// Each step is solved by Newton's method on (r1, theta1) at the free DoFs with the exact
// Jacobian (non-symmetric: the rows are the mean forces' at the midpoint), in band storage
// (half bandwidth 3 p + 2).
#include "studies/planar_beam_equilibrium.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace hamdyn {

struct PlanarBeamMotion {
  double t = 0;
  std::vector<double> q; // (x, z, theta) per node [m, rad]
  std::vector<double> v; // (v_x, v_z) per node [m/s]
  std::vector<double> w; // the directors' rates (dt_x/dt, dt_z/dt) per node [1/s]
  /// Generalized alpha's accelerations (x, z, theta) per node [m/s^2, rad/s^2]
  /// (studies/planar_beam_alpha.h); empty for the midpoint rule.
  std::vector<double> a;
  /// Node i's angular velocity J t . w [rad/s].
  double angular_velocity(std::size_t i) const;
};

/// The constant matrices of each element: the consistent mass matrices rho A int N_a N_b and
/// rho I int N_a N_b with the point masses and rotary inertias, and the dashpots' c N_a N_b (the
/// same in x and z), (p + 1)^2 each, row major.
class PlanarBeamInertia {
public:
  explicit PlanarBeamInertia(const PlanarBeamLine& line);
  const double* translational(std::size_t e) const { return &translational_[e * size_]; }
  const double* rotational(std::size_t e) const { return &rotational_[e * size_]; }
  /// Null where the element has no dashpot.
  const double* damping(std::size_t e) const { return damped_[e] ? &damping_[e * size_] : nullptr; }
  /// Whether any element has a dashpot.
  bool damped() const { return std::find(damped_.begin(), damped_.end(), true) != damped_.end(); }
  /// Whether node i's rotation carries inertia (rho I, or a rotary inertia where its shape
  /// function is not 0): one without is an algebraic unknown, its rate no part of the motion's
  /// state.
  bool turns_with_inertia(std::size_t node) const { return turning_[node]; }
  /// An element with a coupled mass (PlanarBeamElement::coupled_mass: a Hermite member's) has
  /// its whole matrices here, in the DoFs (mass(), (3 (p + 1))^2) and in the director form
  /// (director_mass(), (4 (p + 1))^2), for the steppers to take instead of the blocks; null for
  /// the others.
  const double* coupled(std::size_t e) const {
    return coupled_at_[e] == npos ? nullptr : &coupled_q_[coupled_at_[e] * nq_];
  }
  const double* coupled_director(std::size_t e) const {
    return coupled_at_[e] == npos ? nullptr : &coupled_y_[coupled_at_[e] * ny_];
  }

private:
  static constexpr std::size_t npos = std::size_t(-1);
  std::vector<std::size_t> coupled_at_;
  std::size_t nq_ = 0, ny_ = 0;
  std::vector<double> coupled_q_, coupled_y_;
  std::vector<bool> turning_;
  std::size_t size_ = 0;
  std::vector<double> translational_, rotational_, damping_;
  std::vector<bool> damped_;
};

/// What the held DoFs and the dashpots did over a step [J].
struct PlanarBeamStepWork {
  /// The held DoFs' reactions' work on the beam, sum S_i (q1_i - q0_i) with S_i the residual's
  /// row i at the converged state: what closes T + V's balance exactly (0 unless one moves).
  double support = 0;
  /// What the dashpots took, (r1 - r0)^T C (r1 - r0) / dt for the midpoint rule (exactly what
  /// its rows take out of T + V), v_af^T C (r1 - r0) for generalized alpha.
  double dissipated = 0;
  /// The follower loads' work, p . (r1 - r0) with p at the middle rotation for the midpoint rule
  /// (exactly what its rows put in), at the alpha level for generalized alpha.
  double loads = 0;
};

/// At rest at q (the reference or a static state), t = 0.
PlanarBeamMotion planar_beam_at_rest(const std::vector<double>& q);
/// Sets the velocities of a rigid motion: (v_x, v_z) of the point `about` plus the turn omega
/// [rad/s] about it, held DoFs' rates 0.
void set_rigid_velocity(const PlanarBeamLine& line, PlanarBeamMotion& s, double vx, double vz,
                        double omega, double about_x, double about_z);

/// T [J].
double kinetic_energy(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                      const PlanarBeamMotion& s);
/// u^T C v for two vectors of (x, z) per node, C the dashpots' damping matrix.
double damping_form(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                    const std::vector<double>& u, const std::vector<double>& v);
/// V - p . (q - reference) [J]: the strain energy and the dead loads' potential.
double potential_energy(const PlanarBeamLine& line, const std::vector<double>& q);

/// The linear momentum [kg m/s] and the angular momentum about the origin [kg m^2/s].
struct PlanarBeamMomenta {
  double x = 0, z = 0, angular = 0;
};
PlanarBeamMomenta momenta(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          const PlanarBeamMotion& s);

/// Steps s by dt; Newton's iterations end where the largest correction is below `tolerance`
/// times the step's largest change of a DoF, or at the DoFs' round-off (16 eps of the largest),
/// or at the residual's round-off floor (corrections below 1e-8 of the DoFs that stop shrinking:
/// `at_round_off` says so). Returns the iterations. Throws std::runtime_error, s unchanged, where
/// 25 iterations do not converge or the Jacobian has a negligible pivot.
unsigned step_planar_beam(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          PlanarBeamMotion& s, double dt, double tolerance = 1e-12,
                          bool* at_round_off = nullptr);

/// A held DoF that moves: its value at the step's end (a hub's prescribed rotation).
struct MovedDof {
  std::size_t dof;
  double value;
};
/// What drives a step beyond the line's own terms: held DoFs moved to their values at its end,
/// and nodal forces per DoF constant over it (the ground motion's -M r a_g in coordinates
/// relative to the ground, at the scheme's level: the mean of the step's ends for the midpoint
/// rule, the alpha level for generalized alpha), empty for none.
struct PlanarBeamDrive {
  std::vector<MovedDof> moved;
  std::vector<double> loads; // [N, N m]
};
/// The same step so driven, and what the held DoFs, the dashpots and the loads did over it
/// (`work`, if given; the drive's loads' work p . (q1 - q0) is in `work->loads`).
unsigned step_planar_beam(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          PlanarBeamMotion& s, double dt, double tolerance, bool* at_round_off,
                          const PlanarBeamDrive& drive, PlanarBeamStepWork* work);

/// The drive's loads' work over a step from q0 to q1, p . (q1 - q0) [J].
double drive_work(const PlanarBeamDrive& drive, const std::vector<double>& q0,
                  const std::vector<double>& q1);

/// (M_A r)_i per DoF, r = 1 in direction `component` (0: x, 1: z) at every node: the mass the
/// ground's acceleration in that direction moves (at each DoF's row: a hinge's second node adds
/// to its joint's), the consistent masses of rho A and the point masses [kg].
std::vector<double> ground_masses(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                                  unsigned component);

} // namespace hamdyn
