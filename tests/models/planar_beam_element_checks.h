#pragma once
// Checks the planar beam element's tests share: its forces are its energy's gradient and its
// tangent their derivative at DoFs q, by central differences (error h^2 times the third
// derivative: 1e-12 of the sizes the tests take).
#include "models/planar_beam_element.h"

#include <gtest/gtest.h>

#include <algorithm>
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

} // namespace hamdyn::testing
