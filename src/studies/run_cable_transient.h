#pragma once
// `hamdyn run` of a cable (Model/Type = cable): its large motion from rest at the geometry as given
// or at its static equilibrium (Cable/Initial state), stepped by the energy-consistent midpoint
// rule (studies/cable_motion.h: T + V conserved to Newton's tolerance at any step), with
// checkpoints and a bit-for-bit resume like every run (studies/time_loop.h). The chain is solved
// alike on every rank (one band; studies/cable_line.h); rank 0 writes.
#include "core/case_parameters.h"
#include "studies/time_loop.h"

#include <mpi.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// The cable's transient: history.csv (time; the midspan node's x and z, then each point mass's;
/// the tension at each support's element; kinetic and potential energy, the potential holding the
/// strain energy and the weights' -p . x; dissipated energy and external work, 0; energy_error =
/// T + V's change since t = 0), and
/// solution.pvd of solution_NNNNN.vtp (output/cable_series.h) every Output/Snapshot interval
/// steps. Its results: max_abs_<position column> and max_abs_energy_error.
std::unique_ptr<TransientRun> make_cable_transient_run(const CaseParameters& c, MPI_Comm comm);

/// The same run for another study (`command`, in its checkpoints: `hamdyn spectrum`'s time
/// history) writing history.csv alone, that also keeps each column's largest change from its
/// value at step 0 (largest_change, studies/rows_run.h; in its checkpoints too).
std::unique_ptr<TransientRun> make_cable_history_run(const CaseParameters& c, MPI_Comm comm,
                                                     const std::string& command);

/// history.csv's columns of a cable (time first).
NamedColumns cable_history_columns(const CableCase& cable);

/// Steps the cable from t = 0 to its final time, calling `observe` with each history row (step 0
/// first): what `hamdyn converge` studies.
void integrate_cable(const CaseParameters& c, MPI_Comm comm,
                     const std::function<void(const std::vector<double>& row)>& observe);

} // namespace hamdyn
