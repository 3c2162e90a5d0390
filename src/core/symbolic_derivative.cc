#include "core/symbolic_derivative.h"

#include <ginac/ginac.h>

#include <cmath>
#include <regex>
#include <sstream>

namespace hamdyn {

namespace {
// muparser's names for the functions GiNaC spells otherwise (muparser's log is natural too).
std::string to_ginac(const std::string& text) {
  static const std::regex ln(R"(\bln\s*\()"), sign(R"(\bsign\s*\()");
  return std::regex_replace(std::regex_replace(text, ln, "log("), sign, "csgn(");
}
std::string to_muparser(const std::string& text) {
  static const std::regex csgn(R"(\bcsgn\()");
  return std::regex_replace(text, csgn, "sign(");
}
} // namespace

std::optional<std::string> exact_derivative(const std::string& text, const std::string& variable,
                                            const std::map<std::string, double>& constants,
                                            const std::function<double(double)>& law_value) {
  using namespace GiNaC;
  try {
    const realsymbol x(variable);
    symtab table;
    for (const auto& [name, value] : constants)
      if (name != variable)
        table[name] = numeric(value); // the double muparser uses, exactly
    table[variable] = x;
    parser reader(table, /*strict=*/true);
    ex law = reader(to_ginac(text));
    unsigned agreed = 0;
    for (const double probe : {0.37, -0.29, 1.7, -2.3, 0.013}) {
      const double expected = law_value(probe);
      const ex value = law.subs(x == probe).evalf();
      if (!std::isfinite(expected) || !is_a<numeric>(value) || !ex_to<numeric>(value).is_real())
        continue;
      const double read = ex_to<numeric>(value).to_double();
      if (!(std::abs(read - expected) <= 1e-12 * std::max(std::abs(expected), 1e-300)))
        return std::nullopt; // GiNaC read another function than muparser
      ++agreed;
    }
    if (agreed == 0)
      return std::nullopt;
    // sign(u) is constant where it is differentiable: frozen while differentiating, so that its
    // derivative is 0 and not GiNaC's unevaluated D[0](csgn)
    exmap frozen, thawed;
    exset found;
    if (law.find(csgn(wild()), found))
      for (const ex& s : found) {
        const symbol constant;
        frozen[s] = constant;
        thawed[constant] = s;
      }
    ex derivative = law.subs(frozen).diff(x).subs(thawed);
    // |u|' = u'/|u| u ... written with sign(u): finite at u = 0 where the law's slope is
    derivative = derivative.subs(pow(abs(wild()), -1) == csgn(wild()) * pow(wild(), -1),
                                 subs_options::algebraic);
    derivative = derivative.subs(wild() * csgn(wild()) == abs(wild()), subs_options::algebraic);
    std::ostringstream printed;
    printed << derivative;
    return to_muparser(printed.str());
  } catch (const std::exception&) { // a name or an operator GiNaC does not read
    return std::nullopt;
  }
}

} // namespace hamdyn
