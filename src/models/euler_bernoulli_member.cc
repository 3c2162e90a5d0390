#include "models/euler_bernoulli_member.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/lac/full_matrix.h>

#include <cmath>

namespace hamdyn {

namespace {
// d^k/dx^k of sum c_j x^j at x
double derivative(const std::vector<double>& c, unsigned k, double x) {
  double value = 0;
  for (std::size_t j = c.size(); j-- > k;) {
    double factor = 1;
    for (unsigned m = 0; m < k; ++m)
      factor *= double(j - m);
    value = value * x + factor * c[j];
  }
  return value;
}
} // namespace

EulerBernoulliMember::EulerBernoulliMember(unsigned degree, double length, double reference_angle,
                                           const PlanarBeamSection& section,
                                           PlanarBeamInterpolation interpolation)
    : PlanarBeamElement(degree, length, reference_angle, section, interpolation) {
  // Hermite interpolation of values and s-slopes at the p + 1 nodes by polynomials of degree
  // 2 p + 1 in x = 2 s / L - 1 (on [-1, 1] the conditions' matrix is far better conditioned
  // than in s), d/ds = (2 / L) d/dx: columns of the inverse of the conditions' matrix
  const unsigned nodes = degree + 1, size = 2 * nodes;
  dealii::FullMatrix<double> conditions(size, size);
  for (unsigned a = 0; a < nodes; ++a) {
    const double x = 2 * node_coordinate(a) / length - 1;
    for (unsigned j = 0; j < size; ++j) { // x^j and its s-derivative
      conditions(2 * a, j) = std::pow(x, j);
      conditions(2 * a + 1, j) = j == 0 ? 0.0 : 2 / length * j * std::pow(x, j - 1);
    }
  }
  conditions.gauss_jordan();
  for (unsigned a = 0; a < nodes; ++a) {
    std::vector<double> h(size), g(size);
    for (unsigned j = 0; j < size; ++j) {
      h[j] = conditions(j, 2 * a);
      g[j] = conditions(j, 2 * a + 1);
    }
    value_basis_.push_back(h);
    slope_basis_.push_back(g);
  }
  const dealii::QGauss<1> bending(2 * degree), geometric(3 * degree), inertia(2 * degree + 2);
  for (unsigned i = 0; i < inertia.size(); ++i)
    inertia_points_.push_back(hermite_point(inertia.point(i)[0], inertia.weight(i) * length));
  for (unsigned i = 0; i < bending.size(); ++i)
    bending_points_.push_back(hermite_point(bending.point(i)[0], bending.weight(i) * length));
  for (unsigned i = 0; i < geometric.size(); ++i)
    geometric_points_.push_back(hermite_point(geometric.point(i)[0], geometric.weight(i) * length));
}

EulerBernoulliMember::HermitePoint EulerBernoulliMember::hermite_point(double xi,
                                                                       double weight) const {
  HermitePoint g;
  g.weight = weight;
  const Point lagrange = point_at(xi, 0);
  g.n = lagrange.n;
  g.dn = lagrange.dn;
  const double x = 2 * xi - 1, d = 2 / length();
  for (unsigned a = 0; a <= degree(); ++a) {
    g.h.push_back(derivative(value_basis_[a], 0, x));
    g.g.push_back(derivative(slope_basis_[a], 0, x));
    g.dh.push_back(d * derivative(value_basis_[a], 1, x));
    g.ddh.push_back(d * d * derivative(value_basis_[a], 2, x));
    g.dddh.push_back(d * d * d * derivative(value_basis_[a], 3, x));
    g.dg.push_back(d * derivative(slope_basis_[a], 1, x));
    g.ddg.push_back(d * d * derivative(slope_basis_[a], 2, x));
    g.dddg.push_back(d * d * d * derivative(slope_basis_[a], 3, x));
  }
  return g;
}

// The nodes' places relative to node 0 (sum N_a' = sum H_a^(k) = 0: the same fields without the
// cancellation of large coordinates)
EulerBernoulliMember::Fields EulerBernoulliMember::fields(const HermitePoint& g,
                                                          const double* q) const {
  const double c0 = std::cos(reference_angle()), s0 = std::sin(reference_angle());
  Fields f;
  for (unsigned a = 0; a <= degree(); ++a) {
    const double dx = q[3 * a] - q[0], dz = q[3 * a + 1] - q[1];
    const double along = dx * c0 + dz * s0, across = -dx * s0 + dz * c0;
    const double phi = q[3 * a + 2] + rotation_offset() - reference_angle();
    f.axial += g.dn[a] * along;
    f.slope += g.dh[a] * across + g.dg[a] * phi;
    f.curvature += g.ddh[a] * across + g.ddg[a] * phi;
    f.curvature_rate += g.dddh[a] * across + g.dddg[a] * phi;
  }
  f.axial -= 1;
  return f;
}

void EulerBernoulliMember::rows(const HermitePoint& g,
                                std::vector<std::array<double, 3>>& b) const {
  const double c0 = std::cos(reference_angle()), s0 = std::sin(reference_angle());
  b.resize(n_dofs());
  for (unsigned a = 0; a <= degree(); ++a) {
    b[3 * a] = {{g.dn[a] * c0, -g.ddh[a] * s0, -g.dh[a] * s0}};
    b[3 * a + 1] = {{g.dn[a] * s0, g.ddh[a] * c0, g.dh[a] * c0}};
    b[3 * a + 2] = {{0, g.ddg[a], g.dg[a]}};
  }
}

PlanarBeamStrains EulerBernoulliMember::strains(const double* q, double xi) const {
  const Fields f = fields(hermite_point(xi, 0), q);
  return {f.axial, 0, f.curvature};
}

std::array<double, 3> EulerBernoulliMember::section_forces(const double* q, double xi) const {
  const Fields f = fields(hermite_point(xi, 0), q);
  const PlanarBeamSection& s = section();
  return {{s.axial_stiffness * f.axial, -s.bending_stiffness * f.curvature_rate,
           s.bending_stiffness * f.curvature}};
}

void EulerBernoulliMember::mass(double* m) const {
  const unsigned nd = n_dofs();
  const double c0 = std::cos(reference_angle()), s0 = std::sin(reference_angle());
  const double rho_a = section().mass_per_length, rho_i = section().rotary_inertia;
  for (unsigned i = 0; i < nd * nd; ++i)
    m[i] = 0;
  // per DoF its share of the rates u' (along), w' (across) and w_s' (the slope's) at a point
  std::vector<std::array<double, 3>> rate(nd);
  for (const HermitePoint& g : inertia_points_) {
    for (unsigned a = 0; a <= degree(); ++a) {
      rate[3 * a] = {{g.n[a] * c0, -g.h[a] * s0, -g.dh[a] * s0}};
      rate[3 * a + 1] = {{g.n[a] * s0, g.h[a] * c0, g.dh[a] * c0}};
      rate[3 * a + 2] = {{0, g.g[a], g.dg[a]}};
    }
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        m[i * nd + j] += g.weight * (rho_a * (rate[i][0] * rate[j][0] + rate[i][1] * rate[j][1]) +
                                     rho_i * rate[i][2] * rate[j][2]);
  }
  add_point_masses(m); // (the planar beam element's: at the nodes, where frames put them)
}

void EulerBernoulliMember::director_mass(double* m) const {
  // T^T M T, T: (x', z', t_x', t_z') -> (x', z', n0 . t') node by node
  const unsigned nd = n_dofs(), ny = n_director_dofs();
  const double n0x = -std::sin(reference_angle()), n0z = std::cos(reference_angle());
  std::vector<double> mq(nd * nd);
  mass(mq.data());
  const auto t = [&](unsigned i, unsigned y) { // T's entry (q row i, y column y)
    if (i / 3 != y / 4)
      return 0.0;
    const unsigned c = i % 3, d = y % 4;
    return c < 2 ? (c == d ? 1.0 : 0.0) : d == 2 ? n0x : d == 3 ? n0z : 0.0;
  };
  for (unsigned a = 0; a < ny; ++a)
    for (unsigned b = 0; b < ny; ++b) {
      double sum = 0;
      for (unsigned i = 3 * (a / 4); i < 3 * (a / 4) + 3; ++i)
        for (unsigned j = 3 * (b / 4); j < 3 * (b / 4) + 3; ++j)
          sum += t(i, a) * mq[i * nd + j] * t(j, b);
      m[a * ny + b] = sum;
    }
}

double EulerBernoulliMember::energy(const double* q) const {
  double v = 0;
  for (const HermitePoint& g : bending_points_) {
    const Fields f = fields(g, q);
    v += g.weight * energy_density({f.axial, 0, f.curvature});
  }
  return v + anchored_energy(q, 3);
}

void EulerBernoulliMember::forces(const double* q, double* out) const {
  const unsigned nd = n_dofs();
  for (unsigned i = 0; i < nd; ++i)
    out[i] = 0;
  std::vector<std::array<double, 3>> b;
  for (const HermitePoint& g : bending_points_) {
    const Fields f = fields(g, q);
    rows(g, b);
    const double n = g.weight * section().axial_stiffness * f.axial,
                 m = g.weight * section().bending_stiffness * f.curvature;
    for (unsigned i = 0; i < nd; ++i)
      out[i] += b[i][0] * n + b[i][1] * m;
  }
  add_anchored_forces(q, q, 3, out);
}

void EulerBernoulliMember::tangent(const double* q, double* k) const {
  tangent_parts(q, k, nullptr);
}

void EulerBernoulliMember::tangent_parts(const double* q, double* k, double* geometric) const {
  const unsigned nd = n_dofs();
  clear_parts(k, geometric);
  std::vector<std::array<double, 3>> b;
  for (const HermitePoint& g : bending_points_) {
    rows(g, b);
    const double ea = g.weight * section().axial_stiffness,
                 ei = g.weight * section().bending_stiffness;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        k[i * nd + j] += ea * b[i][0] * b[j][0] + ei * b[i][1] * b[j][1];
  }
  for (const HermitePoint& g : geometric_points_) {
    if (!geometric)
      break;
    rows(g, b);
    const double n = g.weight * section().axial_stiffness * fields(g, q).axial;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        geometric[i * nd + j] += n * b[i][2] * b[j][2];
  }
  add_anchored_stiffness(3, 1, k);
}

void EulerBernoulliMember::tangent_forms(const double* q, const double* u, double& material,
                                         double& geometric) const {
  material = geometric = 0;
  std::vector<std::array<double, 3>> b;
  const auto changes = [&](const HermitePoint& g) { // (du', dw'', dw') of u
    rows(g, b);
    std::array<double, 3> d{{0, 0, 0}};
    for (unsigned i = 0; i < n_dofs(); ++i)
      for (unsigned k = 0; k < 3; ++k)
        d[k] += b[i][k] * u[i];
    return d;
  };
  for (const HermitePoint& g : bending_points_) {
    const auto d = changes(g);
    material += g.weight * (section().axial_stiffness * d[0] * d[0] +
                            section().bending_stiffness * d[1] * d[1]);
  }
  for (const HermitePoint& g : geometric_points_) {
    const auto d = changes(g);
    geometric += g.weight * section().axial_stiffness * fields(g, q).axial * d[2] * d[2];
  }
  material += anchored_form(u);
}

} // namespace hamdyn
