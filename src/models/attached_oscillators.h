#pragma once
// Attached oscillators (tuned mass dampers): a mass m hanging from the structure's node at x on a
// spring k and a dashpot c. Hamilton's principle with the oscillator's absolute displacement z as
// a degree of freedom of its own adds
//   T = 1/2 m z_t^2,  V = 1/2 k (z - u(x))^2,  delta W_nc = -c (z_t - u_t(x)) (dz - du(x)),
// i.e. the rows  m z_tt + c (z_t - u_t) + k (z - u) = 0  and  -c (z_t - u_t) - k (z - u)  in the
// host's row (Den Hartog, "Mechanical Vibrations", 4th ed., sec. 3.3).
//
// Their DoFs belong to no cell: ExtraDofs numbers them after the DoFHandler's.
#include "core/case_parameters.h"
#include "models/extra_dofs.h"
#include "system/linear_functional.h"
#include "system/second_order_system.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>

#include <functional>
#include <vector>

namespace hamdyn {

class AttachedOscillators {
public:
  using NodeDof = std::function<dealii::types::global_dof_index(double)>;
  /// `node_dof(x)` gives the displacement DoF of the mesh node at x.
  AttachedOscillators(const std::vector<Attachment>& oscillators,
                      const dealii::DoFHandler<1>& dof_handler, const NodeDof& node_dof,
                      MPI_Comm comm);

  /// The DoFs of the whole system (structure, then oscillators) this rank owns / needs.
  const dealii::IndexSet& owned() const { return extra_.owned(); }
  const dealii::IndexSet& relevant() const { return extra_.relevant(); }

  /// The structure's locally relevant DoFs (the DoFHandler's).
  const dealii::IndexSet& structure_relevant() const { return extra_.structure_relevant(); }

  /// The sparsity pattern of the whole system from the structure's (ExtraDofs::system_sparsity
  /// with each oscillator coupled to its host).
  const dealii::DynamicSparsityPattern&
  system_sparsity(dealii::DynamicSparsityPattern& structure,
                  dealii::DynamicSparsityPattern& system) const;

  /// Adds the oscillators' mass, spring and dashpot to the system's point entries. The viscous
  /// damping of the structure, part of s.damping_mass_factor M, does not act on the oscillator's
  /// mass and is taken out again (as for end masses); Rayleigh damping acts on the whole system.
  void assemble(SecondOrderSystem& s, const dealii::AffineConstraints<double>& constraints,
                double viscous_factor) const;

  /// Gives each oscillator the displacement and velocity of its host node (spring unstretched).
  /// u and v hold the structure's initial state, compressed.
  void initial_state(LA::Vector& u, LA::Vector& v) const;

  /// oscillator_1, oscillator_2, ...: the oscillators' displacements.
  std::vector<LinearFunctional> history_functionals() const;

  /// `structure` (re-initialized to the DoFHandler's owned and relevant DoFs) = the structure's
  /// part of the system vector `state`, ghosted: what the snapshots sample.
  void structure_part(const LA::Vector& state, LA::Vector& structure) const {
    extra_.structure_part(state, structure);
  }

private:
  dealii::types::global_dof_index dof(std::size_t k) const { return extra_.dof(k); }

  std::vector<Attachment> oscillators_;
  std::vector<dealii::types::global_dof_index> hosts_;
  ExtraDofs extra_;
  MPI_Comm comm_;
};

} // namespace hamdyn
