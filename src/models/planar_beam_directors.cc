// The director interpolation of models/planar_beam_element.h (Betsch & Steinmann, Int. J. Numer.
// Meth. Eng. 54:1775-1788, 2002, in the plane): the strains
//   G1 = r' . d - 1,   G2 = r' . J d,   K = J d . d'
// with d = sum N_a t_a, their derivatives and the discrete gradient they give.
#include "models/planar_beam_element.h"

#include <cmath>

namespace hamdyn {

namespace {
// J v, the quarter turn counterclockwise
inline double turned_x(double, double vz) {
  return -vz;
}
inline double turned_z(double vx, double) {
  return vx;
}
} // namespace

void PlanarBeamElement::director_dofs(const double* q, double* y) const {
  for (unsigned a = 0; a <= degree_; ++a) {
    y[4 * a] = q[3 * a];
    y[4 * a + 1] = q[3 * a + 1];
    y[4 * a + 2] = std::cos(q[3 * a + 2] + rotation_offset_);
    y[4 * a + 3] = std::sin(q[3 * a + 2] + rotation_offset_);
  }
}

std::array<double, 6> PlanarBeamElement::director_fields(const Point& g, const double* y) const {
  std::array<double, 6> f{};
  for (unsigned a = 0; a <= degree_; ++a) {
    f[0] += g.dn[a] * y[4 * a];
    f[1] += g.dn[a] * y[4 * a + 1];
    f[2] += g.n[a] * y[4 * a + 2];
    f[3] += g.n[a] * y[4 * a + 3];
    f[4] += g.dn[a] * y[4 * a + 2];
    f[5] += g.dn[a] * y[4 * a + 3];
  }
  return f;
}

namespace {
// (G1, G2, K) of the fields r', d, d'
std::array<double, 3> director_strains(const std::array<double, 6>& f) {
  const auto [ax, az, dx, dz, dsx, dsz] = f;
  return {{ax * dx + az * dz - 1, -ax * dz + az * dx, dx * dsz - dz * dsx}};
}
} // namespace

void PlanarBeamElement::mean_fields(const Point& g, const double* y0, const double* y1,
                                    std::array<double, 6>& mean, std::array<double, 6>& at_y1,
                                    std::array<double, 3>& strains0,
                                    std::array<double, 3>& strains1) const {
  const auto at_y0 = director_fields(g, y0);
  at_y1 = director_fields(g, y1);
  strains0 = director_strains(at_y0);
  strains1 = director_strains(at_y1);
  for (unsigned i = 0; i < 6; ++i)
    mean[i] = 0.5 * (at_y0[i] + at_y1[i]);
}

double PlanarBeamElement::director_energy(const double* y) const {
  double v = 0;
  for (const Point& g : stiffness_points_) {
    const auto e = director_strains(director_fields(g, y));
    v += 0.5 * g.weight *
         (section_.axial_stiffness * e[0] * e[0] + section_.shear_stiffness * e[1] * e[1] +
          section_.bending_stiffness * e[2] * e[2]);
  }
  return v + anchored_energy(y, 4);
}

// With the mean section forces N, Q, M (C times the strains' mean, times the weight) and the
// fields at the midpoint, for node a:
//   dG1 = N_a' d . dr_a + N_a r' . dt_a,      dG2 = N_a' J d . dr_a - N_a J r' . dt_a,
//   dK = (-N_a J d' + N_a' J d) . dt_a         (a . J b = -J a . b).
void PlanarBeamElement::mean_forces(const double* y0, const double* y1, double* f) const {
  const unsigned nd = n_director_dofs();
  for (unsigned i = 0; i < nd; ++i)
    f[i] = 0;
  for (const Point& g : stiffness_points_) {
    std::array<double, 6> m, f1;
    std::array<double, 3> e0, e1;
    mean_fields(g, y0, y1, m, f1, e0, e1);
    const auto [ax, az, dx, dz, dsx, dsz] = m;
    const double axial = 0.5 * g.weight * section_.axial_stiffness * (e0[0] + e1[0]),
                 shear = 0.5 * g.weight * section_.shear_stiffness * (e0[1] + e1[1]),
                 moment = 0.5 * g.weight * section_.bending_stiffness * (e0[2] + e1[2]);
    // on r': N d + Q J d; on d (times N_a): N r' - Q J r' - M J d'; on d' (times N_a'): M J d
    const double rx = axial * dx + shear * turned_x(dx, dz),
                 rz = axial * dz + shear * turned_z(dx, dz);
    const double tx = axial * ax - shear * turned_x(ax, az) - moment * turned_x(dsx, dsz),
                 tz = axial * az - shear * turned_z(ax, az) - moment * turned_z(dsx, dsz);
    const double sx = moment * turned_x(dx, dz), sz = moment * turned_z(dx, dz);
    for (unsigned a = 0; a <= degree_; ++a) {
      f[4 * a] += g.dn[a] * rx;
      f[4 * a + 1] += g.dn[a] * rz;
      f[4 * a + 2] += g.n[a] * tx + g.dn[a] * sx;
      f[4 * a + 3] += g.n[a] * tz + g.dn[a] * sz;
    }
  }
  add_anchored_forces(y0, y1, 4, f);
}

// The strains' second derivatives are constant (each strain is quadratic):
//   d2G1 / dr_a dt_b = N_a' N_b I,   d2G2 / dr_a dt_b = N_a' N_b J,
//   d2K / dt_a dt_b = (N_a' N_b - N_a N_b') J,
// the others 0.
void PlanarBeamElement::mean_tangent(const double* y0, const double* y1, double material,
                                     double geometric, double* k) const {
  const unsigned nd = n_director_dofs();
  for (unsigned i = 0; i < nd * nd; ++i)
    k[i] = 0;
  std::vector<std::array<double, 3>> bm(nd), b1(nd); // B's columns at y_m and at y1
  const auto columns = [&](const Point& g, const std::array<double, 6>& f,
                           std::vector<std::array<double, 3>>& b) {
    const auto [ax, az, dx, dz, dsx, dsz] = f;
    for (unsigned a = 0; a <= degree_; ++a) {
      b[4 * a] = {{g.dn[a] * dx, g.dn[a] * turned_x(dx, dz), 0}};
      b[4 * a + 1] = {{g.dn[a] * dz, g.dn[a] * turned_z(dx, dz), 0}};
      b[4 * a + 2] = {{g.n[a] * ax, -g.n[a] * turned_x(ax, az),
                       -g.n[a] * turned_x(dsx, dsz) + g.dn[a] * turned_x(dx, dz)}};
      b[4 * a + 3] = {{g.n[a] * az, -g.n[a] * turned_z(ax, az),
                       -g.n[a] * turned_z(dsx, dsz) + g.dn[a] * turned_z(dx, dz)}};
    }
  };
  for (const Point& g : stiffness_points_) {
    std::array<double, 6> m, f1;
    std::array<double, 3> e0, e1;
    mean_fields(g, y0, y1, m, f1, e0, e1);
    columns(g, m, bm);
    columns(g, f1, b1);
    const double ea = material * g.weight * section_.axial_stiffness,
                 ga = material * g.weight * section_.shear_stiffness,
                 ei = material * g.weight * section_.bending_stiffness;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        k[i * nd + j] +=
            ea * bm[i][0] * b1[j][0] + ga * bm[i][1] * b1[j][1] + ei * bm[i][2] * b1[j][2];
    const double w = geometric * g.weight * 0.5;
    const double axial = w * section_.axial_stiffness * (e0[0] + e1[0]),
                 shear = w * section_.shear_stiffness * (e0[1] + e1[1]),
                 moment = w * section_.bending_stiffness * (e0[2] + e1[2]);
    // N I + Q J and M J as 2 x 2 blocks (J = [[0, -1], [1, 0]])
    const double rt[2][2] = {{axial, -shear}, {shear, axial}};
    for (unsigned a = 0; a <= degree_; ++a)
      for (unsigned bb = 0; bb <= degree_; ++bb) {
        const double rd = g.dn[a] * g.n[bb];
        const double tt = moment * (g.dn[a] * g.n[bb] - g.n[a] * g.dn[bb]);
        for (unsigned i = 0; i < 2; ++i)
          for (unsigned j = 0; j < 2; ++j) {
            k[(4 * a + i) * nd + 4 * bb + 2 + j] += rd * rt[i][j];
            k[(4 * bb + 2 + j) * nd + 4 * a + i] += rd * rt[i][j];
          }
        k[(4 * a + 2) * nd + 4 * bb + 3] -= tt;
        k[(4 * a + 3) * nd + 4 * bb + 2] += tt;
      }
  }
  // the springs' mean force k N (r0 + r1) / 2 . N: its derivative by y1 is half their stiffness,
  // as the material part's weight (1/2) says
  add_anchored_stiffness(4, material, k);
}

double PlanarBeamElement::director_energy_of(const double* q) const {
  std::vector<double> y(n_director_dofs());
  director_dofs(q, y.data());
  return director_energy(y.data());
}

// dV/dtheta_a = J t_a . dV/dt_a (dt_a / dtheta_a = J t_a)
void PlanarBeamElement::director_forces_of(const double* q, double* f) const {
  std::vector<double> y(n_director_dofs()), fy(n_director_dofs());
  director_dofs(q, y.data());
  mean_forces(y.data(), y.data(), fy.data());
  for (unsigned a = 0; a <= degree_; ++a) {
    const double tx = y[4 * a + 2], tz = y[4 * a + 3];
    f[3 * a] = fy[4 * a];
    f[3 * a + 1] = fy[4 * a + 1];
    f[3 * a + 2] = turned_x(tx, tz) * fy[4 * a + 2] + turned_z(tx, tz) * fy[4 * a + 3];
  }
}

// K_q = T^T K_y T + diag(d(J t_a)/dtheta_a . dV/dt_a) with T the chain's columns (J t_a for
// theta_a) and d(J t_a)/dtheta_a = -t_a.
void PlanarBeamElement::director_tangent_of(const double* q, double* k) const {
  const unsigned ny = n_director_dofs(), nq = n_dofs();
  std::vector<double> y(ny), fy(ny), ky(ny * ny);
  director_dofs(q, y.data());
  mean_forces(y.data(), y.data(), fy.data());
  mean_tangent(y.data(), y.data(), 1, 1, ky.data());
  // the columns of T: DoF i of q as a combination of y's (at most two entries)
  const auto map = [&](unsigned i, unsigned& j0, double& c0, unsigned& j1, double& c1) {
    const unsigned a = i / 3, c = i % 3;
    if (c < 2) {
      j0 = j1 = 4 * a + c;
      c0 = 1;
      c1 = 0;
    } else {
      j0 = 4 * a + 2;
      j1 = 4 * a + 3;
      c0 = turned_x(y[j0], y[j1]);
      c1 = turned_z(y[j0], y[j1]);
    }
  };
  for (unsigned i = 0; i < nq; ++i) {
    unsigned i0, i1;
    double a0, a1;
    map(i, i0, a0, i1, a1);
    for (unsigned j = 0; j < nq; ++j) {
      unsigned j0, j1;
      double b0, b1;
      map(j, j0, b0, j1, b1);
      k[i * nq + j] = a0 * (ky[i0 * ny + j0] * b0 + ky[i0 * ny + j1] * b1) +
                      a1 * (ky[i1 * ny + j0] * b0 + ky[i1 * ny + j1] * b1);
    }
    if (i % 3 == 2)
      k[i * nq + i] -= y[i0] * fy[i0] + y[i1] * fy[i1];
  }
}

} // namespace hamdyn
