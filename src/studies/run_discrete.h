#pragma once
// `hamdyn run` and `hamdyn modes` of a discrete system (Model/Type = discrete): the small dense
// system is solved on every rank alike (it is a few coordinates); rank 0 writes.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// The transient: history.csv (time, each coordinate and its rate v_name, each spring's force
/// force_name and dashpot's dashpot_force_name, each constraint's lambda_name, the energies) and
/// used_parameters.prm. Returns max_abs_<coordinate> and max_abs_energy_error.
NamedValues run_discrete_transient(const CaseParameters& c, const ParameterFile& file,
                                   MPI_Comm comm, bool report);

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
