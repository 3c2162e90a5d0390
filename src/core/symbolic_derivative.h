#pragma once
// Exact derivatives of the case's force laws by symbolic differentiation (GiNaC: C. Bauer, A.
// Frink & R. Kreckel, "Introduction to the GiNaC framework for symbolic computation within the
// C++ programming language", J. Symbolic Computation 33:1, 2002). Chosen over automatic
// differentiation because a law is muparser text, which evaluates in double only: GiNaC reads
// the same text, differentiates it once, and prints the derivative as text muparser evaluates
// at the speed of the law itself (no symbolic work per step).
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace hamdyn {

/// d text / d variable as muparser text, or nothing when the text uses what GiNaC cannot
/// differentiate (muparser's min, max, rint, comparisons and ?:). `constants` are the names the
/// text may use besides `variable` (pi, Variables/Definitions), with their values. `law` is the
/// text as muparser evaluates it: GiNaC's reading must give the same values at a few points
/// (1e-12 relative), so that no difference of the two grammars can give a wrong slope.
std::optional<std::string> exact_derivative(const std::string& text, const std::string& variable,
                                            const std::map<std::string, double>& constants,
                                            const std::function<double(double)>& law);

} // namespace hamdyn
