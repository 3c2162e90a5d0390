#include "studies/cable_equilibrium.h"

#include "core/sum_in_four.h"
#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace hamdyn {

std::vector<Vector2> gravity_loads(const std::vector<CableElement>& elements, double weight) {
  std::vector<Vector2> loads(elements.size() + 1, Vector2{0, 0});
  for (std::size_t k = 0; k < elements.size(); ++k) {
    const double half = 0.5 * weight * elements[k].rest_length;
    loads[k][1] -= half;
    loads[k + 1][1] -= half;
  }
  return loads;
}

double potential_energy(const CableChain& c, const std::vector<Vector2>& x, double* size,
                        std::size_t first, std::size_t last, const std::vector<double>* lengths,
                        const std::vector<double>* stiffness) {
  last = std::min(last, x.size());
  // the elements' strain energies (each >= 0: its own size)
  const double strain = sum_in_four(first, std::min(last, c.elements.size()), [&](std::size_t k) {
    const CableElement& e = c.elements[k];
    return e.energy_at_length(lengths ? (*lengths)[k] : chord_length(chord(x, k)),
                              stiffness ? (*stiffness)[k] : e.axial_stiffness / e.rest_length);
  });
  double springs = 0;
  for (const NodeSpring& spring : c.springs) {
    if (spring.node < first || spring.node >= last)
      continue;
    const double dx = x[spring.node].x - spring.anchor.x, dz = x[spring.node].z - spring.anchor.z;
    springs += 0.5 * spring.stiffness * (dx * dx + dz * dz);
  }
  const auto work = [&](std::size_t i) { return c.loads[i].x * x[i].x + c.loads[i].z * x[i].z; };
  if (size)
    *size = strain + springs +
            sum_in_four(first, last, [&](std::size_t i) { return std::abs(work(i)); });
  return strain + springs - sum_in_four(first, last, work);
}

// The floor double precision sets the residual force: positions known to eps |x| make the
// forces uncertain by EA/L eps |x| (a stiff, finely divided cable's floor lies far above eps
// times its tension); a node's residual sums two elements' forces, each from a length whose two
// ends carry round-off in both coordinates: 32 times that (measured residuals at round-off lie
// between 1 and 8 times EA/L eps |x|).
double residual_floor(const CableChain& c) {
  double stiffest = 0, farthest = 0;
  for (const CableElement& e : c.elements)
    stiffest = std::max(stiffest, e.axial_stiffness / e.rest_length);
  for (const Vector2& x : c.nodes)
    farthest = std::max({farthest, std::abs(x[0]), std::abs(x[1])});
  return 32 * std::numeric_limits<double>::epsilon() * stiffest * farthest;
}

namespace {
/// The residual force sum F + p at each free node (0 at held ones), its largest entry, and the
/// largest element force or load it is measured against.
struct Residual {
  std::vector<double> r;
  double largest = 0, scale = 0;
};

Residual residual(const CableChain& c, const std::vector<Vector2>& x) {
  Residual out;
  out.r.assign(2 * x.size(), 0.0);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (int j : {0, 1}) {
      out.r[2 * i + j] = c.loads[i][j];
      out.scale = std::max(out.scale, std::abs(c.loads[i][j]));
    }
  for (std::size_t k = 0; k < c.elements.size(); ++k) {
    const Vector2 f = c.elements[k].force(chord(x, k)); // on node k; -f on node k + 1
    for (int j : {0, 1}) {
      out.r[2 * k + j] += f[j];
      out.r[2 * (k + 1) + j] -= f[j];
      out.scale = std::max(out.scale, std::abs(f[j]));
    }
  }
  for (const NodeSpring& spring : c.springs)
    for (int j : {0, 1}) {
      const double f = -spring.stiffness * (x[spring.node][j] - spring.anchor[j]);
      out.r[2 * spring.node + j] += f;
      out.scale = std::max(out.scale, std::abs(f));
    }
  for (std::size_t i = 0; i < x.size(); ++i)
    for (int j : {0, 1}) {
      if (c.held[i])
        out.r[2 * i + j] = 0;
      out.largest = std::max(out.largest, std::abs(out.r[2 * i + j]));
    }
  return out;
}

/// The chain with every other free node merged into its neighbours (the ends, held nodes and
/// springs' nodes kept, `kept` lists the fine index of each coarse node): an element spans the
/// merged ones with their summed length and series compliance, a merged node's load goes to the two
/// kept ones around it in proportion to the unstretched length to each (its resultant and moment
/// kept).
CableChain coarser(const CableChain& c, std::vector<std::size_t>& kept) {
  const std::size_t n = c.nodes.size();
  kept.clear();
  std::vector<bool> sprung(n, false); // a spring's node stays a node
  for (const NodeSpring& spring : c.springs)
    sprung[spring.node] = true;
  for (std::size_t i = 0; i < n; ++i)
    if (i % 2 == 0 || i + 1 == n || c.held[i] || sprung[i])
      kept.push_back(i);
  CableChain coarse;
  for (const NodeSpring& spring : c.springs)
    coarse.springs.push_back(
        {std::size_t(std::lower_bound(kept.begin(), kept.end(), spring.node) - kept.begin()),
         spring.stiffness, spring.anchor});
  coarse.loads.assign(kept.size(), Vector2{0, 0});
  for (std::size_t m = 0; m < kept.size(); ++m) {
    coarse.nodes.push_back(c.nodes[kept[m]]);
    coarse.held.push_back(c.held[kept[m]]);
    for (int j : {0, 1})
      coarse.loads[m][j] += c.loads[kept[m]][j];
    if (m + 1 == kept.size())
      break;
    double length = 0, compliance = 0;
    bool tension_only = false;
    for (std::size_t k = kept[m]; k < kept[m + 1]; ++k) {
      length += c.elements[k].rest_length;
      compliance += c.elements[k].rest_length / c.elements[k].axial_stiffness;
      tension_only = tension_only || c.elements[k].tension_only;
    }
    coarse.elements.push_back({length, length / compliance, tension_only});
    double along = 0;
    for (std::size_t i = kept[m] + 1; i < kept[m + 1]; ++i) {
      along += c.elements[i - 1].rest_length;
      for (int j : {0, 1}) {
        coarse.loads[m][j] += (1 - along / length) * c.loads[i][j];
        coarse.loads[m + 1][j] += along / length * c.loads[i][j];
      }
    }
  }
  return coarse;
}

/// The fine chain's nodes from the coarse equilibrium: a merged node on its coarse element's
/// chord at its share of the unstretched length (each fine element then has its coarse
/// element's strain).
void prolong(const CableChain& coarse, const std::vector<std::size_t>& kept, CableChain& c) {
  for (std::size_t m = 0; m + 1 < kept.size(); ++m) {
    c.nodes[kept[m]] = coarse.nodes[m];
    double along = 0;
    for (std::size_t i = kept[m] + 1; i < kept[m + 1]; ++i) {
      along += c.elements[i - 1].rest_length;
      const double f = along / coarse.elements[m].rest_length;
      for (int j : {0, 1})
        c.nodes[i][j] = (1 - f) * coarse.nodes[m][j] + f * coarse.nodes[m + 1][j];
    }
  }
  c.nodes[kept.back()] = coarse.nodes.back();
}

// `start_only`: the chain is a coarser one whose equilibrium only starts a finer chain's
// iteration; where it stops short of its floor it is returned as it is.
ChainEquilibrium newton(CableChain& c, bool start_only) {
  const std::size_t n = c.nodes.size();
  // D: the material stiffness EA/L (and a spring's k) each node sees, the trust region's metric
  std::vector<double> metric(n, 0.0);
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const double k_e = c.elements[k].axial_stiffness / c.elements[k].rest_length;
    metric[k] += k_e;
    metric[k + 1] += k_e;
  }
  for (const NodeSpring& spring : c.springs)
    metric[spring.node] += spring.stiffness;
  constexpr double eps = std::numeric_limits<double>::epsilon();
  constexpr double smallest_mu = 1e-10, largest_mu = 1e20;
  double mu = 0;
  double pi_size = 0;
  double pi = potential_energy(c, c.nodes, &pi_size);
  Residual r = residual(c, c.nodes);
  ChainEquilibrium result;
  BandedLU s;
  std::vector<double> dx(2 * n);
  std::vector<Vector2> trial(n);
  for (unsigned iteration = 1; iteration <= 2000; ++iteration) {
    result.iterations = iteration;
    if (r.largest <= residual_floor(c) / 32) // as exact as the positions' round-off lets it be
      break;
    // S + mu D in band storage, DoF 2 i + j for component j of node i; held rows are identity
    s.reinit(2 * n, 3, 3);
    add_tangent_stiffness(s, c);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t a : {0, 1})
        s(2 * i + a, 2 * i + a) += mu * metric[i];
    hold_rows(s, c.held);
    try {
      s.factorize();
    } catch (const std::runtime_error&) { // not positive definite: a shorter, steadier step
      mu = std::min(largest_mu, std::max(10 * mu, smallest_mu));
      if (mu == largest_mu)
        throw std::runtime_error("the cable's equilibrium was not found: its stiffness stays "
                                 "singular (a node held by slack elements only?)");
      continue;
    }
    s.solve(r.r.data(), dx.data());
    // along dx, shortened fourfold until Pi decreases (backtracking; Nocedal & Wright, Alg. 3.1):
    // far from equilibrium the full step of a stiff cable overshoots by orders of magnitude
    bool accepted = false;
    double step = 0;
    for (double alpha = 1; alpha > 1e-6 && !accepted; alpha /= 4) {
      step = 0;
      for (std::size_t i = 0; i < n; ++i) {
        trial[i] = {c.nodes[i][0] + alpha * dx[2 * i], c.nodes[i][1] + alpha * dx[2 * i + 1]};
        step = std::max({step, std::abs(alpha * dx[2 * i]), std::abs(alpha * dx[2 * i + 1])});
      }
      double trial_size = 0;
      const double pi_trial = potential_energy(c, trial, &trial_size);
      Residual r_trial = residual(c, trial);
      // Pi decreases; within its round-off, the residual must (at equilibrium Pi is flat). The
      // round-off of a sum of n terms grows with n: 16 eps times their magnitudes' sum was
      // exceeded by a chain of 50 elements (Pi's last steps scattered by 1.5 times it, so that
      // Newton's steps were refused and quarter steps taken), hence 256.
      const double noise = 256 * eps * std::max(pi_size, trial_size);
      accepted = std::isfinite(pi_trial) &&
                 (pi_trial < pi - noise || (pi_trial <= pi + noise && r_trial.largest < r.largest));
      if (accepted) {
        c.nodes = trial;
        pi = pi_trial;
        pi_size = trial_size;
        r = std::move(r_trial);
        if (alpha == 1)
          mu = mu / 10 < smallest_mu ? 0.0 : mu / 10;
      }
    }
    if (!accepted) {
      mu = std::min(largest_mu, std::max(10 * mu, smallest_mu));
      if (mu == largest_mu)
        break; // no step lowers Pi or the residual: at round-off
      continue;
    }
    // (nearly) Newton's step at the positions' round-off: quadratic convergence left nothing to
    // gain. (A step of 1e3 eps times the length, the test before, stopped a stiff chain of 200
    // elements at 80 times its residual floor: such a step still moves the forces by EA/L times
    // it.)
    double farthest = 0;
    for (const Vector2& x : c.nodes)
      farthest = std::max({farthest, std::abs(x[0]), std::abs(x[1])});
    if (mu <= 1e-6 && step <= 4 * eps * farthest)
      break;
  }
  result.residual = r.scale > 0 ? r.largest / r.scale : 0.0;
  result.residual_floor = r.scale > 0 ? residual_floor(c) / r.scale : 0.0;
  if (!start_only && !(result.residual <= std::max(1e-10, result.residual_floor)))
    throw std::runtime_error(
        "the cable's equilibrium was not found after " + std::to_string(result.iterations) +
        " iterations (largest residual force " + std::to_string(r.largest) + " N)");
  return result;
}
} // namespace

namespace {
ChainEquilibrium solve(CableChain& c, bool start_only) {
  const std::size_t n = c.nodes.size();
  if (n < 2 || c.elements.size() != n - 1 || c.held.size() != n || c.loads.size() != n)
    throw std::invalid_argument("a cable chain needs n >= 2 nodes, n - 1 elements, and a held "
                                "flag and a load per node");
  if (std::find(c.held.begin(), c.held.end(), true) == c.held.end())
    throw std::invalid_argument("a cable chain with no held node has no equilibrium");
  for (const NodeSpring& spring : c.springs)
    if (spring.node >= n)
      throw std::invalid_argument("a cable chain's spring at a node it does not have");
  // Nested iteration (Briggs, Henson & McCormick, A Multigrid Tutorial, 2nd ed., sec. 3.3 "full
  // multigrid"'s outer loop): from a poor start the trust region's walk down the energy takes
  // more steps the finer the chain; on the coarsest chain it is short, and each finer chain
  // starts from the coarser one's equilibrium, an O(h^2) guess Newton's method finishes in a few
  // steps.
  std::size_t levels = 0;
  if (c.elements.size() > 64) {
    std::vector<std::size_t> kept;
    CableChain coarse = coarser(c, kept);
    if (coarse.elements.size() < c.elements.size()) {
      levels = solve(coarse, true).coarser_chains + 1;
      prolong(coarse, kept, c);
    }
  }
  ChainEquilibrium result = newton(c, start_only);
  result.coarser_chains = levels;
  return result;
}
} // namespace

ChainEquilibrium solve_cable_equilibrium(CableChain& c) {
  return solve(c, false);
}

} // namespace hamdyn
