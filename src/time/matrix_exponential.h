#pragma once
// The exponential of a small dense matrix and the integrals of quadratic forms along it: what an
// exact step of a linear system with a load linear over the step needs (time/exact_modal_step.h).
#include <deal.II/lac/lapack_full_matrix.h>

#include <vector>

namespace hamdyn {

using DenseMatrix = dealii::LAPACKFullMatrix<double>;

/// e^A by the diagonal (6, 6) Pade approximant with scaling and squaring (Golub & Van Loan,
/// Matrix Computations, 4th ed., Algorithm 9.3.1: with ||A / 2^j|| <= 1/2 the approximant's
/// relative error is below 3.4e-16; Moler & Van Loan, SIAM Review 45:3-49, 2003, method 3).
DenseMatrix matrix_exponential(const DenseMatrix& a);

/// e^{E h} and, for each Q_k, the integral G_k = int_0^h e^{E^T s} Q_k e^{E s} ds: with
/// y' = E y, int_0^h y^T Q_k y dt = y_0^T G_k y_0. Each G_k is Van Loan's block exponential
/// (IEEE Trans. Automat. Control 23:395-404, 1978, Theorem 1) on a step h / 2^j short enough that
/// ||E h / 2^j|| <= 1/2, then doubled j times by G(2s) = G(s) + e^{E^T s} G(s) e^{E s}: the block
/// form on the whole step would multiply e^{-E^T h} by e^{E h}, which for a heavily damped mode
/// (e^{zeta omega h} ~ 1e200) keeps no digit. E is balanced first (Parlett & Reinsch), so a
/// structure's omega_max^2 beside its 1s does not set the number of squarings.
struct ExponentialIntegrals {
  DenseMatrix exponential;
  std::vector<DenseMatrix> integrals;
};
ExponentialIntegrals exponential_integrals(const DenseMatrix& e, double h,
                                           const std::vector<DenseMatrix>& q);

} // namespace hamdyn
