#pragma once
// Exact references for a taut string fixed at x = 0, independent of the finite elements.
#include <functional>
#include <vector>

namespace hamdyn::exact {

/// Right end at x = L: 'fixed' (u = 0) or a point mass M on a spring K to ground (free end).
struct StringWithEndMass {
  double length, mass_per_length, tension;
  bool right_fixed = false;
  double end_mass = 0, end_spring = 0;
};

/// The n lowest angular frequencies: roots of T b cos bL + (K - M w^2) sin bL = 0, b = w
/// sqrt(rho/T) (Stutts eq. (134) with u = sin(b x)); sin bL = 0 when the right end is fixed. Roots
/// are bracketed on a fine grid in bL and refined by bisection to round-off.
std::vector<double> string_frequencies(const StringWithEndMass& s, unsigned int n);

/// The undamped free vibration u(x, t) = sum phi_k(x) (A_k cos w_k t + B_k/w_k sin w_k t) with
/// phi_k = sin(b_k x), expanded in the n lowest modes. The expansion uses the orthogonality
/// int rho phi_j phi_k dx + M phi_j(L) phi_k(L) = 0 (j != k).
class StringModalSeries {
public:
  StringModalSeries(const StringWithEndMass& s, unsigned int n_modes,
                    const std::function<double(double)>& u0,
                    const std::function<double(double)>& v0);
  double displacement(double x, double t) const;
  double velocity(double x, double t) const;

private:
  StringWithEndMass s_;
  std::vector<double> omega_, beta_, a_, b_;
};

} // namespace hamdyn::exact
