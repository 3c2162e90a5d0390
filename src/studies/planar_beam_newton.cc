#include "studies/planar_beam_newton.h"

#include "studies/planar_beam_equilibrium.h"
#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn {

bool finish_planar_beam_residual(const PlanarBeamLine& line, const std::vector<double>& q0,
                                 const std::vector<double>& q1, std::vector<double>& r,
                                 BandedLU* jacobian, double* held_work) {
  const std::size_t n = r.size();
  if (held_work) {
    *held_work = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (line.held[i])
        *held_work += r[i] * (q1[i] - q0[i]);
  }
  constrain_residual(line, q1, r);
  if (!jacobian)
    return true;
  hold_dofs(line, *jacobian);
  try {
    jacobian->factorize(BandedLU::Pivots::nonzero);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

unsigned solve_planar_beam_step(const std::vector<double>& q0, std::vector<double>& q1,
                                double tolerance, bool* at_round_off,
                                const PlanarBeamResidual& residual) {
  const std::size_t n = q1.size();
  std::vector<double> r;
  BandedLU jacobian;
  if (at_round_off)
    *at_round_off = false;
  double previous = INFINITY;
  constexpr unsigned limit = 25;
  for (unsigned iterations = 0;; ++iterations) {
    if (iterations == limit)
      throw std::runtime_error("the planar beam's step did not converge in " +
                               std::to_string(limit) + " Newton iterations");
    if (!residual(q1, r, &jacobian))
      throw std::runtime_error("the planar beam's step met a singular Jacobian");
    jacobian.solve(r.data());
    double correction = 0, motion = 0, size = 0;
    for (std::size_t i = 0; i < n; ++i) {
      q1[i] -= r[i];
      correction = std::max(correction, std::abs(r[i]));
      motion = std::max(motion, std::abs(q1[i] - q0[i]));
      size = std::max(size, std::abs(q1[i]));
    }
    if (!std::isfinite(correction))
      throw std::runtime_error("the planar beam's step became non-finite");
    if (correction <= tolerance * motion ||
        correction <= 16 * std::numeric_limits<double>::epsilon() * size)
      return iterations + 1;
    // At the round-off floor: near the solution Newton's corrections shrink quadratically, so
    // one that is not a quarter of the one before while below 1e-8 of the DoFs is the round-off
    // of the residual's sums. A slender beam's floor is high: its shear forces' round-off, kGA
    // eps, moves the rotations by that over the bending stiffness (kGA L^2 / EI = 2e8: 1e-10
    // rad, corrections stalling there at 1e-13 of the step's motion asked)
    if (iterations >= 2 && correction > 0.25 * previous && correction <= 1e-8 * size) {
      if (at_round_off)
        *at_round_off = true;
      return iterations + 1;
    }
    previous = correction;
  }
}

} // namespace hamdyn
