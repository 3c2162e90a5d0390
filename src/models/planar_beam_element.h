#pragma once
// A geometrically exact beam element in the plane: Reissner's beam (Reissner, ZAMP 23:795-804,
// 1972; Simo & Vu-Quoc, J. Appl. Mech. 53:849-854, 1986, part I, sec. 2-4). The centreline's
// position r(s) = (x, z) and the section's rotation theta(s) are functions of the arc length s
// of a straight, unstressed reference of length L at angle theta_0; the strains, exact for any
// rotation, are
//   axial   G1 = r' . t(theta) - 1,   t = (cos theta, sin theta),
//   shear   G2 = r' . n(theta),       n = (-sin theta, cos theta),
//   bending K  = theta',
// ( )' = d/ds, all zero in the reference (r' = t(theta_0), theta = theta_0), and the strain energy
// is V = int (EA G1^2 + kGA G2^2 + EI K^2) / 2 ds: linear elastic in these strains (Simo &
// Vu-Quoc, eq. (2.12)), so its small-rotation limit is Timoshenko's beam.
//
// Degree p Lagrange interpolation of x, z and theta on the p + 1 Gauss-Lobatto points of the
// element (node 0 at s = 0, node p at s = L), the same for the three fields. The energy is
// integrated by p Gauss points (reduced integration, Simo & Vu-Quoc sec. 4.2; Zienkiewicz &
// Taylor, The Finite Element Method, vol. 2, 5th ed., sec. 11.3): the shear strain is then
// sampled where the interpolated theta and the slope agree to the bending mode's degree, so a
// thin beam does not lock (with a full rule of p + 1 points, linear elements make a thin
// cantilever stiffer by a factor of order (h/t)^2); in the small-deflection limit n linear
// elements give a cantilever's tip deflection as P L^3/(3 EI) (1 - 1/(4 n^2)) + P L/kGA at any
// thickness (Hughes, The Finite Element Method, 1987, sec. 5.2; tests/models asserts it). The
// element's 3p strains at its p points leave exactly the three rigid motions of its 3(p + 1) DoFs
// without energy. The energy is defined by that rule, so the forces and the tangent below are its
// exact derivatives.
//
// The DoFs of an element are node by node (x, z, theta): q[3 a + c] for node a, component c.
//
// With PlanarBeamInterpolation::directors the element interpolates, instead of theta, the
// sections' unit directors t_a = (cos theta_a, sin theta_a) at the nodes (Betsch & Steinmann,
// Int. J. Numer. Meth. Eng. 54:1775-1788, 2002, sec. 3-4, in the plane): with d = sum N_a t_a,
//   G1 = r' . d - 1,   G2 = r' . J d,   K = J d . d'   (J: the quarter turn, J (a, b) = (-b, a)),
// the same strains where d is a unit vector and quadratic in the nodal (r, t) everywhere. That
// is what an energy- and momentum-conserving step needs (studies/planar_beam_motion.h): the
// midpoint derivative of a quadratic function is its exact difference quotient, and each strain
// is unchanged by a rigid rotation of every r and t. Its small-rotation limit is the same
// Timoshenko element (the tangents agree at the reference); its static states differ from the
// rotation interpolation's by the discretization's error (|d| < 1 between nodes of a bent
// element: a circle of n elements is no longer exact).
#include <deal.II/base/polynomial.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

namespace hamdyn {

/// A beam's section in the plane: stiffnesses and inertias per unit length.
struct PlanarBeamSection {
  double axial_stiffness = 0;   // EA [N]
  double shear_stiffness = 0;   // kGA [N]
  double bending_stiffness = 0; // EI [N m^2]
  double mass_per_length = 0;   // rho A [kg/m]
  double rotary_inertia = 0;    // rho I [kg m]
};

/// The strains at a point of the element.
struct PlanarBeamStrains {
  double axial = 0, shear = 0, curvature = 0; // G1 [-], G2 [-], K [1/m]
};

/// A point term on an element at xi = s / L in [0, 1] (the weak form's point terms, each at the
/// interpolated r(xi) and theta(xi), or the director d(xi)): an attached mass and rotary inertia,
/// a spring and a dashpot to the ground.
struct PlanarBeamPoint {
  double xi = 0;
  double mass = 0;                   // m [kg]: kinetic energy m |dr(xi)/dt|^2 / 2
  double rotary_inertia = 0;         // J [kg m^2]: J (dtheta(xi)/dt)^2 / 2 (|dd(xi)/dt|^2)
  double spring = 0;                 // k [N/m]: energy k |r(xi) - anchor|^2 / 2
  double dashpot = 0;                // c [N s/m]: force -c dr(xi)/dt
  double anchor_x = 0, anchor_z = 0; // the spring's anchor [m]
};

/// What the element interpolates between its nodes besides r: the rotation theta, or the
/// director (cos theta, sin theta).
enum class PlanarBeamInterpolation { rotations, directors };

class PlanarBeamElement {
public:
  /// Degree p in [1, 4] (any p >= 1 works; the studies allow 1 to 4), reference length L > 0,
  /// reference angle theta_0 (of the reference line, from x toward z).
  PlanarBeamElement(unsigned degree, double length, double reference_angle,
                    const PlanarBeamSection& section,
                    PlanarBeamInterpolation interpolation = PlanarBeamInterpolation::rotations);
  virtual ~PlanarBeamElement() = default;
  PlanarBeamElement(const PlanarBeamElement&) = default;
  PlanarBeamElement& operator=(const PlanarBeamElement&) = default;
  /// A copy of the element as the kind it is (a line's elements may be of several kinds:
  /// core/planar_member_kind.h, models/make_planar_member.h).
  virtual std::unique_ptr<PlanarBeamElement> clone() const {
    return std::make_unique<PlanarBeamElement>(*this);
  }
  /// Whether its strain energy is quadratic in its DoFs q (x, z, theta), as a linear member's:
  /// the exact discrete gradient over a step is then its forces at the midpoint (Gonzalez, J.
  /// Nonlinear Sci. 6:449-467, 1996, sec. 3), which the energy-consistent step takes instead of
  /// the director interpolation's mean forces (those are Reissner's strains' alone).
  virtual bool quadratic_energy() const { return false; }
  PlanarBeamInterpolation interpolation() const {
    return directors_ ? PlanarBeamInterpolation::directors : PlanarBeamInterpolation::rotations;
  }

  /// A frame's DoF theta is its node's turn from the reference (the members meeting at a joint
  /// have different reference angles and turn alike): the element's section angle is then theta
  /// plus this offset, its reference angle (0, the default: theta is the section's angle).
  void set_rotation_offset(double offset) { rotation_offset_ = offset; }
  double rotation_offset() const { return rotation_offset_; }

  unsigned degree() const { return degree_; }
  unsigned n_nodes() const { return degree_ + 1; }
  unsigned n_dofs() const { return 3 * (degree_ + 1); }
  double length() const { return length_; }
  double reference_angle() const { return reference_angle_; }
  const PlanarBeamSection& section() const { return section_; }
  /// Node a's position along the reference line, s_a in [0, L].
  double node_coordinate(unsigned a) const { return node_s_[a]; }

  /// V [J] at the element's DoFs q.
  virtual double energy(const double* q) const;
  /// dV/dq into f (n_dofs values) [N, N m]: the internal forces on the nodes.
  virtual void forces(const double* q, double* f) const;
  /// d2V/dq2 into k (n_dofs^2, row major): material and geometric stiffness.
  virtual void tangent(const double* q, double* k) const;
  /// (The rotation interpolation's alone.) Its two parts: the material stiffness B^T C B (B the
  /// strains' derivatives at q) into k and the geometric one (the section forces N, Q times the
  /// strains' second derivatives) into `geometric`; the same array for both adds them, null
  /// leaves the geometric part out.
  virtual void tangent_parts(const double* q, double* k, double* geometric) const;
  /// (The rotation interpolation's alone.) u^T K_m u and u^T K_g u at q for a vector u of the
  /// element's DoFs, from the strains' changes B u at the points (not from the matrices: in u^T K_m
  /// u the shear's kGA / h entries cancel to the bending's EI / h^3, and a slender beam's Rayleigh
  /// quotient lost 10^-5 of it that way at kGA L^2 / EI = 10^8; w' - theta formed at a point loses
  /// nothing comparable).
  virtual void tangent_forms(const double* q, const double* u, double& material,
                             double& geometric) const;
  /// The strains at xi = s / L in [0, 1].
  ///
  /// Where they are accurate: at the p points of the reduced rule (Barlow's points, J. Barlow,
  /// Int. J. Numer. Meth. Eng. 10:243-251, 1976), one inside each of the p segments between
  /// consecutive nodes. Extrapolated to the nodes they are not: a cantilever rolled into a circle
  /// by elements of degree 2 has N = 0 at the points and +-300 N at the nodes.
  const std::vector<double>& sampling_points() const { return sampling_xi_; }
  virtual PlanarBeamStrains strains(const double* q, double xi) const;
  /// The section forces at xi in [0, 1]: N = EA G1, Q = kGA G2 [N] and M = EI K [N m]
  /// (Reissner's stress resultants in the section's axes; a member without shear strain has its
  /// own Q).
  virtual std::array<double, 3> section_forces(const double* q, double xi) const {
    const PlanarBeamStrains e = strains(q, xi);
    return {{section_.axial_stiffness * e.axial, section_.shear_stiffness * e.shear,
             section_.bending_stiffness * e.curvature}};
  }
  /// The consistent mass matrix (rho A for x and z, rho I for theta; p + 1 Gauss points, exact)
  /// into m (n_dofs^2, row major) [kg, kg m^2].
  virtual void mass(double* m) const;
  /// Whether mass() couples the translations with the rotations (a Hermite member's consistent
  /// mass) instead of being rho A N_a N_b on x and on z alike and rho I N_a N_b on theta: the
  /// steppers then take its whole matrices, mass() and director_mass().
  virtual bool coupled_mass() const { return false; }
  /// The mass matrix in the director form's DoFs (x, z, t_x, t_z) a node (4 (p + 1) squared, row
  /// major; t the element's director, its section's direction): the kinetic energy
  /// ydot^T M ydot / 2 the energy-conserving step conserves. Here rho A N_a N_b on x and z and
  /// rho I N_a N_b on t_x and t_z (|dt/dt| = |dtheta/dt|), with the point terms.
  virtual void director_mass(double* m) const;
  /// The consistent nodal loads of a load per length w = (w_x, w_z) [N/m] constant along the
  /// element, added into f (n_dofs values).
  void add_distributed_load(double wx, double wz, double* f) const;
  /// The consistent nodal loads of a force (f_x, f_z) [N] at xi, added into f.
  void add_point_load(double xi, double fx, double fz, double* f) const;

  /// Attaches a point term. Its spring's energy is part of energy(), forces(), tangent() (the
  /// material part) and of the director interpolation's, so that every study sees it; its mass
  /// and rotary inertia are part of mass(); its dashpot is damping()'s.
  void add_point(const PlanarBeamPoint& point);
  const std::vector<PlanarBeamPoint>& points() const { return points_; }
  /// Steady rotation at `rate` Omega [rad/s] about the hub (hub_x, hub_z), described in the
  /// frame turning with it: the energy gets the centrifugal potential -Omega^2/2 sum_ab M_ab
  /// (r_a - hub) . (r_b - hub) (M the translational mass matrix, point masses included: the
  /// kinetic energy of the frame's turn, int rho A |Omega J (r - hub)|^2 / 2, interpolated
  /// exactly), and the forces and tangent its derivatives. Set after the point terms. (The Coriolis
  /// terms of the motion in that frame are the modes' own: studies/planar_beam_modes.h.)
  void set_steady_rotation(double rate, double hub_x, double hub_z);
  /// Omega^2 alone set (the hub and mass kept): statics raise it with the load factor lambda,
  /// which an arc length may take below 0 (a centrifugal potential of the opposite sign).
  void set_steady_rotation_squared(double rate_squared) { rate_squared_ = rate_squared; }
  double steady_rotation_squared() const { return rate_squared_; }
  double steady_rotation_rate() const { return std::sqrt(rate_squared_); }
  std::array<double, 2> steady_rotation_hub() const { return {{hub_x_, hub_z_}}; }
  /// Whether a point term has a dashpot.
  bool damped() const;
  /// The dashpots' damping matrix, c N N^T in x and in z, into c (n_dofs^2, row major) [N s/m].
  void damping(double* c) const;

  /// The director interpolation's DoFs y, node by node (x, z, t_x, t_z): 4 (p + 1) values.
  unsigned n_director_dofs() const { return 4 * (degree_ + 1); }
  /// y of the element's DoFs q (t_a = (cos theta_a, sin theta_a)).
  void director_dofs(const double* q, double* y) const;
  /// V [J] at y (any t_a, unit or not).
  double director_energy(const double* y) const;
  /// The mean forces over a step from y0 to y1 into f (4 (p + 1) values): B(y_m)^T C (E(y0) +
  /// E(y1)) / 2, with E the strains (G1, G2, K) at the points, B their derivatives by y at the
  /// midpoint y_m = (y0 + y1) / 2. Since E is quadratic in y, f . (y1 - y0) = V(y1) - V(y0)
  /// exactly (Gonzalez, J. Nonlinear Sci. 6:449-467, 1996: a discrete gradient), and since each
  /// strain is invariant under a rigid rotation of y_m, f has no resultant moment about any point
  /// at y_m. At y0 = y1 it is dV/dy.
  void mean_forces(const double* y0, const double* y1, double* f) const;
  /// d f / d y1 into k (row major): `material` B(y_m)^T C B(y1) + `geometric` (N d2G1 + Q d2G2
  /// + M d2K) with the mean section forces; (1/2, 1/2) is mean_forces' derivative by y1, (1, 1)
  /// at y0 = y1 the tangent d2V/dy2.
  void mean_tangent(const double* y0, const double* y1, double material, double geometric,
                    double* k) const;

protected:
  struct Point {
    double weight;             // Gauss weight times L
    std::vector<double> n, dn; // shape functions and their s-derivatives
  };
  unsigned degree_;
  bool directors_;
  double length_, reference_angle_, rotation_offset_ = 0;
  PlanarBeamSection section_;
  std::vector<double> node_s_, sampling_xi_;
  std::vector<dealii::Polynomials::Polynomial<double>> basis_;
  std::vector<Point> stiffness_points_, mass_points_;
  std::vector<PlanarBeamPoint> points_;
  std::vector<std::vector<double>> point_shapes_; // N_a(xi) of each point term
  // the steady rotation's: Omega^2, the hub, and the translational mass matrix (p + 1)^2
  double rate_squared_ = 0, hub_x_ = 0, hub_z_ = 0;
  std::vector<double> rotating_mass_;
  /// The energies quadratic in r about an anchor (the springs' and the centrifugal one) at DoFs
  /// of `stride` values a node, r first (3: q, 4: y).
  double anchored_energy(const double* dofs, unsigned stride) const;
  /// Adds their forces at the mean of d0 and d1 into f (a quadratic energy's exact discrete
  /// gradient; at d0 = d1 its gradient), and `scale` times their stiffness into k.
  void add_anchored_forces(const double* d0, const double* d1, unsigned stride, double* f) const;
  void add_anchored_stiffness(unsigned stride, double scale, double* k) const;
  /// Adds at point g the material stiffness w B^T C B (b: B's columns, (dG1, dG2, dK) / dq_i)
  /// into k and into `geometric` (unless null) that of the section forces N, Q (weighted by the
  /// point's w) at the section angle theta: (r_a, theta_b) N_a' N_b (N n - Q t), symmetric, and
  /// (theta_a, theta_b) -N_a N_b `turning` (Simo & Vu-Quoc, part I, eq. (4.9): turning =
  /// N (1 + G1) + Q G2; N at the reference).
  void add_point_stiffness(const Point& g, const std::vector<std::array<double, 3>>& b,
                           double axial, double shear, double theta, double turning, double* k,
                           double* geometric) const;
  /// Zeroes tangent_parts' k and, unless null, `geometric` (n_dofs^2 each).
  void clear_parts(double* k, double* geometric) const {
    const unsigned size = n_dofs() * n_dofs();
    std::fill(k, k + size, 0.0);
    if (geometric)
      std::fill(geometric, geometric + size, 0.0);
  }
  /// Adds at point g the two parts of u^T K u that add_point_stiffness' matrices give, formed
  /// from B u (see tangent_forms): B with the strains e at the section angle theta, the section
  /// forces N, Q (not weighted) and `turning` as there.
  void add_point_forms(const Point& g, const double* u, double theta, const PlanarBeamStrains& e,
                       double axial, double shear, double turning, double& material,
                       double& geometric) const;
  /// (EA G1^2 + kGA G2^2 + EI K^2) / 2 [J/m]: the strain energy per length of strains e.
  double energy_density(const PlanarBeamStrains& e) const {
    return 0.5 * (section_.axial_stiffness * e.axial * e.axial +
                  section_.shear_stiffness * e.shear * e.shear +
                  section_.bending_stiffness * e.curvature * e.curvature);
  }
  /// Adds the point terms' masses and rotary inertias (m N_a N_b on x and z, J N_a N_b on theta)
  /// into a mass matrix in the DoFs q.
  void add_point_masses(double* m) const;
  /// Their part of u^T K u for a vector u of the element's DoFs (q's layout).
  double anchored_form(const double* u) const;
  /// The strains at a point and r' (for the derivatives).
  PlanarBeamStrains strains_at(const Point& g, const double* q, double& ax, double& az,
                               double& theta) const;
  Point point_at(double xi, double weight) const;

private:
  /// r', d and d' at a point from y: (r'_x, r'_z, d_x, d_z, d'_x, d'_z).
  std::array<double, 6> director_fields(const Point& g, const double* y) const;
  /// At a point: the fields' mean over y0 and y1 (those at the midpoint: they are linear in y),
  /// those at y1, and the strains at y0 and at y1.
  void mean_fields(const Point& g, const double* y0, const double* y1, std::array<double, 6>& mean,
                   std::array<double, 6>& at_y1, std::array<double, 3>& strains0,
                   std::array<double, 3>& strains1) const;
  /// The rotation interpolation's energy, forces and tangent in the DoFs q, from the director
  /// interpolation's in y (the chain rule through t_a(theta_a)).
  double director_energy_of(const double* q) const;
  void director_forces_of(const double* q, double* f) const;
  void director_tangent_of(const double* q, double* k) const;
};

/// Boost's pointer containers copy an element by this (PlanarBeamLine's elements).
inline PlanarBeamElement* new_clone(const PlanarBeamElement& e) {
  return e.clone().release();
}

} // namespace hamdyn
