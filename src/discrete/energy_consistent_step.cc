#include "discrete/energy_consistent_step.h"

#include <cmath>
#include <limits>

namespace hamdyn {

DenseVector energy_consistent_residual(const LagrangeEquations& e, const DenseVector& q0,
                                       const DenseVector& v0, const DenseVector& q1,
                                       const DenseVector& v1, double t0, double h) {
  const std::size_t n = q0.size();
  const double t1 = t0 + h;
  std::vector<double> p0, p1, p01, gradient, unused;
  e.momenta(q0.begin(), v0.begin(), t0, p0, unused);
  e.momenta(q1.begin(), v1.begin(), t1, p1, unused);
  e.momenta(q0.begin(), v1.begin(), t0, p01, unused); // M(q0) v1
  DenseVector qm(n), vm(n), dq(n);
  for (std::size_t i = 0; i < n; ++i) {
    qm[i] = 0.5 * (q0[i] + q1[i]);
    vm[i] = 0.5 * (v0[i] + v1[i]);
    dq[i] = q1[i] - q0[i];
  }
  e.momenta(qm.begin(), vm.begin(), t0 + 0.5 * h, unused, gradient);
  const double v_0 = e.potential_energy(q0.begin(), t0), v_1 = e.potential_energy(q1.begin(), t1);
  // -dV + 1/2 v0^T (M1 - M0) v1 - dq . f_m, and the size of its terms (for round-off)
  double mismatch = v_0 - v_1, scale = std::abs(v_0) + std::abs(v_1);
  for (std::size_t i = 0; i < n; ++i) {
    mismatch += 0.5 * v0[i] * (p1[i] - p01[i]) - dq[i] * gradient[i];
    scale += std::abs(v0[i] * p1[i]) + std::abs(v0[i] * p01[i]) + std::abs(dq[i] * gradient[i]);
  }
  // The correction acts along the step of the coordinates that are not cyclic: T and V do not
  // depend on a cyclic q_c, so the mismatch comes from the others' step alone (it vanishes with
  // it, at O(h^2) of it), and the cyclic momenta, with dL/dq_c = 0, are then kept exactly too.
  DenseVector direction = dq;
  for (std::size_t i = 0; i < n; ++i)
    if (e.is_cyclic(i))
      direction[i] = 0;
  const double dq2 = direction.norm_sqr();
  // Where the mismatch is round-off of its terms (a step that barely moves), the correction
  // would divide round-off by |dq|^2: the midpoint force is then exact to round-off anyway.
  const bool correct =
      dq2 > 0 && std::abs(mismatch) > 64 * std::numeric_limits<double>::epsilon() * scale;
  LagrangeEquations::Forces f0, f1;
  e.forces(q0.begin(), v0.begin(), nullptr, t0, f0);
  e.forces(q1.begin(), v1.begin(), nullptr, t1, f1);
  DenseVector r(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double f = gradient[i] + (correct ? mismatch / dq2 * direction[i] : 0.0);
    r[i] = (p1[i] - p0[i]) / h - f - 0.5 * (f0.applied[i] + f1.applied[i]) +
           0.5 * (f0.dissipative[i] + f1.dissipative[i]);
  }
  return r;
}

} // namespace hamdyn
