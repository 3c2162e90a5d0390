#pragma once
// `hamdyn modes` of a cable (Model/Type = cable): its in-plane natural frequencies about the
// static equilibrium hamdyn static finds (studies/cable_modes.h: the tangent stiffness with the
// tension's geometric part), beside Irvine & Caughey's shallow-cable frequencies for a cable
// between level supports (exact/sagged_cable_frequencies.h), which the catenary's own differ from
// by O((d/l)^2).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes modes.csv (mode, omega [rad/s], frequency [Hz]; shallow_theory_omega where it applies)
/// and used_parameters.prm. Dense eigenvalues: at most most_elements_for_modes elements
/// (studies/cable_modes.h; InputError naming Discretization/Elements above).
NamedValues run_cable_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                            bool report);

} // namespace hamdyn
