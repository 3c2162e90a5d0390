#pragma once
// M a + C v + K u = f(t): the only thing a time integrator, the modal solver and the energy
// ledger see of a model (DESIGN.md: "the time integrator never sees a string or a beam").
#include <deal.II/base/index_set.h>
#include <deal.II/lac/petsc_sparse_matrix.h>
#include <deal.II/lac/petsc_vector.h>

#include <functional>

namespace hamdyn {

namespace LA = dealii::PETScWrappers::MPI;

struct SecondOrderSystem {
  MPI_Comm comm = MPI_COMM_WORLD;
  dealii::IndexSet locally_owned;
  // Held (Dirichlet) rows are decoupled: zero off-diagonal entries, a positive mass, zero damping
  // and a stiffness far above the spectrum, so a held DoF that starts at rest stays exactly zero
  // and never shows up among the low modes.
  LA::SparseMatrix mass, damping, stiffness;
  std::vector<dealii::types::global_dof_index> held_dofs; // locally owned held rows
  bool has_damping = false;
  /// f(t), zero in held rows; empty when the load is identically zero.
  std::function<void(double t, LA::Vector& f)> load;
};

} // namespace hamdyn
