#include "core/compiled_expressions.h"

#include <deal.II/base/mu_parser_internal.h>

#include <muParser.h>

#include <algorithm>
#include <stdexcept>

namespace hamdyn {

struct CompiledExpressions::Parser {
  mu::Parser parser;
};

namespace {
namespace fp = dealii::internal::FunctionParser;
// deal.II's additions to muparser (deal.II's mu_parser_internal.cc registers the same names)
void add_deal_ii_functions(mu::Parser& p) {
  p.DefineFun(
      "if", +[](double c, double a, double b) { return fp::mu_if(c, a, b); });
  p.DefineFun(
      "int", +[](double x) { return fp::mu_int(x); });
  p.DefineFun(
      "ceil", +[](double x) { return fp::mu_ceil(x); });
  p.DefineFun(
      "floor", +[](double x) { return fp::mu_floor(x); });
  p.DefineFun(
      "cot", +[](double x) { return fp::mu_cot(x); });
  p.DefineFun(
      "csc", +[](double x) { return fp::mu_csc(x); });
  p.DefineFun(
      "sec", +[](double x) { return fp::mu_sec(x); });
  p.DefineFun(
      "log", +[](double x) { return fp::mu_log(x); });
  p.DefineFun(
      "pow", +[](double a, double b) { return fp::mu_pow(a, b); });
  p.DefineFun(
      "erf", +[](double x) { return fp::mu_erf(x); });
  p.DefineFun(
      "erfc", +[](double x) { return fp::mu_erfc(x); });
}
} // namespace

CompiledExpressions::CompiledExpressions(const std::vector<std::string>& variables,
                                         const std::vector<std::string>& texts,
                                         const std::map<std::string, double>& constants)
    : size_(texts.size()), values_(std::make_unique<std::vector<double>>(variables.size(), 0.0)),
      results_(texts.size()) {
  constexpr std::size_t longest = 19000; // below muparser's MaxLenExpression (20000)
  try {
    for (std::size_t first = 0; first < texts.size();) {
      std::string all = texts[first];
      std::size_t last = first + 1;
      for (; last < texts.size() && all.size() + 1 + texts[last].size() < longest; ++last)
        all += "," + texts[last];
      if (all.size() >= longest)
        throw std::invalid_argument("an expression of " + std::to_string(all.size()) +
                                    " characters, longer than muparser reads");
      auto parser = std::make_unique<Parser>();
      mu::Parser& p = parser->parser;
      add_deal_ii_functions(p);
      for (const auto& [name, value] : constants)
        p.DefineConst(name, value);
      for (std::size_t i = 0; i < variables.size(); ++i)
        p.DefineVar(variables[i], &(*values_)[i]);
      p.SetExpr(all);
      int n = 0;
      p.Eval(n); // muparser compiles lazily: compile (and find any error) now
      if (std::size_t(n) != last - first)
        throw std::invalid_argument("a text holds a comma: " + std::to_string(n) + " values for " +
                                    std::to_string(last - first) + " expressions");
      parsers_.emplace_back(std::move(parser), last - first);
      first = last;
    }
  } catch (const mu::ParserError& e) {
    throw std::invalid_argument(e.GetMsg());
  }
}

CompiledExpressions::~CompiledExpressions() = default;

const double* CompiledExpressions::evaluate(const double* values) const {
  std::copy(values, values + values_->size(), values_->begin());
  auto result = results_.begin();
  for (const auto& [parser, count] : parsers_) {
    int n = 0;
    const double* r = parser->parser.Eval(n);
    result = std::copy(r, r + count, result);
  }
  return results_.data();
}

} // namespace hamdyn
