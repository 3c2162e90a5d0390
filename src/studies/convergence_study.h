#pragma once
// `hamdyn converge`'s computations, apart from its files and printing: one case solved at a
// sequence of refinement levels (Convergence section), each on all ranks of the communicator,
// with errors against the exact solution where the case has one and against a Richardson limit
// otherwise.
#include "core/case_parameters.h"

#include <mpi.h>

#include <cstddef>
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

/// One level's solutions, as a kind of system gives them.
struct ConvergenceLevel {
  unsigned int elements = 0, degree = 0; // a line model's mesh (0: none)
  double time_step = 0, size = 0;        // size: what the order is measured in
  unsigned long dofs = 0;
  double frequency_scale = 0; // below 1e-6 of it a frequency is a rigid-body mode's
  std::vector<double> omega, residual, times, history;
};

/// What a convergence study needs of a kind of system (line models: studies/line_convergence.h;
/// discrete systems: studies/discrete_convergence.h): the study itself is the same for both.
class ConvergenceSubject {
public:
  virtual ~ConvergenceSubject() = default;
  /// The case the levels refine.
  virtual CaseParameters prepared(const CaseParameters& c) const { return c; }
  /// InputError for a study the kind cannot make (before the checks every study has).
  virtual void check(const CaseParameters& c) const = 0;
  /// The first n exact frequencies, or none.
  virtual std::vector<double> exact_frequencies(const CaseParameters& /*c*/,
                                                unsigned int /*n*/) const {
    return {};
  }
  /// Whether the Convergence/History column has an exact solution, and its values at `times`.
  virtual bool has_exact_history(const CaseParameters& /*c*/) const { return false; }
  virtual std::vector<double> exact_history(const CaseParameters& /*c*/,
                                            const std::vector<double>& /*times*/) const {
    return {};
  }
  /// Solves one level (collective on comm).
  virtual ConvergenceLevel level(const CaseParameters& level_case, MPI_Comm comm) const = 0;
  /// The expected order of the frequencies in h (NaN: none), the order m of the strain energy's
  /// derivatives (their round-off), the expected order in dt of a history.
  virtual double frequency_order(const CaseParameters& /*c*/) const;
  virtual unsigned int strain_order(const CaseParameters& /*c*/) const { return 1; }
  virtual double time_order(const CaseParameters& /*c*/) const { return 2; }
  /// Whether levels have a mesh (convergence.csv's elements and degree mean something).
  virtual bool has_mesh() const = 0;
  /// InputError when the finest level would not fit in memory.
  virtual void refuse_beyond_memory(const CaseParameters& /*c*/, MPI_Comm /*comm*/) const {}
};

/// The position of `history` among a level's history.csv `columns`; InputError naming
/// Convergence/History and listing them when it is not there.
std::ptrdiff_t convergence_history_index(const std::vector<std::string>& columns,
                                         const std::string& history);

/// The case at refinement level `level` (level 0: the case as written; p: degree level + 1).
CaseParameters convergence_level(const CaseParameters& c, unsigned int level);

/// Solves every level and estimates the errors. Throws InputError, before any solve, for a study
/// the case cannot make (p for an Euler-Bernoulli beam, h with a mesh file, an unknown history
/// column, nothing to study, too few levels for a Richardson estimate).
ConvergenceResult run_convergence_study(const CaseParameters& c, const ConvergenceSubject& subject,
                                        MPI_Comm comm);

} // namespace hamdyn
