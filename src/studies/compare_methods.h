#pragma once
// The computations behind `hamdyn compare`, apart from its files and printing so that tests can
// check them: frequencies and a displacement history of one case by each method.
#include "core/case_parameters.h"
#include "exact/beam_frequencies.h"
#include "reductions/discrete_chain.h"
#include "reductions/impulse_dual.h"

#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

struct FrequencyComparison {
  // angular frequencies [rad/s], ascending; NaN where a method has no such mode
  // dual: the chain's impulse dual; dual_fe: the string's continuum impulse dual (FE)
  std::vector<double> exact, primal_fe, chain, dual, dual_fe;
  unsigned int rigid_body_modes = 0;           // chain modes with omega = 0 (none in the dual)
  unsigned int self_stress_states = 0;         // zero modes of the chain's dual (no primal one)
  unsigned int dual_fe_self_stress_states = 0; // zero modes of the continuum dual
  std::string dual_fe_note;                    // why the continuum dual is missing, if it is
  std::string dual_note;                       // why the chain's dual is missing, if it is
};

struct HistoryComparison {
  double x = 0; // where the displacement is recorded [m]
  std::vector<double> time, exact, primal_fe, chain, dual, dual_fe; // NaN where unavailable
};

/// The relative width (FE - chain) / FE of a mode's frequency bracket, or NaN with `why` saying
/// why the pair is not a bracket: the chain (softer, lumped) above the consistent FE, or the exact
/// value known and outside [chain, FE].
double bracket_width(double exact, double fe, double chain, std::string* why = nullptr);

/// The largest bracket width over the modes that have one; NaN when none has.
double largest_bracket_width(const FrequencyComparison& f);

/// The largest differences of the displacement histories [m] (NaN where a method has none).
struct HistoryDifferences {
  double chain_fe, dual_chain, dual_fe_fe, fe_exact;
};
HistoryDifferences history_differences(const HistoryComparison& h);

/// Where compare records the displacement: the right end, or the mesh node nearest L/2 when the
/// right end is held.
double compare_position(const CaseParameters& c);

struct PreparedCase;

/// One case set up once for every method: the primal FE (with a probe at compare_position), its
/// discrete chain and the chain's impulse dual. The FE and the continuum dual run on all ranks of
/// comm, the chain and its dual (small, dense) on each rank.
class CaseComparison {
public:
  /// Throws InputError for a case the chain cannot reduce, before any finite-element work.
  CaseComparison(const CaseParameters& c, MPI_Comm comm);
  ~CaseComparison();
  CaseComparison(const CaseComparison&) = delete; // the dual refers to the chain
  CaseComparison& operator=(const CaseComparison&) = delete;

  const DiscreteChain& chain() const { return chain_; }
  /// Frequencies by every method (Modes/Number of modes of them).
  FrequencyComparison frequencies() const;
  /// The displacement at compare_position over the case's time span by every method.
  HistoryComparison histories() const;

private:
  CaseParameters c_;
  MPI_Comm comm_;
  double x_;
  DiscreteChain chain_;
  ImpulseDual dual_;
  std::unique_ptr<PreparedCase> fe_;
};

/// Whether the case is a string whose exact modal series and frequency equation apply: fixed at
/// x = 0, fixed or a mass on a spring at x = L, no interior attachments; `undamped_free` also
/// asks for no damping and no load (the modal series is free vibration).
bool string_has_exact_solution(const CaseParameters& c, bool undamped_free);

/// Whether the case is an Euler-Bernoulli beam without rotary inertia of its sections and without
/// interior masses, springs or oscillators, whose frequency equation exact::beam_frequencies
/// solves (end masses, rotary inertias and springs included; dashpots do not change the
/// undamped frequencies).
bool beam_has_exact_frequencies(const CaseParameters& c);

/// The n lowest exact angular frequencies [rad/s] where the case has them (see above), else none.
std::vector<double> exact_frequencies(const CaseParameters& c, unsigned int n);

/// The exact displacement at x [m] at the given times (the string's modal series, 200 modes) where
/// the case is an undamped, unforced string with an exact solution, else none.
std::vector<double> exact_string_history(const CaseParameters& c, double x,
                                         const std::vector<double>& times);

/// The exact solution's description of a case's end.
exact::BeamEnd exact_beam_end(const EndParameters& e);

} // namespace hamdyn
