#pragma once
// The nonlinear terms a line operator may hold, one line each in term_table.cc: a new term is its
// own files plus one line there (ASPECT's plugin lists, OpenSees' element classes: the operator
// never names a term). The operator asks every kind in the table's order, which is the order
// it corrects a step in.
#include "terms/operator_term.h"

#include <memory>
#include <vector>

namespace hamdyn {

struct TermKind {
  /// What the term is, for the developer guide and messages.
  const char* name;
  /// The term for `system`, or null when the system has none of it.
  std::unique_ptr<OperatorTerm> (*make)(const SecondOrderSystem& system);
};

/// The kinds, in the order a step is corrected with them.
const std::vector<TermKind>& term_kinds();

} // namespace hamdyn
