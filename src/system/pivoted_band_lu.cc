#include "system/pivoted_band_lu.h"

#include <stdexcept>
#include <string>

extern "C" {
void dgbtrf_(const int* m, const int* n, const int* kl, const int* ku, double* ab, const int* ldab,
             int* ipiv, int* info);
void dgbtrs_(const char* trans, const int* n, const int* kl, const int* ku, const int* nrhs,
             const double* ab, const int* ldab, const int* ipiv, double* b, const int* ldb,
             int* info);
}

namespace hamdyn {

void PivotedBandLU::reinit(std::size_t n, unsigned int lower, unsigned int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  rows_ = 2 * lower + upper + 1;
  band_.assign(rows_ * n, 0.0);
  pivots_.assign(n, 0);
}

void PivotedBandLU::factorize() {
  const int n = int(n_), kl = int(lower_), ku = int(upper_), ldab = int(rows_);
  int info = 0;
  dgbtrf_(&n, &n, &kl, &ku, band_.data(), &ldab, pivots_.data(), &info);
  if (info != 0)
    throw std::runtime_error("band LU: the matrix is singular (LAPACK dgbtrf, info " +
                             std::to_string(info) + ")");
}

void PivotedBandLU::solve(double* x) const {
  const int n = int(n_), kl = int(lower_), ku = int(upper_), ldab = int(rows_), one = 1;
  int info = 0;
  dgbtrs_("N", &n, &kl, &ku, &one, band_.data(), &ldab, pivots_.data(), x, &n, &info);
  if (info != 0)
    throw std::runtime_error("band LU: solve failed (LAPACK dgbtrs, info " + std::to_string(info) +
                             ")");
}

} // namespace hamdyn
