#include "discrete/discrete_equilibrium.h"

#include "core/failure_message.h"
#include "reductions/dense_eigen.h"

#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
// The forces of the motion (q, v) at t = 0 with a = 0: the springs', the energies' g_c + g_d - Q,
// less the external forces; K = dF/dq and C = dF/dv there (the elements' dashpots left out, as
// modes leave damping out).
DenseVector steady_forces(const DiscreteSystem& system, const DenseVector& q, const DenseVector& v,
                          DenseMatrix& k, DenseMatrix& c) {
  const std::size_t n = system.n();
  DenseVector springs, dashpots;
  k.reinit(n, n);
  c.reinit(n, n);
  system.internal_forces(q, v, springs, dashpots, &k);
  DenseVector f = springs;
  f += system.energy_forces(q, v, 0);
  f -= system.external_forces(0);
  if (system.energies()) {
    LagrangeEquations::Tangents d;
    const DenseVector rest(n);
    system.energies()->tangents(q.begin(), v.begin(), rest.begin(), 0, d);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        k(i, j) += d.forces_q[i * n + j];
        c(i, j) = d.forces_v[i * n + j];
      }
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

// The rows `rows` and columns `columns` of a.
DenseMatrix block_of(const DenseMatrix& a, const std::vector<std::size_t>& rows,
                     const std::vector<std::size_t>& columns) {
  DenseMatrix b(rows.size(), columns.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < columns.size(); ++j)
      b(i, j) = a(rows[i], columns[j]);
  return b;
}

// a - b c^-1 d (deal.II's FullMatrix has no empty products: c is at least 1 x 1 here)
DenseMatrix schur(const DenseMatrix& a, const DenseMatrix& b, const DenseMatrix& inverse_c,
                  const DenseMatrix& d) {
  DenseMatrix cd(inverse_c.m(), d.n()), bcd(b.m(), d.n()), r = a;
  inverse_c.mmult(cd, d);
  b.mmult(bcd, cd);
  r.add(-1, bcd);
  return r;
}

// E^T A E
DenseMatrix projected(const DenseMatrix& e, const DenseMatrix& a) {
  DenseMatrix ae(a.m(), e.n()), r(e.n(), e.n());
  a.mmult(ae, e);
  e.Tmmult(r, ae);
  return r;
}
} // namespace

DiscreteLinearization linearize_about_equilibrium(const DiscreteSystem& system) {
  const std::size_t n = system.n();
  DiscreteLinearization l;
  l.cyclic = system.cyclic_coordinates();
  const std::size_t nc = l.cyclic.size();
  std::vector<std::size_t> others; // r
  for (std::size_t i = 0; i < n; ++i)
    if (std::find(l.cyclic.begin(), l.cyclic.end(), i) == l.cyclic.end())
      others.push_back(i);
  // E: the motions of r the constraints allow (their rows are 0 on the cyclic coordinates), as
  // n-vectors
  const DenseMatrix& constraints = system.constraint_matrix();
  std::vector<std::size_t> all_rows(constraints.m());
  for (std::size_t r = 0; r < all_rows.size(); ++r)
    all_rows[r] = r;
  const DenseMatrix allowed = null_space_of(block_of(constraints, all_rows, others), others.size());
  const std::size_t k = allowed.n();
  DenseMatrix e(n, k);
  for (std::size_t a = 0; a < others.size(); ++a)
    for (std::size_t j = 0; j < k; ++j)
      e(others[a], j) = allowed(a, j);

  l.equilibrium = system.initial_displacements();
  l.rates.reinit(n);
  l.momenta.reinit(nc);
  const DenseVector p0 = system.momenta(l.equilibrium, system.initial_velocities(), 0);
  for (std::size_t a = 0; a < nc; ++a) {
    l.momenta[a] = p0[l.cyclic[a]];
    l.rates[l.cyclic[a]] = system.initial_velocities()[l.cyclic[a]];
  }
  // Newton's method on (z, w): E^T F(q, v) = 0 and p_c(q, v) = p_c(0), v = (0, w)
  DenseMatrix stiffness, rates;
  constexpr unsigned max_iterations = 100;
  for (;; ++l.iterations) {
    const DenseVector f = steady_forces(system, l.equilibrium, l.rates, stiffness, rates);
    const DenseVector p = system.momenta(l.equilibrium, l.rates, 0);
    const DenseMatrix mass = system.mass_at(l.equilibrium, 0);
    DenseVector r(k + nc);
    DenseVector ef(k);
    e.Tvmult(ef, f);
    for (std::size_t j = 0; j < k; ++j)
      r[j] = ef[j];
    for (std::size_t a = 0; a < nc; ++a)
      r[k + a] = p[l.cyclic[a]] - l.momenta[a];
    if (r.linfty_norm() == 0)
      break;
    DenseMatrix tangent(k + nc, k + nc);
    const DenseMatrix ke = projected(e, stiffness);
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j)
        tangent(i, j) = ke(i, j);
    for (std::size_t a = 0; a < nc; ++a) {
      const std::size_t ca = l.cyclic[a];
      for (std::size_t j = 0; j < k; ++j)
        for (std::size_t i = 0; i < n; ++i) {
          tangent(j, k + a) += e(i, j) * rates(i, ca); // dF/dw
          tangent(k + a, j) += rates(ca, i) * e(i, j); // dp_c/dq = C's row c (see the header)
        }
      for (std::size_t b = 0; b < nc; ++b)
        tangent(k + a, k + b) = mass(ca, l.cyclic[b]);
    }
    const DenseVector dx = least_norm(tangent, r);
    DenseVector dq(n), dz(k);
    for (std::size_t j = 0; j < k; ++j)
      dz[j] = dx[j];
    e.vmult(dq, dz);
    l.equilibrium -= dq;
    double dw = 0;
    for (std::size_t a = 0; a < nc; ++a) {
      l.rates[l.cyclic[a]] -= dx[k + a];
      dw = std::max(dw, std::abs(dx[k + a]) / std::max(1.0, std::abs(l.rates[l.cyclic[a]])));
    }
    // converged when the step is round-off of the coordinates and rates (quadratically, from one
    // step on)
    if (dq.linfty_norm() <= 1e-13 * std::max(1.0, l.equilibrium.linfty_norm()) && dw <= 1e-13)
      break;
    if (l.iterations == max_iterations || !std::isfinite(dx.linfty_norm()))
      throw CollectiveFailure("hamdyn modes: Newton's method found no equilibrium near the "
                              "initial state in " +
                              std::to_string(max_iterations) +
                              " iterations (a system under a force nothing holds has none)");
  }
  if (k == 0) // every coordinate cyclic (or held): only the cyclic drifts are left
    return l;
  steady_forces(system, l.equilibrium, l.rates, stiffness, rates);
  DenseMatrix mass = system.mass_at(l.equilibrium, 0);
  // the reduced M_R, G_R, K_R over r (the header's equations), then on E's motions
  DenseMatrix m_r = block_of(mass, others, others), g_r = block_of(rates, others, others),
              k_r = block_of(stiffness, others, others);
  if (nc > 0) {
    DenseMatrix inverse(nc, nc);
    inverse.invert(block_of(mass, l.cyclic, l.cyclic));
    const DenseMatrix m_rc = block_of(mass, others, l.cyclic),
                      m_cr = block_of(mass, l.cyclic, others),
                      c_rc = block_of(rates, others, l.cyclic),
                      p = block_of(rates, l.cyclic, others);
    m_r = schur(m_r, m_rc, inverse, m_cr);
    g_r = schur(schur(g_r, m_rc, inverse, p), c_rc, inverse, m_cr);
    k_r = schur(k_r, c_rc, inverse, p);
  }
  l.mass = projected(allowed, m_r);
  l.stiffness = projected(allowed, k_r);
  DenseMatrix skew(others.size(), others.size()); // the gyroscopic part: G_R's skew part
  for (std::size_t i = 0; i < others.size(); ++i)
    for (std::size_t j = 0; j < others.size(); ++j)
      skew(i, j) = 0.5 * (g_r(i, j) - g_r(j, i));
  l.gyroscopic = projected(allowed, skew);
  // round-off of a symmetric tangent is no gyroscopic coupling
  if (l.gyroscopic.frobenius_norm() <=
      1e-13 * std::max(l.mass.frobenius_norm(), l.stiffness.frobenius_norm()))
    l.gyroscopic = 0;
  return l;
}

std::vector<LinearizedMode> linearized_modes(const DiscreteLinearization& l) {
  const std::size_t k = l.mass.m();
  std::vector<LinearizedMode> modes(l.cyclic.size(), LinearizedMode{0, 0}); // each cyclic drift
  if (k == 0)
    return modes;
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
