#include "modal/mode_refinement.h"

#include "system/petsc_helpers.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace hamdyn {

namespace {
// The PETSc vectors of `v`, for the many-vector kernels (VecMDot, VecMAXPY): with hundreds of
// modes the Gram matrices and combinations are the refinement's cost, and these kernels read
// each vector once for several of them where a dot product at a time reads both every time.
std::vector<Vec> handles(const std::vector<LA::Vector>& v) {
  std::vector<Vec> result;
  result.reserve(v.size());
  for (const auto& vector : v)
    result.push_back(vector);
  return result;
}

// The Ritz vectors of the pencil (a, b) (LAPACK's dsygv, b positive definite; both are
// overwritten, and freed on return) ordered by ascending lambda, with their lambdas in `lambda`.
// `reciprocal`: a is M's Gram and b K - shift M's, the pencil's eigenvalues are
// 1 / (lambda - shift), and its vectors are scaled to v^T a v = 1.
std::vector<dealii::Vector<double>> ritz_vectors(dealii::LAPACKFullMatrix<double>& a,
                                                 dealii::LAPACKFullMatrix<double>& b,
                                                 bool reciprocal, double shift,
                                                 std::vector<double>& lambda) {
  const std::size_t n = a.m();
  std::vector<dealii::Vector<double>> vectors(n, dealii::Vector<double>(n));
  a.compute_generalized_eigenvalues_symmetric(b, vectors);
  std::vector<unsigned int> order(n);
  std::iota(order.begin(), order.end(), 0u);
  const auto lambda_of = [&](unsigned int i) {
    return reciprocal ? 1 / a.eigenvalue(i).real() + shift : a.eigenvalue(i).real();
  };
  std::sort(order.begin(), order.end(),
            [&](auto i, auto j) { return lambda_of(i) < lambda_of(j); });
  std::vector<dealii::Vector<double>> sorted(n);
  lambda.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    sorted[c].swap(vectors[order[c]]);
    lambda[c] = lambda_of(order[c]);
    if (reciprocal) // b-normalized there: v^T (K - shift M) v = 1, v^T M v = 1 / (lambda - shift)
      sorted[c] *= std::sqrt(lambda[c] - shift);
  }
  a.reinit(0);
  b.reinit(0);
  return sorted;
}

// `g` with rows and columns scaled: g_ij scale_i scale_j.
dealii::LAPACKFullMatrix<double> scaled(const dealii::LAPACKFullMatrix<double>& g,
                                        const std::vector<double>& scale) {
  dealii::LAPACKFullMatrix<double> result(g.m());
  for (std::size_t i = 0; i < g.m(); ++i)
    for (std::size_t j = 0; j < g.m(); ++j)
      result(i, j) = g(i, j) * scale[i] * scale[j];
  return result;
}

// Rayleigh-Ritz in span(y) from its Gram matrices (freed on return): y <- y C with M-normalized
// columns, ascending; `scratch` (as many vectors as y) receives the combination and is swapped
// in. Gram matrices in double suffice here: they set the combination, not the eigenvalues
// reported (the extended Rayleigh quotients of the combined vectors).
// LAPACK's dense solve is backward stable relative to the largest eigenvalue of the pencil it is
// given: K y = lambda M y leaves errors of eps lambda_max / gap in the lowest vectors, and
// M y = mu (K - shift M) y, mu = 1 / (lambda - shift), errors of eps mu_max / (gap of mu) in the
// highest (the shift below every lambda, as the eigensolver's, keeps K - shift M definite with
// rigid-body modes). With
// hundreds of a beam's modes lambda spans 10^12, and either alone loses the lowest modes'
// residuals (to 1e-4 at 1000 modes of a 5000-element beam) or the highest ones'. So both are
// solved, with the columns scaled to a unit diagonal of the pencil's b, and each vector is taken
// from the one that resolves it: the reciprocal below the geometric mean of lambda_1 - shift and
// lambda_max - shift, the direct one above (residuals below 3e-8 for every one of 600 such modes).
// Dense memory: 5 n^2 doubles.
void rayleigh_ritz(std::vector<LA::Vector>& y, std::vector<LA::Vector>& scratch,
                   dealii::LAPACKFullMatrix<double>& k, dealii::LAPACKFullMatrix<double>& m,
                   double shift) {
  const std::size_t n = y.size();
  for (std::size_t i = 0; i < n; ++i) // k becomes K - shift M's Gram matrix
    for (std::size_t j = 0; j < n; ++j)
      k(i, j) -= shift * m(i, j);
  std::vector<double> k_scale(n), m_scale(n);
  for (std::size_t i = 0; i < n; ++i) {
    k_scale[i] = 1 / std::sqrt(k(i, i));
    m_scale[i] = 1 / std::sqrt(m(i, i));
  }
  std::vector<double> lambda_direct, lambda_reciprocal;
  std::vector<dealii::Vector<double>> direct, reciprocal;
  {
    auto a = scaled(k, m_scale), b = scaled(m, m_scale);
    direct = ritz_vectors(a, b, false, 0, lambda_direct); // of K - shift M: lambda - shift
    for (double& lambda : lambda_direct)
      lambda += shift;
  }
  {
    auto a = scaled(m, k_scale), b = scaled(k, k_scale);
    k.reinit(0);
    m.reinit(0);
    reciprocal = ritz_vectors(a, b, true, shift, lambda_reciprocal);
  }
  const double seam =
      shift + std::sqrt((lambda_direct.front() - shift) * (lambda_direct.back() - shift));
  std::vector<Vec> columns = handles(y);
  std::vector<PetscScalar> coefficients(n);
  for (std::size_t c = 0; c < n; ++c) {
    const bool low = lambda_reciprocal[c] < seam;
    const auto& v = low ? reciprocal[c] : direct[c];
    const std::vector<double>& scale = low ? k_scale : m_scale;
    for (std::size_t i = 0; i < n; ++i)
      coefficients[i] = v[i] * scale[i];
    scratch[c] = 0;
    check_petsc(VecMAXPY(scratch[c], PetscInt(n), coefficients.data(), columns.data()));
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
  LA::Vector r(x[0]), m_v(x[0]), k_v(x[0]);
  // Rayleigh-Ritz in span(v) from the Gram matrices of the vectors v: v receives the combination
  // (`scratch`'s storage, which receives v's). K v_j is formed from v_j's own residual in extended
  // precision, K v_j = r + lambda M v_j: the assembled K's product would lose eps cond(K).
  auto rayleigh_ritz_of = [&](std::vector<LA::Vector>& v, std::vector<LA::Vector>& scratch) {
    dealii::LAPACKFullMatrix<double> k_gram(n), m_gram(n);
    const std::vector<Vec> columns = handles(v);
    std::vector<PetscScalar> products(n);
    for (std::size_t j = 0; j < n; ++j) {
      const ExtendedForms::Residual e = forms.residual(v[j], r);
      s.banded_vmult(SecondOrderSystem::banded_mass, v[j], m_v);
      k_v = r;
      k_v.add(double(e.stiffness / e.mass), m_v);
      check_petsc(VecMDot(m_v, PetscInt(n), columns.data(), products.data()));
      for (std::size_t i = 0; i < n; ++i)
        m_gram(i, j) = products[i];
      check_petsc(VecMDot(k_v, PetscInt(n), columns.data(), products.data()));
      for (std::size_t i = 0; i < n; ++i)
        k_gram(i, j) = products[i];
    }
    for (std::size_t i = 0; i < n; ++i) // symmetrized: each side is known to round-off
      for (std::size_t j = 0; j < i; ++j) {
        k_gram(i, j) = k_gram(j, i) = 0.5 * (k_gram(i, j) + k_gram(j, i));
        m_gram(i, j) = m_gram(j, i) = 0.5 * (m_gram(i, j) + m_gram(j, i));
      }
    rayleigh_ritz(v, scratch, k_gram, m_gram, shift);
  };
  // First Rayleigh-Ritz in span(x) itself: the shift-and-invert solves leave the higher pairs
  // contaminated by the lowest modes (the factorization's error along them grows with K's
  // condition: residuals of 10^3 at the 800th pair of a 5000-element beam, 4e-6 after it).
  rayleigh_ritz_of(x, d);
  // A step is inverse iteration with the shift on every vector, y = x - d with
  // d = (K - sigma M)^-1 r, followed by Rayleigh-Ritz in span(y). Only the part of d outside
  // span(x) is taken, d - X X^T M d (x is M-orthonormal): the Rayleigh-Ritz step sets the
  // combination inside the span, and the part of d inside it carries x_j's round-off along the
  // lowest modes amplified by lambda_j / lambda_1, which made the y_j nearly parallel and their
  // Gram matrices singular (hundreds of modes of a beam collapsed onto the first one).
  // The refinement stops when every residual is below refinement_tolerance, when a step no
  // longer halves the largest one (the round-off of x itself is reached), or after max_steps;
  // a step that made the largest residual worse is undone (the Gram matrices of some 900 vectors
  // round off near 1e-6), so that refining never leaves a pair worse than it found it.
  const unsigned int max_steps = 6;
  double previous = std::numeric_limits<double>::infinity();
  std::vector<LA::Vector> before; // the vectors before the last step, and their pairs
  RefinedEigenpairs result_before;
  for (unsigned int step = 0;; ++step) {
    double largest = 0;
    for (std::size_t k = 0; k < n; ++k) {
      std::tie(result.lambda[k], result.residual[k]) = evaluate(forms, x[k], r, d[k], solve);
      largest = std::max(largest, result.residual[k]);
    }
    result.iterations = step;
    if (step > 0 && !(largest <= previous)) {
      std::swap(x, before);
      return result_before;
    }
    if (step == max_steps || largest <= refinement_tolerance || !(largest < 0.5 * previous))
      break;
    previous = largest;
    before = x; // (deal.II's PETSc vectors copy their values on assignment)
    result_before = result;
    std::vector<Vec> x_columns = handles(x);
    std::vector<PetscScalar> products(n);
    for (std::size_t j = 0; j < n; ++j) { // y_j = x_j - (d_j - X X^T M d_j) in d's storage
      s.banded_vmult(SecondOrderSystem::banded_mass, d[j], m_v);
      d[j].sadd(-1.0, 1.0, x[j]);
      check_petsc(VecMDot(m_v, PetscInt(n), x_columns.data(), products.data()));
      check_petsc(VecMAXPY(d[j], PetscInt(n), products.data(), x_columns.data()));
    }
    rayleigh_ritz_of(d, x);
    std::swap(x, d);
  }
  return result;
}

} // namespace hamdyn
