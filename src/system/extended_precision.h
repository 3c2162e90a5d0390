#pragma once
// Extended precision for the few sums that must keep more digits than double gives: energies and
// residuals of a fourth-order operator lose eps * N^4 in double when formed from an assembled
// matrix (Strang & Fix, An Analysis of the Finite Element Method, 1973, sec. 5.3: the condition
// number of K grows as h^(-2m) for an operator of order 2m). Formed element by element from
// strains at quadrature points the loss is ~eps N^2 (the strain itself is a difference quotient of
// order m <= 2 of the nodal values), and with a 64-bit mantissa eps is 5.4e-20 instead of 1.1e-16.
#include <limits>
#include <vector>

namespace hamdyn {

using extended = long double;
static_assert(std::numeric_limits<extended>::digits >= 64,
              "hamdyn's extended-precision energies need long double with a 64-bit mantissa "
              "(x86-64's 80-bit format or IEEE quad)");

/// An n-point Gauss-Legendre rule on [0, 1] in extended precision: nodes ascending, weights
/// summing to 1 (Newton's iteration on P_n from the Chebyshev estimate; Abramowitz & Stegun
/// 25.4.29). Exact for polynomials of degree 2n - 1.
struct ExtendedRule {
  std::vector<extended> points, weights;
};
ExtendedRule gauss_rule(unsigned int n);

/// The Lagrange basis on the nodes `nodes` (in [0, 1]) and its first derivative at xi, in
/// extended precision: value[i] = l_i(xi), slope[i] = l_i'(xi).
void lagrange_basis(const std::vector<extended>& nodes, extended xi, std::vector<extended>& value,
                    std::vector<extended>& slope);

} // namespace hamdyn
