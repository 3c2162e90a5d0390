#pragma once
// Exact parallel solver for the banded matrices of line (1D) finite elements.
//
// Why by hand: in 1D the general parallel direct solvers are far from the optimum (measured for a
// 10^6-unknown P1 effective matrix: PETSc sequential LU 4 ns per unknown and solve, SuperLU_dist
// 85, MUMPS 290). Partitioning a line gives each rank a block of DoFs coupled to its neighbours
// only through a few interface DoFs, so a Schur complement (substructuring, e.g. Saad,
// "Iterative Methods for Sparse Linear Systems", 2nd ed., sec. 14.2) is exact and keeps each rank's
// work O(N/p):
//   [A_II A_IG] [x_I]   [b_I]      S = A_GG - sum_r A_GI_r A_II_r^-1 A_IG_r   (tiny, dense),
//   [A_GI A_GG] [x_G] = [b_G]      x_G = S^-1 (b_G - A_GI A_II^-1 b_I),  x_I = A_II^-1 b_I - W x_G,
// with W = A_II^-1 A_IG precomputed. A_II is block diagonal (one block per rank) and factored in
// band storage (BandedLU); one MPI_Allreduce of |G| numbers per solve couples the ranks.
// G holds each rank's owned DoFs with a matrix entry in another rank's column range; the matrix
// must be structurally symmetric (every finite-element matrix here is).
//
// The matrix is given as a linear combination sum_k c_k A_k of assembled matrices (plus a few
// listed entries) and is never assembled itself: its rows are formed while the band is filled, so
// factoring J = c_m M + c_c C + c_k K costs no more memory than the band.
#include "system/banded_lu.h"
#include "system/matrix_rows.h"
#include "system/petsc_helpers.h"
#include "system/second_order_system.h"
#include "system/trimmed_column.h"

#include <deal.II/lac/lapack_full_matrix.h>

#include <petscmat.h>
#include <petscvec.h>

#include <stdexcept>
#include <utility>
#include <vector>

namespace hamdyn {

/// Thrown by LineSchurSolver::factorize on every rank when the matrix's interior block (every DoF
/// but the few that couple ranks) has a pivot that is not positive: the symmetric matrix is not
/// positive definite (a stiffness softened beyond buckling, a shift above an eigenvalue).
struct NotPositiveDefinite : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class LineSchurSolver {
public:
  /// Factors the combination. May be called again for another one.
  void factorize(const MatrixCombination& a);
  /// Factors the matrix whose rows `rows` gives (structurally symmetric).
  void factorize(RowSource& rows);
  /// x = A^-1 b; x and b are distributed like A's rows and may not alias.
  void solve(Vec b, Vec x) const;
  /// solve(b, x), calling finish(i, x_i) once on every local entry i as soon as it is final
  /// (BandedLU's finishing solve: most of them during the back substitution).
  template <class Finish>
  void solve(Vec b, Vec x, const Finish& finish) const;
  /// Total number of interface DoFs over all ranks.
  unsigned int n_interface() const { return static_cast<unsigned int>(interface_global_.size()); }

private:
  /// Whether y = A_II^-1 b_I is solved where x_I lies (a contiguous, non-empty interior), or by
  /// way of the buffer.
  bool solves_in_place() const { return interior_contiguous_ && !interior_.empty(); }
  /// y = A_II^-1 b_I by way of the buffer (an interior that is not contiguous).
  void solve_scattered_interior(const double* b) const;
  /// x_G from the Schur complement and x_I = y - W x_G, y where solve() left it (collective).
  void solve_interface(const double* b, double* x) const;

  MPI_Comm comm_ = MPI_COMM_NULL;
  PetscInt first_ = 0, n_local_ = 0;
  std::vector<PetscInt> interior_;           // local positions of interior DoFs
  std::vector<PetscInt> interface_;          // local positions of owned interface DoFs
  std::vector<unsigned int> interface_slot_; // their positions in the global interface list
  std::vector<PetscInt> interface_global_;   // global interface list (all ranks, sorted)
  bool interior_contiguous_ = false;

  BandedLU interior_factor_;
  mutable std::vector<double> buffer_; // for a non-contiguous interior
  // A_GI rows of the owned interface DoFs: (index into interior_, value)
  std::vector<std::vector<std::pair<PetscInt, PetscScalar>>> coupling_rows_;
  // W = A_II^-1 A_IG, one column per owned G DoF, kept only where it is not negligible
  std::vector<TrimmedColumn> w_columns_;
  // the interior positions W's columns reach (sorted, disjoint): solve_interface changes them
  BandedLU::Held w_reach_;
  mutable dealii::LAPACKFullMatrix<double> schur_;
  mutable std::vector<double> interface_values_;
};

template <class Finish>
void LineSchurSolver::solve(Vec b, Vec x, const Finish& finish) const {
  const PetscScalar* bb = nullptr;
  PetscScalar* xx = nullptr;
  check_petsc(VecGetArrayRead(b, &bb));
  check_petsc(VecGetArray(x, &xx));
  const bool in_place = solves_in_place();
  const std::size_t first = in_place ? std::size_t(interior_.front()) : 0;
  if (in_place) // y = A_II^-1 b_I at x_I; the forward sweep reads b where it lies
    interior_factor_.solve(
        bb + first, xx + first,
        [finish, first](std::size_t i, double x_i) { finish(first + i, x_i); }, w_reach_);
  else
    solve_scattered_interior(bb);
  solve_interface(bb, xx);
  if (in_place) {
    for (const auto& [begin, end] : w_reach_)
      for (std::size_t i = first + begin; i < first + end; ++i)
        finish(i, xx[i]);
    for (const PetscInt i : interface_)
      finish(std::size_t(i), xx[i]);
  } else
    for (PetscInt i = 0; i < n_local_; ++i)
      finish(std::size_t(i), xx[i]);
  check_petsc(VecRestoreArrayRead(b, &bb));
  check_petsc(VecRestoreArray(x, &xx));
}

} // namespace hamdyn
