#include "reductions/planar_bar_chain_solve.h"

#include "core/failure_message.h"
#include "reductions/dense_eigen.h"
#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hamdyn {

namespace {
constexpr unsigned half_bandwidth = 5;
constexpr unsigned most_iterations = 60;

double chain_length(const PlanarBarChain& chain) {
  double l = 0;
  for (const CableElement& bar : chain.bars)
    l += bar.rest_length;
  return l;
}

// The matrix a MatrixAdder fills, in band storage, with the held DoFs' rows and columns left out
// (their diagonal 1).
struct ChainMatrix {
  BandedLU lu;
  MatrixAdder adder;
  explicit ChainMatrix(const PlanarBarChain& chain) {
    lu.reinit(chain.n_dofs(), half_bandwidth, half_bandwidth);
    adder = [this, &chain](std::size_t i, std::size_t j, double v) {
      if (!chain.held[i / 2][i % 2] && !chain.held[j / 2][j % 2])
        lu(i, j) += v;
    };
    for (std::size_t j = 0; j < chain.n_joints(); ++j)
      for (std::size_t c : {0u, 1u})
        if (chain.held[j][c])
          lu(2 * j + c, 2 * j + c) = 1;
  }
};

// Newton's update dx of x (free DoFs alone; the held ones' residual is 0) and the largest |dx|.
double apply_update(std::vector<Vector2>& x, const std::vector<double>& dx) {
  double largest = 0;
  for (std::size_t j = 0; j < x.size(); ++j)
    for (std::size_t c : {0u, 1u}) {
      x[j][c] -= dx[2 * j + c];
      largest = std::max(largest, std::abs(dx[2 * j + c]));
    }
  return largest;
}

// The last bar's turn from `before` to `after` added to the continuous count.
void count_end_turn(const PlanarBarChain& chain, const std::vector<Vector2>& before,
                    const std::vector<Vector2>& after, double& end_turn) {
  const std::size_t i = chain.bars.size() - 1;
  end_turn += turn_between(chord(before, i), chord(after, i));
}

// Newton's method on the static residual at load factor lambda from x; false where it does not
// converge (x is then wherever it stopped).
bool static_newton(const PlanarBarChain& chain, std::vector<Vector2>& x, double lambda,
                   unsigned& iterations) {
  const double tolerance = 1e-13 * chain_length(chain);
  std::vector<double> f;
  for (unsigned k = 0; k < most_iterations; ++k) {
    ChainMatrix a(chain);
    bar_chain_residual(chain, x, lambda, f, &a.adder);
    try {
      a.lu.factorize(BandedLU::Pivots::nonzero, 1e-14);
    } catch (const std::exception&) {
      return false;
    }
    a.lu.solve(f.data());
    ++iterations;
    const double step = apply_update(x, f);
    if (!std::isfinite(step) || step > 0.5 * chain_length(chain))
      return false;
    if (step <= tolerance)
      return true;
  }
  return false;
}
} // namespace

BarChainState bar_chain_at_rest(const PlanarBarChain& chain) {
  BarChainState s;
  s.x = chain.reference;
  s.v.assign(chain.n_joints(), {0, 0});
  return s;
}

unsigned solve_bar_chain_static(const PlanarBarChain& chain, BarChainState& s, unsigned steps) {
  unsigned iterations = 0;
  double lambda = 0, increment = 1.0 / steps;
  const double smallest = increment / 64;
  while (lambda < 1) {
    const double next = std::min(1.0, lambda + increment);
    std::vector<Vector2> x = s.x;
    if (static_newton(chain, x, next, iterations)) {
      count_end_turn(chain, s.x, x, s.end_turn);
      s.x = x;
      lambda = next;
    } else if ((increment /= 2) < smallest)
      throw CollectiveFailure("the bar chain's static state: Newton's method did not converge "
                              "at load factor " +
                              std::to_string(lambda + 2 * increment) + " with load steps of 1/" +
                              std::to_string(64 * steps));
  }
  return iterations;
}

std::vector<double> bar_chain_frequencies(const PlanarBarChain& chain,
                                          const std::vector<Vector2>& x, unsigned n) {
  const std::vector<std::size_t> free = chain.free_dofs();
  std::vector<std::size_t> row(chain.n_dofs(), std::size_t(-1));
  for (std::size_t k = 0; k < free.size(); ++k)
    row[free[k]] = k;
  dealii::FullMatrix<double> k_free(free.size(), free.size()), m_free(free.size(), free.size());
  const MatrixAdder add = [&](std::size_t i, std::size_t j, double v) {
    if (row[i] != std::size_t(-1) && row[j] != std::size_t(-1))
      k_free(row[i], row[j]) += v;
  };
  std::vector<double> f;
  bar_chain_residual(chain, x, 1, f, &add);
  for (std::size_t k = 0; k < free.size(); ++k)
    m_free(k, k) = chain.masses[free[k] / 2];
  const std::vector<double> lambda = generalized_eigenvalues(k_free, m_free);
  std::vector<double> omega;
  for (std::size_t k = 0; k < lambda.size() && omega.size() < n; ++k)
    omega.push_back(std::sqrt(std::max(lambda[k], 0.0)));
  return omega;
}

double bar_chain_kinetic_energy(const PlanarBarChain& chain, const BarChainState& s) {
  double t = 0;
  for (std::size_t j = 0; j < chain.n_joints(); ++j)
    t += 0.5 * chain.masses[j] * (s.v[j].x * s.v[j].x + s.v[j].z * s.v[j].z);
  return t;
}

void step_bar_chain(const PlanarBarChain& chain, BarChainState& s, double dt) {
  // predictor: x1 = x0 + dt v0; residual M (v1 - v0) / dt + mean forces with
  // v1 = 2 (x1 - x0) / dt - v0, so M (v1 - v0) / dt = 2 M (x1 - x0 - dt v0) / dt^2
  std::vector<Vector2> x1(s.x.size());
  for (std::size_t j = 0; j < x1.size(); ++j)
    for (std::size_t c : {0u, 1u})
      x1[j][c] = s.x[j][c] + (chain.held[j][c] ? 0 : dt * s.v[j][c]);
  const double tolerance = 1e-13 * chain_length(chain), inertia = 2 / (dt * dt);
  std::vector<double> f;
  bool converged = false;
  for (unsigned k = 0; k < most_iterations && !converged; ++k) {
    ChainMatrix a(chain);
    bar_chain_mean_residual(chain, s.x, x1, f, &a.adder);
    for (std::size_t j = 0; j < x1.size(); ++j)
      for (std::size_t c : {0u, 1u})
        if (!chain.held[j][c]) {
          f[2 * j + c] += inertia * chain.masses[j] * (x1[j][c] - s.x[j][c] - dt * s.v[j][c]);
          a.lu(2 * j + c, 2 * j + c) += inertia * chain.masses[j];
        }
    try {
      a.lu.factorize(BandedLU::Pivots::nonzero, 1e-14);
    } catch (const std::exception& e) {
      throw CollectiveFailure("the bar chain's step: " + failure_message(e));
    }
    a.lu.solve(f.data());
    const double step = apply_update(x1, f);
    if (!std::isfinite(step))
      break;
    converged = step <= tolerance;
  }
  if (!converged)
    throw CollectiveFailure("the bar chain's step: Newton's method did not converge in " +
                            std::to_string(most_iterations) + " iterations");
  count_end_turn(chain, s.x, x1, s.end_turn);
  for (std::size_t j = 0; j < x1.size(); ++j)
    for (std::size_t c : {0u, 1u})
      s.v[j][c] = chain.held[j][c] ? 0 : 2 * (x1[j][c] - s.x[j][c]) / dt - s.v[j][c];
  s.x = std::move(x1);
}

} // namespace hamdyn
