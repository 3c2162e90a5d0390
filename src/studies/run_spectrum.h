#pragma once
// `hamdyn spectrum`: the ground motion's elastic response spectra (spectrum.csv, spectrum.png)
// and the structure's peak responses by modal combination beside those of a run under the same
// ground motion (spectrum_response.csv).
#include "core/case_parameters.h"
#include "studies/modal_spectrum.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// The spectra, the modal peaks and the time history's peaks; the time history writes
/// history.csv and checkpoints as `hamdyn run` does.
NamedValues run_spectrum(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report);
/// `hamdyn spectrum --resume DIR`: the stopped time history continued from its checkpoint, then
/// the spectra and peaks as run_spectrum writes them.
NamedValues resume_spectrum(const CaseParameters& c, MPI_Comm comm, bool report);

} // namespace hamdyn
