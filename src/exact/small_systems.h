#pragma once
// The small linear algebra of the closed-form references: the 4x4 determinant of a beam's end
// conditions, and the rank of the conditions on a rigid motion w = a + b x.
#include <array>
#include <functional>
#include <vector>

namespace hamdyn::exact {

using Matrix4 = std::array<std::array<double, 4>, 4>;

/// By Gaussian elimination with partial pivoting, by hand: deal.II's FullMatrix::determinant
/// stops at 3x3 and its LAPACK LU throws on the exactly singular matrices a root can give.
double determinant(Matrix4 a);

/// The rank (0, 1 or 2) of conditions c0 a + c1 b = 0 on a rigid motion w = a + b x: 2 - rank
/// rigid motions are left free.
unsigned int rank_of_conditions(const std::vector<std::array<double, 2>>& rows);

/// The n smallest roots of a function, given by its sign (`negative`), from `start` on: bracketed
/// on the grid s, s + step(s), ... and each bisected 100 times.
std::vector<double> sign_change_roots(const std::function<bool(double)>& negative, double start,
                                      const std::function<double(double)>& step, unsigned int n);

} // namespace hamdyn::exact
