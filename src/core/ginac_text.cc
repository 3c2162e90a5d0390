#include "core/ginac_text.h"

#include <algorithm>
#include <cmath>

#include <algorithm>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace hamdyn {

GiNaC::ex read_muparser_text(const std::string& text, const GiNaC::symtab& table) {
  // muparser's names for the functions GiNaC spells otherwise (muparser's log is natural too)
  static const std::regex ln(R"(\bln\s*\()"), sign(R"(\bsign\s*\()");
  GiNaC::parser reader(table, /*strict=*/true);
  return reader(std::regex_replace(std::regex_replace(text, ln, "log("), sign, "csgn("));
}

GiNaC::ex exact_derivative_of(const GiNaC::ex& e, const GiNaC::symbol& x) {
  using namespace GiNaC;
  exmap frozen, thawed;
  exset found;
  if (e.find(csgn(wild()), found))
    for (const ex& s : found) {
      const symbol constant;
      frozen[s] = constant;
      thawed[constant] = s;
    }
  ex derivative = e.subs(frozen).diff(x).subs(thawed);
  derivative = derivative.subs(pow(abs(wild()), -1) == csgn(wild()) * pow(wild(), -1),
                               subs_options::algebraic);
  return derivative.subs(wild() * csgn(wild()) == abs(wild()), subs_options::algebraic);
}

namespace {
enum class Context { top, term, factor, base };

// Numbers as GiNaC prints them (rationals as p/q, floats with an E exponent: muparser reads
// both), parenthesized where a sign or a slash would bind otherwise.
std::string number_text(const GiNaC::numeric& x) {
  std::ostringstream printed;
  printed << x;
  const std::string text = printed.str();
  const bool plain = x.is_nonneg_integer() || (x.is_real() && !x.is_rational() && x.is_positive());
  return plain ? text : "(" + text + ")";
}

std::string text_of(const GiNaC::ex& e, Context context) {
  using namespace GiNaC;
  if (is_a<numeric>(e))
    return number_text(ex_to<numeric>(e));
  if (is_a<symbol>(e))
    return ex_to<symbol>(e).get_name();
  if (is_a<constant>(e)) // Pi, Euler: their double, as the case's pi and e are
    return number_text(ex_to<numeric>(e.evalf()));
  if (is_a<add>(e) || is_a<mul>(e)) {
    // the operands sorted by their text: GiNaC orders them by hash values that depend on where
    // its type information sits in memory, which changes from run to run (address space layout
    // randomization); a text that depends on it would sum in another order, and a resumed run
    // would differ from the uninterrupted one in the last bits
    const bool sum = is_a<add>(e);
    std::vector<std::string> operands;
    for (std::size_t k = 0; k < e.nops(); ++k)
      operands.push_back(text_of(e.op(k), sum ? Context::term : Context::factor));
    std::sort(operands.begin(), operands.end());
    std::string joined;
    for (const std::string& operand : operands)
      joined += (joined.empty() ? "" : sum ? "+" : "*") + operand;
    const bool bare = sum ? context == Context::top : context != Context::base;
    return bare ? joined : "(" + joined + ")";
  }
  if (is_a<power>(e))
    return text_of(e.op(0), Context::base) + "^(" + text_of(e.op(1), Context::top) + ")";
  if (is_a<function>(e)) {
    std::string name = ex_to<function>(e).get_name();
    if (name == "csgn")
      name = "sign";
    std::string arguments;
    for (std::size_t k = 0; k < e.nops(); ++k)
      arguments += (k ? "," : "") + text_of(e.op(k), Context::top);
    return name + "(" + arguments + ")";
  }
  std::ostringstream printed;
  printed << e;
  throw std::invalid_argument("no muparser text for " + printed.str());
}
} // namespace

namespace {
// The terms of expand(e) at e's own level; `inner` gets the largest count of a function's
// argument. (Counted in double: 2^60 terms must not wrap.)
double terms_at_level(const GiNaC::ex& e, double& inner) {
  using namespace GiNaC;
  if (is_a<add>(e)) {
    double sum = 0;
    for (std::size_t k = 0; k < e.nops(); ++k)
      sum += terms_at_level(e.op(k), inner);
    return sum;
  }
  if (is_a<mul>(e)) {
    double product = 1;
    for (std::size_t k = 0; k < e.nops(); ++k)
      product *= terms_at_level(e.op(k), inner);
    return product;
  }
  if (is_a<power>(e)) {
    const double base = terms_at_level(e.op(0), inner);
    const ex exponent = e.op(1);
    (void)terms_at_level(exponent, inner);
    if (is_a<numeric>(exponent) && ex_to<numeric>(exponent).is_pos_integer())
      return std::pow(base, ex_to<numeric>(exponent).to_double());
    return 1;
  }
  for (std::size_t k = 0; k < e.nops(); ++k) // a function's arguments are expanded on their own
    inner = std::max(inner, terms_at_level(e.op(k), inner));
  return 1;
}
} // namespace

double expanded_terms(const GiNaC::ex& e) {
  double inner = 0;
  return std::max(terms_at_level(e, inner), inner);
}

std::string muparser_text(const GiNaC::ex& e) {
  return text_of(e, Context::top);
}

bool depends_on(const GiNaC::ex& e, const GiNaC::symbol& x) {
  using namespace GiNaC;
  if (!e.has(x))
    return false;
  const ex rewritten = expand(
      expand(e).subs(pow(sin(wild(0)), 2) == 1 - pow(cos(wild(0)), 2), subs_options::algebraic));
  return normal(rewritten).has(x);
}

} // namespace hamdyn
