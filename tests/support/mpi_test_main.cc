// GoogleTest main for every hamdyn test: starts MPI (and PETSc, SLEPc), and lets only rank 0
// print, so a failure is reported once. Tests reduce their numbers before asserting, so all
// ranks reach the same verdict.
#include "core/subnormals.h"
#include "studies/memory.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  hamdyn::flush_subnormals_to_zero(); // as hamdyn runs (core/subnormals.h)
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  hamdyn::release_freed_memory();
  testing::InitGoogleTest(&argc, argv);
  if (dealii::Utilities::MPI::this_mpi_process(MPI_COMM_WORLD) != 0) {
    auto& listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  const int local = RUN_ALL_TESTS();
  return dealii::Utilities::MPI::max(local, MPI_COMM_WORLD);
}
