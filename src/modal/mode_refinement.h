#pragma once
// Refines eigenpairs of K x = lambda M x that a shift-and-invert solve delivered with the round-off
// of a badly conditioned K: block inverse iteration (subspace iteration) whose residuals are formed
// in extended precision from the element forms, with the Rayleigh-Ritz projection between the
// steps. It is iterative refinement for the eigenproblem (Wilkinson, The Algebraic Eigenvalue
// Problem, 1965, ch. 9 sec. 49-51; Dongarra, Moler & Wilkinson, SIAM J. Numer. Anal. 20:23,
// 1983): the correction d = (K - sigma M)^-1 r is solved in double with the factorization the
// eigensolver already has, and it is accurate to a few digits, which is all a correction needs,
// as long as the residual r = K x - lambda M x itself is exact to working precision. The Rayleigh
// quotient of the refined vector, in extended precision, is an upper bound of the discrete
// eigenvalue (Courant-Fischer) that keeps the discretization's digits.
#include "modal/extended_forms.h"

#include <functional>
#include <vector>

namespace hamdyn {

struct RefinedEigenpairs {
  std::vector<double> lambda;   // Rayleigh quotients of the refined vectors, ascending
  std::vector<double> residual; // sqrt(r^T (K - sigma M)^-1 r / x^T K x) of each
  unsigned int iterations = 0;
};

/// The refinement's goal: every residual below it (the eigenvalue's error is about its square).
constexpr double refinement_tolerance = 1e-7;

/// The Rayleigh quotient of each vector of `x` and its residual as RefinedEigenpairs gives them,
/// with no refinement step (iterations = 0; only the held rows of x are zeroed): whether the
/// eigensolver's pairs need refining.
RefinedEigenpairs
evaluate_eigenpairs(const ExtendedForms& forms, std::vector<LA::Vector>& x,
                    const std::function<void(const LA::Vector&, LA::Vector&)>& solve);

/// Refines the eigenvectors `x` (M-orthonormal Ritz vectors, as the eigensolver gives them; more
/// than the modes asked for widen the Rayleigh-Ritz subspace) in place: on return they are the
/// refined ones, ascending. `solve(r, d)` applies (K - shift M)^-1, the eigensolver's
/// factorization. Never leaves the largest residual above the one it was given: a step that made
/// it worse is undone.
RefinedEigenpairs
refine_eigenpairs(const ExtendedForms& forms, std::vector<LA::Vector>& x, double shift,
                  const std::function<void(const LA::Vector&, LA::Vector&)>& solve);

} // namespace hamdyn
