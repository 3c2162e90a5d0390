#pragma once
// The nonlinear terms a line operator may hold, one line each in term_table.cc: a new term is its
// own files plus one line there (ASPECT's plugin lists, OpenSees' element classes: neither the
// operator nor a study names a term). A kind makes its operator term from the system's data
// (SecondOrderSystem::parts) and owns its values in a state (State::terms): their history
// columns and checkpoint records. The operator asks every kind in the table's order, which is
// the order it corrects a step in.
#include "output/history_rows.h"
#include "terms/operator_term.h"

#include <memory>
#include <vector>

namespace hamdyn {

struct TermKind {
  /// What the term is, for the developer guide and messages.
  const char* name;
  /// The term for `system`, or null when the system has none of it.
  std::unique_ptr<OperatorTerm> (*make)(const SecondOrderSystem& system);
  /// Where its history columns stand among the terms' (they follow the probes): the history's
  /// column order is older than the table's order and stays.
  unsigned column_position;
  /// Appends its history columns for `system` (none when the system has none of it), and its
  /// values at `s`, one per column.
  void (*add_columns)(const SecondOrderSystem& system, NamedColumns& columns);
  void (*add_values)(const SecondOrderSystem& system, const State& s, std::vector<double>& row);
  /// Writes its values in `s` as checkpoint records (whether or not the system has any: a
  /// checkpoint holds the same records for every case), and reads them back into `s`, whose
  /// values the term's start() set.
  void (*save_state)(const State& s, Checkpoint& c);
  void (*restore_state)(State& s, const Checkpoint& c);
};

/// The kinds, in the order a step is corrected with them.
const std::vector<TermKind>& term_kinds();
/// The kinds in the order of their history columns.
std::vector<const TermKind*> kinds_by_column();

} // namespace hamdyn
