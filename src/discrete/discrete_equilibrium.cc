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

// sum_k lambda_k d2f_k/dq2 at q (t = 0): the constraint forces' share of the stiffness on a
// curved manifold. Each row's acceleration term b(v) of C a + b = 0 is v^T H v + 2 f_qt . v +
// f_tt, a quadratic in v evaluated exactly (core/link_equations.h), so its Hessian follows by
// polarization without a step size: H_ij = (b(e_i + e_j) - b(e_i) - b(e_j) + b(0)) / 2 (0 for
// the linear Equations).
DenseMatrix constraint_curvature(const DiscreteSystem& system, const DenseVector& q,
                                 const DenseVector& lambda) {
  const std::size_t n = system.n();
  DenseMatrix h(n, n);
  if (!system.has_links())
    return h;
  auto weighted_bias = [&](std::size_t i, std::size_t j) { // lambda . b(e_i + e_j)
    DenseVector v(n);
    if (i < n)
      v[i] += 1;
    if (j < n)
      v[j] += 1;
    return lambda * system.constraints_at(q, &v, 0).bias;
  };
  const double at_rest = weighted_bias(n, n);
  std::vector<double> single(n);
  for (std::size_t i = 0; i < n; ++i)
    single[i] = weighted_bias(i, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j)
      h(i, j) = h(j, i) = 0.5 * (weighted_bias(i, j) - single[i] - single[j] + at_rest);
  return h;
}

} // namespace

DiscreteLinearization linearize_about_equilibrium(const DiscreteSystem& system) {
  const std::size_t n = system.n(), l_rows = system.n_constraints();
  DiscreteLinearization l;
  l.cyclic = system.cyclic_coordinates();
  const std::size_t nc = l.cyclic.size();
  std::vector<std::size_t> others; // r
  for (std::size_t i = 0; i < n; ++i)
    if (std::find(l.cyclic.begin(), l.cyclic.end(), i) == l.cyclic.end())
      others.push_back(i);
  l.equilibrium = system.initial_displacements();
  l.rates.reinit(n);
  l.momenta.reinit(nc);
  const DenseVector v0 = system.initial_velocities();
  const DenseVector p0 = system.momenta(l.equilibrium, v0, 0);
  for (std::size_t a = 0; a < nc; ++a) {
    l.momenta[a] = p0[l.cyclic[a]];
    l.rates[l.cyclic[a]] = v0[l.cyclic[a]];
  }
  // every row is held on positions (modes refuses non-holonomic links): the Equations' c . q at
  // its initial value, a holonomic link's f at 0
  DenseVector target = system.constraints_at(l.equilibrium, nullptr, 0).position;
  for (std::size_t r = system.n_equations(); r < l_rows; ++r)
    target[r] = 0;
  DenseVector lambda(l_rows);
  // Newton's method on (q, w, lambda): F(q, v) - A^T lambda = 0, p_c(q, v) = p_c(0) with
  // v = (0, w), and the rows' positions on their targets; the rows are scaled to K's size so that
  // the least-norm solve's cut-off treats both alike
  DenseMatrix stiffness, rates;
  constexpr unsigned max_iterations = 100;
  for (;; ++l.iterations) {
    const DenseVector f = steady_forces(system, l.equilibrium, l.rates, stiffness, rates);
    const DiscreteSystem::ConstraintRows rows = system.constraints_at(l.equilibrium, nullptr, 0);
    const DenseVector p = system.momenta(l.equilibrium, l.rates, 0);
    const DenseMatrix mass = system.mass_at(l.equilibrium, 0);
    stiffness.add(-1, constraint_curvature(system, l.equilibrium, lambda));
    // (K's size, or the forces' per unit of q where K vanishes: a pendulum under gravity alone
    // before its multiplier is known)
    const double size_of_k =
        std::max(stiffness.frobenius_norm(), f.l2_norm() / std::max(1.0, l.equilibrium.l2_norm()));
    const double scale = l_rows == 0 || size_of_k == 0 || rows.c.frobenius_norm() == 0
                             ? 1.0
                             : size_of_k / rows.c.frobenius_norm();
    const std::size_t size = n + nc + l_rows;
    DenseMatrix tangent(size, size);
    DenseVector r(size);
    for (std::size_t i = 0; i < n; ++i) {
      r[i] = f[i];
      for (std::size_t j = 0; j < n; ++j)
        tangent(i, j) = stiffness(i, j);
      for (std::size_t k = 0; k < l_rows; ++k) {
        r[i] -= rows.c(k, i) * lambda[k];
        tangent(i, n + nc + k) = -scale * rows.c(k, i);
        tangent(n + nc + k, i) = scale * rows.c(k, i);
      }
    }
    for (std::size_t a = 0; a < nc; ++a) {
      const std::size_t ca = l.cyclic[a];
      r[n + a] = p[ca] - l.momenta[a];
      for (std::size_t i = 0; i < n; ++i) {
        tangent(i, n + a) = rates(i, ca); // dF/dw
        tangent(n + a, i) = rates(ca, i); // dp_c/dq = C's row c (see the header)
      }
      for (std::size_t b = 0; b < nc; ++b)
        tangent(n + a, n + b) = mass(ca, l.cyclic[b]);
    }
    for (std::size_t k = 0; k < l_rows; ++k)
      r[n + nc + k] = scale * (rows.position[k] - target[k]);
    if (r.linfty_norm() == 0)
      break;
    const DenseVector dx = least_norm(tangent, r);
    DenseVector dq(n);
    for (std::size_t i = 0; i < n; ++i)
      dq[i] = dx[i];
    l.equilibrium -= dq;
    double dw = 0;
    for (std::size_t a = 0; a < nc; ++a) {
      l.rates[l.cyclic[a]] -= dx[n + a];
      dw = std::max(dw, std::abs(dx[n + a]) / std::max(1.0, std::abs(l.rates[l.cyclic[a]])));
    }
    DenseVector dl(l_rows);
    for (std::size_t k = 0; k < l_rows; ++k)
      dl[k] = scale * dx[n + nc + k];
    if (l_rows > 0) // (deal.II asserts non-empty vectors)
      lambda -= dl;
    // converged when the step is round-off of the coordinates, rates and multipliers
    // (quadratically, from one step on; a first step from lambda = 0 may leave q where
    // it is)
    if (dq.linfty_norm() <= 1e-13 * std::max(1.0, l.equilibrium.linfty_norm()) && dw <= 1e-13 &&
        (l_rows == 0 || dl.linfty_norm() <= 1e-12 * lambda.linfty_norm()))
      break;
    if (l.iterations == max_iterations || !std::isfinite(dx.linfty_norm()))
      throw CollectiveFailure("hamdyn modes: Newton's method found no equilibrium near the "
                              "initial state in " +
                              std::to_string(max_iterations) +
                              " iterations (a system under a force nothing holds has none)");
  }
  steady_forces(system, l.equilibrium, l.rates, stiffness, rates);
  stiffness.add(-1, constraint_curvature(system, l.equilibrium, lambda));
  const DenseMatrix mass = system.mass_at(l.equilibrium, 0);
  // E: the motions of r the rows allow at q* (the rows are 0 on the cyclic coordinates)
  std::vector<std::size_t> all_rows(l_rows);
  for (std::size_t k = 0; k < l_rows; ++k)
    all_rows[k] = k;
  const DenseMatrix allowed =
      null_space_of(block_of(system.constraints_at(l.equilibrium, nullptr, 0).c, all_rows, others),
                    others.size());
  if (allowed.n() == 0) // every coordinate cyclic (or held): only the cyclic drifts are left
    return l;
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
