#pragma once
// `hamdyn spectrum` of a cable (Model/Type = cable): its in-plane modes about the static
// equilibrium (studies/cable_modes.h), each mode's participation in the ground's direction
// (Cable/Ground motion direction) and damping ratio, combined at the spectral values of the
// case's Ground motion (studies/modal_spectrum.h), beside the largest changes of a run from rest
// at the equilibrium under the same ground motion (the large-motion run: where the sag's
// geometric nonlinearity matters, the two part).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// spectrum.csv, spectrum_response.csv (midspan_x, midspan_z, each point mass's x and z [m],
/// left_tension and right_tension [N]: changes from the equilibrium; no base_shear row) and the
/// run's history.csv and checkpoints.
NamedValues run_cable_spectrum(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report);
/// `hamdyn spectrum --resume DIR` of a cable.
NamedValues resume_cable_spectrum(const CaseParameters& c, MPI_Comm comm, bool report);

} // namespace hamdyn
