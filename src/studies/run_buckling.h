#pragma once
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// `hamdyn buckling`: the critical axial loads and buckling shapes of a beam with any supports,
/// end springs and attachments, K x = P K_g x with K_g = int w_x dw_x dx the geometric stiffness of
/// a unit compressive force (P > 0 in compression; the case's own Axial force is a preload in K).
/// Writes buckling.csv (mode, critical_force [N], and exact_critical_force where an exact
/// solution exists), buckling.pvd (the shapes, time axis = mode number) and used_parameters.prm;
/// with `report`, prints the table on rank 0. Returns critical_force_1..n. A string, a discrete
/// system, a case with nonlinear elements or a mechanism is InputError.
NamedValues run_buckling(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report);

} // namespace hamdyn
