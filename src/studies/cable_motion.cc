#include "studies/cable_motion.h"

#include "system/banded_lu.h"
#include "time/newmark_scheme.h"

#include <algorithm>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn {

namespace {
// The force element k exerts on its first node over the step from chord d0 to d1, and its
// derivative by d1 when `slope` is given: the discrete gradient for the midpoint rule, the weighted
// mean (1 - af) F(d1) + af F(d0) for generalized alpha
// (l0: |d0|, which a step's iterations share; k: EA / L)
// Always inlined: with three callers (the residual and the Jacobian's two matrices) GCC made it a
// call, and the residual's loop spent 15 % of a 5e4-element cable's step in it (perf).
[[gnu::always_inline]] inline Vector2 step_force(const CableElement& e, const ChainScheme& scheme,
                                                 const Vector2& d0, double l0, const Vector2& d1,
                                                 double k, Matrix2* slope) {
  if (scheme.midpoint)
    return e.mean_force(d0, l0, d1, k, slope);
  const double af = scheme.alpha_f;
  if (slope) {
    const Matrix2 t = e.tangent(d1);
    *slope = {(1 - af) * t.xx, (1 - af) * t.xz, (1 - af) * t.zx, (1 - af) * t.zz};
  }
  const Vector2 f0 = e.force(d0), f1 = e.force(d1);
  return {(1 - af) * f1.x + af * f0.x, (1 - af) * f1.z + af * f0.z};
}

// The discrete gradients of two elements (CableElement::mean_force, its taut branch: the same
// operations, so the same values) with their square roots and divisions two at a time: the
// residual's element loop waited on the divider (perf), whose packed instructions take two
// elements in about the time of one. False, with f untouched, where either element is
// tension-only and slack at either end of the step (the scalar branches decide there).
// (rest: the two rest lengths L; chain: to look up whether element `first` and the next are
// tension-only, where any is)
bool taut_mean_forces(const CableChain* chain, std::size_t first, const double rest[2],
                      const Vector2& d0a, const Vector2& d0b, double l0a, double l0b,
                      const Vector2& d1a, const Vector2& d1b, double ka, double kb, Vector2 f[2]) {
#if defined(__SSE2__)
  // (lane 0 element a, lane 1 element b; _mm_set_pd takes the high lane first)
  const __m128d x = _mm_set_pd(d1b.x, d1a.x), z = _mm_set_pd(d1b.z, d1a.z);
  const __m128d l1 = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(x, x), _mm_mul_pd(z, z)));
  double l1s[2];
  _mm_storeu_pd(l1s, l1);
  if (chain &&
      ((chain->elements[first].tension_only && !(l0a >= rest[0] && l1s[0] >= rest[0])) ||
       (chain->elements[first + 1].tension_only && !(l0b >= rest[1] && l1s[1] >= rest[1]))))
    return false;
  const __m128d sum = _mm_add_pd(_mm_set_pd(l0b, l0a), l1);
  const __m128d two_l = _mm_set_pd(2 * rest[1], 2 * rest[0]);
  const __m128d c =
      _mm_mul_pd(_mm_set_pd(kb, ka), _mm_sub_pd(_mm_set1_pd(1.0), _mm_div_pd(two_l, sum)));
  const __m128d half = _mm_set1_pd(0.5);
  const __m128d mx = _mm_mul_pd(half, _mm_add_pd(_mm_set_pd(d0b.x, d0a.x), x));
  const __m128d mz = _mm_mul_pd(half, _mm_add_pd(_mm_set_pd(d0b.z, d0a.z), z));
  double fx[2], fz[2];
  _mm_storeu_pd(fx, _mm_mul_pd(c, mx));
  _mm_storeu_pd(fz, _mm_mul_pd(c, mz));
  f[0] = {fx[0], fz[0]};
  f[1] = {fx[1], fz[1]};
  return true;
#else
  (void)chain, (void)first, (void)rest, (void)d0a, (void)d0b, (void)l0a, (void)l0b, (void)d1a,
      (void)d1b, (void)ka, (void)kb, (void)f;
  return false;
#endif
}

// |x_{k+1} - x_k| for k in [first, last) into l, as chord_length forms them, two at a time (a
// packed square root takes two in the time of one)
void chord_lengths(const std::vector<Vector2>& x, std::size_t first, std::size_t last,
                   std::vector<double>& l) {
  std::size_t k = first;
#if defined(__SSE2__)
  for (; k + 1 < last; k += 2) {
    const Vector2 a = chord(x, k), b = chord(x, k + 1);
    const __m128d dx = _mm_set_pd(b.x, a.x), dz = _mm_set_pd(b.z, a.z);
    _mm_storeu_pd(&l[k], _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dz, dz))));
  }
#endif
  for (; k < last; ++k)
    l[k] = chord_length(chord(x, k));
}

// Component a of node i's acceleration and velocity at the step's end when it is at x1: Newmark's
// (Chung & Hulbert's eqs. (3), (4)); for the midpoint rule (beta = 1/4, gamma = 1/2, where a0
// cancels) v1 = 2 (x1 - x0) / dt - v0, written so (no acceleration is kept)
struct EndRates {
  double a, v;
};
// (always inlined, as step_force: a call per node and component in the step's last pass)
[[gnu::always_inline]] inline EndRates end_rates(const ChainScheme& scheme, const ChainMotion& s,
                                                 std::size_t i, std::size_t a, double x1,
                                                 double dt) {
  const double x0 = s.x[i][a], v0 = s.v[i][a];
  if (scheme.midpoint)
    return {0, 2 * (x1 - x0) / dt - v0};
  const double beta = scheme.beta, gamma = scheme.gamma, a0 = s.a[i][a];
  const double a1 = (x1 - x0 - dt * v0) / (beta * dt * dt) - (0.5 - beta) / beta * a0;
  return {a1, v0 + dt * ((1 - gamma) * a0 + gamma * a1)};
}

// The midpoint rule's end velocities v1 = 2 (x1 - x0) / dt - v0 of nodes [first, last), as
// end_rates forms them, both components of a node at once: the division by dt for each was the
// step's last pass's cost (perf), and a packed division takes two in the time of one.
void midpoint_velocities(ChainMotion& s, const std::vector<Vector2>& x1, double dt,
                         std::size_t first, std::size_t last) {
#if defined(__SSE2__)
  const __m128d two = _mm_set1_pd(2.0), step = _mm_set1_pd(dt);
  for (std::size_t i = first; i < last; ++i) {
    const __m128d moved = _mm_sub_pd(_mm_loadu_pd(&x1[i].x), _mm_loadu_pd(&s.x[i].x));
    _mm_storeu_pd(&s.v[i].x,
                  _mm_sub_pd(_mm_div_pd(_mm_mul_pd(two, moved), step), _mm_loadu_pd(&s.v[i].x)));
  }
#else
  for (std::size_t i = first; i < last; ++i)
    for (std::size_t a : {0, 1})
      s.v[i][a] = 2 * (x1[i][a] - s.x[i][a]) / dt - s.v[i][a];
#endif
}

// Node i's velocity component a at the alpha level, (1 - af) v1 + af v0, v1 that of x1.
[[gnu::always_inline]] inline double alpha_velocity(const ChainScheme& scheme, const ChainMotion& s,
                                                    std::size_t i, std::size_t a, double x1,
                                                    double dt) {
  const double af = scheme.alpha_f;
  return (1 - af) * end_rates(scheme, s, i, a, x1, dt).v + af * s.v[i][a];
}

// f on element k's first node and -f on its second, in r (DoF 2 i + a).
void add_on_element_nodes(std::vector<double>& r, std::size_t k, const Vector2& f) {
  for (std::size_t a : {0, 1}) {
    r[2 * k + a] += f[a];
    r[2 * (k + 1) + a] -= f[a];
  }
}

// An element's axial damping at the alpha level: its direction e (of the chord there) and the
// factor c_a / L on e . (v_{k+1} - v_k) (0 without damping, or on a slack tension-only element).
struct AxialDamper {
  Vector2 e;
  double factor;
};
AxialDamper axial_damper(const CableElement& element, const Vector2& d0, const Vector2& d1,
                         double af) {
  if (element.axial_damping == 0)
    return {{0, 0}, 0};
  const Vector2 d{(1 - af) * d1.x + af * d0.x, (1 - af) * d1.z + af * d0.z};
  const double l = std::hypot(d.x, d.z);
  if (element.tension_only && !(l > element.rest_length))
    return {{0, 0}, 0};
  return {{d.x / l, d.z / l}, element.axial_damping / element.rest_length};
}

// The springs' and dashpots' forces at the alpha level (the step's middle for the midpoint rule,
// alpha_f = 1/2: the springs' exact discrete gradient, the dashpots' -c (x1 - x0) / dt), added to
// r (when given); with `dissipated`, the dashpots' work against the step's motion is added to it
// (on the part's own rows, each element's work counted by one part; `damped`: whether any element
// has axial damping, which a run's scratch finds once rather than this loop at every iteration)
void add_node_forces(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
                     const ChainMotion& s, const std::vector<Vector2>& x1, double dt,
                     const ChainPartition& p, bool damped, std::vector<double>* r,
                     double* dissipated = nullptr) {
  const double af = scheme.alpha_f;
  if (r)
    for (const NodeSpring& spring : chain.springs)
      for (std::size_t a : {0, 1}) {
        const std::size_t i = spring.node;
        if (p.owns(i))
          (*r)[2 * i + a] -=
              spring.stiffness * ((1 - af) * x1[i][a] + af * s.x[i][a] - spring.anchor[a]);
      }
  for (const NodeDashpot& dashpot : chain.dashpots)
    for (std::size_t a : {0, 1}) {
      const std::size_t i = dashpot.node;
      if (!p.owns(i))
        continue;
      const double v_af = alpha_velocity(scheme, s, i, a, x1[i][a], dt);
      if (r)
        (*r)[2 * i + a] -= dashpot.damping * v_af;
      if (dissipated)
        *dissipated += dashpot.damping * v_af * (x1[i][a] - s.x[i][a]);
    }
  // the mass-proportional damping -alpha M v_af, its work alpha v_af^T M (x1 - x0) (at the
  // midpoint rule alpha / dt (x1 - x0)^T M (x1 - x0) >= 0)
  if (chain.mass_damping > 0) {
    std::vector<Vector2> v_af(x1.size());
    for (std::size_t i = p.current_begin(); i < p.current_end(); ++i)
      for (std::size_t a : {0, 1})
        v_af[i][a] = alpha_velocity(scheme, s, i, a, x1[i][a], dt);
    for (std::size_t i = p.begin; i < p.end; ++i) {
      const Vector2 force = mass.row_times(i, v_af);
      for (std::size_t a : {0, 1}) {
        if (r)
          (*r)[2 * i + a] -= chain.mass_damping * force[a];
        if (dissipated)
          *dissipated += chain.mass_damping * force[a] * (x1[i][a] - s.x[i][a]);
      }
    }
  }
  // the elements' axial damping, N = c_a / L e . (v_af_{k+1} - v_af_k) along e at the alpha
  // level: +N e on node k, -N e on node k + 1; its work against the step's motion N e . (the
  // chord's change), at the midpoint rule c_a / (L dt) (e . dchord)^2 >= 0
  for (std::size_t k = p.first_element(); damped && k < p.last_element(); ++k) {
    if (chain.elements[k].axial_damping == 0) // (no chords formed)
      continue;
    const AxialDamper damper = axial_damper(chain.elements[k], chord(s.x, k), chord(x1, k), af);
    if (damper.factor == 0)
      continue;
    double rate = 0, stretch = 0;
    for (std::size_t a : {0, 1}) {
      rate += damper.e[a] * (alpha_velocity(scheme, s, k + 1, a, x1[k + 1][a], dt) -
                             alpha_velocity(scheme, s, k, a, x1[k][a], dt));
      stretch += damper.e[a] * ((x1[k + 1][a] - s.x[k + 1][a]) - (x1[k][a] - s.x[k][a]));
    }
    const double force = damper.factor * rate;
    if (r)
      add_on_element_nodes(*r, k, {force * damper.e.x, force * damper.e.z});
    if (dissipated && k >= p.first_counted_element())
      *dissipated += force * stretch;
  }
}

// R = sum of the step's element forces + p - M (c (x1 - x0 - dt v0) - d a0), 0 on the held nodes'
// rows, in the part's own rows
// into scratch.dx (the scratch's l0: the elements' lengths at s.x; its stiffness, rest,
// tension_only and held: the chain's)
// (Tried: each row's element forces formed in the rows' pass too, the same operations: 23 %
// slower a step than a pass of their own, whose element loop keeps the divider busy.)
void residual(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
              const ChainMotion& s, const std::vector<Vector2>& x1, double dt,
              const std::vector<Vector2>& loads, const ChainPartition& p, ChainScratch& scratch,
              bool zero_held = true) {
  const std::size_t n = x1.size();
  const std::vector<double>&l0 = scratch.l0, &stiffness = scratch.stiffness, &rest = scratch.rest;
  std::vector<double>& r = scratch.dx;
  const double c = scheme.c(dt), d = scheme.d();
  // the lag x1 - x0 - dt v0 at node i, what M c turns into the inertia force: formed once a
  // node, M's row from the lags of the node before, the node and the next, carried from row to
  // row (through an array of lags, the pass that wrote it and the one that read it were a sixth
  // of the residual's memory traffic)
  const auto lag = [&](std::size_t i) {
    return Vector2{x1[i].x - s.x[i].x - dt * s.v[i].x, x1[i].z - s.x[i].z - dt * s.v[i].z};
  };
  Vector2 lag_before{0, 0}, lag_here{0, 0};
  if (p.begin < p.end) {
    lag_here = lag(p.begin);
    if (p.begin > 0)
      lag_before = lag(p.begin - 1);
  }
  for (std::size_t i = p.begin; i < p.end; ++i) {
    const Vector2 lag_next = i + 1 < n ? lag(i + 1) : Vector2{0, 0};
    Vector2 inertia = mass.row_times(i, lag_before, lag_here, lag_next);
    lag_before = lag_here;
    lag_here = lag_next;
    inertia = {c * inertia.x, c * inertia.z};
    if (d != 0) {
      const Vector2 past = mass.row_times(i, s.a);
      inertia = {inertia.x - d * past.x, inertia.z - d * past.z};
    }
    for (std::size_t a : {0, 1})
      r[2 * i + a] = chain.loads[i][a] - inertia[a];
    if (!loads.empty())
      for (std::size_t a : {0, 1})
        r[2 * i + a] += loads[i][a];
  }
  // each element's force on its first node, minus the one before it on its second: node k's
  // row takes -f_{k-1} then +f_k, as add_on_element_nodes would add them, with f_{k-1} carried
  // in registers (added through r, each row waited for the store of the element before)
  // (a part's first row takes the element before it, which the other part's rows take too)
  Vector2 before{0, 0};
  const auto add = [&](std::size_t k, const Vector2& f) {
    if (k >= p.begin)
      for (std::size_t a : {0, 1})
        r[2 * k + a] = (r[2 * k + a] - before[a]) + f[a];
    before = f;
  };
  const std::size_t last = std::min(p.end, n - 1);
  std::size_t k = p.first_element();
  if (scheme.midpoint) // two elements at a time where both are taut (or not tension-only)
    for (; k + 1 < last; k += 2) {
      Vector2 f[2];
      if (!taut_mean_forces(scratch.tension_only ? &chain : nullptr, k, &rest[k], chord(s.x, k),
                            chord(s.x, k + 1), l0[k], l0[k + 1], chord(x1, k), chord(x1, k + 1),
                            stiffness[k], stiffness[k + 1], f))
        for (std::size_t j : {0, 1})
          f[j] = step_force(chain.elements[k + j], scheme, chord(s.x, k + j), l0[k + j],
                            chord(x1, k + j), stiffness[k + j], nullptr);
      add(k, f[0]);
      add(k + 1, f[1]);
    }
  for (; k < last; ++k)
    add(k, step_force(chain.elements[k], scheme, chord(s.x, k), l0[k], chord(x1, k), stiffness[k],
                      nullptr));
  if (n > 1 && p.end == n && p.begin < p.end)
    for (std::size_t a : {0, 1})
      r[2 * (n - 1) + a] -= before[a];
  add_node_forces(chain, mass, scheme, s, x1, dt, p, scratch.damped, &r);
  if (zero_held)
    for (const std::size_t i : scratch.held)
      if (p.owns(i))
        r[2 * i] = r[2 * i + 1] = 0;
}

} // namespace

ChainScheme ChainScheme::for_spectral_radius(double rho_infinity) {
  if (rho_infinity == 1)
    return ChainScheme();
  const NewmarkParameters p = generalized_alpha_parameters(rho_infinity);
  return {false, p.alpha_m, p.alpha_f, p.beta, p.gamma};
}

void start_chain(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
                 ChainMotion& s, const std::vector<NodePosition>& held_a,
                 const std::vector<Vector2>& loads) {
  s.a.clear();
  if (scheme.midpoint)
    return;
  const std::size_t n = s.x.size();
  std::vector<Vector2> given(n, Vector2{0, 0}); // the held nodes' accelerations
  for (const NodePosition& h : held_a)
    given[h.node] = h.x;
  std::vector<double> r(2 * n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a : {0, 1})
      r[2 * i + a] = chain.loads[i][a] + (loads.empty() ? 0.0 : loads[i][a]);
  for (std::size_t k = 0; k + 1 < n; ++k) {
    add_on_element_nodes(r, k, chain.elements[k].force(chord(s.x, k)));
  }
  // the springs (stretched where the run starts at an equilibrium away from their anchors) and
  // the dashpots
  for (const NodeSpring& spring : chain.springs)
    for (std::size_t a : {0, 1})
      r[2 * spring.node + a] -= spring.stiffness * (s.x[spring.node][a] - spring.anchor[a]);
  for (const NodeDashpot& dashpot : chain.dashpots)
    for (std::size_t a : {0, 1})
      r[2 * dashpot.node + a] -= dashpot.damping * s.v[dashpot.node][a];
  if (chain.mass_damping > 0) // -alpha M v0
    for (std::size_t i = 0; i < n; ++i) {
      const Vector2 force = mass.row_times(i, s.v);
      for (std::size_t a : {0, 1})
        r[2 * i + a] -= chain.mass_damping * force[a];
    }
  for (std::size_t k = 0; k + 1 < n; ++k) { // the elements' axial damping at v0
    const AxialDamper damper = axial_damper(chain.elements[k], chord(s.x, k), chord(s.x, k), 0);
    const double force = damper.factor * (damper.e.x * (s.v[k + 1].x - s.v[k].x) +
                                          damper.e.z * (s.v[k + 1].z - s.v[k].z));
    add_on_element_nodes(r, k, {force * damper.e.x, force * damper.e.z});
  }
  BandedLU m; // M, symmetric positive definite (the held rows identity): no pivoting needed
  m.reinit(2 * n, 3, 3);
  add_mass_matrix(m, mass, 1.0);
  hold_rows(m, chain.held);
  // M_ff a_f = F + p - M_fh a_h; the held rows are identity, with a_h on the right
  for (std::size_t i = 0; i < n; ++i) {
    const Vector2 coupled = mass.row_times(i, given);
    for (std::size_t a : {0, 1})
      r[2 * i + a] = chain.held[i] ? given[i][a] : r[2 * i + a] - coupled[a];
  }
  m.factorize();
  m.solve(r.data());
  s.a.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    s.a[i] = {r[2 * i], r[2 * i + 1]};
}

namespace {
// add_element_block (studies/cable_equilibrium.h) into the twisted factorization's blocks, the
// same sums in the same order
void add_element_block(TwistedBlockLU& a, std::size_t k, const Matrix2& t) {
  a.add_coupled(k, {{t.xx, t.xz, t.zx, t.zz}});
}

// add_mass_matrix (models/cable_mass.h) into the twisted factorization's blocks, the same sums
// in the same order (entry by entry through operator(), a fifth of a factorization's time)
void add_mass_matrix(TwistedBlockLU& a, const CableMass& mass, double scale, std::size_t first,
                     std::size_t last) {
  const std::size_t n = mass.node.size();
  for (std::size_t i = first; i < std::min(last, n); ++i) {
    a.add_to_block_diagonal(i, i, scale * mass.node[i]);
    if (i + 1 < n) {
      a.add_to_block_diagonal(i, i + 1, scale * mass.element[i]);
      a.add_to_block_diagonal(i + 1, i, scale * mass.element[i]);
    }
  }
}

// The step's Jacobian in the part's own rows of `a` (any matrix with entries a(i, j) in the
// chain's numbering that drops the rows it does not hold)
template <class Matrix>
void assemble_jacobian(Matrix& a, const CableChain& chain, const CableMass& mass,
                       const ChainScheme& scheme, const std::vector<Vector2>& x0,
                       const std::vector<Vector2>& x1, double dt, const ChainPartition& p) {
  // c M, and the mass damping's alpha M d v_af / d x1
  const double rate_slope = (1 - scheme.alpha_f) * scheme.gamma / (scheme.beta * dt);
  add_mass_matrix(a, mass, scheme.c(dt) + chain.mass_damping * rate_slope, p.current_begin(),
                  p.end);
  for (std::size_t k = p.first_element(); k < p.last_element(); ++k) {
    Matrix2 slope{}; // d (the step's force) / d d1, d1 = x1_{k+1} - x1_k
    const CableElement& e = chain.elements[k];
    step_force(e, scheme, chord(x0, k), chord_length(chord(x0, k)), chord(x1, k),
               e.axial_stiffness / e.rest_length, &slope);
    add_element_block(a, k, slope);
  }
  // the springs' (1 - af) k and the dashpots' c dv_af/dx1 = c (1 - af) gamma / (beta dt)
  const double af = scheme.alpha_f;
  for (const NodeSpring& spring : chain.springs)
    for (std::size_t c : {0, 1})
      a(2 * spring.node + c, 2 * spring.node + c) += (1 - af) * spring.stiffness;
  for (const NodeDashpot& dashpot : chain.dashpots)
    for (std::size_t c : {0, 1})
      a(2 * dashpot.node + c, 2 * dashpot.node + c) += dashpot.damping * rate_slope;
  // the elements' axial damping: c_a / L e e^T times d v_af / d x1 (e's own change with x1,
  // of the order of the damping force over the element's length, is left to the iteration)
  for (std::size_t k = p.first_element(); k < p.last_element(); ++k) {
    const AxialDamper damper = axial_damper(chain.elements[k], chord(x0, k), chord(x1, k), af);
    const double g = damper.factor * rate_slope;
    if (g != 0)
      add_element_block(a, k,
                        Matrix2{g * damper.e.x * damper.e.x, g * damper.e.x * damper.e.z,
                                g * damper.e.z * damper.e.x, g * damper.e.z * damper.e.z});
  }
  hold_rows(a, chain.held);
}
} // namespace

void ChainJacobian::form(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
                         const std::vector<Vector2>& x0, const std::vector<Vector2>& x1, double dt,
                         const ChainPartition* p) {
  const std::size_t n = x1.size();
  const ChainPartition whole = ChainPartition::whole(n);
  const ChainPartition& part = p ? *p : whole;
  blocks_.reinit(part);
  assemble_jacobian(blocks_, chain, mass, scheme, x0, x1, dt, part);
  blocks_.factorize();
  x0_ = x0;
  x1_ = x1;
  dt_ = dt;
  ++factorizations_;
}

std::vector<double> ChainJacobian::linearization(const ChainPartition* p) const {
  std::vector<double> point;
  if (empty())
    return point;
  for (const auto* x : {&x0_, &x1_}) {
    std::vector<Vector2> gathered = *x;
    if (p)
      gather_nodes(*p, gathered);
    for (const Vector2& q : gathered)
      point.insert(point.end(), {q.x, q.z});
  }
  point.push_back(dt_);
  return point;
}

void ChainJacobian::restore(const CableChain& chain, const CableMass& mass,
                            const ChainScheme& scheme, const std::vector<double>& point,
                            const ChainPartition* p) {
  const std::size_t n = chain.nodes.size();
  if (point.empty()) {
    *this = ChainJacobian();
    return;
  }
  if (point.size() != 4 * n + 1)
    throw std::invalid_argument("a cable Jacobian's linearization point of another chain");
  std::vector<Vector2> x0(n), x1(n);
  for (std::size_t i = 0; i < n; ++i) {
    x0[i] = {point[2 * i], point[2 * i + 1]};
    x1[i] = {point[2 * n + 2 * i], point[2 * n + 2 * i + 1]};
  }
  const unsigned long count = factorizations_;
  form(chain, mass, scheme, x0, x1, point.back(), p);
  factorizations_ = count;
}

unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt) {
  ChainStep how;
  return step_chain(chain, mass, s, dt, how);
}

unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt,
                    ChainStep& how) {
  const double tolerance = how.tolerance;
  ChainJacobian* const kept = how.kept;
  const ChainScheme& scheme = how.scheme;
  const std::size_t n = s.x.size();
  const ChainPartition whole = ChainPartition::whole(n);
  const ChainPartition& p = how.partition ? *how.partition : whole;
  const std::size_t first = p.current_begin(), last = p.current_end();
  // the unknown x1, starting from the constant-velocity guess x0 + dt v0; the held nodes where
  // they are, or where their motion takes them
  ChainScratch own_scratch;
  ChainScratch& scratch = how.scratch ? *how.scratch : own_scratch;
  std::vector<Vector2>&predictor = scratch.predictor, &x1 = scratch.x1;
  std::vector<double>&dx = scratch.dx, &l0 = scratch.l0;
  // what the scratch keeps of the chain, formed at its first step
  if (scratch.stiffness.size() + 1 != n) {
    scratch.stiffness.resize(n - 1);
    scratch.rest.resize(n - 1);
    scratch.tension_only = scratch.damped = false;
    for (std::size_t k = 0; k + 1 < n; ++k) {
      const CableElement& e = chain.elements[k];
      scratch.stiffness[k] = e.axial_stiffness / e.rest_length;
      scratch.rest[k] = e.rest_length;
      scratch.tension_only = scratch.tension_only || e.tension_only;
      scratch.damped = scratch.damped || e.axial_damping != 0;
    }
    scratch.held.clear();
    for (std::size_t i = 0; i < n; ++i)
      if (chain.held[i])
        scratch.held.push_back(i);
  }
  // the elements' lengths at the step's start (the step before found them where it was the
  // run's)
  const auto find_lengths = [&] {
    l0.resize(n > 0 ? n - 1 : 0);
    chord_lengths(s.x, p.first_element(), p.last_element(), l0);
    scratch.lengths_of_state = true;
  };
  if (!scratch.lengths_of_state || l0.size() + 1 != n)
    find_lengths();
  predictor.resize(n);
  x1.resize(n);
  dx.resize(2 * n);
  // (x1 starts there, written in the same pass; a part forms the nodes it keeps current)
  for (std::size_t i = first; i < last; ++i)
    x1[i] = predictor[i] =
        chain.held[i] ? s.x[i] : Vector2{s.x[i].x + dt * s.v[i].x, s.x[i].z + dt * s.v[i].z};
  for (const NodePosition& m : how.moved)
    x1[m.node] = predictor[m.node] = m.x;
  how.support_work = how.dissipated = how.load_work = 0;
  const auto restart_from_predictor = [&] {
    std::copy(predictor.begin() + first, predictor.begin() + last, x1.begin() + first);
  };
  ChainJacobian own;
  ChainJacobian& j = kept ? *kept : own;
  // Newton's method (the Jacobian at every iterate) without a kept Jacobian, and where the chord
  // iterations with one do not converge within `chord_limit` (a tension-only element going slack
  // changes the Jacobian in a step): then from the predictor again
  bool newton = !kept;
  constexpr unsigned chord_limit = 12;
  // A kept Jacobian is formed anew where a correction is more than this fraction of the one
  // before. Measured with the step sizes compared as below (5e4 elements, 300 steps): 0.25 kept
  // stale Jacobians too long once a 100 kg mass was let go (10 iterations a step, 4.5 s), 0.1
  // balances them (7 iterations, 64 factorizations, 4.1 - 4.4 s), 0.05 forms too many (132).
  constexpr double chord_contraction = 0.1;
  // A kept Jacobian serves a step of the same size to the grid's round-off: t_{n+1} - t_n of a
  // uniform grid differs from the step in its last bits from step to step, and comparing them
  // exactly made a 60-element stay cable's run factor its Jacobian at every other step (1542
  // times in 3000; now once). The residual takes the step's own dt: the same solution.
  const bool same_step = !j.empty() && std::abs(j.dt() - dt) <= 1e-12 * dt;
  bool formed = !same_step; // in this step
  if (formed)
    j.form(chain, mass, scheme, s.x, x1, dt, &p);
  bool fresh = true; // j formed at this x1 (no need to form it again for Newton's step)
  double previous = INFINITY;
  double smallest = INFINITY; // Newton's smallest correction in this step
  unsigned stalled = 0;       // its iterations since
  // Measured on a hanging cable with a 100 kg mass let go at midspan, to 1.2 s, where its
  // supports' tension passes through zero: the failed attempts wander until the iteration cap
  // after their smallest correction, the successful ones rarely stall for more than 7 (12 of
  // 1267 did, up to 21, and went through). Giving up after 8: 1e4 elements 15.6 -> 11.4 s (76
  // steps in halves, not 67), 5e4 elements 614 -> 406 s (965, not 769); 6: 12.0 s (122), 12:
  // 12.3 s (68). T + V kept as before (6.8e-9 J of 2.3e4 J at 1e4 elements).
  constexpr unsigned stall_limit = 8;
  for (unsigned iteration = 1; iteration <= 50 + chord_limit; ++iteration) {
    if (newton && !fresh)
      j.form(chain, mass, scheme, s.x, x1, dt, &p);
    fresh = false;
    residual(chain, mass, scheme, s, x1, dt, how.loads, p, scratch);
    j.solve(dx);
    // the largest correction, motion and position, one of each per component: the two are
    // independent chains of maxima instead of one (a max is exact, so the same values), over
    // the own nodes and then over the ranks; the other part's node beside the cut moves too
    // (in locals: in the array the reduction takes, each maximum went through memory)
    double corrections[2] = {0, 0}, motions[2] = {0, 0}, farthests[2] = {0, 0};
    for (std::size_t i = p.begin; i < p.end; ++i)
      for (std::size_t a : {0, 1}) {
        x1[i][a] += dx[2 * i + a];
        corrections[a] = std::max(corrections[a], std::abs(dx[2 * i + a]));
        motions[a] = std::max(motions[a], std::abs(x1[i][a] - s.x[i][a]));
        farthests[a] = std::max(farthests[a], std::abs(x1[i][a]));
      }
    for (std::size_t i : {first, last - 1})
      if (i < last && !p.owns(i))
        for (std::size_t a : {0, 1})
          x1[i][a] += dx[2 * i + a];
    double largest[6] = {corrections[0], corrections[1], motions[0],
                         motions[1],     farthests[0],   farthests[1]};
    max_over_parts(p, largest, 6);
    const double correction = std::max(largest[0], largest[1]),
                 motion = std::max(largest[2], largest[3]),
                 farthest = std::max(largest[4], largest[5]);
    if (!std::isfinite(correction) && newton)
      break;
    // converged, or at the positions' round-off (a correction below a few ulps of x is noise)
    const double round_off = 16 * std::numeric_limits<double>::epsilon() * farthest;
    if (std::isfinite(correction) && correction <= std::max(tolerance * motion, round_off)) {
      if (!how.moved.empty()) { // the force S = -R holding each moved node, and its work
        residual(chain, mass, scheme, s, x1, dt, how.loads, p, scratch, false);
        for (const NodePosition& m : how.moved)
          if (p.owns(m.node))
            for (std::size_t a : {0, 1})
              how.support_work -= dx[2 * m.node + a] * (x1[m.node][a] - s.x[m.node][a]);
      }
      // the dashpots' work over the step, before v and a move on, and the further loads'
      add_node_forces(chain, mass, scheme, s, x1, dt, p, scratch.damped, nullptr, &how.dissipated);
      for (std::size_t i = p.begin; i < std::min(p.end, how.loads.size()); ++i)
        if (!chain.held[i])
          for (std::size_t a : {0, 1})
            how.load_work += how.loads[i][a] * (x1[i][a] - s.x[i][a]);
      double works[3] = {how.support_work, how.dissipated, how.load_work};
      sum_over_parts(p, works, 3);
      how.support_work = works[0], how.dissipated = works[1], how.load_work = works[2];
      if (scheme.midpoint)
        midpoint_velocities(s, x1, dt, first, last);
      else
        for (std::size_t i = first; i < last; ++i)
          for (std::size_t a : {0, 1}) {
            const EndRates rates = end_rates(scheme, s, i, a, x1[i][a], dt);
            s.v[i][a] = rates.v;
            s.a[i][a] = rates.a;
          }
      s.x.swap(x1); // (x1 keeps the old positions' storage for the next step)
      s.t += dt;
      find_lengths();
      return iteration;
    }
    if (newton) {
      // Newton's method that has not found a smaller correction in `stall_limit` iterations is
      // wandering, not converging: the step is given up (its caller retries it in halves)
      if (correction < smallest) {
        smallest = correction;
        stalled = 0;
      } else if (++stalled == stall_limit)
        break;
      continue;
    }
    const bool restart = iteration >= chord_limit || !std::isfinite(correction) ||
                         (!formed && correction > previous);
    if (restart) {
      // the kept Jacobian led away (a fast motion changed it), or the chord iterations are slow:
      // start again from the predictor, by Newton's method if chords have had their chance
      newton = iteration >= chord_limit || !std::isfinite(correction);
      restart_from_predictor();
      j.form(chain, mass, scheme, s.x, x1, dt, &p);
      formed = fresh = true;
      previous = INFINITY;
      continue;
    }
    // the kept Jacobian no longer contracts fast: form it at this iterate
    if (correction > chord_contraction * previous) {
      j.form(chain, mass, scheme, s.x, x1, dt, &p);
      formed = fresh = true;
    }
    previous = correction;
  }
  throw std::runtime_error("the cable's step from t = " + std::to_string(s.t) +
                           " s did not converge (Newton's method on the midpoint rule)");
}

} // namespace hamdyn
