#pragma once
// `hamdyn response`: the steady harmonic response of a line model (frf.csv, psd.csv and
// psd_rms.csv with a Load PSD, response.pvd at the Shapes at frequencies).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

NamedValues run_response(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report);

} // namespace hamdyn
