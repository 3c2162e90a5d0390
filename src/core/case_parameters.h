#pragma once
// Everything a case file says, parsed and validated. Declared next to its documentation and
// units (ASPECT's habit); the values used are written back as used_parameters.prm.
#include "core/cable_case.h"
#include "core/discrete_case.h"
#include "core/expression.h"
#include "core/ground_record.h"
#include "core/model_kind.h"
#include "core/parameter_file.h"
#include "core/planar_beam_case.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// The points x_k = k L / 256 (k = 0 ... 256) at which a property given as an expression in x is
/// checked: finite, its sign, its extremes. Sampling, not a proof: fine enough for the smooth
/// fields users write (a bound needs interval arithmetic muparser does not offer).
template <class Visit>
void for_each_field_sample_point(double length, Visit&& visit) {
  for (int k = 0; k <= 256; ++k)
    visit(length * k / 256.0);
}

/// A field's smallest and largest value and the x of each [m].
struct FieldExtremes {
  double min, max, x_of_min, x_of_max;
};

enum class MassMatrix { consistent, lumped };
enum class Scheme { generalized_alpha, central_difference, modal };

/// An end of the structure. Its support holds the transverse displacement, the rotation (beams),
/// both or neither; in each direction it does not hold, the attachments enter the weak form as
/// boundary terms, e.g. (M u_tt + D u_t + K u - F) du for a string (Stutts eq. (131)/(134) with a
/// dashpot and a force added) and (J theta_tt + D_r theta_t + K_r theta - moment) dtheta for a
/// beam.
struct EndParameters {
  std::string support;                 // as written in the case file
  bool holds_translation = true;       // string: fixed/pinned; beam: pinned, clamped
  bool holds_rotation = false;         // beam: clamped, sliding
  double point_mass = 0;               // kg
  double rotary_inertia = 0;           // kg m^2 (beams)
  double spring = 0;                   // N/m
  double rotational_spring = 0;        // N m/rad (beams)
  double dashpot = 0;                  // N s/m
  double rotational_dashpot = 0;       // N m s/rad (beams)
  ExpressionPtr spring_law;            // N, a law in the extension e (null: none)
  ExpressionPtr rotational_spring_law; // N m, a law in the rotation theta (beams; null: none)
  double dashpot_law_coefficient = 0;  // c of a dashpot of degree p [N (s/m)^(p-1)]; 0: none
  double dashpot_law_degree = 2;       // its p >= 1 (1 dry friction)
  bool has_dashpot_law() const { return dashpot_law_coefficient > 0; }
  ExpressionPtr force = Expression::zero();  // N, expression in t
  ExpressionPtr moment = Expression::zero(); // N m, expression in t (beams)
};

/// A device attached to the structure at position x (a mesh node is placed there): a point mass
/// [kg], a spring [N/m] or a dashpot [N s/m] to ground, a force [N, expression in t], or an
/// attached oscillator (a mass hanging from the structure on a spring and a dashpot).
struct Attachment {
  double x;
  double value = 0;                  // mass, stiffness or damping coefficient; an oscillator's mass
  ExpressionPtr expression;          // forces (in t), nonlinear springs (a law in e)
  double stiffness = 0, damping = 0; // oscillators only [N/m, N s/m]
  double degree = 0;                 // dashpots of degree p (value c): p >= 1; 0 for viscous
};

/// The `Convergence` section, read by `hamdyn converge`.
struct ConvergenceParameters {
  enum class Refine { h, p, dt, h_and_dt };
  Refine refine = Refine::h;
  std::string refine_name; // as written
  unsigned int levels = 4;
  unsigned int n_frequencies = 3;
  std::string history; // a history.csv column; empty: frequencies only
};

/// The `Frequency response` section, read by `hamdyn response`.
/// A support's harmonic displacement amplitude (Frequency response/Support motion, a cable's).
struct HarmonicSupportMotion {
  std::string support; // "left" or "right"
  double x = 0, z = 0; // m
};

struct ResponseParameters {
  enum class Method { direct, modal };
  std::vector<double> frequencies; // Hz
  Method method = Method::direct;
  double structural_damping = 0;  // loss factor eta: K (1 + i eta)
  double modal_damping_ratio = 0; // zeta added to every mode (modal method)
  ExpressionPtr load_psd;         // 1/Hz, in f; null: none
  std::vector<Attachment> forces; // harmonic point forces (constant amplitudes) [N]
  ExpressionPtr distributed_force = Expression::zero(); // harmonic amplitude in x [N/m]
  std::vector<double> shapes_at;                        // Hz
  std::vector<HarmonicSupportMotion> support_motion;    // a cable's excitation
  /// Whether the section gives the harmonic load (the case's own loads are then left out).
  bool has_own_load() const { return !forces.empty() || !distributed_force->is_zero(); }
};

/// A force travelling along the line (Moving loads/Forces): P(t) at x(t), acting while x(t) is
/// in [0, Length].
struct MovingForce {
  std::string name;
  ExpressionPtr amplitude, position; // N and m, expressions in t
};

/// A mass or a vehicle travelling along the line (Moving loads/Masses and Oscillators): a rigid
/// mass riding on the structure (stiffness 0) or a mass on a spring and a dashpot (a vehicle on its
/// suspension), at x(t), on rigid ground outside [0, Length].
struct MovingBody {
  std::string name;
  double mass = 0, stiffness = 0, damping = 0;    // kg, N/m, N s/m
  ExpressionPtr position, velocity, acceleration; // x(t) [m] and its exact derivatives
  bool is_vehicle() const { return stiffness > 0; }
};

/// The `Ground motion` section: a_g(t) of every support.
struct GroundMotion {
  ExpressionPtr acceleration = Expression::zero(); // m/s^2, in t
  std::shared_ptr<const GroundRecord> record;      // or a record (null: none)
  double scale = 1;
  bool active() const { return record != nullptr || !acceleration->is_zero(); }
  /// a_g(t) [m/s^2], scaled.
  double operator()(double t) const;
  /// a_g over a step from t0 to t1 at a scheme's force level, (1 - af) a_g(t1) + af a_g(t0)
  /// (generalized alpha's alpha_f; the midpoint rule's mean at 1/2), a_g(t1) where t0 = t1.
  double at_level(double t0, double t1, double af) const {
    return t0 == t1 ? (*this)(t1) : (1 - af) * (*this)(t1) + af * (*this)(t0);
  }
};

/// The `Response spectrum` section, read by `hamdyn spectrum`.
struct SpectrumParameters {
  std::vector<double> periods;        // s
  std::vector<double> damping_ratios; // in [0, 1)
  bool cqc = true;                    // Combination: CQC (else SRSS)
};

/// The `Buckling` section, read by `hamdyn buckling`.
struct BucklingParameters {
  unsigned int n_modes = 3;
  bool write_shapes = true;
  bool of_axial_force = false; // Load = axial force: the critical multiples of Model/Axial force
  // the geometric form's weight -N(x) of the load that buckles, set by `hamdyn buckling` for
  // Load = axial force (null: a uniform unit compression)
  std::function<double(double)> geometric_weight;
};

/// The `Static` section, read by `hamdyn static`.
struct StaticParameters {
  double load_time = 0; // [s]: the t at which the loads' expressions are taken
  bool write_shape = true;
};

struct CaseParameters {
  ModelType model_type = ModelType::string;
  double length = 1, mass_per_length = 0, tension = 0, viscous_damping = 0;
  double bending_stiffness = 0, rotary_inertia_per_length = 0; // beams: EI [N m^2], rho I [kg m]
  double shear_stiffness = 0;                                  // Timoshenko: kappa G A [N]
  double axial_force = 0; // beams: prestress N [N], a dead load (> 0 tension, < 0 compression)
  // the prestress as a function of x when Model/Axial force uses x (then axial_force is 0)
  ExpressionPtr axial_force_field;
  /// N(x) [N]: the field's value, or the uniform axial_force.
  double axial_force_at(double x) const {
    return axial_force_field ? (*axial_force_field)(x, 0) : axial_force;
  }
  bool has_axial_force() const { return axial_force_field != nullptr || axial_force != 0; }
  /// The smallest and largest N(x) along the beam, and where (at the field_sample_points).
  FieldExtremes axial_force_extremes() const;
  /// The largest |N(x)| along the beam.
  double largest_axial_force() const {
    const FieldExtremes n = axial_force_extremes();
    return std::max(-n.min, n.max);
  }
  /// Model/Axial force as written (the expression), or the number.
  std::string axial_force_text() const;
  double axial_stiffness = 0; // Kirchhoff-Carrier string: EA [N]; 0 = linear string
  double rayleigh_mass = 0, rayleigh_stiffness = 0;
  EndParameters left, right;
  ExpressionPtr distributed_force = Expression::zero(); // N/m, in x and t
  ExpressionPtr initial_displacement = Expression::zero(), initial_velocity = Expression::zero();
  unsigned n_elements = 1, degree = 1;
  double grading = 1;
  MassMatrix mass_matrix = MassMatrix::consistent;
  std::string mesh_file;        // resolved path, empty when generated
  std::string mesh_file_as_set; // as written in the case file, for messages
  Scheme scheme = Scheme::generalized_alpha;
  double spectral_radius = 1, time_step = 0, final_time = 0;
  unsigned n_modes = 1;
  bool write_mode_shapes = true; // Modes/Write shapes
  bool damped_modes = false;     // Modes/Damping = include
  std::string output_directory;
  std::string settings; // ParameterFile::settings(): what a checkpoint records of its case
  unsigned snapshot_interval = 0;
  unsigned long checkpoint_interval = 0;    // steps; 0: at the end and on SIGINT / SIGTERM only
  unsigned long history_interval = 1;       // steps between history.csv rows
  std::vector<std::string> history_columns; // Output/History columns (empty: all)
  unsigned spacetime_points = 501;          // positions of spacetime.vts (0: none)
  bool single_precision_snapshots = false;  // Output/Precision = float
  bool draw_plots = true;                   // Output/Plots
  std::vector<Attachment> point_masses, springs, dashpots, forces, oscillators;
  std::vector<Attachment> nonlinear_springs;
  std::vector<Attachment> nonlinear_dashpots; // x:c,p (Attachments/Dashpots with a degree)
  double nonlinear_tolerance = 1e-10;         // Newton: relative residual and increment
  unsigned max_newton_iterations = 20;        // Newton iterations per step
  /// Whether any element's force is a nonlinear law (Newton iterations, no continuum dual).
  bool has_nonlinear_elements() const {
    return !nonlinear_springs.empty() || !nonlinear_dashpots.empty() || left.spring_law ||
           right.spring_law || left.rotational_spring_law || right.rotational_spring_law ||
           left.has_dashpot_law() || right.has_dashpot_law() || axial_stiffness > 0;
  }
  std::vector<double> probes;
  std::vector<std::string> probe_labels; // as written in the case file, for column names
  ConvergenceParameters convergence;
  BucklingParameters buckling;
  StaticParameters statics;
  ResponseParameters response;
  GroundMotion ground_motion;
  std::vector<MovingForce> moving_forces; // Moving loads/Forces
  std::vector<MovingBody> moving_bodies;  // Moving loads/Masses, then Oscillators
  double gravity = 0;                     // Moving loads/Gravity [m/s^2], in -w
  bool has_moving_loads() const { return !moving_forces.empty() || !moving_bodies.empty(); }
  /// Viscous damping gamma w_t of a beam with rotary inertia is not proportional to its M (which
  /// holds rho I too): its matrix is assembled apart.
  bool viscous_damping_needs_own_matrix() const {
    return viscous_damping > 0 && rotary_inertia_per_length > 0;
  }
  SpectrumParameters spectrum;
  /// Model/Type = discrete: the system (the line model's members above are then unused).
  std::shared_ptr<const DiscreteCase> discrete;
  /// Model/Type = cable: the cable (the line models' members above are then unused).
  std::shared_ptr<const CableCase> cable;
  /// Model/Type = planar beam: the beam (the line models' members above are then unused).
  std::shared_ptr<const PlanarBeamCase> planar_beam;
  /// Whether the case is a line model's (not one of core/section_models.h).
  bool is_line_model() const;
  /// Model/Type as written.
  std::string model_type_name() const;
};

/// The parameter and value of the case's first nonlinear element (has_nonlinear_elements()).
std::pair<std::string, std::string> first_nonlinear_element(const CaseParameters& c);

/// Declares every parameter. The defaults are physically neutral (no attachments, damping, load
/// or initial motion); they are exactly what a case file that omits a key gets.
void declare_case_parameters(ParameterFile& file);

/// Extracts and checks the values. `case_directory` is used to resolve a relative mesh file.
/// Throws InputError naming the parameter, the value and what is allowed.
CaseParameters parse_case_parameters(const ParameterFile& file, const std::string& case_directory);

/// One line for each parameter that is set to something other than its default but that the case
/// does not use (Tension of a beam, a rotary inertia at a string's end, a spring at a held end,
/// ...): such values are neither checked nor taken.
std::vector<std::string> unused_parameter_warnings(const ParameterFile& file,
                                                   const CaseParameters& c);

/// The number that fills all of `text` (a position, a value in a list), or NaN.
double number(const std::string& text);

/// Throws InputError when `directory` cannot be created or written; creates nothing.
void check_output_directory_writable(const std::string& directory);

} // namespace hamdyn
