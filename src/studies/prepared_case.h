#pragma once
// What every study starts from: the mesh on a parallel::shared triangulation (1D has no
// parallel::distributed one), the model, and its assembled second-order system.
#include "core/case_parameters.h"
#include "models/model.h"
#include "output/output_directory.h"
#include "system/second_order_system.h"

#include <deal.II/distributed/shared_tria.h>

#include <memory>

namespace hamdyn {

struct PreparedCase {
  /// Matrices::band_from_cells for a study that only needs M and K's band (modes).
  /// MassForm::geometric_stiffness (buckling) with Matrices::band_from_cells.
  PreparedCase(const CaseParameters& c, MPI_Comm comm, Matrices matrices = Matrices::assembled,
               MassForm form = MassForm::inertia);
  /// Frees the model and the mesh once the system's cells are kept apart (keep_cells_only), for
  /// a modal study that writes no shapes: at 10^6 cells they are a quarter of its peak memory.
  void release_mesh();
  CaseParameters parameters;
  MPI_Comm comm;
  // held by pointer: release_mesh() destroys it (clear() keeps a 1D mesh's per-vertex maps, about
  // 50 bytes a vertex)
  std::unique_ptr<dealii::parallel::shared::Triangulation<1>> triangulation;
  std::unique_ptr<Model> model;
  SecondOrderSystem system;
  double setup_seconds = 0;
};

/// Throws InputError when every DoF is held (nothing can move).
void check_free_dofs(const PreparedCase& pc);
/// Throws InputError naming the first x-dependent expression of the case (distributed force,
/// initial displacement and velocity) that is not finite at t = 0 at one of `points` [m], or an
/// end's or attachment's force that is not finite at t = 0. PreparedCase checks the mesh's
/// vertices, held ones included (log(x) at a fixed end is as wrong as anywhere).
void check_expressions_finite(const CaseParameters& c, const std::vector<double>& points);
/// Throws InputError when Modes/Number of modes exceeds the free DoFs of the discretization.
void check_number_of_modes(const PreparedCase& pc);
/// The same for n modes asked for by `parameter`.
void check_number_of_modes(const PreparedCase& pc, unsigned int n, const std::string& parameter);

/// Creates the output directory, locks it for the study, removes an earlier run's files and
/// writes used_parameters.prm into it (collective). Call it when everything that can fail before
/// the first result is done: a failure before leaves nothing behind.
std::unique_ptr<OutputDirectory> prepare_output_directory(const std::string& directory,
                                                          const ParameterFile& file, MPI_Comm comm);

} // namespace hamdyn
