#pragma once
// Checks the planar beam element's tests share: its forces are its energy's gradient and its
// tangent their derivative at DoFs q, by central differences (error h^2 times the third
// derivative: 1e-12 of the sizes the tests take).
#include "models/planar_beam_element.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace hamdyn::testing {

inline double largest(const std::vector<double>& v) {
  double m = 0;
  for (double x : v)
    m = std::max(m, std::abs(x));
  return m;
}

/// forces() against energy()'s central differences and tangent() against forces()'s, at q;
/// returns the forces (a test asserts they are not those of the reference).
inline std::vector<double> expect_forces_and_tangent_are_derivatives(const PlanarBeamElement& e,
                                                                     const std::vector<double>& q,
                                                                     const std::string& label) {
  const unsigned nd = e.n_dofs();
  std::vector<double> f(nd), k(nd * nd), fp(nd), fm(nd);
  e.forces(q.data(), f.data());
  e.tangent(q.data(), k.data());
  const double h = 1e-6;
  for (unsigned j = 0; j < nd; ++j) {
    std::vector<double> plus = q, minus = q;
    plus[j] += h;
    minus[j] -= h;
    EXPECT_NEAR(f[j], (e.energy(plus.data()) - e.energy(minus.data())) / (2 * h), 1e-7 * largest(f))
        << label << ", DoF " << j;
    e.forces(plus.data(), fp.data());
    e.forces(minus.data(), fm.data());
    for (unsigned i = 0; i < nd; ++i)
      EXPECT_NEAR(k[i * nd + j], (fp[i] - fm[i]) / (2 * h), 1e-7 * largest(k))
          << label << ", entry " << i << ", " << j;
  }
  return f;
}

/// The tip's displacement (x, z) and turn of a cantilever of n elements like e, e's reference
/// DoFs q0 shifted by (dx, dz) from one to the next, its first node clamped, under a tip force
/// (fx, fz): their tangents at the reference assembled and solved densely.
inline std::array<double, 3> cantilever_tip(const PlanarBeamElement& e,
                                            const std::vector<double>& q0, unsigned n, double dx,
                                            double dz, double fx, double fz) {
  const unsigned nd = e.n_dofs(), p = e.degree(), size = 3 * (n * p + 1);
  dealii::FullMatrix<double> k(size, size);
  dealii::Vector<double> f(size), u(size);
  std::vector<double> ke(nd * nd), q = q0;
  for (unsigned el = 0; el < n; ++el) {
    for (unsigned a = 0; a <= p; ++a) {
      q[3 * a] = q0[3 * a] + el * dx;
      q[3 * a + 1] = q0[3 * a + 1] + el * dz;
    }
    e.tangent(q.data(), ke.data());
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        k(3 * el * p + i, 3 * el * p + j) += ke[i * nd + j];
  }
  for (unsigned i = 0; i < 3; ++i) { // the clamp
    for (unsigned j = 0; j < size; ++j)
      k(i, j) = k(j, i) = 0;
    k(i, i) = 1;
  }
  f(size - 3) = fx;
  f(size - 2) = fz;
  k.gauss_jordan();
  k.vmult(u, f);
  return {{u(size - 3), u(size - 2), u(size - 1)}};
}

} // namespace hamdyn::testing
