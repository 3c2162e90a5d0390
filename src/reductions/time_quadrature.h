#pragma once
// The impulse duals need the loads' time integrals P(t) = int_0^t f dt; they accumulate them step
// by step with one rule, 3-point Gauss-Legendre (exact for polynomials of degree 5 in t).
#include <cmath>

namespace hamdyn {

/// Calls visit(t, weight) for the points of 3-point Gauss-Legendre on [a, b]:
/// int_a^b f dt ~= sum weight f(t).
template <typename Visit>
void gauss_legendre_3(double a, double b, const Visit& visit) {
  const double half = 0.5 * (b - a), mid = 0.5 * (b + a), offset = std::sqrt(0.6);
  visit(mid - half * offset, half * 5. / 9);
  visit(mid, half * 8. / 9);
  visit(mid + half * offset, half * 5. / 9);
}

} // namespace hamdyn
