#include "time/matrix_exponential.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
double infinity_norm(const DenseMatrix& a) {
  double largest = 0;
  for (unsigned int i = 0; i < a.m(); ++i) {
    double row = 0;
    for (unsigned int j = 0; j < a.n(); ++j)
      row += std::abs(a(i, j));
    largest = std::max(largest, row);
  }
  return largest;
}

DenseMatrix product(const DenseMatrix& a, const DenseMatrix& b) {
  DenseMatrix c(a.m(), b.n());
  a.mmult(c, b);
  return c;
}

// The j of Algorithm 9.3.1: ||A / 2^j|| <= 1/2.
unsigned int halvings(double norm) {
  return norm > 0.5 ? static_cast<unsigned int>(std::ceil(std::log2(norm / 0.5))) : 0;
}

// Diagonal D of powers of 2 making the rows and columns of D E D^-1 about equal in norm
// (Parlett & Reinsch, Numer. Math. 13:293-304, 1969; LAPACK's dgebal): E of a structure holds
// omega^2 beside 1, and its norm, which sets the squarings, drops from omega_max^2 h to about
// omega_max h. Powers of 2 keep the similarity exact in floating point.
std::vector<double> balancing(DenseMatrix a) {
  const unsigned int n = a.m();
  std::vector<double> d(n, 1.0);
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned int i = 0; i < n; ++i) {
      double column = 0, row = 0;
      for (unsigned int j = 0; j < n; ++j)
        if (j != i) {
          column += std::abs(a(j, i));
          row += std::abs(a(i, j));
        }
      if (column == 0 || row == 0)
        continue;
      const double sum = column + row;
      double f = 1;
      for (; column < row / 2; f *= 2)
        column *= 4;
      for (; column > 2 * row; f /= 2)
        column /= 4;
      if ((column + row) / f < 0.95 * sum) {
        changed = true;
        d[i] /= f;
        for (unsigned int j = 0; j < n; ++j) {
          a(i, j) /= f;
          a(j, i) *= f;
        }
      }
    }
  }
  return d;
}

// The (6, 6) Pade approximant of e^A for ||A|| <= 1/2: D^-1 N with N = sum c_k A^k and
// D = sum (-1)^k c_k A^k.
DenseMatrix pade(const DenseMatrix& a) {
  const unsigned int n = a.m(), q = 6;
  DenseMatrix numerator(n), denominator(n), power(n);
  for (unsigned int i = 0; i < n; ++i)
    numerator(i, i) = denominator(i, i) = power(i, i) = 1;
  double c = 1;
  for (unsigned int k = 1; k <= q; ++k) {
    c *= double(q - k + 1) / double((2 * q - k + 1) * k);
    power = product(a, power);
    numerator.add(c, power);
    denominator.add(k % 2 == 0 ? c : -c, power);
  }
  denominator.compute_lu_factorization();
  denominator.solve(numerator);
  return numerator;
}
} // namespace

DenseMatrix matrix_exponential(const DenseMatrix& a) {
  const unsigned int j = halvings(infinity_norm(a));
  DenseMatrix scaled(a);
  scaled *= std::ldexp(1.0, -int(j));
  DenseMatrix f = pade(scaled);
  for (unsigned int k = 0; k < j; ++k)
    f = product(f, f);
  return f;
}

ExponentialIntegrals exponential_integrals(const DenseMatrix& unbalanced, double h,
                                           const std::vector<DenseMatrix>& q_unbalanced) {
  // with E~ = D E D^-1: e^{E h} = D^-1 e^{E~ h} D and G = D G~ D for Q~ = D^-1 Q D^-1
  const std::vector<double> d = balancing(unbalanced);
  const unsigned int n = unbalanced.m();
  DenseMatrix e(unbalanced);
  for (unsigned int a = 0; a < n; ++a)
    for (unsigned int b = 0; b < n; ++b)
      e(a, b) *= d[a] / d[b];
  std::vector<DenseMatrix> q(q_unbalanced);
  for (DenseMatrix& q_k : q)
    for (unsigned int a = 0; a < n; ++a)
      for (unsigned int b = 0; b < n; ++b)
        q_k(a, b) /= d[a] * d[b];
  const unsigned int j = halvings(infinity_norm(e) * h);
  const double s = std::ldexp(h, -int(j));
  ExponentialIntegrals r;
  for (const DenseMatrix& q_k : q) {
    // Van Loan: exp([-E^T, Q; 0, E] s) = [F2, G2; 0, F3], int_0^s e^{E^T t} Q e^{E t} dt = F3^T G2
    DenseMatrix block(2 * n);
    for (unsigned int a = 0; a < n; ++a)
      for (unsigned int b = 0; b < n; ++b) {
        block(a, b) = -e(b, a) * s;
        block(a, n + b) = q_k(a, b) * s;
        block(n + a, n + b) = e(a, b) * s;
      }
    const DenseMatrix x = matrix_exponential(block);
    DenseMatrix f3(n), g2(n), g(n);
    for (unsigned int a = 0; a < n; ++a)
      for (unsigned int b = 0; b < n; ++b) {
        f3(a, b) = x(n + a, n + b);
        g2(a, b) = x(a, n + b);
      }
    f3.Tmmult(g, g2);
    if (r.integrals.empty())
      r.exponential = f3;
    r.integrals.push_back(g);
  }
  if (q.empty()) {
    DenseMatrix scaled(e);
    scaled *= s;
    r.exponential = pade(scaled);
  }
  for (unsigned int k = 0; k < j; ++k) {
    for (DenseMatrix& g : r.integrals) {
      DenseMatrix g_f(n), f_g_f(n);
      g.mmult(g_f, r.exponential);
      r.exponential.Tmmult(f_g_f, g_f);
      g.add(1.0, f_g_f);
    }
    r.exponential = product(r.exponential, r.exponential);
  }
  for (unsigned int a = 0; a < n; ++a)
    for (unsigned int b = 0; b < n; ++b) {
      r.exponential(a, b) *= d[b] / d[a];
      for (DenseMatrix& g : r.integrals)
        g(a, b) *= d[a] * d[b];
    }
  return r;
}

} // namespace hamdyn
