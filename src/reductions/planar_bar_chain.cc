#include "reductions/planar_bar_chain.h"

#include <cmath>

namespace hamdyn {

namespace {
Vector2 quarter_turn(const Vector2& d) {
  return {-d.z, d.x};
}
double cross(const Vector2& a, const Vector2& b) {
  return a.x * b.z - a.z * b.x;
}
double dot(const Vector2& a, const Vector2& b) {
  return a.x * b.x + a.z * b.z;
}
Vector2 unit(const Vector2& d) {
  const double l = chord_length(d);
  return {d.x / l, d.z / l};
}

// dphi/dd of a chord's angle, J d / |d|^2, and its derivative (J - 2 J d d^T / |d|^2) / |d|^2
// (symmetric).
Vector2 angle_gradient(const Vector2& d) {
  const double q = dot(d, d);
  return {-d.z / q, d.x / q};
}
Matrix2 angle_hessian(const Vector2& d) {
  const double q = dot(d, d);
  const Vector2 jd = quarter_turn(d);
  return {(0 - 2 * jd.x * d.x / q) / q, (-1 - 2 * jd.x * d.z / q) / q, (1 - 2 * jd.z * d.x / q) / q,
          (0 - 2 * jd.z * d.z / q) / q};
}
// The angle's discrete gradient over a step from d0 to d1 (planar_bar_chain.h): delta / (d0 x d1)
// J d_m, with delta / s = atan(t) / (t c) for t = s / c by its series where t is small.
Vector2 angle_mean_gradient(const Vector2& d0, const Vector2& d1) {
  const double s = cross(d0, d1), c = dot(d0, d1);
  double ratio;
  if (c > 0 && std::abs(s) < 1e-3 * c) {
    const double t2 = (s / c) * (s / c);
    ratio = (1 - t2 / 3 + t2 * t2 / 5) / c; // atan(t)/t to t^4: its next term t^6/7 < 1e-18
  } else
    ratio = std::atan2(s, c) / s;
  const Vector2 jm = quarter_turn({0.5 * (d0.x + d1.x), 0.5 * (d0.z + d1.z)});
  return {ratio * jm.x, ratio * jm.z};
}

// Adds g on chord i to the joint forces f (chord i = x_{i+1} - x_i).
void add_on_chord(std::vector<double>& f, std::size_t i, const Vector2& g, double scale = 1) {
  for (std::size_t c : {0u, 1u}) {
    f[2 * (i + 1) + c] += scale * g[c];
    f[2 * i + c] -= scale * g[c];
  }
}
// Adds the block b (d/d chord j of a force on chord i) to a matrix in the joints' DoFs.
void add_chord_block(const MatrixAdder& add, std::size_t i, std::size_t j, const Matrix2& b,
                     double scale = 1) {
  for (std::size_t p : {0u, 1u})
    for (std::size_t q : {0u, 1u}) {
      const double v = scale * b[2 * p + q];
      add(2 * (i + 1) + p, 2 * (j + 1) + q, v);
      add(2 * (i + 1) + p, 2 * j + q, -v);
      add(2 * i + p, 2 * (j + 1) + q, -v);
      add(2 * i + p, 2 * j + q, v);
    }
}
Matrix2 outer(const Vector2& a, const Vector2& b) {
  return {a.x * b.x, a.x * b.z, a.z * b.x, a.z * b.z};
}

// One turn term: psi = the turn from chord `from` (or, with from = none, the fixed direction
// `fixed`) to chord `to`.
constexpr std::size_t none = std::size_t(-1);
struct Turn {
  std::size_t from, to;
  Vector2 fixed;
  double stiffness; // k [N m/rad]
};
std::vector<Turn> turns(const PlanarBarChain& chain) {
  std::vector<Turn> t;
  const std::size_t n_bars = chain.bars.size();
  if (chain.start_clamp > 0)
    t.push_back({none, 0, unit(chord(chain.reference, 0)), chain.start_clamp});
  for (std::size_t j = 1; j + 1 < chain.n_joints(); ++j)
    if (chain.joint_springs[j] > 0)
      t.push_back({j - 1, j, {0, 0}, chain.joint_springs[j]});
  if (chain.end_clamp > 0)
    t.push_back({none, n_bars - 1, unit(chord(chain.reference, n_bars - 1)), chain.end_clamp});
  return t;
}
double turn_at(const Turn& t, const std::vector<Vector2>& x) {
  return turn_between(t.from == none ? t.fixed : chord(x, t.from), chord(x, t.to));
}

// Adds k psi grad(psi) into f and, with `add`, scale (k grad grad^T + k psi hess(psi)).
void add_turn(const Turn& t, const std::vector<Vector2>& x, std::vector<double>& f,
              const MatrixAdder* add, double scale) {
  const Vector2 b = chord(x, t.to);
  const double psi = turn_at(t, x), k = t.stiffness;
  const Vector2 gb = angle_gradient(b);
  add_on_chord(f, t.to, gb, k * psi);
  Vector2 ga{0, 0};
  if (t.from != none) {
    ga = angle_gradient(chord(x, t.from));
    add_on_chord(f, t.from, ga, -k * psi);
  }
  if (!add)
    return;
  add_chord_block(*add, t.to, t.to, outer(gb, gb), scale * k);
  add_chord_block(*add, t.to, t.to, angle_hessian(b), scale * k * psi);
  if (t.from != none) {
    add_chord_block(*add, t.from, t.from, outer(ga, ga), scale * k);
    add_chord_block(*add, t.from, t.from, angle_hessian(chord(x, t.from)), -scale * k * psi);
    add_chord_block(*add, t.to, t.from, outer(gb, ga), -scale * k);
    add_chord_block(*add, t.from, t.to, outer(ga, gb), -scale * k);
  }
}

// The dead loads' share of the residual: -lambda p at the joints, and the end moment's
// -lambda M dphi/dd on the last bar (with `add`, -lambda M scale hess(phi)).
void add_loads(const PlanarBarChain& chain, const std::vector<Vector2>& x, double lambda,
               std::vector<double>& f, const MatrixAdder* add, double scale,
               const Vector2* mean_gradient = nullptr) {
  for (std::size_t j = 0; j < chain.n_joints(); ++j)
    for (std::size_t c : {0u, 1u})
      f[2 * j + c] -= lambda * chain.loads[j][c];
  if (chain.end_moment == 0)
    return;
  const std::size_t last = chain.bars.size() - 1;
  const Vector2 d = chord(x, last);
  add_on_chord(f, last, mean_gradient ? *mean_gradient : angle_gradient(d),
               -lambda * chain.end_moment);
  if (add)
    add_chord_block(*add, last, last, angle_hessian(d), -lambda * chain.end_moment * scale);
}

void zero_held(const PlanarBarChain& chain, std::vector<double>& f) {
  for (std::size_t j = 0; j < chain.n_joints(); ++j)
    for (std::size_t c : {0u, 1u})
      if (chain.held[j][c])
        f[2 * j + c] = 0;
}
} // namespace

std::vector<std::size_t> PlanarBarChain::free_dofs() const {
  std::vector<std::size_t> dofs;
  for (std::size_t j = 0; j < n_joints(); ++j)
    for (std::size_t c : {0u, 1u})
      if (!held[j][c])
        dofs.push_back(2 * j + c);
  return dofs;
}

double turn_between(const Vector2& a, const Vector2& b) {
  return std::atan2(cross(a, b), dot(a, b));
}

double bar_chain_energy(const PlanarBarChain& chain, const std::vector<Vector2>& x, double end_turn,
                        double lambda) {
  double v = 0;
  for (std::size_t i = 0; i < chain.bars.size(); ++i)
    v += chain.bars[i].energy(chord(x, i));
  for (const Turn& t : turns(chain)) {
    const double psi = turn_at(t, x);
    v += 0.5 * t.stiffness * psi * psi;
  }
  for (std::size_t j = 0; j < chain.n_joints(); ++j)
    v -= lambda * (chain.loads[j].x * (x[j].x - chain.reference[j].x) +
                   chain.loads[j].z * (x[j].z - chain.reference[j].z));
  return v - lambda * chain.end_moment * end_turn;
}

void bar_chain_residual(const PlanarBarChain& chain, const std::vector<Vector2>& x, double lambda,
                        std::vector<double>& f, const MatrixAdder* stiffness) {
  f.assign(chain.n_dofs(), 0);
  for (std::size_t i = 0; i < chain.bars.size(); ++i) {
    const Vector2 d = chord(x, i);
    // the pull T d / l on joint i is dV/dd
    add_on_chord(f, i, chain.bars[i].force(d));
    if (stiffness)
      add_chord_block(*stiffness, i, i, chain.bars[i].tangent(d));
  }
  for (const Turn& t : turns(chain))
    add_turn(t, x, f, stiffness, 1);
  add_loads(chain, x, lambda, f, stiffness, 1);
  zero_held(chain, f);
}

void bar_chain_mean_residual(const PlanarBarChain& chain, const std::vector<Vector2>& x0,
                             const std::vector<Vector2>& x1, std::vector<double>& f,
                             const MatrixAdder* slope) {
  f.assign(chain.n_dofs(), 0);
  std::vector<Vector2> mid(x0.size());
  for (std::size_t j = 0; j < x0.size(); ++j)
    mid[j] = {0.5 * (x0[j].x + x1[j].x), 0.5 * (x0[j].z + x1[j].z)};
  for (std::size_t i = 0; i < chain.bars.size(); ++i) {
    Matrix2 s;
    add_on_chord(f, i, chain.bars[i].mean_force(chord(x0, i), chord(x1, i), slope ? &s : nullptr));
    if (slope)
      add_chord_block(*slope, i, i, s);
  }
  std::vector<double> unused(chain.n_dofs());
  for (const Turn& t : turns(chain)) {
    const double psi = 0.5 * (turn_at(t, x0) + turn_at(t, x1)), k = t.stiffness;
    add_on_chord(f, t.to, angle_mean_gradient(chord(x0, t.to), chord(x1, t.to)), k * psi);
    if (t.from != none)
      add_on_chord(f, t.from, angle_mean_gradient(chord(x0, t.from), chord(x1, t.from)), -k * psi);
    if (slope)
      add_turn(t, mid, unused, slope, 0.5);
  }
  const std::size_t last = chain.bars.size() - 1;
  const Vector2 g = angle_mean_gradient(chord(x0, last), chord(x1, last));
  add_loads(chain, mid, 1, f, slope, 0.5, &g);
  zero_held(chain, f);
}

} // namespace hamdyn
