#pragma once
// `hamdyn response` of a cable (Model/Type = cable): the steady harmonic response about the
// static equilibrium hamdyn static finds to a harmonic motion of its supports (Frequency
// response/Support motion), the motion linearized (studies/cable_response.h).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes frf.csv and frf_units.csv (frequency, then midspan_x, midspan_z, each point mass's x
/// and z [m] and the two supports' tensions [N] as re, im, abs and phase), with a Load PSD
/// psd.csv, psd_units.csv and psd_rms.csv, and used_parameters.prm.
NamedValues run_cable_response(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report);

} // namespace hamdyn
