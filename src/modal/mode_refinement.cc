#include "modal/mode_refinement.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace hamdyn {

namespace {
// Rayleigh-Ritz in span(y) from its Gram matrices (LAPACK, diagonally scaled): y <- y C with
// M-normalized columns, ascending; `scratch` (as many vectors as y) receives the combination and
// is swapped in. Gram matrices in double suffice here: they set the combination, not the
// eigenvalues reported (the extended Rayleigh quotients of the combined vectors).
void rayleigh_ritz(std::vector<LA::Vector>& y, std::vector<LA::Vector>& scratch,
                   dealii::LAPACKFullMatrix<double>& k, dealii::LAPACKFullMatrix<double>& m) {
  const std::size_t n = y.size();
  std::vector<double> scale(n);
  for (std::size_t i = 0; i < n; ++i)
    scale[i] = 1 / std::sqrt(m(i, i));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      k(i, j) *= scale[i] * scale[j];
      m(i, j) *= scale[i] * scale[j];
    }
  std::vector<dealii::Vector<double>> vectors(n, dealii::Vector<double>(n));
  k.compute_generalized_eigenvalues_symmetric(m, vectors);
  std::vector<unsigned int> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](auto i, auto j) { return k.eigenvalue(i).real() < k.eigenvalue(j).real(); });
  for (std::size_t c = 0; c < n; ++c) {
    scratch[c] = 0;
    const auto& v = vectors[order[c]];
    for (std::size_t i = 0; i < n; ++i)
      scratch[c].add(v[i] * scale[i], y[i]);
  }
  std::swap(y, scratch);
}
} // namespace

namespace {
// x's Rayleigh quotient and its residual in the energy norm, sqrt(r^T (K - sigma M)^-1 r /
// x^T K x) with r = K x - lambda M x in extended precision; d receives (K - sigma M)^-1 r.
std::pair<double, double>
evaluate(const ExtendedForms& forms, const LA::Vector& x, LA::Vector& r, LA::Vector& d,
         const std::function<void(const LA::Vector&, LA::Vector&)>& solve) {
  const ExtendedForms::Residual e = forms.residual(x, r);
  solve(r, d);
  return {double(e.stiffness / e.mass), std::sqrt(std::max(r * d, 0.0) / double(e.stiffness))};
}

// Held rows are out of the problem (the decoupled rows' "modes"): zero in every vector.
void zero_held_rows(const SecondOrderSystem& s, std::vector<LA::Vector>& x) {
  for (auto& v : x) {
    for (const auto i : s.held_dofs)
      v(i) = 0;
    v.compress(dealii::VectorOperation::insert);
  }
}
} // namespace

RefinedEigenpairs
evaluate_eigenpairs(const ExtendedForms& forms, std::vector<LA::Vector>& x,
                    const std::function<void(const LA::Vector&, LA::Vector&)>& solve) {
  RefinedEigenpairs result;
  if (x.empty())
    return result;
  zero_held_rows(forms.system(), x);
  LA::Vector r(x[0]), d(x[0]);
  for (const auto& v : x) {
    const auto [lambda, residual] = evaluate(forms, v, r, d, solve);
    result.lambda.push_back(lambda);
    result.residual.push_back(residual);
  }
  return result;
}

RefinedEigenpairs
refine_eigenpairs(const ExtendedForms& forms, std::vector<LA::Vector>& x, double shift,
                  const std::function<void(const LA::Vector&, LA::Vector&)>& solve) {
  const SecondOrderSystem& s = forms.system();
  zero_held_rows(s, x);
  const std::size_t n = x.size();
  RefinedEigenpairs result;
  result.lambda.resize(n);
  result.residual.resize(n);
  std::vector<LA::Vector> d(n);
  for (auto& v : d)
    v.reinit(x[0]);
  LA::Vector r(x[0]), m_y(x[0]), m_d(x[0]);
  // A step is inverse iteration with the shift on every vector, y = x - d with
  // d = (K - sigma M)^-1 r, followed by Rayleigh-Ritz in span(y). Its Gram matrices need no
  // pass over the cells: since K x = r + lambda M x and K d = r + sigma M d,
  //   y_i^T K y_j = lambda_j y_i^T M y_j + (lambda_j - sigma) y_i^T M d_j.
  // The refinement stops when every residual is below refinement_tolerance, when a step no
  // longer halves the largest one (the round-off of x itself is reached), or after max_steps.
  const unsigned int max_steps = 6;
  double previous = std::numeric_limits<double>::infinity();
  for (unsigned int step = 0;; ++step) {
    double largest = 0;
    for (std::size_t k = 0; k < n; ++k) {
      std::tie(result.lambda[k], result.residual[k]) = evaluate(forms, x[k], r, d[k], solve);
      largest = std::max(largest, result.residual[k]);
    }
    result.iterations = step;
    if (step == max_steps || largest <= refinement_tolerance || !(largest < 0.5 * previous))
      break;
    previous = largest;
    for (std::size_t k = 0; k < n; ++k)
      x[k] -= d[k];
    dealii::LAPACKFullMatrix<double> k_gram(n), m_gram(n);
    for (std::size_t j = 0; j < n; ++j) {
      s.banded_vmult(SecondOrderSystem::banded_mass, x[j], m_y);
      s.banded_vmult(SecondOrderSystem::banded_mass, d[j], m_d);
      for (std::size_t i = 0; i < n; ++i) {
        m_gram(i, j) = x[i] * m_y;
        k_gram(i, j) = result.lambda[j] * m_gram(i, j) + (result.lambda[j] - shift) * (x[i] * m_d);
      }
    }
    for (std::size_t i = 0; i < n; ++i) // symmetrized: each side is known to round-off
      for (std::size_t j = 0; j < i; ++j) {
        k_gram(i, j) = k_gram(j, i) = 0.5 * (k_gram(i, j) + k_gram(j, i));
        m_gram(i, j) = m_gram(j, i) = 0.5 * (m_gram(i, j) + m_gram(j, i));
      }
    rayleigh_ritz(x, d, k_gram, m_gram); // d's storage takes the combination
  }
  return result;
}

} // namespace hamdyn
