// The banded operator against PETSc's own products on the assembled matrices: the step's
// M x_m + K x_k + C_np v and the ledger's quadratic forms x^T A x, for strings of degree 1-4 with
// a dashpot, a beam with rotary inertia and viscous damping (a damping matrix), and attached
// oscillators (couplings a band cannot hold), on any rank count; and the rows of J the line solver
// factors from the band storage; and the band a modal study or a run builds straight from the
// cells (Matrices::band_from_cells, no assembled matrix)
// against the band of the assembled M, K and C.
#include "studies/prepared_case.h"
#include "support/case_builder.h"
#include "system/banded_operator.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>
#include <map>

using namespace hamdyn;

namespace {
void fill(LA::Vector& x, double frequency) {
  for (const auto i : x.locally_owned_elements())
    x(i) = std::sin(frequency * double(i)) + 0.1;
  x.compress(dealii::VectorOperation::insert);
}

// x^T A x and A x by PETSc (MatMult, VecDot), the reference.
double form(const LA::SparseMatrix& a, const LA::Vector& x) {
  LA::Vector ax(x);
  a.vmult(ax, x);
  return x * ax;
}

// The largest |a_ij - b_ij| over this rank's rows of two row sources, and the largest |a_ij|.
std::pair<double, double> row_difference(RowSource& a, RowSource& b) {
  double most = 0, largest = 0;
  for (PetscInt r = a.owned_rows().first; r < a.owned_rows().second; ++r) {
    std::map<PetscInt, double> difference;
    for (const auto& [column, value] : a.row(r)) {
      difference[column] += value;
      largest = std::max(largest, std::abs(value));
    }
    for (const auto& [column, value] : b.row(r))
      difference[column] -= value;
    for (const auto& entry : difference)
      most = std::max(most, std::abs(entry.second));
  }
  return {most, largest};
}

void check(const std::vector<std::string>& overrides) {
  const std::string name = overrides.front();
  PreparedCase pc(test_support::make_case(overrides), MPI_COMM_WORLD);
  const SecondOrderSystem& s = pc.system;
  LA::Vector xm(s.locally_owned, s.comm), xk(xm), v(xm), r(xm), reference(xm), work(xm);
  fill(xm, 0.37);
  fill(xk, 1.3);
  fill(v, 0.11);

  // The step's product, through SecondOrderSystem::apply (M and C from the band, K from the
  // element strains with the held rows and the point entries, every rank's rows formed from its
  // own and its neighbours' cells) and by PETSc.
  s.apply(&xm, xk, v, r);
  s.stiffness.vmult(reference, xk);
  s.mass.vmult_add(reference, xm);
  if (s.has_nonproportional_damping())
    s.nonproportional_damping_vmult_add(reference, v);
  work = r;
  work -= reference;
  EXPECT_LE(work.linfty_norm(), 1e-13 * reference.linfty_norm()) << name;

  // The same with M multiplying a scaled argument (read as dm v), and with K alone: r = K x_k
  // over whatever r held (without C_np the strains write the chained rows instead of adding to
  // zeros), each equal bit for bit to the product of the vector formed beforehand.
  LA::Vector scaled(xm), formed(xm);
  scaled *= 0.37;
  s.apply(&scaled, xk, v, formed);
  s.apply(&xm, xk, v, r, 0.37);
  work = r;
  work -= formed;
  EXPECT_EQ(work.linfty_norm(), 0.0) << name << ": scaled mass argument";
  LA::Vector zero(xm);
  zero = 0;
  r = 1e300;
  s.apply(nullptr, xk, zero, r);
  formed = 0;
  s.apply(&zero, xk, zero, formed);
  work = r;
  work -= formed;
  EXPECT_EQ(work.linfty_norm(), 0.0) << name << ": K alone";

  // The ledger's forms, one pass for all of them.
  const BandedOperator& op = s.banded();
  const PetscScalar *m_x = nullptr, *k_x = nullptr, *c_x = nullptr;
  check_petsc(VecGetArrayRead(xm, &m_x));
  check_petsc(VecGetArrayRead(xk, &k_x));
  check_petsc(VecGetArrayRead(v, &c_x));
  BandedOperator::Terms terms;
  terms.add(SecondOrderSystem::banded_mass, m_x);
  terms.add(SecondOrderSystem::banded_stiffness, k_x);
  terms.add(SecondOrderSystem::banded_mass, c_x);
  if (s.has_nonproportional_damping())
    terms.add(SecondOrderSystem::banded_damping, c_x);
  std::array<double, BandedOperator::Terms::capacity> sums{};
  op.quadratic_forms(terms, sums.data());
  check_petsc(VecRestoreArrayRead(xm, &m_x));
  check_petsc(VecRestoreArrayRead(xk, &k_x));
  check_petsc(VecRestoreArrayRead(v, &c_x));
  for (std::size_t t = 0; t < terms.count; ++t)
    sums[t] = dealii::Utilities::MPI::sum(sums[t], s.comm);

  const double mass_form = form(s.mass, xm), stiffness_form = form(s.stiffness, xk);
  EXPECT_NEAR(sums[0], mass_form, 1e-13 * std::abs(mass_form)) << name;
  EXPECT_NEAR(sums[1], stiffness_form, 1e-12 * std::abs(stiffness_form)) << name;
  EXPECT_NEAR(sums[2], form(s.mass, v), 1e-13 * std::abs(form(s.mass, v))) << name;
  if (s.has_nonproportional_damping()) {
    work = 0;
    s.nonproportional_damping_vmult_add(work, v);
    const double damping_form = v * work;
    EXPECT_NEAR(sums[3], damping_form, 1e-12 * std::abs(damping_form)) << name;
  }

  // The rows J = c_m M + c_c C + c_k K the line solver factors from the band storage equal those
  // of the assembled matrices (zeros aside).
  const double c_m = 0.5, c_c = 1e-4, c_k = 2.5e-9;
  BandedOperator::Rows banded_rows(op, s.banded_linearization(c_m, c_c, c_k));
  const MatrixCombination j = s.linearization(c_m, c_c, c_k);
  MatrixRows petsc_rows(j); // (holds a reference to j)
  EXPECT_EQ(banded_rows.owned_rows(), petsc_rows.owned_rows()) << name;
  const auto [largest_difference, largest] = row_difference(petsc_rows, banded_rows);
  EXPECT_LE(largest_difference, 1e-14 * largest) << name;

  // M, K and the dashpots' C from the cells, point entries and held rows equal the assembled
  // matrices' band (each cell's matrix rounded once from extended precision); a damping matrix
  // of its own needs the assembled path.
  PreparedCase from_cells(test_support::make_case(overrides), MPI_COMM_WORLD,
                          Matrices::band_from_cells);
  if (s.has_damping_matrix) {
    EXPECT_THROW(from_cells.system.banded(), dealii::ExceptionBase) << name;
    return;
  }
  ASSERT_EQ(from_cells.system.banded().n_matrices(), op.n_matrices()) << name;
  for (std::size_t m = 0; m < op.n_matrices(); ++m) {
    std::vector<double> only(op.n_matrices(), 0.0);
    only[m] = 1;
    BandedOperator::Rows assembled(op, only), cells(from_cells.system.banded(), only);
    ASSERT_EQ(assembled.owned_rows(), cells.owned_rows()) << name; // the same on every rank
    const auto [most, largest_entry] = row_difference(assembled, cells);
    // relative to each rank's own largest entry (a held row's, far above the others, is on one
    // rank only): the cells' sums differ from the assembly's by a few units of round-off
    const double relative =
        dealii::Utilities::MPI::max(largest_entry > 0 ? most / largest_entry : 0.0, s.comm);
    EXPECT_LE(relative, 1e-13) << name << ", matrix " << m;
  }
}
} // namespace

TEST(BandedOperator, StringsOfEveryDegree) {
  for (int degree = 1; degree <= 4; ++degree)
    check({"Discretization/Degree=" + std::to_string(degree), "Discretization/Elements=37",
           "Discretization/Grading=3", "Right end/Dashpot=0.7", "Right end/Point mass=0.01",
           "Model/Viscous damping=0.02"});
}

TEST(BandedOperator, LumpedMassAndHeldEndsFromTheCells) {
  check({"Discretization/Mass matrix=lumped", "Discretization/Degree=2",
         "Discretization/Elements=5", "Right end/Spring=3"});
  check({"Model/Type=euler bernoulli beam", "Model/Bending stiffness=2", "Left end/Support=clamped",
         "Right end/Support=clamped", "Discretization/Elements=4"});
}

TEST(BandedOperator, BeamWithADampingMatrix) {
  check({"Model/Type=euler bernoulli beam", "Model/Bending stiffness=2",
         "Model/Rotary inertia per length=1e-3", "Model/Viscous damping=0.05",
         "Left end/Support=clamped", "Right end/Support=free", "Right end/Rotational dashpot=0.02",
         "Discretization/Elements=29"});
}

TEST(BandedOperator, AttachedOscillatorsOutsideTheBand) {
  check({"Attachments/Oscillators=0.3:0.1,4,0.05; 0.8:0.2,9,0.1", "Attachments/Dashpots=0.5:0.3",
         "Discretization/Elements=41", "Discretization/Degree=2"});
  check({"Model/Type=timoshenko beam", "Model/Bending stiffness=2", "Model/Shear stiffness=500",
         "Model/Rotary inertia per length=1e-3", "Left end/Support=clamped",
         "Right end/Support=free", "Attachments/Oscillators=0.6:0.1,4,0.05",
         "Discretization/Elements=23", "Discretization/Degree=2"});
}
