#include "system/harmonic_solver.h"

#include "system/iterative_refinement.h"
#include "system/petsc_helpers.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace hamdyn {

namespace {
// Adds row `row` of `a` times `factor` to `entries` (column -> value).
void add_row(Mat a, PetscInt row, double factor, std::map<PetscInt, double>& entries) {
  PetscInt n = 0;
  const PetscInt* columns = nullptr;
  const PetscScalar* values = nullptr;
  check_petsc(MatGetRow(a, row, &n, &columns, &values));
  for (PetscInt j = 0; j < n; ++j)
    entries[columns[j]] += factor * values[j];
  check_petsc(MatRestoreRow(a, row, &n, &columns, &values));
}
} // namespace

HarmonicSolver::HarmonicSolver(const SecondOrderSystem& s) : s_(s), comm_(s.comm) {
  const auto range = s.mass.local_range();
  first_ = PetscInt(range.first);
  n_local_ = PetscInt(range.second - range.first);
  // C = dm M + dk K + damping_matrix + extra_damping, merged row by row with M and K
  row_start_.push_back(0);
  for (PetscInt i = first_; i < first_ + n_local_; ++i) {
    std::map<PetscInt, double> m, k, c;
    add_row(petsc_handle(s.mass), i, 1, m);
    add_row(petsc_handle(s.stiffness), i, 1, k);
    add_row(petsc_handle(s.mass), i, s.damping_mass_factor, c);
    add_row(petsc_handle(s.stiffness), i, s.damping_stiffness_factor, c);
    if (s.has_damping_matrix)
      add_row(petsc_handle(s.damping_matrix), i, 1, c);
    for (const MatrixEntry& e : s.extra_damping)
      if (PetscInt(e.row) == i)
        c[PetscInt(e.column)] += e.value;
    std::map<PetscInt, double> all = m;
    for (const auto& [j, v] : k)
      all[j];
    for (const auto& [j, v] : c)
      all[j];
    for (const auto& [j, v] : all) {
      columns_.push_back(j);
      m_.push_back(m.count(j) ? m[j] : 0.0);
      k_.push_back(k.count(j) ? k[j] : 0.0);
      c_.push_back(c.count(j) ? c[j] : 0.0);
    }
    row_start_.push_back(PetscInt(columns_.size()));
  }
  // Block rows 2i and 2i+1 hold the columns 2j and 2j+1 of every j of row i.
  std::vector<PetscInt> diagonal(2 * n_local_), off_diagonal(2 * n_local_);
  for (PetscInt i = 0; i < n_local_; ++i)
    for (PetscInt p = row_start_[i]; p < row_start_[i + 1]; ++p) {
      const bool own = columns_[p] >= first_ && columns_[p] < first_ + n_local_;
      for (PetscInt r : {2 * i, 2 * i + 1})
        (own ? diagonal : off_diagonal)[r] += 2;
    }
  check_petsc(MatCreate(comm_, &block_));
  check_petsc(MatSetSizes(block_, 2 * n_local_, 2 * n_local_, PETSC_DETERMINE, PETSC_DETERMINE));
  check_petsc(MatSetType(block_, MATAIJ));
  check_petsc(MatSeqAIJSetPreallocation(block_, 0, diagonal.data()));
  check_petsc(MatMPIAIJSetPreallocation(block_, 0, diagonal.data(), 0, off_diagonal.data()));
  check_petsc(MatCreateVecs(block_, &x_, &b_));
  check_petsc(KSPCreate(comm_, &ksp_));
  check_petsc(KSPSetType(ksp_, KSPPREONLY));
  PC pc;
  check_petsc(KSPGetPC(ksp_, &pc));
  check_petsc(PCSetType(pc, PCLU));
  check_petsc(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  fill(0, 0); // MUMPS's factor is set up on an assembled matrix
  check_petsc(KSPSetOperators(ksp_, block_, block_));
  check_petsc(PCFactorSetUpMatSolverType(pc));
  Mat factor;
  check_petsc(PCFactorGetMatrix(pc, &factor));
  // MUMPS's null-pivot detection (ICNTL(24), MUMPS users' guide 5.5, sec. 6.1): at an undamped
  // resonance the block matrix is singular only to round-off, and elimination would return a
  // huge but finite "solution"; the count of null pivots (INFOG(28)) says so instead.
  check_petsc(MatMumpsSetIcntl(factor, 24, 1));
  // a singular matrix shows as a failed factorization, reported by solve(), not as an error
  check_petsc(KSPSetErrorIfNotConverged(ksp_, PETSC_FALSE));
}

HarmonicSolver::~HarmonicSolver() {
  KSPDestroy(&ksp_);
  VecDestroy(&x_);
  VecDestroy(&b_);
  MatDestroy(&block_);
}

void HarmonicSolver::fill(double omega, double eta) {
  // (A + i B) with A = K - omega^2 M and B = eta K + omega C, as [A -B; B A] interleaved
  std::vector<PetscInt> block_columns;
  std::vector<PetscScalar> re_row, im_row;
  for (PetscInt i = 0; i < n_local_; ++i) {
    block_columns.clear();
    re_row.clear();
    im_row.clear();
    for (PetscInt p = row_start_[i]; p < row_start_[i + 1]; ++p) {
      const double a = k_[p] - omega * omega * m_[p], b = eta * k_[p] + omega * c_[p];
      block_columns.insert(block_columns.end(), {2 * columns_[p], 2 * columns_[p] + 1});
      re_row.insert(re_row.end(), {a, -b});
      im_row.insert(im_row.end(), {b, a});
    }
    const PetscInt rows[2] = {2 * (first_ + i), 2 * (first_ + i) + 1};
    const auto n = PetscInt(block_columns.size());
    check_petsc(
        MatSetValues(block_, 1, &rows[0], n, block_columns.data(), re_row.data(), INSERT_VALUES));
    check_petsc(
        MatSetValues(block_, 1, &rows[1], n, block_columns.data(), im_row.data(), INSERT_VALUES));
  }
  check_petsc(MatAssemblyBegin(block_, MAT_FINAL_ASSEMBLY));
  check_petsc(MatAssemblyEnd(block_, MAT_FINAL_ASSEMBLY));
}

bool HarmonicSolver::solve_block(const LA::Vector& b_re, const LA::Vector* b_im, LA::Vector& x_re,
                                 LA::Vector& x_im) {
  PetscScalar* b = nullptr;
  check_petsc(VecGetArray(b_, &b));
  for (PetscInt i = 0; i < n_local_; ++i) {
    b[2 * i] = b_re(first_ + i);
    b[2 * i + 1] = b_im ? (*b_im)(first_ + i) : 0.0;
  }
  check_petsc(VecRestoreArray(b_, &b));
  check_petsc(KSPSolve(ksp_, b_, x_));
  KSPConvergedReason reason;
  check_petsc(KSPGetConvergedReason(ksp_, &reason));
  if (reason < 0)
    return false;
  PC pc;
  Mat factor;
  PetscInt null_pivots = 0;
  check_petsc(KSPGetPC(ksp_, &pc));
  check_petsc(PCFactorGetMatrix(pc, &factor));
  check_petsc(MatMumpsGetInfog(factor, 28, &null_pivots));
  if (null_pivots > 0)
    return false;
  const PetscScalar* x = nullptr;
  check_petsc(VecGetArrayRead(x_, &x));
  bool finite = true;
  for (PetscInt i = 0; i < n_local_; ++i) {
    x_re(first_ + i) = x[2 * i];
    x_im(first_ + i) = x[2 * i + 1];
    finite = finite && std::isfinite(x[2 * i]) && std::isfinite(x[2 * i + 1]);
  }
  check_petsc(VecRestoreArrayRead(x_, &x));
  x_re.compress(dealii::VectorOperation::insert);
  x_im.compress(dealii::VectorOperation::insert);
  return dealii::Utilities::MPI::min(finite ? 1 : 0, comm_) == 1;
}

void HarmonicSolver::residual(double omega, double eta, const LA::Vector& f_re,
                              const LA::Vector* f_im, const LA::Vector& u_re,
                              const LA::Vector& u_im, LA::Vector& r_re, LA::Vector& r_im) const {
  // A u with A = K (1 + i eta) - omega^2 M + i omega (dm M + dk K + C_np), its real and
  // imaginary parts each as M (mass part) + K (stiffness part) + C_np (damping part)
  const double w = omega, dm = s_.damping_mass_factor, dk = s_.damping_stiffness_factor;
  LA::Vector mass_part(u_re), stiffness_part(u_re), damping_part(u_re);
  for (int part = 0; part < 2; ++part) {
    const LA::Vector &x = part == 0 ? u_re : u_im, &y = part == 0 ? u_im : u_re;
    const double sign = part == 0 ? -1 : 1; // i^2 = -1 in the real part
    mass_part.equ(-w * w, x);
    mass_part.add(sign * w * dm, y);
    stiffness_part.equ(1, x);
    stiffness_part.add(sign * (eta + w * dk), y);
    damping_part.equ(sign * w, y);
    LA::Vector& r = part == 0 ? r_re : r_im;
    s_.apply(&mass_part, stiffness_part, damping_part, r);
    const LA::Vector* f = part == 0 ? &f_re : f_im;
    if (f)
      r.sadd(-1, 1, *f); // r = f - A u
    else
      r *= -1;
  }
}

bool HarmonicSolver::solve(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
                           LA::Vector& u_re, LA::Vector& u_im) {
  fill(omega, eta);
  check_petsc(KSPSetOperators(ksp_, block_, block_));
  if (!solve_block(f_re, f_im, u_re, u_im))
    return false;
  LA::Vector r_re(u_re), r_im(u_re), d_re(u_re), d_im(u_re);
  last_correction_ = refine_iteratively(
      [&] {
        residual(omega, eta, f_re, f_im, u_re, u_im, r_re, r_im);
        if (!solve_block(r_re, &r_im, d_re, d_im))
          return std::numeric_limits<double>::quiet_NaN();
        return std::sqrt((d_re.norm_sqr() + d_im.norm_sqr()) / (u_re.norm_sqr() + u_im.norm_sqr()));
      },
      [&] {
        u_re += d_re;
        u_im += d_im;
      });
  if (std::isnan(last_correction_))
    return false;
  return true;
}

} // namespace hamdyn
