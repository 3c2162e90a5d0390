#pragma once
// Masses and vehicles travelling along the line at a prescribed x(t) (system/moving_contact.h,
// MovingBodies), as a term of the line operator.
//
// A rigid mass m follows the structure at its contact point: its vertical motion is
// z = w(x(t), t), whose velocity and acceleration are the material ones,
//   z' = w_t + x' w_x,   z'' = w_tt + 2 x' w_xt + x'^2 w_xx + x'' w_x
// (Fryba, Vibration of Solids and Structures under Moving Loads, 1972, ch. 6; Stokes' and
// Zimmermann's moving mass), and it presses on the structure with F = -m (z'' + g) at x(t)
// through the shape functions N of the element there; x' and x'' are the exact derivatives of
// the position. In time the mass keeps its own z, z', z'' like a vehicle, tied to the structure
// at the velocity level: at every time level z' is the exact material velocity N^T v + x' N_x^T u
// and z'' is Newmark's derivative of it (the velocity-level form of the constraint, Hairer &
// Wanner, Solving ODEs II, 2nd ed., sec. VII.1). z'' then converges to the material acceleration
// at the scheme's order, and the mass's energy m z'^2 / 2 + m g z changes over a step by exactly
// -F_mean (z - z_n), so with Newmark's average acceleration the balance below closes to round-off.
// Collocating the material acceleration with the structure's u, v, a (z'' = N^T a + 2 x' N_x^T v
// + (x'^2 N_xx + x'' N_x)^T u, all four terms) is as accurate but balances only to second order
// (its z' and z'' are not one Newmark pair); tying z = w_c itself (index 3) makes the trapezoidal
// rule unstable at speed. z'' at the new level is a function of the step's unknown y,
//   z''(y) = z''(0) - r^T y, r = N + (beta/gamma) x' N_x,
// so the force is a rank-one, non-symmetric term N r^T of the step's matrix that moves with the
// mass. Where z' jumps the mass meets an impact: entering the line (z' jumps by x' w_x at the
// support, the discontinuity Dyniewicz & Bajer, Arch. Appl. Mech. 79:213-223, 2009, show) and
// leaving it. That step, and the start, take z'' as the material acceleration itself (all four
// terms; r = N + 2 gamma x' N_x + beta (x'^2 N_xx + x'' N_x)) and z' as the material velocity,
// and what the mass's energy takes there is booked as the carrier's work (on leaving the line,
// as dissipated). On a C0 model (string, Timoshenko beam) N, N_x and N_xx are those of the C1
// field recovered from w (MovingBodies::body_shape, models/line_model.cc): the elements'
// own w_x jumps at every node, and a mass tied to it met an impact there, after which its
// response depended on the mesh and did not converge (its own force kinks w under it, which the
// elements carry at their nodes); on the recovered field it converges to the continuum's moving
// mass (tests/studies/test_moving_mass_on_a_string.cc).
//
// A vehicle is a mass on a spring k and a dashpot c whose foot follows the structure: its own
// degree of freedom z, integrated by the same Newmark formulas as the structure, with the
// suspension force P = k (z - w_c) + c (z' - w_c'), w_c = w(x(t), t) and the contact velocity
// w_c' = w_t + x' w_x, pulling on the structure at x(t) and on the mass (m z'' + P = -m g).
// Off [0, L] a body rides on rigid ground (w_c = 0): a vehicle goes on as an oscillator on a
// fixed foot, a rigid mass simply rests there.
//
// Both enter eq. (8) of Chung & Hulbert (J. Appl. Mech. 60:371-375, 1993) with their inertia at
// the alpha_m average and their other forces at the alpha_f average, each level at its own
// position. J stays factored: the term adds sum_j N_j q_j^T to it (and a vehicle's row), so the
// step is solved by the Woodbury identity (Golub & Van Loan, Matrix Computations, 4th ed., sec.
// 2.1.4) with one solve J^-1 N_j per body and step (kept while the body stays where it was).
//
// The energy ledger (output/energy_ledger.h) gets the bodies' energy (m z'^2 / 2 + m g z, a
// vehicle's with its spring's k (z - w_c)^2 / 2), a vehicle's dashpot's dissipation and the work
// of what keeps x(t) prescribed, whose power is -F x' w_x (F the contact force on the structure),
// over a step
//   X = 1/2 (F_n N_n + F_{n+1} N_{n+1})^T dt v_mean - F_mean d,
// d the foot's travel: w_c,{n+1} - w_c,n for a vehicle, z_{n+1} - z_n for a rigid mass. With
// Newmark's average acceleration this closes the balance to round-off (the bodies' z are
// integrated by the trapezoidal rule).
#include "system/moving_contact.h"
#include "terms/term_table.h"

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// Its values in a state (State::terms), body by body: the contact force on the structure [N, +
/// in +w], a vehicle's displacement [m], and 1 from the first change of sign of the contact force
/// (else 0).
struct MovingBodyState {
  std::vector<double> history;
};

class MovingBodyTerm : public OperatorTerm {
public:
  MovingBodyTerm(const SecondOrderSystem& system, const MovingBodies& moving);

  void factored(const TermContext& context, const ImplicitStep& step) override;
  void start(State& s, LA::Vector* residual) override;
  void accelerated(State& s, const RefinedLinearizationSolver* mass_solver) override;
  unsigned correct(State& s, const ImplicitStep& step, const TermContext& context,
                   const LA::Vector& r_lin, LA::Vector& y) override;
  void remember() override { remembered_ = bodies_; }
  void revert() override { bodies_ = remembered_; }
  double stored_energy(const State* previous, const State& now, double stored) const override;
  double add_dissipated(const State& now, double dissipated) const override;
  double add_work(const State& now, double work) const override;
  void save(Checkpoint& c) const override;
  void restore(const Checkpoint& c) override;

  /// The first time a body's contact force changed sign (NaN: never), and which body.
  double first_contact_loss_time() const { return contact_loss_time_; }
  const std::string& first_contact_loss_body() const { return contact_loss_body_; }

private:
  /// What a body carries from step to step (the structure's values are gathered again).
  struct Carried {
    double x = 0;                    // the position z, z', z'' were last taken at
    double z = 0, z_t = 0, z_tt = 0; // the body's mass (a rigid one: z' = w_c')
    double force = 0;                // the contact force on the structure at t [N]
    double energy = 0;               // the body's stored energy at t
    double dissipated = 0, work = 0; // running sums from the start
    int force_sign = 0;              // the sign the contact force had first (0: not yet)
    bool lost = false;
  };
  /// A body's contact at one time level: its position, w's shape there, and the structure's
  /// w_c, w_c' (material) and w_c'' (material) from given values at the shape's DoFs.
  struct Level;
  Level level(std::size_t body, double t) const;
  /// Every body's level at t, their DoFs appended to `dofs`.
  std::vector<Level> levels(double t, std::vector<dealii::types::global_dof_index>& dofs) const;
  /// The contact force, energy and history values of body j at `at`, given its carried z.
  void book(std::size_t body, const Level& at, Carried& c) const;
  /// A rigid mass's z, z', z'' set to the contact point's w_c and its material derivatives.
  static void follow(const Level& at, Carried& c);
  void write_history(State& s) const;
  /// y = J^-1 N for the level's shape (N's rows on this rank).
  void solve_shape(const RefinedLinearizationSolver& solver, const Level& at, LA::Vector& w) const;

  const SecondOrderSystem& system_;
  const MovingBodies& moving_;
  std::vector<Carried> bodies_, remembered_;
  // J^-1 N of each body's shape at the level it was last solved for, the position and step
  // size it holds for (kept across steps while both stay)
  std::vector<LA::Vector> solved_;
  std::vector<double> solved_x_;
  double solved_dt_ = std::numeric_limits<double>::quiet_NaN();
  mutable LA::Vector shape_; // N of one body, solve_shape's scratch
  double contact_loss_time_ = std::numeric_limits<double>::quiet_NaN();
  std::string contact_loss_body_;
};

/// The kind of the moving masses and vehicles (term_table.h): a term for a system with any; per
/// body the history columns contact_force_<name> [N], vehicle_<name> [m] (a vehicle's) and
/// contact_lost_<name>; the record `moving`.
TermKind moving_body_kind();

} // namespace hamdyn
