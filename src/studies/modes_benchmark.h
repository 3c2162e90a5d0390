#pragma once
#include <mpi.h>

namespace hamdyn {

/// `hamdyn bench --study modes`: times the path `hamdyn modes` takes with Modes/Write shapes =
/// false (the case set up, its matrices in band storage, SLEPc's Krylov-Schur on the band
/// factorization, the refinement in extended precision) for n_modes modes of a P1 string fixed at
/// both ends (L = 1 m, tau = 100 N, rho = 0.01 kg/m) with n_unknowns elements, and prints the
/// set-up and solver times, the peak memory and omega_1's error against the exact pi c / L.
/// bench/modes.sh times it beside scipy's eigsh on the same matrices. A benchmark, not a test.
void run_modes_benchmark(unsigned long n_unknowns, unsigned int n_modes, MPI_Comm comm);

} // namespace hamdyn
