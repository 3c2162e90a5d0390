#include "discrete/discrete_equilibrium.h"

#include "core/failure_message.h"
#include "reductions/dense_eigen.h"

#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
// The static forces at rest at t = 0 and, with `tangent`, their derivative dF/dq.
DenseVector static_forces(const DiscreteSystem& system, const DenseVector& q,
                          DenseMatrix* tangent) {
  const std::size_t n = system.n();
  DenseVector springs, dashpots;
  const DenseVector rest(n);
  if (tangent)
    tangent->reinit(n, n);
  system.internal_forces(q, rest, springs, dashpots, tangent);
  DenseVector f = springs;
  f += system.energy_forces(q, rest, 0);
  f -= system.external_forces(0);
  if (tangent && system.energies()) {
    LagrangeEquations::Tangents d;
    system.energies()->tangents(q.begin(), rest.begin(), rest.begin(), 0, d);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k)
        (*tangent)(i, k) += d.forces_q[i * n + k];
  }
  return f;
}

// x = A^+ b, the least-norm solution (singular values below 1e-12 of the largest dropped).
DenseVector least_norm(const DenseMatrix& a, const DenseVector& b) {
  dealii::LAPACKFullMatrix<double> inverse(a.m(), a.n());
  inverse = a;
  const double scale = std::max(a.frobenius_norm(), 1e-300);
  inverse.compute_inverse_svd(1e-12 * scale);
  DenseVector x(a.n());
  inverse.vmult(x, b);
  return x;
}
} // namespace

DiscreteLinearization linearize_about_equilibrium(const DiscreteSystem& system) {
  const DenseMatrix& null_space = system.null_space();
  const std::size_t n = system.n(), k = null_space.n();
  DiscreteLinearization l;
  l.equilibrium = system.initial_displacements();
  DenseMatrix tangent;
  constexpr unsigned max_iterations = 100;
  for (;; ++l.iterations) {
    const DenseVector f = static_forces(system, l.equilibrium, &tangent);
    DenseVector r(k);
    null_space.Tvmult(r, f);
    if (r.linfty_norm() == 0)
      break;
    const DenseVector dz = least_norm(system.on_null_space(tangent), r);
    DenseVector dq(n);
    null_space.vmult(dq, dz);
    l.equilibrium -= dq;
    // converged when the step is round-off of the coordinates (quadratically, from one step on)
    if (dq.linfty_norm() <= 1e-13 * std::max(1.0, l.equilibrium.linfty_norm()))
      break;
    if (l.iterations == max_iterations || !std::isfinite(dq.linfty_norm()))
      throw CollectiveFailure("hamdyn modes: Newton's method found no equilibrium near the "
                              "initial state in " +
                              std::to_string(max_iterations) +
                              " iterations (a system under a force nothing holds has none)");
  }
  static_forces(system, l.equilibrium, &tangent);
  l.stiffness = system.on_null_space(tangent);
  l.mass = system.on_null_space(system.mass_at(l.equilibrium, 0));
  l.gyroscopic.reinit(k, k);
  if (system.energies()) {
    LagrangeEquations::Tangents d;
    const DenseVector rest(n);
    system.energies()->tangents(l.equilibrium.begin(), rest.begin(), rest.begin(), 0, d);
    DenseMatrix rates(n, n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        rates(i, j) = 0.5 * (d.forces_v[i * n + j] - d.forces_v[j * n + i]); // the skew part
    l.gyroscopic = system.on_null_space(rates);
    // round-off of a symmetric tangent is no gyroscopic coupling
    if (l.gyroscopic.frobenius_norm() <=
        1e-13 * std::max(l.mass.frobenius_norm(), l.stiffness.frobenius_norm()))
      l.gyroscopic = 0;
  }
  return l;
}

std::vector<LinearizedMode> linearized_modes(const DiscreteLinearization& l) {
  const std::size_t k = l.mass.m();
  std::vector<LinearizedMode> modes;
  DenseMatrix asymmetry(k, k);
  asymmetry.copy_transposed(l.stiffness);
  asymmetry.add(-1, l.stiffness);
  // a symmetric K without G: the symmetric problem; a follower force's K or G: the first-order
  // form
  const bool symmetric = asymmetry.frobenius_norm() <= 1e-13 * l.stiffness.frobenius_norm();
  if (!l.has_gyroscopic() && symmetric) {
    std::vector<double> squares = generalized_eigenvalues(l.stiffness, l.mass);
    const double round_off = squares.empty() ? 0 : 1e-10 * std::abs(squares.back());
    for (const double w2 : squares) {
      if (std::abs(w2) <= round_off)
        modes.push_back({0, 0});
      else
        modes.push_back(w2 > 0 ? LinearizedMode{std::sqrt(w2), 0}
                               : LinearizedMode{0, std::sqrt(-w2)});
    }
  } else {
    // [0, I; -M^-1 K, -M^-1 G]: its 2k eigenvalues come as lambda, -lambda-bar (Hamiltonian
    // symmetry), so each mode's (|Im|, |Re|) appears twice
    DenseMatrix inverse_mass(k, k), mk(k, k), mg(k, k);
    inverse_mass.invert(l.mass);
    inverse_mass.mmult(mk, l.stiffness);
    inverse_mass.mmult(mg, l.gyroscopic);
    dealii::LAPACKFullMatrix<double> a(2 * k, 2 * k);
    for (std::size_t i = 0; i < k; ++i) {
      a(i, k + i) = 1;
      for (std::size_t j = 0; j < k; ++j) {
        a(k + i, j) = -mk(i, j);
        a(k + i, k + j) = -mg(i, j);
      }
    }
    a.compute_eigenvalues();
    std::vector<LinearizedMode> all;
    double largest = 0;
    for (unsigned int m = 0; m < 2 * k; ++m)
      largest = std::max(largest, std::abs(a.eigenvalue(m)));
    for (unsigned int m = 0; m < 2 * k; ++m) {
      const std::complex<double> lambda = a.eigenvalue(m);
      const double round_off = 1e-10 * largest;
      all.push_back({std::abs(lambda.imag()) <= round_off ? 0 : std::abs(lambda.imag()),
                     std::abs(lambda.real()) <= round_off ? 0 : std::abs(lambda.real())});
    }
    std::sort(all.begin(), all.end(), [](const LinearizedMode& a, const LinearizedMode& b) {
      return a.omega != b.omega ? a.omega < b.omega : a.growth_rate < b.growth_rate;
    });
    for (std::size_t m = 0; m < all.size(); m += 2)
      modes.push_back(all[m]);
  }
  // ascending in omega, the divergent modes (omega 0) first
  std::stable_sort(
      modes.begin(), modes.end(),
      [](const LinearizedMode& a, const LinearizedMode& b) { return a.omega < b.omega; });
  return modes;
}

} // namespace hamdyn
