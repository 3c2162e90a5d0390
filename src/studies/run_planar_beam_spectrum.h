#pragma once
// `hamdyn spectrum` of a planar beam or frame (Model/Type = planar beam): its in-plane modes about
// the static state (studies/planar_beam_modes.h), each mode's participation in the ground's
// direction (Planar beam/Ground motion direction) and damping ratio, combined at the spectral
// values of the case's Ground motion (studies/modal_spectrum.h), beside the largest changes of a
// run from rest at the static state under the same ground motion (the large-motion run, in
// coordinates relative to the ground: where the rotations grow large the two part).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// spectrum.csv, spectrum_response.csv (end_x, end_z [m] and end_rotation [rad] of the watched
/// node: changes from the static state; no base_shear row) and the run's history.csv and
/// checkpoints.
NamedValues run_planar_beam_spectrum(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report);
/// `hamdyn spectrum --resume DIR` of a planar beam.
NamedValues resume_planar_beam_spectrum(const CaseParameters& c, MPI_Comm comm, bool report);

} // namespace hamdyn
