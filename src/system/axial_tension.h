#pragma once
// The large-amplitude (Kirchhoff-Carrier) string's data (SecondOrderSystem::parts): its tension
// grows by factor q with q = u^T K1 u = int u_x^2 dx, K1 = stiffness (int phi_i' phi_j' dx) and
// factor = EA / 2L, adding the force factor q K1 u and the potential factor q^2 / 4
// (terms/axial_tension_term.h). A linear string has no such part.
#include <deal.II/lac/petsc_sparse_matrix.h>

#include <memory>

namespace hamdyn {

struct AxialTension {
  double factor = 0;       // EA / 2L [N/m^2]
  double base_tension = 0; // the tension at u = 0 [N]
  std::shared_ptr<dealii::PETScWrappers::MPI::SparseMatrix> stiffness;
};

} // namespace hamdyn
