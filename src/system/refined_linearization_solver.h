#pragma once
// J = c_m M + c_c C + c_k K factored once per step size (system/line_schur_solver.h), with its
// solves refined by residuals whose J products come from the element strains
// (SecondOrderSystem::apply; system/iterative_refinement.h).
//
// Why: J's entries cannot hold c_m M where c_k K is far larger. On a fine mesh with a step that is
// long against the mesh's highest periods, c_k K_ii / (c_m M_ii) ~ (omega_max dt)^2 nears 1/eps
// (a Hermite beam: ~ 400 EI dt^2 / (rho A h^4); 10^15 at 10^5 elements of a 30 m girder at
// dt = 1 ms), and the factorization answers a solve's smooth part, where J is about c_m M, with
// a relative error about eps (omega_max dt)^2: there the first step of a suddenly applied point
// force was 3 % off, and refining the mesh made the response worse (at 2 * 10^4 elements it was
// 6e-6). The residual b - J x with K x from the strains keeps its digits, so iterative
// refinement (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., ch. 12) converges
// at the factorization's error per correction, to the accuracy of that residual, while that error
// is below 1.
//
// Cost: a correction is one product and one solve, about as much as the step it refines. So the
// number of corrections is measured once per factorization, on a probe: b with pseudo-random
// entries (every mode, the worst case for the factorization's error) is solved and refined; the
// solves then make as many corrections as it took the probe's error below 1e-10 (energy_error
// follows a solve's relative error, and shows nothing below that), without checking again (the
// factorization's error is a property of J; the count is the same on every rank and after a
// resume). Measured on that girder: none at 500 elements, 1 at 1000 and 2000, 2 at 2 * 10^4, 3 at
// 5 * 10^4, 6 at 10^5; none on a P1 string of 10^6 elements at dt = 1e-5 s (c dt / h = 10^3).
#include "system/line_schur_solver.h"
#include "system/second_order_system.h"

#include <functional>
#include <vector>

namespace hamdyn {

/// x = A^-1 b with `a` A's factorization, refined with residuals b - A x from `multiply` (r = A x)
/// by refine_iteratively (system/iterative_refinement.h): until the corrections stop shrinking.
/// Returns each correction's size relative to x, in order (the last: about what x may still be
/// off by). Collective.
std::vector<double>
solve_to_round_off(const LineSchurSolver& a,
                   const std::function<void(const LA::Vector& x, LA::Vector& r)>& multiply,
                   const LA::Vector& b, LA::Vector& x);

class RefinedLinearizationSolver {
public:
  explicit RefinedLinearizationSolver(const SecondOrderSystem& s) : system_(s) {}

  /// Factors J = c_m M + c_c C + c_k K from the system's band and probes how many corrections its
  /// solves need (none for M alone, c_c = c_k = 0). Collective.
  void factorize(double c_m, double c_c, double c_k);
  /// Factors a combination with more than the system's M, C and K in it (a term's share of J):
  /// its solves are not refined (the term's Newton iteration corrects them). Collective.
  void factorize(const MatrixCombination& j);

  /// x = J^-1 b, refined corrections() times; x and b may not alias. Collective.
  void solve(const LA::Vector& b, LA::Vector& x) const;
  /// solve(b, x), calling finish(i, x_i) on every local entry as it is final when the solve is
  /// not refined (LineSchurSolver's finishing solve); returns whether it did (false: refined,
  /// nothing called). Collective.
  template <class Finish>
  bool solve(const LA::Vector& b, LA::Vector& x, const Finish& finish) const {
    if (refined_ && corrections_ > 0) {
      solve(b, x);
      return false;
    }
    factorization_.solve(b, x, finish);
    return true;
  }

  /// The corrections each solve makes (0 for a combination, or where none helps).
  unsigned corrections() const { return corrections_; }
  /// The probe's error before refinement, relative to its solution (0 for a combination).
  double unrefined_error() const { return unrefined_error_; }
  /// What the probe's solution may still be off by after the corrections (relative): the
  /// residual's round-off, or where the refinement stalls or diverges (near 1 or above: the mesh
  /// is finer than double precision resolves for this model and step).
  double remaining_error() const { return remaining_error_; }

private:
  /// r = J x from the strains (SecondOrderSystem::apply).
  void multiply(const LA::Vector& x, LA::Vector& r) const;
  void probe();

  const SecondOrderSystem& system_;
  LineSchurSolver factorization_;
  bool refined_ = false;
  double c_m_ = 0, c_c_ = 0, c_k_ = 0;
  unsigned corrections_ = 0;
  double unrefined_error_ = 0, remaining_error_ = 0;
  // scratch for the products and corrections (a step allocates nothing)
  mutable LA::Vector mass_part_, stiffness_part_, damping_part_, residual_, correction_;
};

} // namespace hamdyn
