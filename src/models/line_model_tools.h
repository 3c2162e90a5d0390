#pragma once
// Pieces every line model needs in the same form: finding the mesh vertex at an end, and giving
// held (Dirichlet) rows values that keep them out of the dynamics and the low spectrum.
#include "core/case_parameters.h"
#include "system/linear_functional.h"
#include "system/second_order_system.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/full_matrix.h>

#include <functional>
#include <utility>
#include <vector>

namespace hamdyn {

/// sqrt(EI / rho A) / L^2: the frequency scale of a beam's bending waves over its length.
double bending_frequency_scale(const CaseParameters& c);

/// The cell with a vertex at x (to 1e-12 L) and that vertex's index in the cell.
std::pair<dealii::DoFHandler<1>::active_cell_iterator, unsigned int>
vertex_at(const dealii::DoFHandler<1>& dof_handler, double x, double length);

/// After assembly with `constraints` (held rows zeroed but for the diagonal): gives every held
/// row the largest nodal mass and 1e6 times the largest K_ii/M_ii as stiffness, so its decoupled
/// "mode" lies far above the spectrum, and lists the held rows in s.held_dofs. A held DoF starts
/// and stays at rest, so the proportional damping these entries imply never acts.
void decouple_held_rows(SecondOrderSystem& s, const dealii::AffineConstraints<double>& constraints);

/// Adds a point inertia, a spring and a dashpot to ground on `dof` (to s.point_mass,
/// s.point_stiffness and s.extra_damping). The damping entry is dashpot - viscous_factor * inertia,
/// because the proportional part viscous_factor * M would otherwise also damp the attached inertia.
/// Nothing is added on a held DoF, which does not move.
void attach_to_ground(SecondOrderSystem& s, const dealii::AffineConstraints<double>& constraints,
                      dealii::types::global_dof_index dof, double inertia, double spring,
                      double dashpot, double viscous_factor);

/// attach_to_ground for every interior point mass, spring and dashpot of the case, on the
/// displacement DoF that `node_dof` gives for its position.
void attach_interior_devices(SecondOrderSystem& s,
                             const dealii::AffineConstraints<double>& constraints,
                             const CaseParameters& c,
                             const std::function<dealii::types::global_dof_index(double)>& node_dof,
                             double viscous_factor);

/// The consistent reaction on a held DoF: row `row` of M a + C v + K u - f over one cell, from
/// the cell's unconstrained matrices, so more accurate than a derivative evaluated at the
/// support. `load_row(t)` is row `row` of the cell's load vector (empty when there is no
/// distributed load).
LinearFunctional consistent_reaction(const std::string& name,
                                     std::vector<dealii::types::global_dof_index> cell_dofs,
                                     unsigned int row, const dealii::FullMatrix<double>& mass,
                                     const dealii::FullMatrix<double>& damping,
                                     const dealii::FullMatrix<double>& stiffness,
                                     std::function<double(double)> load_row);

/// u@X and v@X for every probe X of the case: `weights(cell, x)` gives the cell's DoF weights of
/// the displacement at x.
std::vector<LinearFunctional> probe_functionals(
    const dealii::DoFHandler<1>& dof_handler, const CaseParameters& c,
    const std::function<std::vector<double>(const dealii::DoFHandler<1>::active_cell_iterator&,
                                            double)>& weights);

/// Sets the held entries of the initial u and v to zero (a held DoF starts at rest) and
/// compresses both vectors after their entries were inserted.
void finish_initial_state(const dealii::AffineConstraints<double>& constraints,
                          const dealii::IndexSet& owned, LA::Vector& u, LA::Vector& v);

} // namespace hamdyn

namespace hamdyn {

class Expression;

/// A concentrated load on one DoF: a force on a displacement DoF or a moment on a rotation DoF.
struct PointLoad {
  dealii::types::global_dof_index dof;
  const Expression* value; // in t
};

/// f(t) = the distributed load (assembled by `assemble_distributed`, once when `distributed` does
/// not depend on t) + the point loads; an empty function when all of them are zero.
std::function<void(double, LA::Vector&)>
make_load(const Expression& distributed,
          const std::function<void(double, LA::Vector&)>& assemble_distributed,
          std::vector<PointLoad> point_loads, const dealii::IndexSet& owned, MPI_Comm comm);

} // namespace hamdyn
