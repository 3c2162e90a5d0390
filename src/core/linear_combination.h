#pragma once
// A linear combination of named generalized coordinates as a case file writes it,
// "2*x1 - 0.5*x2 + x3": the incidence row d of an inertia, force element or constraint, whose
// displacement, extension or constraint velocity is d . q (d . q-dot).
#include <string>
#include <vector>

namespace hamdyn {

/// The coefficients of `text` over `coordinates`: terms `name`, `c*name` or `name*c` joined by
/// + and -, c a number or a constant expression such as (20/40); a name may appear more than
/// once (its coefficients add). Throws InputError(parameter, text, ...) naming an unknown
/// coordinate or a malformed term.
std::vector<double> parse_linear_combination(const std::string& text,
                                             const std::vector<std::string>& coordinates,
                                             const std::string& parameter);

/// "2*x1 - 0.5*x2" of a row, for messages and used names.
std::string format_linear_combination(const std::vector<double>& row,
                                      const std::vector<std::string>& coordinates);

} // namespace hamdyn
