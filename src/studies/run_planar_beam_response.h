#pragma once
// `hamdyn response` of a planar beam (Model/Type = planar beam): the steady harmonic response about
// its static state (the straight reference when it has no load) to a harmonic motion of its
// supports (Frequency response/Support motion, start|end: u_x, u_z), linearized (studies/
// planar_beam_response.h).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes frf.csv and frf_units.csv (frequency, then the end's u_x, u_z [m] and turn [rad] and
/// the middle node's u_x, u_z [m] as re, im, abs and phase), with a Load PSD psd.csv,
/// psd_units.csv and psd_rms.csv, and used_parameters.prm. InputError (before anything is written)
/// without a support motion, for a support named that is free or a component it leaves free, a
/// follower load or a steady rotation (their linearizations are not symmetric or gyroscopic),
/// and at an undamped resonance.
NamedValues run_planar_beam_response(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report);

} // namespace hamdyn
