#include "models/planar_beam_element.h"

#include <deal.II/base/quadrature_lib.h>

#include <cmath>
#include <stdexcept>

namespace hamdyn {

PlanarBeamElement::PlanarBeamElement(unsigned degree, double length, double reference_angle,
                                     const PlanarBeamSection& section,
                                     PlanarBeamInterpolation interpolation)
    : degree_(degree), directors_(interpolation == PlanarBeamInterpolation::directors),
      length_(length), reference_angle_(reference_angle), section_(section) {
  if (degree < 1 || !(length > 0))
    throw std::invalid_argument("a planar beam element needs degree >= 1 and length > 0");
  // deal.II's Lagrange basis on the Gauss-Lobatto points of [0, 1] (its FE_Q's support points)
  const dealii::QGaussLobatto<1> support(degree + 1);
  basis_ = dealii::Polynomials::generate_complete_Lagrange_basis(support.get_points());
  for (unsigned a = 0; a <= degree; ++a)
    node_s_.push_back(support.point(a)[0] * length);
  const dealii::QGauss<1> reduced(degree), full(degree + 1);
  for (unsigned i = 0; i < reduced.size(); ++i) {
    stiffness_points_.push_back(point_at(reduced.point(i)[0], reduced.weight(i) * length));
    sampling_xi_.push_back(reduced.point(i)[0]);
  }
  for (unsigned i = 0; i < full.size(); ++i)
    mass_points_.push_back(point_at(full.point(i)[0], full.weight(i) * length));
}

PlanarBeamElement::Point PlanarBeamElement::point_at(double xi, double weight) const {
  Point g{weight, {}, {}};
  std::vector<double> values(2);
  for (const auto& p : basis_) {
    p.value(xi, values);
    g.n.push_back(values[0]);
    g.dn.push_back(values[1] / length_);
  }
  return g;
}

PlanarBeamStrains PlanarBeamElement::strains_at(const Point& g, const double* q, double& ax,
                                                double& az, double& theta) const {
  ax = az = theta = 0;
  double kappa = 0;
  for (unsigned a = 0; a <= degree_; ++a) {
    ax += g.dn[a] * q[3 * a];
    az += g.dn[a] * q[3 * a + 1];
    theta += g.n[a] * q[3 * a + 2];
    kappa += g.dn[a] * q[3 * a + 2];
  }
  theta += rotation_offset_;
  const double c = std::cos(theta), s = std::sin(theta);
  return {ax * c + az * s - 1, -ax * s + az * c, kappa};
}

PlanarBeamStrains PlanarBeamElement::strains(const double* q, double xi) const {
  if (directors_) {
    std::vector<double> y(n_director_dofs());
    director_dofs(q, y.data());
    const auto [ax, az, dx, dz, dsx, dsz] = director_fields(point_at(xi, 0), y.data());
    return {ax * dx + az * dz - 1, -ax * dz + az * dx, dx * dsz - dz * dsx};
  }
  double ax, az, theta;
  return strains_at(point_at(xi, 0), q, ax, az, theta);
}

double PlanarBeamElement::energy(const double* q) const {
  if (directors_)
    return director_energy_of(q);
  double v = 0;
  for (const Point& g : stiffness_points_) {
    double ax, az, theta;
    v += g.weight * energy_density(strains_at(g, q, ax, az, theta));
  }
  return v + anchored_energy(q, 3);
}

// With N = EA G1, Q = kGA G2, M = EI K at a point, dV = w (N dG1 + Q dG2 + M dK), where for node a
//   dG1 = N_a' (t . dr_a) + N_a G2 dtheta_a,   dG2 = N_a' (n . dr_a) - N_a (1 + G1) dtheta_a,
//   dK = N_a' dtheta_a
// (dt/dtheta = n, dn/dtheta = -t).
void PlanarBeamElement::forces(const double* q, double* f) const {
  if (directors_)
    return director_forces_of(q, f);
  const unsigned nd = n_dofs();
  for (unsigned i = 0; i < nd; ++i)
    f[i] = 0;
  for (const Point& g : stiffness_points_) {
    double ax, az, theta;
    const PlanarBeamStrains e = strains_at(g, q, ax, az, theta);
    const double c = std::cos(theta), s = std::sin(theta);
    const double axial = g.weight * section_.axial_stiffness * e.axial,
                 shear = g.weight * section_.shear_stiffness * e.shear,
                 moment = g.weight * section_.bending_stiffness * e.curvature;
    // the resultant force on the section in the plane's axes, N t + Q n
    const double fx = axial * c - shear * s, fz = axial * s + shear * c;
    const double turning = axial * e.shear - shear * (1 + e.axial);
    for (unsigned a = 0; a <= degree_; ++a) {
      f[3 * a] += g.dn[a] * fx;
      f[3 * a + 1] += g.dn[a] * fz;
      f[3 * a + 2] += g.n[a] * turning + g.dn[a] * moment;
    }
  }
  add_anchored_forces(q, q, 3, f);
}

// The tangent: w (B^T C B + N d2G1 + Q d2G2) with B the rows dG1, dG2, dK above and
//   d2G1 / dr_a dtheta_b = N_a' N_b n,         d2G1 / dtheta_a dtheta_b = -N_a N_b (1 + G1),
//   d2G2 / dr_a dtheta_b = -N_a' N_b t,        d2G2 / dtheta_a dtheta_b = -N_a N_b G2
// (Simo & Vu-Quoc, part I, eq. (4.9): the material and the geometric stiffness).
void PlanarBeamElement::tangent(const double* q, double* k) const {
  if (directors_)
    return director_tangent_of(q, k);
  tangent_parts(q, k, k);
}

void PlanarBeamElement::tangent_parts(const double* q, double* k, double* geometric) const {
  if (directors_)
    throw std::logic_error("tangent_parts is the rotation interpolation's");
  const unsigned nd = n_dofs();
  clear_parts(k, geometric);
  std::vector<std::array<double, 3>> b(nd); // B's columns: (dG1, dG2, dK) / dq_i
  for (const Point& g : stiffness_points_) {
    double ax, az, theta;
    const PlanarBeamStrains e = strains_at(g, q, ax, az, theta);
    const double c = std::cos(theta), s = std::sin(theta);
    for (unsigned a = 0; a <= degree_; ++a) {
      b[3 * a] = {{g.dn[a] * c, -g.dn[a] * s, 0}};
      b[3 * a + 1] = {{g.dn[a] * s, g.dn[a] * c, 0}};
      b[3 * a + 2] = {{g.n[a] * e.shear, -g.n[a] * (1 + e.axial), g.dn[a]}};
    }
    const double axial = g.weight * section_.axial_stiffness * e.axial,
                 shear = g.weight * section_.shear_stiffness * e.shear;
    add_point_stiffness(g, b, axial, shear, theta, axial * (1 + e.axial) + shear * e.shear, k,
                        geometric);
  }
  add_anchored_stiffness(3, 1, k);
}

void PlanarBeamElement::add_point_stiffness(const Point& g,
                                            const std::vector<std::array<double, 3>>& b,
                                            double axial, double shear, double theta,
                                            double turning, double* k, double* geometric) const {
  const unsigned nd = n_dofs();
  const double ea = g.weight * section_.axial_stiffness, ga = g.weight * section_.shear_stiffness,
               ei = g.weight * section_.bending_stiffness;
  for (unsigned i = 0; i < nd; ++i)
    for (unsigned j = 0; j < nd; ++j)
      k[i * nd + j] += ea * b[i][0] * b[j][0] + ga * b[i][1] * b[j][1] + ei * b[i][2] * b[j][2];
  if (!geometric)
    return;
  // N n - Q t, the derivative of the section force N t + Q n by theta at fixed N and Q
  const double c = std::cos(theta), s = std::sin(theta);
  const double gx = -axial * s - shear * c, gz = axial * c - shear * s;
  for (unsigned a = 0; a <= degree_; ++a)
    for (unsigned bb = 0; bb <= degree_; ++bb) {
      const double coupling_x = g.dn[a] * g.n[bb] * gx, coupling_z = g.dn[a] * g.n[bb] * gz;
      geometric[(3 * a) * nd + 3 * bb + 2] += coupling_x;
      geometric[(3 * bb + 2) * nd + 3 * a] += coupling_x;
      geometric[(3 * a + 1) * nd + 3 * bb + 2] += coupling_z;
      geometric[(3 * bb + 2) * nd + 3 * a + 1] += coupling_z;
      geometric[(3 * a + 2) * nd + 3 * bb + 2] -= g.n[a] * g.n[bb] * turning;
    }
}

void PlanarBeamElement::tangent_forms(const double* q, const double* u, double& material,
                                      double& geometric) const {
  if (directors_)
    throw std::logic_error("tangent_forms is the rotation interpolation's");
  material = geometric = 0;
  for (const Point& g : stiffness_points_) {
    double ax, az, theta;
    const PlanarBeamStrains e = strains_at(g, q, ax, az, theta);
    const double axial = section_.axial_stiffness * e.axial,
                 shear = section_.shear_stiffness * e.shear;
    add_point_forms(g, u, theta, e, axial, shear, axial * (1 + e.axial) + shear * e.shear, material,
                    geometric);
  }
  material += anchored_form(u);
}

void PlanarBeamElement::add_point_forms(const Point& g, const double* u, double theta,
                                        const PlanarBeamStrains& e, double axial, double shear,
                                        double turning, double& material, double& geometric) const {
  const double c = std::cos(theta), s = std::sin(theta);
  // the strains' changes B u, and u's interpolated r', theta at the point
  double du_x = 0, du_z = 0, d_theta = 0, d_curvature = 0;
  for (unsigned a = 0; a <= degree_; ++a) {
    du_x += g.dn[a] * u[3 * a];
    du_z += g.dn[a] * u[3 * a + 1];
    d_theta += g.n[a] * u[3 * a + 2];
    d_curvature += g.dn[a] * u[3 * a + 2];
  }
  const double d_axial = du_x * c + du_z * s + e.shear * d_theta,
               d_shear = -du_x * s + du_z * c - (1 + e.axial) * d_theta;
  material += g.weight * (section_.axial_stiffness * d_axial * d_axial +
                          section_.shear_stiffness * d_shear * d_shear +
                          section_.bending_stiffness * d_curvature * d_curvature);
  // the geometric part: 2 du' . (N n - Q t) dtheta - turning dtheta^2 (the tangent's)
  const double gx = -axial * s - shear * c, gz = axial * c - shear * s;
  geometric += g.weight * (2 * (du_x * gx + du_z * gz) * d_theta - turning * d_theta * d_theta);
}

double PlanarBeamElement::anchored_form(const double* u) const {
  double form = 0;
  for (std::size_t k = 0; k < points_.size(); ++k) {
    double ux = 0, uz = 0;
    for (unsigned a = 0; a <= degree_; ++a) {
      ux += point_shapes_[k][a] * u[3 * a];
      uz += point_shapes_[k][a] * u[3 * a + 1];
    }
    form += points_[k].spring * (ux * ux + uz * uz);
  }
  const unsigned nodes = degree_ + 1;
  if (rate_squared_ != 0)
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b)
        form -= rate_squared_ * rotating_mass_[a * nodes + b] *
                (u[3 * a] * u[3 * b] + u[3 * a + 1] * u[3 * b + 1]);
  return form;
}

void PlanarBeamElement::mass(double* m) const {
  const unsigned nd = n_dofs();
  for (unsigned i = 0; i < nd * nd; ++i)
    m[i] = 0;
  for (const Point& g : mass_points_)
    for (unsigned a = 0; a <= degree_; ++a)
      for (unsigned bb = 0; bb <= degree_; ++bb) {
        const double nn = g.weight * g.n[a] * g.n[bb];
        m[(3 * a) * nd + 3 * bb] += section_.mass_per_length * nn;
        m[(3 * a + 1) * nd + 3 * bb + 1] += section_.mass_per_length * nn;
        m[(3 * a + 2) * nd + 3 * bb + 2] += section_.rotary_inertia * nn;
      }
  add_point_masses(m);
}

void PlanarBeamElement::add_point_masses(double* m) const {
  const unsigned nd = n_dofs();
  for (std::size_t k = 0; k < points_.size(); ++k)
    for (unsigned a = 0; a <= degree_; ++a)
      for (unsigned bb = 0; bb <= degree_; ++bb) {
        const double nn = point_shapes_[k][a] * point_shapes_[k][bb];
        m[(3 * a) * nd + 3 * bb] += points_[k].mass * nn;
        m[(3 * a + 1) * nd + 3 * bb + 1] += points_[k].mass * nn;
        m[(3 * a + 2) * nd + 3 * bb + 2] += points_[k].rotary_inertia * nn;
      }
}

void PlanarBeamElement::director_mass(double* m) const {
  const unsigned nd = n_dofs(), ny = n_director_dofs();
  std::vector<double> mq(nd * nd);
  mass(mq.data());
  for (unsigned i = 0; i < ny * ny; ++i)
    m[i] = 0;
  for (unsigned a = 0; a <= degree_; ++a)
    for (unsigned b = 0; b <= degree_; ++b)
      for (unsigned k = 0; k < 2; ++k) {
        m[(4 * a + k) * ny + 4 * b + k] = mq[(3 * a + k) * nd + 3 * b + k];
        m[(4 * a + 2 + k) * ny + 4 * b + 2 + k] = mq[(3 * a + 2) * nd + 3 * b + 2];
      }
}

void PlanarBeamElement::add_distributed_load(double wx, double wz, double* f) const {
  for (const Point& g : mass_points_)
    for (unsigned a = 0; a <= degree_; ++a) {
      f[3 * a] += g.weight * g.n[a] * wx;
      f[3 * a + 1] += g.weight * g.n[a] * wz;
    }
}

void PlanarBeamElement::add_point_load(double xi, double fx, double fz, double* f) const {
  const Point g = point_at(xi, 0);
  for (unsigned a = 0; a <= degree_; ++a) {
    f[3 * a] += g.n[a] * fx;
    f[3 * a + 1] += g.n[a] * fz;
  }
}

void PlanarBeamElement::add_point(const PlanarBeamPoint& point) {
  if (!(point.xi >= 0 && point.xi <= 1))
    throw std::invalid_argument("a point term of a planar beam element needs xi in [0, 1]");
  points_.push_back(point);
  point_shapes_.push_back(point_at(point.xi, 0).n);
}

bool PlanarBeamElement::damped() const {
  for (const PlanarBeamPoint& p : points_)
    if (p.dashpot != 0)
      return true;
  return false;
}

void PlanarBeamElement::damping(double* c) const {
  const unsigned nd = n_dofs();
  for (unsigned i = 0; i < nd * nd; ++i)
    c[i] = 0;
  for (std::size_t k = 0; k < points_.size(); ++k)
    for (unsigned a = 0; a <= degree_; ++a)
      for (unsigned b = 0; b <= degree_; ++b) {
        const double cnn = points_[k].dashpot * point_shapes_[k][a] * point_shapes_[k][b];
        c[(3 * a) * nd + 3 * b] += cnn;
        c[(3 * a + 1) * nd + 3 * b + 1] += cnn;
      }
}

void PlanarBeamElement::set_steady_rotation(double rate, double hub_x, double hub_z) {
  rate_squared_ = rate * rate;
  hub_x_ = hub_x;
  hub_z_ = hub_z;
  const unsigned nd = n_dofs(), nodes = degree_ + 1;
  std::vector<double> m(nd * nd);
  // (this class's: a Hermite member's consistent mass couples x and z with theta; the
  // centrifugal potential takes the Lagrange interpolation of its translations)
  PlanarBeamElement::mass(m.data());
  rotating_mass_.assign(nodes * nodes, 0.0);
  for (unsigned a = 0; a < nodes; ++a)
    for (unsigned b = 0; b < nodes; ++b)
      rotating_mass_[a * nodes + b] = m[(3 * a) * nd + 3 * b];
}

double PlanarBeamElement::anchored_energy(const double* dofs, unsigned stride) const {
  double v = 0;
  const unsigned nodes = degree_ + 1;
  if (rate_squared_ != 0) // -Omega^2/2 sum M_ab (r_a - hub) . (r_b - hub)
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b)
        v -= 0.5 * rate_squared_ * rotating_mass_[a * nodes + b] *
             ((dofs[stride * a] - hub_x_) * (dofs[stride * b] - hub_x_) +
              (dofs[stride * a + 1] - hub_z_) * (dofs[stride * b + 1] - hub_z_));
  for (std::size_t k = 0; k < points_.size(); ++k) {
    if (points_[k].spring == 0)
      continue;
    double dx = -points_[k].anchor_x, dz = -points_[k].anchor_z;
    for (unsigned a = 0; a <= degree_; ++a) {
      dx += point_shapes_[k][a] * dofs[stride * a];
      dz += point_shapes_[k][a] * dofs[stride * a + 1];
    }
    v += 0.5 * points_[k].spring * (dx * dx + dz * dz);
  }
  return v;
}

// The spring's force k (r(xi) - anchor) at the mean of d0 and d1, on node a by N_a: a quadratic
// energy's exact discrete gradient (its midpoint derivative), and at d0 = d1 its gradient.
void PlanarBeamElement::add_anchored_forces(const double* d0, const double* d1, unsigned stride,
                                            double* f) const {
  const unsigned nodes = degree_ + 1;
  if (rate_squared_ != 0) // -Omega^2 sum_b M_ab (r_b - hub) at the mean
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b) {
        const double m = rate_squared_ * rotating_mass_[a * nodes + b];
        f[stride * a] -= m * (0.5 * (d0[stride * b] + d1[stride * b]) - hub_x_);
        f[stride * a + 1] -= m * (0.5 * (d0[stride * b + 1] + d1[stride * b + 1]) - hub_z_);
      }
  for (std::size_t k = 0; k < points_.size(); ++k) {
    if (points_[k].spring == 0)
      continue;
    double dx = -points_[k].anchor_x, dz = -points_[k].anchor_z;
    for (unsigned a = 0; a <= degree_; ++a) {
      const double n = point_shapes_[k][a];
      dx += 0.5 * n * (d0[stride * a] + d1[stride * a]);
      dz += 0.5 * n * (d0[stride * a + 1] + d1[stride * a + 1]);
    }
    for (unsigned a = 0; a <= degree_; ++a) {
      f[stride * a] += points_[k].spring * point_shapes_[k][a] * dx;
      f[stride * a + 1] += points_[k].spring * point_shapes_[k][a] * dz;
    }
  }
}

void PlanarBeamElement::add_anchored_stiffness(unsigned stride, double scale, double* k) const {
  const unsigned nd = stride * (degree_ + 1), nodes = degree_ + 1;
  if (rate_squared_ != 0)
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b) {
        const double m = scale * rate_squared_ * rotating_mass_[a * nodes + b];
        k[(stride * a) * nd + stride * b] -= m;
        k[(stride * a + 1) * nd + stride * b + 1] -= m;
      }
  for (std::size_t i = 0; i < points_.size(); ++i)
    for (unsigned a = 0; a <= degree_; ++a)
      for (unsigned b = 0; b <= degree_; ++b) {
        const double knn = scale * points_[i].spring * point_shapes_[i][a] * point_shapes_[i][b];
        k[(stride * a) * nd + stride * b] += knn;
        k[(stride * a + 1) * nd + stride * b + 1] += knn;
      }
}

} // namespace hamdyn
