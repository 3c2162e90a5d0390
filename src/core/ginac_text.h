#pragma once
// muparser text read as GiNaC expressions, differentiated, and printed back as muparser text
// (GiNaC: C. Bauer, A. Frink & R. Kreckel, J. Symbolic Computation 33:1, 2002). The exact
// derivatives of force laws (core/symbolic_derivative.h) and of a discrete system's energies
// (core/lagrange_equations.h) both go through here, so that the two grammars are bridged once.
#include <ginac/ginac.h>

#include <string>

namespace hamdyn {

/// `text` (muparser's grammar: ln, sign) read with the names of `table`; throws std::exception
/// when GiNaC does not read it (a name or function it does not know: min, max, rint, ?:, ...).
GiNaC::ex read_muparser_text(const std::string& text, const GiNaC::symtab& table);

/// d e / d x with sign(u) taken as constant where it is differentiable (its derivative 0, not
/// GiNaC's unevaluated D[0](csgn)) and 1/|u| written u'·sign(u)/u, finite where |u|' is.
GiNaC::ex exact_derivative_of(const GiNaC::ex& e, const GiNaC::symbol& x);

/// Whether x is left in e after expanding it with sin(u)^2 written 1 - cos(u)^2: GiNaC applies
/// no trigonometric identity of its own, and a rotation's angle leaves |r'|^2 of a point turned
/// by it only through sin^2 + cos^2 = 1 (a governor's spin angle, a turntable's). A false "yes"
/// is possible for other identities, never a false "no".
bool depends_on(const GiNaC::ex& e, const GiNaC::symbol& x);

/// An upper bound on the number of terms expand(e) makes (a product of sums multiplies their
/// counts, an integer power raises them), the largest over e and every function's argument
/// (expand expands those too): what the symbolic step may build from e, known before it builds it.
double expanded_terms(const GiNaC::ex& e);

/// `e` as muparser text (csgn printed as sign; floats with E exponents, which muparser reads).
std::string muparser_text(const GiNaC::ex& e);

} // namespace hamdyn
