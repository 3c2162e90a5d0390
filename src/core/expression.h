#pragma once
// A user expression in x and/or t (muparser through deal.II's FunctionParser), validated when it
// is built so that a typo is reported with the parameter's name before a run starts.
#include <deal.II/base/function_parser.h>

#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

class Expression {
public:
  /// `parameter` names the case-file entry (for error messages); `variables` lists the variables
  /// the expression may use, a subset of {"x", "t"}, or one variable of a force law ({"e"}: the
  /// extension, {"theta"}: the rotation), evaluated as (*this)(e, 0). Throws InputError on a
  /// malformed expression or one that uses anything else.
  Expression(const std::string& parameter, const std::string& text,
             const std::vector<std::string>& variables);

  double operator()(double x, double t) const;
  /// The exact derivative with respect to the one variable of a law (dF/de) or of an expression
  /// in t alone (df/dt) (core/symbolic_derivative.h), when it has one: one that uses muparser's
  /// min, max, rint, comparisons or ?: has none (has_exact_slope() false).
  bool has_exact_slope() const { return slope_parser_ != nullptr; }
  double slope(double at) const;
  /// d/dt of an expression in t alone as an expression of its own (whose derivative may again
  /// be taken), built while the case is read (the Variables in effect); null when it has none.
  std::shared_ptr<const Expression> time_derivative() const;
  const std::string& text() const { return text_; }
  /// True when the expression does not depend on t (lets callers assemble a load once).
  bool is_time_independent() const { return !uses_t_; }
  /// True when the expression uses x (an axial force varying along a beam).
  bool depends_on_x() const { return uses_x_; }
  /// True when the expression is the constant 0 (lets callers skip a load altogether).
  bool is_zero() const { return is_zero_; }

  /// The constant 0 in x and t: the neutral value of every expression a case leaves unset.
  static std::shared_ptr<const Expression> zero();

private:
  std::string text_, parameter_;
  std::string slope_text_; // what the slope parser reads (empty: no exact slope)
  bool uses_t_ = false, uses_x_ = false;
  bool is_zero_ = false;
  bool law_ = false; // a function of one variable of its own, evaluated as (*this)(value, 0)
  std::unique_ptr<dealii::FunctionParser<1>> parser_, slope_parser_;
};

/// Parsed once, when the case is read, and shared by every model, reduction and study that
/// evaluates it (a copy of CaseParameters shares it too; evaluation is const).
using ExpressionPtr = std::shared_ptr<const Expression>;

/// Whether `name` is an identifier of expressions: a letter or _, then letters, digits and _ (a
/// coordinate, a variable, an element's name).
bool is_identifier(const std::string& name);

/// The identifiers of `text` that are neither function names (followed by '(') nor `allowed`
/// nor muparser's built-in constants; used to name an undefined variable.
std::vector<std::string> unknown_identifiers(const std::string& text,
                                             const std::vector<std::string>& allowed);

} // namespace hamdyn
