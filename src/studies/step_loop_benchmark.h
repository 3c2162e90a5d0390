#pragma once
#include <mpi.h>

namespace hamdyn {

/// `hamdyn bench`: times the generalized-alpha step loop of a fixed-free P1 string with an end
/// mass and spring (n_unknowns free DoFs) and prints ns per unknown per step, set-up time and
/// peak memory. A benchmark, not a test: nothing is asserted.
void run_step_loop_benchmark(unsigned long n_unknowns, unsigned int n_steps, MPI_Comm comm);

} // namespace hamdyn
