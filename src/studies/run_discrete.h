#pragma once
// `hamdyn run` and `hamdyn modes` of a discrete system (Model/Type = discrete): the small dense
// system is solved on every rank alike (it is a few coordinates); rank 0 writes.
#include "core/case_parameters.h"
#include "studies/named_values.h"
#include "studies/time_loop.h"

#include <mpi.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// The transient of a discrete system, for `hamdyn run` and `--resume` (run_transient.h):
/// history.csv (time, each coordinate and its rate v_name, each spring's force force_name and
/// dashpot's dashpot_force_name, each constraint's lambda_name, the energies); its results are
/// max_abs_<coordinate> and max_abs_energy_error.
std::unique_ptr<TransientRun> make_discrete_transient_run(const CaseParameters& c, MPI_Comm comm);

/// history.csv's columns of a discrete system (time first).
NamedColumns discrete_history_columns(const DiscreteCase& d);
/// Steps the case from t = 0 to its final time, calling `observe` with each history row (step 0
/// first): what `hamdyn converge` studies.
void integrate_discrete(const CaseParameters& c, MPI_Comm comm,
                        const std::function<void(const std::vector<double>& row)>& observe);

/// Natural frequencies of the system linearized about its initial state (each spring's slope
/// dF/de there; dashpots left out) on the motions the constraints allow: modes.csv.
NamedValues run_discrete_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report);

/// The system three ways, side by side: primal with multipliers, Gibbs-Appell (reduced to the
/// live coordinates) and the impulse dual (complementary Appell equations). Writes compare.csv
/// (mode,primal,dual: the nonzero angular frequencies linearized about the initial state) and
/// compare_history.csv (time, then primal_q, gibbs_appell_q, dual_q for each coordinate q), and
/// prints the largest differences. Returns them as largest_difference_<method>_<q>.
NamedValues run_discrete_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                 bool report);

} // namespace hamdyn
