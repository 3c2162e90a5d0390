#include "core/symbolic_derivative.h"

#include "core/ginac_text.h"

#include <cmath>

namespace hamdyn {

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
    const ex law = read_muparser_text(text, table);
    const double probes[] = {0.37, -0.29, 1.7, -2.3, 0.013};
    // The two readings agree to 1e-12 of the function's size over the probes, not of each
    // value: where terms cancel (t^2/2 + cos(t) - 1 = t^4/24 + ... at t = 0.013) the two
    // evaluations' round-off is that of the terms, 1e-8 of the value there
    double size = 0;
    for (const double probe : probes)
      if (std::isfinite(law_value(probe)))
        size = std::max(size, std::abs(law_value(probe)));
    unsigned agreed = 0;
    for (const double probe : probes) {
      const double expected = law_value(probe);
      const ex value = law.subs(x == probe).evalf();
      if (!std::isfinite(expected) || !is_a<numeric>(value) || !ex_to<numeric>(value).is_real())
        continue;
      const double read = ex_to<numeric>(value).to_double();
      if (!(std::abs(read - expected) <= 1e-12 * std::max(size, 1e-300)))
        return std::nullopt; // GiNaC read another function than muparser
      ++agreed;
    }
    if (agreed == 0)
      return std::nullopt;
    return muparser_text(exact_derivative_of(law, x));
  } catch (const std::exception&) { // a name or an operator GiNaC does not read
    return std::nullopt;
  }
}

} // namespace hamdyn
