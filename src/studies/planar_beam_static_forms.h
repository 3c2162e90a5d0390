#pragma once
// A planar beam line's static residual and tangent at a load factor lambda, shared by the two
// ways its statics follow the path from the reference: load steps (studies/
// planar_beam_equilibrium.h) and arc length (studies/planar_beam_arc_length.h); and Newton's
// stopping rules both apply.
//
// The residual r(lambda, q) = lambda p(q) - f(q) at the free DoFs is affine in lambda: the dead
// loads p, the followers' forces p(theta) and a steady rotation's centrifugal load (Omega^2 raised
// with the load factor: its potential -lambda Omega^2 (r - hub)^T M (r - hub) / 2) all scale with
// it, so dr/dlambda = r(1, q) - r(0, q) (the arc length's load direction; without a steady rotation
// simply the loads and the followers' forces).
#include "studies/planar_beam_equilibrium.h"
#include "system/banded_lu.h"

#include <cstddef>
#include <vector>

namespace hamdyn {

class PlanarBeamStaticForms {
public:
  explicit PlanarBeamStaticForms(const PlanarBeamLine& line);
  /// r = lambda p - f(q) at the free DoFs, 0 at the held ones, into r (sized here); returns its
  /// largest entry and the largest load or internal force component into `scale`.
  double residual(double lambda, const std::vector<double>& q, std::vector<double>& r,
                  double& scale);
  /// dr/dlambda at q into g (sized here): the dead loads and the followers' forces at the free
  /// DoFs, and a steady rotation's centrifugal load (r(1, q) - r(0, q) then: it is the
  /// elements' own).
  void load_direction(const std::vector<double>& q, std::vector<double>& g);
  /// The tangent -dr/dq at (lambda, q) with the held rows and columns the identity's, factored
  /// into k; false where a pivot is not as `accepted` says (load steps ask for positive ones: a
  /// stable state's; the arc length passes unstable ones and asks for nonzero ones). Followers
  /// (not symmetric) always take nonzero ones. `negative_pivots` (if given): their count, the
  /// tangent's negative eigenvalues when it is symmetric (Sylvester's law of inertia).
  bool factor_tangent(double lambda, const std::vector<double>& q, BandedLU& k,
                      BandedLU::Pivots accepted, std::size_t* negative_pivots = nullptr);
  /// The same tangent into k, not factored.
  void assemble_tangent(double lambda, const std::vector<double>& q, BandedLU& k);
  /// Newton's iterations at lambda from q (in: the start; out: where they ended) with tangents
  /// factored as `accepted` says, stopped by StaticNewtonRules (30 at most); true where they
  /// converged. `iterations` counts them; `at_round_off` is set where they ended at the floor.
  bool solve_at(double lambda, std::vector<double>& q, BandedLU::Pivots accepted,
                unsigned& iterations, bool& at_round_off);
  const PlanarBeamLine& line() const { return line_; }
  /// The half bandwidth of the tangent (PlanarBeamLine::band).
  unsigned band() const { return band_; }

private:
  const PlanarBeamLine& line_;
  unsigned band_;
  bool spinning_ = false;
  PlanarBeamLine spun_; // the line at lambda Omega^2 (copied at the first use)
  // the line whose elements turn at the rate for lambda
  const PlanarBeamLine& at_factor(double lambda);
};

/// Newton's stopping rules in statics: converged when the largest free residual is below 1e-13
/// of the largest load or internal force, or when the correction is at the DoFs' round-off (16 eps
/// of the largest), or at the residual's round-off floor (a correction below 1e-10 of the DoFs that
/// is not a quarter of the one before: near the solution Newton's corrections shrink
/// quadratically, so such a one is the round-off of the residual's sums — 10^5 linear elements:
/// the residual stays at 4e-7 N, the corrections at 0.5-2e-13 m, ten ulps of the 10 m DoFs,
/// iteration after iteration); failing when a correction does not shrink after the first four.
class StaticNewtonRules {
public:
  static bool residual_small(double largest, double scale) {
    return largest <= 1e-13 * scale || largest == 0;
  }
  enum class Verdict { go_on, converged, at_round_off, failed };
  /// After iteration `iteration` (from 0) whose largest correction was `correction` with DoFs of
  /// largest size `size`.
  Verdict after(unsigned iteration, double correction, double size);

private:
  double previous_ = INFINITY;
};

} // namespace hamdyn
