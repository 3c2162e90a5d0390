#pragma once
// M a + C v + K u = f(t) and its state: the only thing a time integrator, the modal solver and
// the energy ledger see of a model, so that none of them depends on a string or a beam.
#include <deal.II/base/index_set.h>
#include <deal.II/lac/petsc_sparse_matrix.h>
#include <deal.II/lac/petsc_vector.h>

#include <deal.II/base/mpi.h>

#include <petscmat.h>

#include "system/cell_forms.h"
#include "system/typed_parts.h"

#include <algorithm>
#include <functional>
#include <memory>

namespace hamdyn {

class BandedOperator;
class CellTable;
class StiffnessFromStrains;

namespace LA = dealii::PETScWrappers::MPI;

/// One entry of a small matrix given entry by entry (discrete dashpots), the same on all ranks.
struct MatrixEntry {
  dealii::types::global_dof_index row, column;
  double value;
};

/// A matrix given as a linear combination sum_k c_k A_k of assembled matrices plus a few listed
/// entries, never assembled itself (the line Schur solver forms its rows while filling the band).
struct MatrixCombination {
  std::vector<std::pair<double, Mat>> terms; // same row distribution and column numbering
  std::vector<MatrixEntry> entries;          // added with entry_factor
  double entry_factor = 0;
};

/// The values of `v` at `indices` (any ranks' entries), on every rank: one MPI_Allreduce.
std::vector<double> gather_entries(const LA::Vector& v,
                                   const std::vector<dealii::types::global_dof_index>& indices,
                                   MPI_Comm comm);
/// The same for several vectors in one reduction: the entries of vectors[0], then vectors[1], ...
std::vector<double> gather_entries(const std::vector<const LA::Vector*>& vectors,
                                   const std::vector<dealii::types::global_dof_index>& indices,
                                   MPI_Comm comm);

/// Every rank's `mine` in one sorted list without repeats, the same on each rank (the index list
/// of gather_entries, or of the values a rank's rows reach on other ranks). Collective.
template <typename Index>
std::vector<Index> union_over_ranks(const std::vector<Index>& mine, MPI_Comm comm) {
  std::vector<Index> all;
  for (const auto& rank : dealii::Utilities::MPI::all_gather(comm, mine))
    all.insert(all.end(), rank.begin(), rank.end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

/// The state at one time level; f is the load at t (kept so that the step and the energy
/// ledger use the same values; left unallocated when the system has no load).
struct State {
  double t = 0;
  LA::Vector u, v, a, f;
  /// The nonlinear terms' values at t, one part per term, found by type (each term's header
  /// says what it keeps: terms/nodal_force_term.h, axial_tension_term.h, moving_body_term.h).
  TypedParts terms;
  /// (v_n + v_{n+1}) / 2 over the last step, written by the integrator's update: the velocity
  /// the energy ledger integrates dissipation and work with (no copy of v_n kept for it); left
  /// as it was when the system has neither damping nor a load, where the ledger does not read it.
  LA::Vector v_mean;
};

/// Whether a system's M and K exist as assembled PETSc matrices, or only in the band storage that
/// banded() builds from the cells (a modal study's, and a run's that needs no product or bound
/// from assembled matrices: studies/transient.h, matrices_for_run); the dashpots' C joins that
/// band, a damping matrix of its own needs the assembled path.
enum class Matrices { assembled, band_from_cells };

struct SecondOrderSystem {
  MPI_Comm comm = MPI_COMM_WORLD;
  Matrices matrices = Matrices::assembled;
  dealii::IndexSet locally_owned;
  /// The DoFs of the cells that hold this rank's DoFs (for ghosted vectors of visit_cell_forms).
  dealii::IndexSet locally_relevant;
  // Held (Dirichlet) rows are decoupled: zero off-diagonal entries, a positive mass, zero damping
  // and a stiffness far above the spectrum, so a held DoF that starts at rest stays exactly zero
  // and never shows up among the low modes.
  LA::SparseMatrix mass, stiffness;
  std::vector<dealii::types::global_dof_index> held_dofs; // locally owned held rows
  // Damping C = damping_mass_factor M + damping_stiffness_factor K + extra_damping
  // (+ damping_matrix). Uniform viscous and Rayleigh damping are proportional to M and K, so
  // only discrete dashpots are listed entry by entry: no third matrix (80 MB at 10^6 rows) and one
  // product per step fewer. Only damping that is not proportional to M (viscous damping of a beam
  // with rotary inertia) is assembled as damping_matrix.
  double damping_mass_factor = 0, damping_stiffness_factor = 0;
  std::vector<MatrixEntry> extra_damping;
  LA::SparseMatrix damping_matrix;
  bool has_damping_matrix = false;

  bool has_damping() const {
    return damping_mass_factor != 0 || damping_stiffness_factor != 0 || !extra_damping.empty() ||
           has_damping_matrix;
  }
  /// Whether C has parts that are not proportional to M and K.
  bool has_nonproportional_damping() const { return !extra_damping.empty() || has_damping_matrix; }
  /// y = C x (`work` is a scratch vector like x).
  void damping_vmult(LA::Vector& y, const LA::Vector& x, LA::Vector& work) const;
  /// y += (extra_damping + damping_matrix) x: the damping not proportional to M and K.
  void nonproportional_damping_vmult_add(LA::Vector& y, const LA::Vector& x) const;
  /// The operator's forces at the given arguments, the load left out:
  ///   r = M a + C v + K u = M (a + dm v) + K (u + dk v) + C_np v,
  /// with the proportional damping dm M + dk K folded into the two products (no third product).
  /// The K product is formed from the element strains when the system has cells
  /// (stiffness_from_strains(): the elastic forces keep their digits at 10^5 elements), else
  /// from the band.
  /// The product arguments a + dm v and u + dk v are formed entry by entry by the caller (an
  /// integrator does that in the pass that forms a, v and u): `mass_part` (null when it is zero)
  /// and `stiffness_part`. `v` is read only when C has a non-proportional part. M multiplies
  /// mass_scale times mass_part, scaled entry by entry as the product reads it (an argument
  /// dm v without a pass that writes it).
  void apply(const LA::Vector* mass_part, const LA::Vector& stiffness_part, const LA::Vector& v,
             LA::Vector& r, double mass_scale = 1.0) const;
  /// M, K and the non-proportional damping (extra_damping + damping_matrix) in band storage, in
  /// that order (banded_mass, banded_stiffness, banded_damping; the last only when
  /// has_nonproportional_damping()), for the products a step and the energy ledger make. Built
  /// at the first call, which every rank makes together; the matrices must not change after it.
  const BandedOperator& banded() const;
  static constexpr std::size_t banded_mass = 0, banded_stiffness = 1, banded_damping = 2;
  /// Frees banded() when it was built from the cells (Matrices::band_from_cells); the next call
  /// builds it again. The modal solver frees it while it checks the eigensolver's pairs, the
  /// peak of its memory.
  void free_band_from_cells() const;
  /// y = A x for one of banded()'s matrices (banded_mass, banded_stiffness, banded_damping).
  /// Collective.
  void banded_vmult(std::size_t matrix, const Vec x, Vec y) const;
  /// J = c_m M + c_c C + c_k K as coefficients of banded()'s matrices (BandedOperator::Rows).
  std::vector<double> banded_linearization(double c_m, double c_c, double c_k) const;
  /// Frees the assembled PETSc matrices M, K and C once banded() holds them, for a run that
  /// needs nothing else of them (the large-amplitude string keeps them: its Newton iteration
  /// multiplies with them). linearization() refuses afterwards.
  void release_assembled_matrices();
  /// Whether M a + C v has a product with M when a is zero.
  bool damping_needs_mass_product() const { return damping_mass_factor != 0; }
  /// The linearization J = c_m M + c_c C + c_k K of the operator; for this linear system it never
  /// changes, so a solver factors it once per step size.
  MatrixCombination linearization(double c_m, double c_c, double c_k) const;
  /// The data of the system's nonlinear terms, one part per kind, found by type: nonlinear
  /// springs and dashpots (system/nodal_force.h, NodalForces), moving masses and vehicles
  /// (system/moving_contact.h, MovingBodies), the large-amplitude string's tension
  /// (system/axial_tension.h, AxialTension). None for a linear system.
  TypedParts parts;
  /// The point entries of M and K (end and interior masses, inertias and springs, attached
  /// oscillators, a linearization's spring slopes), the same list on every rank: added to the
  /// assembled matrices by add_point_entries(), and kept for the extended-precision energies.
  std::vector<MatrixEntry> point_mass, point_stiffness;
  /// Adds this rank's rows of point_mass and point_stiffness to M and K (before they are
  /// compressed with VectorOperation::add); nothing without assembled matrices, whose band reads
  /// the lists.
  void add_point_entries(std::size_t first_mass = 0, std::size_t first_stiffness = 0);
  /// Visits the cells' forms of M and K in extended precision (the model's element kernels), for
  /// energies and residuals that keep their digits at 10^5 elements; empty for a system whose
  /// M and K come from no cells (an impulse dual). Held rows take no part in them.
  std::function<void(const CellFormVisitor&)> visit_cell_forms;
  /// The cells of visit_cell_forms, visited at the first call (collective the first time).
  const CellTable& cells() const;
  bool has_cell_forms() const { return visit_cell_forms || cells_; }
  /// K x and x^T K x from the cells' strains (system/stiffness_from_strains.h), built at the first
  /// call (collective; needs banded() for the held rows' diagonal).
  const StiffnessFromStrains& stiffness_from_strains() const;
  /// Visits the cells into cells() now and forgets visit_cell_forms, whose model (and mesh) may
  /// then be freed.
  void keep_cells_only();
  /// f(t), zero in held rows; empty when the load is identically zero.
  std::function<void(double t, LA::Vector& f)> load;

private:
  mutable std::shared_ptr<const BandedOperator> banded_;
  mutable std::shared_ptr<const CellTable> cells_;
  mutable std::shared_ptr<const StiffnessFromStrains> strains_;
  bool released_ = false;
};

/// The diagonal (M_ii, K_ii) a held row gets so that its decoupled "mode" lies far above the
/// spectrum: the largest M_ii of the free rows, and 1e6 times the largest K_ii / M_ii times that.
/// `diagonal(i)` gives (M_ii, K_ii) of a locally owned free row. Collective.
std::pair<double, double> held_row_diagonal(
    const SecondOrderSystem& s,
    const std::function<std::pair<double, double>(dealii::types::global_dof_index)>& diagonal);

} // namespace hamdyn
