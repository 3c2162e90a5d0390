#pragma once
// `hamdyn converge`'s computations, apart from its files and printing: one case solved at a
// sequence of refinement levels (Convergence section), each on all ranks of the communicator,
// with errors against the exact solution where the case has one and against a Richardson limit
// otherwise.
#include "core/case_parameters.h"

#include <mpi.h>

#include <string>
#include <vector>

namespace hamdyn {

/// One row of convergence.csv: a quantity (omega_k or a history column) at one level.
struct ConvergenceRow {
  std::string quantity;
  unsigned int level = 0, elements = 0, degree = 0;
  double time_step = 0;
  unsigned long dofs = 0;
  double time = 0;            // a history's compared time: where the error is largest [s]; NaN
  double value = 0;           // omega_k [rad/s]; a history's value at `time`
  double reference = 0;       // the exact or extrapolated value of the same
  std::string reference_kind; // exact | richardson
  double error = 0;           // |value - reference|; for a history, the largest difference
  double relative_error = 0;  // error / |reference| (a history: over its largest magnitude)
  double round_off = 0;       // the relative error round-off alone can make (estimated)
  double order = 0;           // observed, against the previous level; NaN on level 0 and where
                              // this level or the previous one is at round-off
  double expected_order = 0;  // NaN where theory gives none here
  std::string regime;         // asymptotic | pre-asymptotic | round-off
};

struct ConvergenceResult {
  std::vector<ConvergenceRow> rows; // by quantity, then level
  /// The levels each Richardson limit is built from (the last three), by quantity.
  std::vector<std::string> richardson_levels;
  std::string size_name;             // what the order is measured in: h, dt or 1/DoFs
  unsigned int rigid_body_modes = 0; // among the first n, not studied (omega = 0)
};

/// The case at refinement level `level` (level 0: the case as written; p: degree level + 1).
CaseParameters convergence_level(const CaseParameters& c, unsigned int level);

/// Solves every level and estimates the errors. Throws InputError, before any solve, for a study
/// the case cannot make (p for an Euler-Bernoulli beam, h with a mesh file, an unknown history
/// column, nothing to study, too few levels for a Richardson estimate).
ConvergenceResult run_convergence_study(const CaseParameters& c, MPI_Comm comm);

} // namespace hamdyn
