#include "studies/planar_beam_arc_length.h"

#include "studies/planar_beam_static_forms.h"
#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hamdyn {

namespace {
// The arc length's inner product: the free DoFs (a tied one counted once, at its tie), a rotation
// times `length` squared
class PathMetric {
public:
  PathMetric(const PlanarBeamLine& line) : weights_(line.n_dofs(), 1.0) {
    double length = 0;
    for (const PlanarBeamElement& e : line.elements)
      length += e.length();
    for (std::size_t i = 0; i < weights_.size(); ++i)
      weights_[i] = line.held[i] || line.tied(i) ? 0.0 : i % 3 == 2 ? length * length : 1.0;
  }
  double dot(const std::vector<double>& a, const std::vector<double>& b) const {
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
      sum += weights_[i] * a[i] * b[i];
    return sum;
  }
  double norm(const std::vector<double>& a) const { return std::sqrt(dot(a, a)); }

private:
  std::vector<double> weights_;
};

} // namespace

PlanarBeamEquilibrium solve_planar_beam_by_arc_length(const PlanarBeamLine& line,
                                                      std::vector<double>& q, unsigned steps) {
  if (line.unloaded())
    return solve_planar_beam_equilibrium(line, q);
  PlanarBeamEquilibrium result;
  PlanarBeamStaticForms forms(line);
  const PathMetric metric(line);
  const std::size_t n = q.size();
  constexpr auto nonzero = BandedLU::Pivots::nonzero;
  result.path.push_back(path_point(line, 0, q));
  BandedLU k;
  // the first step's length (set at the first predictor): the linearized path's from 0 to 1/steps
  double first = 0, length = 0, lambda = 0;
  const unsigned limit = 200 * std::max(1u, steps);
  std::vector<double> trial(n), dq(n), along(n), toward(n), previous;
  while (true) {
    if (result.arc_steps + result.halvings >= limit)
      throw std::runtime_error(
          "the planar beam's static path did not reach load factor 1 in " + std::to_string(limit) +
          " arc-length steps (at " + std::to_string(lambda) +
          ": the path turns back below 1, or the loads are beyond every equilibrium)");
    // predictor: along the tangent's load direction, on in the last step's sense
    bool converged = forms.factor_tangent(lambda, q, k, nonzero);
    if (!converged && first == 0)
      throw std::runtime_error("the planar beam's tangent is singular at its start (a mechanism)");
    unsigned iterations = 0;
    double d_lambda = 0;
    if (converged) {
      forms.load_direction(q, along);
      k.solve(along.data());
      if (first == 0) {
        first = length = metric.norm(along) / std::max(1u, steps);
        previous = along;
      }
      const double sense = metric.dot(along, previous) < 0 ? -1.0 : 1.0;
      d_lambda = sense * length / metric.norm(along);
      for (std::size_t i = 0; i < n; ++i) {
        dq[i] = d_lambda * along[i];
        trial[i] = q[i] + dq[i];
      }
      // corrector: Newton's iterations on (q, lambda) with |Delta q| = length
      StaticNewtonRules rules;
      converged = false;
      for (; iterations < 30; ++iterations) {
        double scale;
        std::vector<double>& r = toward;
        const double largest = forms.residual(lambda + d_lambda, trial, r, scale);
        if (!std::isfinite(largest))
          break;
        if (StaticNewtonRules::residual_small(largest, scale)) {
          converged = true;
          break;
        }
        if (!forms.factor_tangent(lambda + d_lambda, trial, k, nonzero))
          break;
        k.solve(r.data());
        forms.load_direction(trial, along);
        k.solve(along.data());
        // |dq + dq_r + x dq_t|^2 = length^2: a x^2 + b x + c = 0
        for (std::size_t i = 0; i < n; ++i)
          r[i] += dq[i]; // dq + dq_r
        const double a = metric.dot(along, along), b = 2 * metric.dot(along, r),
                     c = metric.dot(r, r) - length * length, discriminant = b * b - 4 * a * c;
        if (!(discriminant >= 0) || !(a > 0))
          break;
        const double root = std::sqrt(discriminant), x1 = (-b + root) / (2 * a),
                     x2 = (-b - root) / (2 * a);
        // the root whose increment keeps nearest the step's direction so far
        const double s1 = metric.dot(r, dq) + x1 * metric.dot(along, dq),
                     s2 = metric.dot(r, dq) + x2 * metric.dot(along, dq);
        const double x = s1 >= s2 ? x1 : x2;
        double correction = 0, size = 0;
        for (std::size_t i = 0; i < n; ++i) {
          const double next = r[i] + x * along[i];
          correction = std::max(correction, std::abs(next - dq[i]));
          dq[i] = next;
          trial[i] = q[i] + dq[i];
          size = std::max(size, std::abs(trial[i]));
        }
        d_lambda += x;
        const auto verdict = rules.after(iterations, correction, size);
        if (verdict == StaticNewtonRules::Verdict::failed)
          break;
        if (verdict != StaticNewtonRules::Verdict::go_on) {
          result.at_round_off |= verdict == StaticNewtonRules::Verdict::at_round_off;
          converged = true;
          ++iterations;
          break;
        }
      }
    }
    result.iterations += iterations;
    // past lambda = 1: Newton's iterations there from the interpolation of the step's ends
    if (converged && lambda + d_lambda >= 1) {
      const double fraction = (1 - lambda) / d_lambda;
      for (std::size_t i = 0; i < n; ++i)
        trial[i] = q[i] + fraction * dq[i];
      unsigned landing = 0;
      converged = forms.solve_at(1.0, trial, nonzero, landing, result.at_round_off);
      result.iterations += landing;
      if (converged) {
        q = trial;
        ++result.arc_steps;
        result.path.push_back(path_point(line, 1, q));
        break;
      }
    }
    if (!converged) {
      ++result.halvings;
      length /= 2;
      if (length < 1e-6 * first)
        throw std::runtime_error("the planar beam's static path did not converge beyond load "
                                 "factor " +
                                 std::to_string(lambda) +
                                 " (arc-length steps of 1e-6 of the "
                                 "first failed)");
      continue;
    }
    q = trial;
    lambda += d_lambda;
    previous = dq;
    ++result.arc_steps;
    result.path.push_back(path_point(line, lambda, q));
    if (iterations <= 6)
      length = std::min(first, 2 * length);
  }
  finish_planar_beam_equilibrium(forms, q, result);
  return result;
}

} // namespace hamdyn
