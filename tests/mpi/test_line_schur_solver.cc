// The line solver against PETSc's own matrix-vector product: b = J x_true computed by MatMult,
// then x = solve(b) must give back x_true, on any rank count and for degrees 1-4.
#include "studies/prepared_case.h"
#include "support/case_builder.h"
#include "system/line_schur_solver.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace hamdyn;

TEST(LineSchurSolver, RecoversAKnownSolution) {
  const unsigned int n_ranks = dealii::Utilities::MPI::n_mpi_processes(MPI_COMM_WORLD);
  for (unsigned int degree = 1; degree <= 4; ++degree) {
    const auto c = test_support::make_case({"Discretization/Degree=" + std::to_string(degree),
                                            "Discretization/Elements=37", "Right end/Dashpot=0.7",
                                            "Discretization/Grading=3"});
    PreparedCase pc(c, MPI_COMM_WORLD);
    const SecondOrderSystem& s = pc.system;
    // J = 0.5 M + 1e-4 (0.02/rho M + dashpots) + 2.5e-9 K, as generalized alpha builds it
    MatrixCombination j;
    j.terms = {{0.5 + 1e-4 * s.damping_mass_factor, petsc_handle(s.mass)},
               {2.5e-9, petsc_handle(s.stiffness)}};
    j.entries = s.extra_damping;
    j.entry_factor = 1e-4;
    LineSchurSolver solver;
    solver.factorize(j);
    if (n_ranks > 1) {
      EXPECT_GT(solver.n_interface(), 0u);
    }

    LA::Vector x_true(s.locally_owned, s.comm), b(s.locally_owned, s.comm),
        x(s.locally_owned, s.comm), work(s.locally_owned, s.comm);
    for (const auto i : s.locally_owned)
      x_true(i) = std::sin(0.37 * double(i)) + 0.1;
    x_true.compress(dealii::VectorOperation::insert);
    s.mass.vmult(b, x_true);
    b *= j.terms[0].first;
    s.stiffness.vmult(work, x_true);
    b.add(j.terms[1].first, work);
    work = 0;
    s.nonproportional_damping_vmult_add(work, x_true); // the dashpot entries
    b.add(j.entry_factor, work);

    solver.solve(b, x);
    // The finishing solve: the same values to the last bit, each local entry handed over once
    // with its final value (the interface's and those W reaches after the interface solve).
    LA::Vector finished(s.locally_owned, s.comm);
    const std::size_t n_local = s.locally_owned.n_elements();
    std::vector<int> calls(n_local, 0);
    std::vector<double> given(n_local, 0.0);
    solver.solve(b, finished, [&](std::size_t i, double x_i) {
      ++calls[i];
      given[i] = x_i;
    });
    std::size_t k = 0;
    for (const auto i : s.locally_owned) {
      EXPECT_EQ(finished(i), x(i)) << "degree " << degree << " DoF " << i;
      EXPECT_EQ(calls[k], 1) << "degree " << degree << " DoF " << i;
      EXPECT_EQ(given[k], x(i)) << "degree " << degree << " DoF " << i;
      ++k;
    }
    x -= x_true;
    EXPECT_LT(x.linfty_norm() / x_true.linfty_norm(), 1e-11) << "degree " << degree;
  }
}
