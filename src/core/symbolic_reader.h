#pragma once
// A case's texts read twice, for exact differentiation: by GiNaC, which forms the derivatives
// (core/ginac_text.h), and by muparser, which evaluates what GiNaC prints
// (core/compiled_expressions.h). Both must read a text alike: the names it may use are checked
// first, and the two readings are compared at two probe points (their grammars differ at the
// edges: -2^2, 2^3^2). The variables are a discrete system's coordinates q, their rates v_q,
// accelerations (internal names) and t, with pi, e and the Variables in effect as constants.
#include "core/compiled_expressions.h"

#include <ginac/ginac.h>

#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// A text of the case, with the parameter and the entry an error names.
struct EnergyText {
  std::string parameter, entry, text;
};

class SymbolicReader {
public:
  explicit SymbolicReader(const std::vector<std::string>& coordinates);

  /// `u` read as a GiNaC expression in the coordinates and t, and with `rates` in their rates
  /// too; InputError naming u's parameter and entry for another name, a malformed text, one
  /// without a derivative (min, max, rint, floor, comparisons, ?:) or one the two parsers read
  /// differently.
  GiNaC::ex read(const EnergyText& u, bool rates) const;
  /// The bounds read() keeps. Measured: a T of 8 coordinates that expands to 2048 terms (a
  /// product of 8 sums) takes 1.9 s to derive, one of 12 (49 152 terms) over a minute; a sum of
  /// 10^4 squares is a chain of 10^4 coordinates.
  static constexpr int max_nesting = 64;
  static constexpr double max_expanded_terms = 1e4;
  /// The texts of `expressions`, compiled over every variable (q, v, a, t: values in that order,
  /// 3n + 1 of them); a text muparser does not read is hamdyn's failure (std::runtime_error).
  std::unique_ptr<CompiledExpressions> compile(const std::vector<GiNaC::ex>& expressions) const;

  const std::vector<GiNaC::symbol>& q() const { return q_; }
  const std::vector<GiNaC::symbol>& v() const { return v_; }
  const std::vector<GiNaC::symbol>& a() const { return a_; }
  const GiNaC::symbol& t() const { return t_; }

private:
  std::vector<std::string> variables_, positions_allowed_, rates_allowed_;
  std::map<std::string, double> constants_;
  GiNaC::symtab table_;
  std::vector<GiNaC::exmap> probes_; // the symbols at two points
  std::vector<std::vector<double>> probe_values_;
  std::vector<GiNaC::symbol> q_, v_, a_;
  GiNaC::symbol t_{"t"};
};

/// Each expression's muparser text (core/ginac_text.h).
std::vector<std::string> printed(const std::vector<GiNaC::ex>& expressions);

} // namespace hamdyn
