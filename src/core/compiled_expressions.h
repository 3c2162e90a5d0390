#pragma once
// A list of expressions over many named variables, compiled once into muparser's bytecode and
// evaluated together. Written on muparser itself because deal.II's FunctionParser<dim> takes at
// most three space variables and t, where a discrete system's equations take its coordinates,
// their rates and accelerations (3n + 1 variables); the functions are deal.II's (if, int, floor,
// ceil, cot, csc, sec, log, pow, erf, erfc), so a text means here what it means in an Expression.
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

class CompiledExpressions {
public:
  /// Compiles `texts` over `variables` (and `constants`); throws std::invalid_argument with
  /// muparser's message when a text is malformed or uses another name.
  CompiledExpressions(const std::vector<std::string>& variables,
                      const std::vector<std::string>& texts,
                      const std::map<std::string, double>& constants);
  ~CompiledExpressions();
  CompiledExpressions(const CompiledExpressions&) = delete;
  CompiledExpressions& operator=(const CompiledExpressions&) = delete;

  std::size_t size() const { return size_; }
  /// Every expression's value with the variables set to `values` (in the order of `variables`);
  /// the pointer holds size() values until the next call.
  const double* evaluate(const double* values) const;

private:
  struct Parser;
  std::size_t size_;
  std::unique_ptr<std::vector<double>> values_; // the variables, where the parsers read them
  // muparser takes at most 20000 characters a text: the list is cut into parsers below that,
  // each with how many of the expressions it holds
  std::vector<std::pair<std::unique_ptr<Parser>, std::size_t>> parsers_;
  mutable std::vector<double> results_;
};

} // namespace hamdyn
