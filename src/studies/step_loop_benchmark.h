#pragma once
#include <mpi.h>

#include <string>

namespace hamdyn {

/// `hamdyn bench`: times the path `hamdyn run` takes (Transient: the generalized-alpha step, the
/// energy ledger, the history rows into a scratch history.csv) for the default case's fixed-free P1
/// string with an end mass and spring, or of a clamped-free Hermite Euler-Bernoulli beam with a
/// tip mass (model "beam"), with about n_unknowns DoFs, and prints ns per unknown per step,
/// set-up time and peak memory. A benchmark, not a test: nothing is asserted.
void run_step_loop_benchmark(const std::string& model, unsigned long n_unknowns,
                             unsigned int n_steps, MPI_Comm comm);

} // namespace hamdyn
