#include "studies/cable_motion.h"

#include "system/pivoted_band_lu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn {

unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt,
                    double tolerance) {
  const std::size_t n = s.x.size();
  // the unknown x1, starting from the constant-velocity guess x0 + dt v0
  std::vector<Vector2> x1(n);
  for (std::size_t i = 0; i < n; ++i)
    x1[i] = chain.held[i] ? s.x[i] : Vector2{s.x[i].x + dt * s.v[i].x, s.x[i].z + dt * s.v[i].z};
  std::vector<double> r(2 * n), dx(2 * n);
  std::vector<Vector2> lag(n); // x1 - x0 - dt v0, what M (2 / dt^2) turns into the inertia force
  PivotedBandLU j;
  for (unsigned iteration = 1; iteration <= 50; ++iteration) {
    // R = sum F_mean + p - M (2 (x1 - x0) / dt - 2 v0) / dt, and -dR/dx1 in band storage
    j.reinit(2 * n, 3, 3);
    const double c = 2 / (dt * dt);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t a : {0, 1})
        lag[i][a] = x1[i][a] - s.x[i][a] - dt * s.v[i][a];
    for (std::size_t i = 0; i < n; ++i) {
      const Vector2 inertia = mass.row_times(i, lag);
      for (std::size_t a : {0, 1}) {
        r[2 * i + a] = chain.loads[i][a] - c * inertia[a];
        j(2 * i + a, 2 * i + a) = c * mass.node[i];
        if (i + 1 < n) {
          j(2 * i + a, 2 * (i + 1) + a) = c * mass.element[i];
          j(2 * (i + 1) + a, 2 * i + a) = c * mass.element[i];
        }
      }
    }
    for (std::size_t k = 0; k + 1 < n; ++k) {
      Matrix2 slope{}; // d F_mean / d d1, d1 = x1_{k+1} - x1_k
      const Vector2 f = chain.elements[k].mean_force(chord(s.x, k), chord(x1, k), &slope);
      for (std::size_t a : {0, 1}) {
        r[2 * k + a] += f[a]; // on node k; -f on node k + 1
        r[2 * (k + 1) + a] -= f[a];
      }
      add_element_block(j, k, slope);
    }
    hold_rows(j, chain.held);
    for (std::size_t i = 0; i < n; ++i)
      if (chain.held[i])
        r[2 * i] = r[2 * i + 1] = 0;
    j.factorize();
    dx = r;
    j.solve(dx.data());
    double correction = 0, motion = 0, farthest = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t a : {0, 1}) {
        x1[i][a] += dx[2 * i + a];
        correction = std::max(correction, std::abs(dx[2 * i + a]));
        motion = std::max(motion, std::abs(x1[i][a] - s.x[i][a]));
        farthest = std::max(farthest, std::abs(x1[i][a]));
      }
    if (!std::isfinite(correction))
      break;
    // converged, or at the positions' round-off (a correction below a few ulps of x is noise)
    const double round_off = 16 * std::numeric_limits<double>::epsilon() * farthest;
    if (correction <= std::max(tolerance * motion, round_off)) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t a : {0, 1})
          s.v[i][a] = 2 * (x1[i][a] - s.x[i][a]) / dt - s.v[i][a];
      s.x = x1;
      s.t += dt;
      return iteration;
    }
  }
  throw std::runtime_error("the cable's step from t = " + std::to_string(s.t) +
                           " s did not converge (Newton's method on the midpoint rule)");
}

} // namespace hamdyn
