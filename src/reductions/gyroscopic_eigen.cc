#include "reductions/gyroscopic_eigen.h"

#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>
#include <complex>

namespace hamdyn {

double gyroscopic_frequency(double k, double m, double g, double near) {
  const double root = std::sqrt(std::max(g * g + m * k, 0.0));
  const double plus = (-g + root) / m, minus = (-g - root) / m;
  return std::abs(plus - near) <= std::abs(minus - near) ? plus : minus;
}

GyroscopicModes gyroscopic_modes(const dealii::FullMatrix<double>& k,
                                 const dealii::FullMatrix<double>& m,
                                 const dealii::FullMatrix<double>& g, unsigned n) {
  const unsigned size = k.m();
  dealii::FullMatrix<double> m_inverse(m), mk(size, size), mg(size, size);
  m_inverse.gauss_jordan();
  m_inverse.mmult(mk, k);
  m_inverse.mmult(mg, g);
  dealii::LAPACKFullMatrix<double> first_order(2 * size, 2 * size);
  for (unsigned i = 0; i < size; ++i) {
    first_order(i, size + i) = 1;
    for (unsigned j = 0; j < size; ++j) {
      first_order(size + i, j) = -mk(i, j);
      first_order(size + i, size + j) = -mg(i, j);
    }
  }
  first_order.compute_eigenvalues();
  std::vector<double> omegas;
  for (unsigned i = 0; i < 2 * size; ++i) {
    const std::complex<double> lambda = first_order.eigenvalue(i);
    if (lambda.imag() > 0)
      omegas.push_back(lambda.imag());
  }
  std::sort(omegas.begin(), omegas.end());
  GyroscopicModes modes;
  for (std::size_t j = 0; j < omegas.size() && j < n; ++j) {
    // (K - w^2 M + i w G)(a + i b) = 0 at w a hair off the eigenvalue (an exactly singular LU
    // would stop LAPACK; inverse iteration needs only a shift near it)
    const double omega = omegas[j] * (1 + 1e-10);
    // as [K - w^2 M, -w G; w G, K - w^2 M] (a; b) = 0
    dealii::LAPACKFullMatrix<double> z(2 * size, 2 * size);
    for (unsigned r = 0; r < size; ++r)
      for (unsigned c = 0; c < size; ++c) {
        const double d = k(r, c) - omega * omega * m(r, c);
        z(r, c) = z(size + r, size + c) = d;
        z(r, size + c) = -omega * g(r, c);
        z(size + r, c) = omega * g(r, c);
      }
    z.compute_lu_factorization();
    // inverse iteration from a start with a share of every mode (not a symmetric pattern a
    // mode could be orthogonal to)
    dealii::Vector<double> x(2 * size);
    for (unsigned i = 0; i < 2 * size; ++i)
      x[i] = 1 + std::sin(1.0 + 0.7 * i);
    for (int iteration = 0; iteration < 2; ++iteration) {
      z.solve(x);
      x /= x.linfty_norm();
    }
    // the phase that makes the largest component real
    unsigned largest = 0;
    for (unsigned i = 0; i < size; ++i)
      if (std::hypot(x[i], x[size + i]) > std::hypot(x[largest], x[size + largest]))
        largest = i;
    const std::complex<double> turn = 1.0 / std::complex<double>(x[largest], x[size + largest]);
    dealii::Vector<double> a(size), b(size);
    for (unsigned i = 0; i < size; ++i) {
      const std::complex<double> u = std::complex<double>(x[i], x[size + i]) * turn;
      a[i] = u.real();
      b[i] = u.imag();
    }
    modes.omega.push_back(omegas[j]);
    modes.real.push_back(std::move(a));
    modes.imaginary.push_back(std::move(b));
  }
  return modes;
}

} // namespace hamdyn
