#include "models/linear_timoshenko_member.h"

namespace hamdyn {

PlanarBeamStrains LinearTimoshenkoMember::linear_strains(const Point& g, const double* q) const {
  const double c0 = std::cos(reference_angle_), s0 = std::sin(reference_angle_);
  double ax = 0, az = 0, psi = rotation_offset_, kappa = 0;
  for (unsigned a = 0; a <= degree_; ++a) {
    ax += g.dn[a] * q[3 * a];
    az += g.dn[a] * q[3 * a + 1];
    psi += g.n[a] * q[3 * a + 2];
    kappa += g.dn[a] * q[3 * a + 2];
  }
  return {ax * c0 + az * s0 - 1, -ax * s0 + az * c0 - (psi - reference_angle_), kappa};
}

// B's columns (dG1, dG2, dK) / dq_i: Reissner's at the reference (G1 = G2 = 0, theta = alpha)
void LinearTimoshenkoMember::strain_rows(const Point& g,
                                         std::vector<std::array<double, 3>>& b) const {
  const double c0 = std::cos(reference_angle_), s0 = std::sin(reference_angle_);
  b.resize(n_dofs());
  for (unsigned a = 0; a <= degree_; ++a) {
    b[3 * a] = {{g.dn[a] * c0, -g.dn[a] * s0, 0}};
    b[3 * a + 1] = {{g.dn[a] * s0, g.dn[a] * c0, 0}};
    b[3 * a + 2] = {{0, -g.n[a], g.dn[a]}};
  }
}

PlanarBeamStrains LinearTimoshenkoMember::strains(const double* q, double xi) const {
  return linear_strains(point_at(xi, 0), q);
}

double LinearTimoshenkoMember::energy(const double* q) const {
  double v = 0;
  for (const Point& g : stiffness_points_)
    v += g.weight * energy_density(linear_strains(g, q));
  return v + anchored_energy(q, 3);
}

void LinearTimoshenkoMember::forces(const double* q, double* f) const {
  const unsigned nd = n_dofs();
  for (unsigned i = 0; i < nd; ++i)
    f[i] = 0;
  std::vector<std::array<double, 3>> b;
  for (const Point& g : stiffness_points_) {
    const PlanarBeamStrains e = linear_strains(g, q);
    strain_rows(g, b);
    const double n = g.weight * section_.axial_stiffness * e.axial,
                 s = g.weight * section_.shear_stiffness * e.shear,
                 m = g.weight * section_.bending_stiffness * e.curvature;
    for (unsigned i = 0; i < nd; ++i)
      f[i] += b[i][0] * n + b[i][1] * s + b[i][2] * m;
  }
  add_anchored_forces(q, q, 3, f);
}

void LinearTimoshenkoMember::tangent(const double* q, double* k) const {
  tangent_parts(q, k, nullptr);
}

void LinearTimoshenkoMember::tangent_parts(const double* q, double* k, double* geometric) const {
  clear_parts(k, geometric);
  std::vector<std::array<double, 3>> b;
  for (const Point& g : stiffness_points_) {
    strain_rows(g, b);
    const PlanarBeamStrains e = linear_strains(g, q);
    const double axial = g.weight * section_.axial_stiffness * e.axial,
                 shear = g.weight * section_.shear_stiffness * e.shear;
    add_point_stiffness(g, b, axial, shear, reference_angle_, axial, k, geometric);
  }
  add_anchored_stiffness(3, 1, k);
}

void LinearTimoshenkoMember::tangent_forms(const double* q, const double* u, double& material,
                                           double& geometric) const {
  // B at the reference (strains 0, the section at alpha), the linear section forces
  material = geometric = 0;
  for (const Point& g : stiffness_points_) {
    const PlanarBeamStrains e = linear_strains(g, q);
    const double axial = section_.axial_stiffness * e.axial,
                 shear = section_.shear_stiffness * e.shear;
    add_point_forms(g, u, reference_angle_, {}, axial, shear, axial, material, geometric);
  }
  material += anchored_form(u);
}

} // namespace hamdyn
