#include "system/refined_linearization_solver.h"

#include "system/banded_operator.h"
#include "system/iterative_refinement.h"

#include <cstdint>
#include <vector>

namespace hamdyn {

namespace {
// A solve's relative error that is not worth a correction: at or below what the energy ledger
// resolves (energy_error follows the solve's relative error: 2e-9 at 2000 Hermite elements of the
// girder above, unrefined), and about the residual's round-off at 10^5 Hermite elements.
constexpr double acceptable_error = 1e-10;

// Entries in [-1, 1) that depend on the global row alone (splitmix64, Steele, Lea & Flood,
// OOPSLA 2014): the probe is the same on any number of ranks.
double pseudo_random(std::uint64_t row) {
  std::uint64_t z = row + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
  z ^= z >> 31U;
  return double(z >> 11U) * 0x1.0p-52 - 1.0;
}
} // namespace

std::vector<double>
solve_to_round_off(const LineSchurSolver& a,
                   const std::function<void(const LA::Vector& x, LA::Vector& r)>& multiply,
                   const LA::Vector& b, LA::Vector& x) {
  a.solve(b, x);
  LA::Vector residual(b), correction(b);
  std::vector<double> sizes;
  refine_iteratively(
      [&] {
        multiply(x, residual);
        residual.sadd(-1, 1, b);
        a.solve(residual, correction);
        sizes.push_back(correction.l2_norm() / x.l2_norm());
        return sizes.back();
      },
      [&] { x += correction; });
  return sizes;
}

void RefinedLinearizationSolver::factorize(double c_m, double c_c, double c_k) {
  BandedOperator::Rows j(system_.banded(), system_.banded_linearization(c_m, c_c, c_k));
  factorization_.factorize(j);
  c_m_ = c_m;
  c_c_ = c_c;
  c_k_ = c_k;
  // M alone (the initial acceleration's solve) has no K or C to drown it: its factorization is
  // as accurate as its exact entries, and it needs no probe.
  refined_ = c_c != 0 || c_k != 0;
  corrections_ = 0;
  unrefined_error_ = remaining_error_ = 0;
  if (!refined_)
    return;
  for (LA::Vector* v : {&mass_part_, &stiffness_part_, &residual_, &correction_})
    if (v->size() == 0)
      v->reinit(system_.locally_owned, system_.comm);
  if (system_.has_nonproportional_damping() && damping_part_.size() == 0)
    damping_part_.reinit(system_.locally_owned, system_.comm);
  probe();
}

void RefinedLinearizationSolver::factorize(const MatrixCombination& j) {
  factorization_.factorize(j);
  refined_ = false;
  corrections_ = 0;
  unrefined_error_ = remaining_error_ = 0;
}

void RefinedLinearizationSolver::multiply(const LA::Vector& x, LA::Vector& r) const {
  // J x = M ((c_m + c_c dm) x) + K ((c_k + c_c dk) x) + C_np (c_c x), C = dm M + dk K + C_np
  // (SecondOrderSystem::banded_linearization's coefficients)
  const double m = c_m_ + c_c_ * system_.damping_mass_factor;
  const double k = c_k_ + c_c_ * system_.damping_stiffness_factor;
  mass_part_.equ(m, x);
  stiffness_part_.equ(k, x);
  if (damping_part_.size() != 0)
    damping_part_.equ(c_c_, x);
  system_.apply(m != 0 ? &mass_part_ : nullptr, stiffness_part_, damping_part_, r);
}

void RefinedLinearizationSolver::probe() {
  LA::Vector b(system_.locally_owned, system_.comm), x(b);
  for (const auto row : system_.locally_owned)
    b(row) = pseudo_random(row);
  b.compress(dealii::VectorOperation::insert);
  const std::vector<double> sizes = solve_to_round_off(
      factorization_, [this](const LA::Vector& y, LA::Vector& r) { multiply(y, r); }, b, x);
  // A correction counts while the error it removes is above the acceptable one and the next one
  // shrank by half at least (refine_iteratively's test of a converging refinement).
  corrections_ = 0;
  while (corrections_ + 1 < sizes.size() && sizes[corrections_] > acceptable_error &&
         sizes[corrections_ + 1] < 0.5 * sizes[corrections_])
    ++corrections_;
  unrefined_error_ = sizes.front();
  remaining_error_ = sizes[corrections_];
}

void RefinedLinearizationSolver::solve(const LA::Vector& b, LA::Vector& x) const {
  factorization_.solve(b, x);
  if (!refined_)
    return;
  for (unsigned i = 0; i < corrections_; ++i) {
    multiply(x, residual_);
    residual_.sadd(-1, 1, b);
    factorization_.solve(residual_, correction_);
    x += correction_;
  }
}

} // namespace hamdyn
