#include "modal/damped_modes.h"

#include "system/petsc_helpers.h"

#include <slepcpep.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hamdyn {

namespace {
// The quadratic eigensolver and its damping matrix, destroyed together.
struct Pep {
  PEP pep = nullptr;
  Mat c = nullptr;
  ~Pep() {
    PEPDestroy(&pep);
    MatDestroy(&c);
  }
};

// C = dm M + dk K + damping_matrix + extra_damping, assembled (the transient path never forms it:
// system/second_order_system.h).
Mat assembled_damping(const SecondOrderSystem& s) {
  Mat c;
  check_petsc(MatDuplicate(petsc_handle(s.stiffness), MAT_SHARE_NONZERO_PATTERN, &c));
  check_petsc(MatZeroEntries(c));
  check_petsc(MatSetOption(c, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  if (s.damping_mass_factor != 0)
    check_petsc(MatAXPY(c, s.damping_mass_factor, petsc_handle(s.mass), DIFFERENT_NONZERO_PATTERN));
  if (s.damping_stiffness_factor != 0)
    check_petsc(
        MatAXPY(c, s.damping_stiffness_factor, petsc_handle(s.stiffness), SAME_NONZERO_PATTERN));
  if (s.has_damping_matrix)
    check_petsc(MatAXPY(c, 1, petsc_handle(s.damping_matrix), DIFFERENT_NONZERO_PATTERN));
  PetscInt first = 0, end = 0;
  check_petsc(MatGetOwnershipRange(c, &first, &end));
  for (const MatrixEntry& e : s.extra_damping)
    if (PetscInt(e.row) >= first && PetscInt(e.row) < end) {
      const PetscInt row = PetscInt(e.row), column = PetscInt(e.column);
      check_petsc(MatSetValues(c, 1, &row, 1, &column, &e.value, ADD_VALUES));
    }
  check_petsc(MatAssemblyBegin(c, MAT_FINAL_ASSEMBLY));
  check_petsc(MatAssemblyEnd(c, MAT_FINAL_ASSEMBLY));
  return c;
}

// Scales x (re + i im) so that its largest |x_i| is 1 and that entry is real and positive (the
// first such entry in the global order where several share it, the same on every rank count).
void normalize(LA::Vector& re, LA::Vector& im, MPI_Comm comm) {
  struct {
    double magnitude;
    int index;
  } largest{0, 0};
  const auto range = re.local_range();
  for (auto i = range.first; i < range.second; ++i) {
    const double m = std::hypot(re(i), im(i));
    if (m > (1 + 1e-9) * largest.magnitude)
      largest = {m, int(i)};
  }
  MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_DOUBLE_INT, MPI_MAXLOC, comm);
  double at[2] = {0, 0};
  if (largest.index >= int(range.first) && largest.index < int(range.second)) {
    at[0] = re(largest.index);
    at[1] = im(largest.index);
  }
  MPI_Allreduce(MPI_IN_PLACE, at, 2, MPI_DOUBLE, MPI_SUM, comm);
  // multiply by conj(x_k) / |x_k|^2: x_k becomes 1
  const std::complex<double> factor =
      std::conj(std::complex<double>(at[0], at[1])) / std::norm(std::complex<double>(at[0], at[1]));
  LA::Vector re_copy(re);
  re.sadd(factor.real(), -factor.imag(), im);     // re = f_r re - f_i im
  im.sadd(factor.real(), factor.imag(), re_copy); // im = f_r im + f_i re
}
} // namespace

DampedModes compute_damped_modes(const SecondOrderSystem& s, unsigned int n, double shift) {
  Pep p;
  p.c = assembled_damping(s);
  Mat operators[3] = {petsc_handle(s.stiffness), p.c, petsc_handle(s.mass)};
  check_petsc(PEPCreate(s.comm, &p.pep));
  check_petsc(PEPSetOperators(p.pep, 3, operators));
  check_petsc(PEPSetProblemType(p.pep, PEP_GENERAL));
  check_petsc(PEPSetType(p.pep, PEPTOAR));
  // both members of each conjugate pair converge: ask for 2n, plus room for overdamped pairs
  const PetscInt size = PetscInt(s.locally_owned.size());
  const PetscInt nev = std::min<PetscInt>(2 * PetscInt(n) + 2, size);
  check_petsc(PEPSetDimensions(p.pep, nev, PETSC_DEFAULT, PETSC_DEFAULT));
  check_petsc(PEPSetTarget(p.pep, shift));
  check_petsc(PEPSetWhichEigenpairs(p.pep, PEP_TARGET_MAGNITUDE));
  check_petsc(PEPSetTolerances(p.pep, 1e-12, 1000));
  // TOAR (Campos & Roman, SIAM J. Sci. Comput. 38, 2016) with shift-and-invert (SLEPc users'
  // manual, sec. 5.4): P(shift) = K + shift C + shift^2 M is factored by MUMPS, which pivots,
  // since a large C can make it indefinite.
  ST st;
  KSP ksp;
  PC pc;
  check_petsc(PEPGetST(p.pep, &st));
  check_petsc(STSetType(st, STSINVERT));
  check_petsc(STGetKSP(st, &ksp));
  check_petsc(KSPSetType(ksp, KSPPREONLY));
  check_petsc(KSPGetPC(ksp, &pc));
  check_petsc(PCSetType(pc, PCLU));
  check_petsc(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  check_petsc(PEPSolve(p.pep));
  PetscInt converged = 0;
  check_petsc(PEPGetConverged(p.pep, &converged));
  DampedModes modes;
  std::vector<std::complex<double>> all;
  for (PetscInt i = 0; i < converged; ++i) {
    PetscScalar re, im;
    check_petsc(PEPGetEigenpair(p.pep, i, &re, &im, nullptr, nullptr));
    all.emplace_back(re, im);
  }
  // one of each conjugate pair (Im > 0) and every real eigenvalue, by |lambda|; an eigenvalue
  // is real when its imaginary part is round-off of its magnitude
  std::vector<PetscInt> order;
  for (PetscInt i = 0; i < converged; ++i)
    if (all[i].imag() >= -1e-10 * std::abs(all[i]))
      order.push_back(i);
  std::sort(order.begin(), order.end(),
            [&](PetscInt a, PetscInt b) { return std::abs(all[a]) < std::abs(all[b]); });
  if (order.size() > n)
    order.resize(n);
  LA::Vector re(s.locally_owned, s.comm), im(s.locally_owned, s.comm);
  for (const PetscInt i : order) {
    PetscScalar lr, li;
    check_petsc(PEPGetEigenpair(p.pep, i, &lr, &li, re, im));
    if (std::abs(li) <= 1e-10 * std::abs(std::complex<double>(lr, li))) {
      li = 0;
      im = 0;
    }
    for (const auto d : s.held_dofs) { // held rows are out of the problem
      re(d) = 0;
      im(d) = 0;
    }
    re.compress(dealii::VectorOperation::insert);
    im.compress(dealii::VectorOperation::insert);
    normalize(re, im, s.comm);
    modes.lambda.emplace_back(lr, li);
    modes.shapes_re.push_back(re);
    modes.shapes_im.push_back(im);
  }
  return modes;
}

} // namespace hamdyn
