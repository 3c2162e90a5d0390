#include "core/ginac_text.h"

#include <regex>
#include <sstream>

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

std::string muparser_text(const GiNaC::ex& e) {
  static const std::regex csgn(R"(\bcsgn\()");
  std::ostringstream printed;
  printed << e;
  return std::regex_replace(printed.str(), csgn, "sign(");
}

} // namespace hamdyn
