#include "terms/moving_body_term.h"

#include "core/text.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
using dealii::types::global_dof_index;

/// Entries of gathered vectors at a sorted DoF list (gather_entries' layout: vector by vector).
struct Gathered {
  std::vector<global_dof_index> dofs;
  std::vector<double> values;
  double at(std::size_t vector, global_dof_index dof) const {
    const auto k = std::lower_bound(dofs.begin(), dofs.end(), dof) - dofs.begin();
    return values[vector * dofs.size() + std::size_t(k)];
  }
};

double dot(const std::vector<double>& weights, const ContactShape& shape,
           const std::function<double(global_dof_index)>& value) {
  double sum = 0;
  for (std::size_t i = 0; i < shape.dofs.size(); ++i)
    sum += weights[i] * value(shape.dofs[i]);
  return sum;
}
} // namespace

struct MovingBodyTerm::Level {
  double x = 0, x_t = 0, x_tt = 0;
  ContactShape shape;
  // the contact point's w, material velocity w_t + x' w_x and material acceleration
  double w = 0, w_t = 0, w_tt = 0;
  bool on_line() const { return !shape.dofs.empty(); }
  /// w, w_t, w_tt from u, v, a at the shape's DoFs.
  void evaluate(const std::function<double(global_dof_index)>& u,
                const std::function<double(global_dof_index)>& v,
                const std::function<double(global_dof_index)>& a) {
    const double u_x = dot(shape.n_x, shape, u);
    w = dot(shape.n, shape, u);
    w_t = dot(shape.n, shape, v) + x_t * u_x;
    w_tt = dot(shape.n, shape, a) + 2 * x_t * dot(shape.n_x, shape, v) +
           x_t * x_t * dot(shape.n_xx, shape, u) + x_tt * u_x;
  }
};

MovingBodyTerm::MovingBodyTerm(const SecondOrderSystem& system, const MovingBodies& moving)
    : system_(system), moving_(moving), bodies_(moving.bodies.size()),
      solved_(2 * moving.bodies.size()),
      solved_x_(2 * moving.bodies.size(), std::numeric_limits<double>::quiet_NaN()) {
  shape_.reinit(system_.locally_owned, system_.comm);
  for (LA::Vector& v : solved_)
    v.reinit(system_.locally_owned, system_.comm);
}

MovingBodyTerm::Level MovingBodyTerm::level(std::size_t j, double t) const {
  const MovingContact& b = moving_.bodies[j];
  Level l;
  l.x = b.x(t);
  l.x_t = b.x_t(t);
  l.x_tt = b.x_tt(t);
  l.shape = moving_.body_shape(l.x);
  return l;
}

void MovingBodyTerm::book(std::size_t j, const Level& at, Carried& c) const {
  const MovingContact& b = moving_.bodies[j];
  const double g = moving_.gravity;
  if (b.is_vehicle()) {
    c.force = b.stiffness * (c.z - at.w) + b.damping * (c.z_t - at.w_t);
    c.energy = 0.5 * b.mass * c.z_t * c.z_t + 0.5 * b.stiffness * (c.z - at.w) * (c.z - at.w) +
               b.mass * g * c.z;
  } else {
    c.force = -b.mass * (c.z_tt + g);
    c.energy = 0.5 * b.mass * c.z_t * c.z_t + b.mass * g * c.z;
  }
}

void MovingBodyTerm::follow(const Level& at, Carried& c) {
  // off the line the mass rests on rigid ground (w_c = 0: an empty shape evaluates to zero)
  c.x = at.x;
  c.z = at.w;
  c.z_t = at.w_t;
  c.z_tt = at.w_tt;
}

void MovingBodyTerm::write_history(State& s) const {
  std::vector<double>& history = s.terms.edit<MovingBodyState>().history;
  history.clear();
  for (std::size_t j = 0; j < bodies_.size(); ++j) {
    history.push_back(bodies_[j].force);
    if (moving_.bodies[j].is_vehicle())
      history.push_back(bodies_[j].z);
    history.push_back(bodies_[j].lost ? 1.0 : 0.0);
  }
}

void MovingBodyTerm::solve_shape(const RefinedLinearizationSolver& solver, const Level& at,
                                 LA::Vector& w) const {
  LA::Vector& n = shape_;
  n = 0;
  for (std::size_t i = 0; i < at.shape.dofs.size(); ++i)
    if (system_.locally_owned.is_element(at.shape.dofs[i]))
      n(at.shape.dofs[i]) = at.shape.n[i];
  n.compress(dealii::VectorOperation::insert);
  solver.solve(n, w);
}

void MovingBodyTerm::factored(const TermContext& /*context*/, const ImplicitStep& /*step*/) {
  solved_dt_ = std::numeric_limits<double>::quiet_NaN(); // J changed: every J^-1 N with it
}

std::vector<MovingBodyTerm::Level>
MovingBodyTerm::levels(double t, std::vector<global_dof_index>& dofs) const {
  std::vector<Level> at;
  for (std::size_t j = 0; j < bodies_.size(); ++j) {
    at.push_back(level(j, t));
    dofs.insert(dofs.end(), at[j].shape.dofs.begin(), at[j].shape.dofs.end());
  }
  return at;
}

void MovingBodyTerm::start(State& s, LA::Vector* residual) {
  std::vector<global_dof_index> dofs;
  std::vector<Level> at = levels(s.t, dofs);
  Gathered x{union_over_ranks(dofs, system_.comm), {}};
  x.values = gather_entries({&s.u, &s.v}, x.dofs, system_.comm);
  const auto u = [&](global_dof_index i) { return x.at(0, i); };
  const auto v = [&](global_dof_index i) { return x.at(1, i); };
  const auto zero = [](global_dof_index) { return 0.0; };
  for (std::size_t j = 0; j < bodies_.size(); ++j) {
    const MovingContact& b = moving_.bodies[j];
    at[j].evaluate(u, v, zero); // w_tt without the structure's acceleration
    Carried& c = bodies_[j];
    c = Carried();
    c.x = at[j].x;
    if (b.is_vehicle()) { // at rest on its spring, compressed by its weight
      c.z = at[j].w - b.mass * moving_.gravity / b.stiffness;
      c.z_t = at[j].w_t;
    } else
      follow(at[j], c);
    book(j, at[j], c);
    if (residual && at[j].on_line()) // the force at a = 0 on the right-hand side
      for (std::size_t i = 0; i < at[j].shape.dofs.size(); ++i)
        if (system_.locally_owned.is_element(at[j].shape.dofs[i]))
          (*residual)(at[j].shape.dofs[i]) += c.force * at[j].shape.n[i];
  }
  if (residual)
    residual->compress(dealii::VectorOperation::add);
  else
    accelerated(s, nullptr);
}

void MovingBodyTerm::accelerated(State& s, const RefinedLinearizationSolver* mass_solver) {
  const std::size_t nb = bodies_.size();
  std::vector<global_dof_index> dofs;
  std::vector<Level> at = levels(s.t, dofs);
  // (M + sum_j m_j N_j N_j^T) a = r for the rigid masses on the line: a = a0 - sum_k W_k mu_k
  // with W_k = M^-1 N_k and (I + G) mu = m o (N^T a0), G_jk = m_j N_j^T W_k (Woodbury)
  std::vector<std::size_t> rigid;
  for (std::size_t j = 0; j < nb; ++j)
    if (!moving_.bodies[j].is_vehicle() && at[j].on_line())
      rigid.push_back(j);
  const bool correct_a = !rigid.empty() && mass_solver;
  std::vector<const LA::Vector*> vectors{&s.u, &s.v, &s.a};
  if (correct_a)
    for (std::size_t k = 0; k < rigid.size(); ++k) {
      solve_shape(*mass_solver, at[rigid[k]], solved_[k]);
      vectors.push_back(&solved_[k]);
    }
  Gathered x{union_over_ranks(dofs, system_.comm), {}};
  x.values = gather_entries(vectors, x.dofs, system_.comm);
  std::vector<double> mu(rigid.size(), 0.0);
  if (correct_a) {
    const std::size_t r = rigid.size();
    dealii::FullMatrix<double> g(r, r);
    std::vector<double> rhs(r);
    for (std::size_t i = 0; i < r; ++i) {
      const Level& l = at[rigid[i]];
      const double m = moving_.bodies[rigid[i]].mass;
      rhs[i] = m * dot(l.shape.n, l.shape, [&](global_dof_index d) { return x.at(2, d); });
      for (std::size_t k = 0; k < r; ++k)
        g(i, k) = (i == k ? 1.0 : 0.0) +
                  m * dot(l.shape.n, l.shape, [&](global_dof_index d) { return x.at(3 + k, d); });
    }
    g.gauss_jordan();
    for (std::size_t i = 0; i < r; ++i)
      for (std::size_t k = 0; k < r; ++k)
        mu[i] += g(i, k) * rhs[k];
    for (std::size_t k = 0; k < r; ++k)
      s.a.add(-mu[k], solved_[k]);
  }
  const auto u = [&](global_dof_index i) { return x.at(0, i); };
  const auto v = [&](global_dof_index i) { return x.at(1, i); };
  const auto a = [&](global_dof_index i) {
    double value = x.at(2, i);
    for (std::size_t k = 0; k < mu.size(); ++k)
      value -= mu[k] * x.at(3 + k, i);
    return value;
  };
  for (std::size_t j = 0; j < nb; ++j) {
    at[j].evaluate(u, v, a);
    Carried& c = bodies_[j];
    if (!moving_.bodies[j].is_vehicle())
      follow(at[j], c);
    book(j, at[j], c);
    if (moving_.bodies[j].is_vehicle())
      c.z_tt = (-c.force - moving_.bodies[j].mass * moving_.gravity) / moving_.bodies[j].mass;
    c.force_sign = c.force > 0 ? 1 : c.force < 0 ? -1 : 0;
  }
  solved_x_.assign(solved_x_.size(), std::numeric_limits<double>::quiet_NaN());
  write_history(s);
}

unsigned MovingBodyTerm::correct(State& s, const ImplicitStep& step, const TermContext& context,
                                 const LA::Vector& /*r_lin*/, LA::Vector& y) {
  const std::size_t nb = bodies_.size();
  const NewmarkParameters& p = *step.scheme;
  const double dt = step.dt, q = step.q, beta = p.beta * dt * dt, gamma = p.gamma * dt;
  const double am = p.alpha_m, af = p.alpha_f, gravity = moving_.gravity;
  // u, v, a at t_{n+1} are u0 - beta y, v0 - gamma y, a0 - y (time/implicit_step.h)
  const double cu_v = dt, cu_a = dt * dt * (0.5 - p.beta - p.beta * q);
  const double cv_a = dt * (1 - p.gamma - p.gamma * q);

  std::vector<global_dof_index> dofs;
  std::vector<Level> old_at = levels(step.t, dofs), new_at = levels(step.t_new(), dofs);
  // J^-1 N at both levels: solved_[2j] the old one, solved_[2j + 1] the new one, each kept while
  // its position and the step size stay
  if (dt != solved_dt_)
    solved_x_.assign(solved_x_.size(), std::numeric_limits<double>::quiet_NaN());
  solved_dt_ = dt;
  for (std::size_t j = 0; j < nb; ++j) {
    LA::Vector &w_old = solved_[2 * j], &w_new = solved_[2 * j + 1];
    double &x_old = solved_x_[2 * j], &x_new = solved_x_[2 * j + 1];
    if (x_old != old_at[j].x) {
      if (x_new == old_at[j].x) { // the step before's new level
        w_old.swap(w_new);
        std::swap(x_old, x_new);
      } else if (old_at[j].on_line()) {
        solve_shape(context.solver, old_at[j], w_old);
        x_old = old_at[j].x;
      } else {
        w_old = 0;
        x_old = old_at[j].x;
      }
    }
    if (x_new != new_at[j].x) {
      if (new_at[j].x == x_old)
        w_new = w_old;
      else if (new_at[j].on_line())
        solve_shape(context.solver, new_at[j], w_new);
      else
        w_new = 0;
      x_new = new_at[j].x;
    }
  }
  std::vector<const LA::Vector*> vectors{&s.u, &s.v, &s.a, &y};
  for (const LA::Vector& w : solved_)
    vectors.push_back(&w);
  Gathered x{union_over_ranks(dofs, system_.comm), {}};
  x.values = gather_entries(vectors, x.dofs, system_.comm);
  const auto u_n = [&](global_dof_index i) { return x.at(0, i); };
  const auto v_n = [&](global_dof_index i) { return x.at(1, i); };
  const auto a_n = [&](global_dof_index i) { return x.at(2, i); };
  const auto u_0 = [&](global_dof_index i) {
    return x.at(0, i) + cu_v * x.at(1, i) + cu_a * x.at(2, i);
  };
  const auto v_0 = [&](global_dof_index i) { return x.at(1, i) + cv_a * x.at(2, i); };
  const auto a_0 = [&](global_dof_index i) { return -q * x.at(2, i); };

  // The step's equations (Woodbury): (J + sum_j N'_j q_j^T) y - sum_j N'_j s_j zeta_j = b and,
  // for a vehicle, q_j^T y - (m c_m + s_j) zeta_j = -e_j, with b = r_lin + sum_j (N'_j beta'_j
  // + N_j beta_j) (' the new level; beta_j the old level's share of the force, beta'_j the new
  // one's at y = 0; zeta_j the vehicle's unknown like y). With mu_j = q_j^T y - s_j zeta_j:
  // y = Y0 - sum_k W'_k mu_k, Y0 = J^-1 b, and (I + diag(theta) G) mu = theta o (Q Y0) - kappa.
  std::vector<std::vector<double>> q_weights(nb);
  std::vector<double> beta_old(nb, 0), beta_new(nb, 0), s_j(nb, 0), e_j(nb, 0);
  std::vector<double> z0(nb), z0_t(nb), z0_tt(nb), force_old(nb);
  std::vector<bool> impact(nb, false);
  for (std::size_t j = 0; j < nb; ++j) {
    const MovingContact& b = moving_.bodies[j];
    const double m = b.mass;
    Level &o = old_at[j], &l = new_at[j];
    o.evaluate(u_n, v_n, a_n);
    Carried c = bodies_[j];
    book(j, o, c);
    force_old[j] = c.force;
    const ContactShape& n = l.shape;
    Level l0 = l; // the new level at y = 0
    l0.evaluate(u_0, v_0, a_0);
    q_weights[j].assign(n.dofs.size(), 0.0);
    z0[j] = c.z + dt * c.z_t + cu_a * c.z_tt;
    z0_t[j] = c.z_t + cv_a * c.z_tt;
    z0_tt[j] = -q * c.z_tt;
    if (!b.is_vehicle()) {
      // An impact: the mass enters or leaves the line (whether it was on it is found from the
      // position carried: t_n + dt and the next step's t_n may round to either side of an end).
      impact[j] = moving_.body_shape(c.x).dofs.empty() != n.dofs.empty();
      // Its force along N is -(m z'' + m g): inertia at alpha_m, weight at alpha_f. z'' at the
      // new level is, as a function of y, z''(0) - r^T y: Newmark's derivative of z' = w_c'
      // (r = N + (beta / gamma) x' N_x), or at an impact the material acceleration itself
      // (r = N + 2 gamma x' N_x + beta (x'^2 N_xx + x'' N_x)). Off the line N is empty.
      if (o.on_line())
        beta_old[j] = am * m * c.z_tt + af * m * gravity;
      const double z_tt0 = impact[j] ? l0.w_tt : z0_tt[j] - (z0_t[j] - l0.w_t) / gamma;
      beta_new[j] = (1 - am) * m * z_tt0 + (1 - af) * m * gravity;
      for (std::size_t i = 0; i < n.dofs.size(); ++i)
        q_weights[j][i] = step.c_m * m *
                          (impact[j] ? n.n[i] + 2 * gamma * l.x_t * n.n_x[i] +
                                           beta * (l.x_t * l.x_t * n.n_xx[i] + l.x_tt * n.n_x[i])
                                     : n.n[i] + beta / gamma * l.x_t * n.n_x[i]);
    } else {
      const double k = b.stiffness, cd = b.damping;
      const double p0 = k * (z0[j] - l0.w) + cd * (z0_t[j] - l0.w_t); // P at y = zeta = 0
      beta_old[j] = -af * c.force;
      beta_new[j] = -(1 - af) * p0;
      for (std::size_t i = 0; i < n.dofs.size(); ++i)
        q_weights[j][i] =
            step.c_k * k * n.n[i] + step.c_c * cd * n.n[i] + step.c_k * cd * l.x_t * n.n_x[i];
      s_j[j] = step.c_k * k + step.c_c * cd;
      e_j[j] = m * ((1 - am) * z0_tt[j] + am * c.z_tt) + (1 - af) * p0 + af * c.force + m * gravity;
    }
  }
  const auto y0 = [&](global_dof_index i) { // Y0 = y_lin + sum_j (W'_j beta'_j + W_j beta_j)
    double value = x.at(3, i);
    for (std::size_t j = 0; j < nb; ++j)
      value += beta_new[j] * x.at(5 + 2 * j, i) + beta_old[j] * x.at(4 + 2 * j, i);
    return value;
  };
  dealii::FullMatrix<double> g(nb, nb);
  std::vector<double> rhs(nb), theta(nb);
  for (std::size_t j = 0; j < nb; ++j) {
    const double m = moving_.bodies[j].mass;
    theta[j] = m * step.c_m / (m * step.c_m + s_j[j]);
    const ContactShape& n = new_at[j].shape;
    rhs[j] = theta[j] * dot(q_weights[j], n, y0) - s_j[j] * e_j[j] / (m * step.c_m + s_j[j]);
    for (std::size_t k = 0; k < nb; ++k)
      g(j, k) = (j == k ? 1.0 : 0.0) + theta[j] * dot(q_weights[j], n, [&](global_dof_index i) {
                                         return x.at(5 + 2 * k, i);
                                       });
  }
  g.gauss_jordan();
  std::vector<double> mu(nb, 0.0);
  for (std::size_t j = 0; j < nb; ++j)
    for (std::size_t k = 0; k < nb; ++k)
      mu[j] += g(j, k) * rhs[k];
  for (std::size_t j = 0; j < nb; ++j) {
    y.add(beta_new[j] - mu[j], solved_[2 * j + 1]);
    y.add(beta_old[j], solved_[2 * j]);
  }
  const auto y_new = [&](global_dof_index i) {
    double value = y0(i);
    for (std::size_t k = 0; k < nb; ++k)
      value -= mu[k] * x.at(5 + 2 * k, i);
    return value;
  };
  const auto u_1 = [&](global_dof_index i) { return u_0(i) - beta * y_new(i); };
  const auto v_1 = [&](global_dof_index i) { return v_0(i) - gamma * y_new(i); };
  const auto a_1 = [&](global_dof_index i) { return a_0(i) - y_new(i); };
  for (std::size_t j = 0; j < nb; ++j) {
    const MovingContact& b = moving_.bodies[j];
    Carried& c = bodies_[j];
    const Level& o = old_at[j];
    Level& l = new_at[j];
    l.evaluate(u_1, v_1, a_1);
    const double z_old = c.z, z_old_t = c.z_t;
    // the body's acceleration unknown zeta (z'' = z''(0) - zeta, Newmark's z and z' with it)
    double zeta = 0;
    if (b.is_vehicle())
      zeta = (dot(q_weights[j], l.shape, y_new) + e_j[j]) / (b.mass * step.c_m + s_j[j]);
    else
      zeta = (z0_t[j] - l.w_t) / gamma; // z' = w_c': the contact point's material velocity
    c.z = z0[j] - beta * zeta;
    c.z_t = z0_t[j] - gamma * zeta;
    c.z_tt = z0_tt[j] - zeta;
    c.x = l.x;
    if (impact[j] || (!b.is_vehicle() && !l.on_line())) // (on the ground: z = z' = z'' = 0)
      follow(l, c);
    const double energy_old = c.energy;
    book(j, l, c);
    // the carrier's work over the step: 1/2 (F_n N_n + F N)^T dt v_mean - F_mean (w_c - w_c,n)
    const auto v_mean = [&](global_dof_index i) { return 0.5 * (v_n(i) + v_1(i)); };
    const double on_structure = 0.5 * dt *
                                (force_old[j] * dot(o.shape.n, o.shape, v_mean) +
                                 c.force * dot(l.shape.n, l.shape, v_mean));
    if (impact[j]) {
      // What the mass takes in an impact (its z' jumps by x' w_x at a support, Dyniewicz &
      // Bajer, 2009) is the carrier's work, but on leaving the line, where it meets the ground,
      // dissipated.
      const double taken = c.energy - energy_old + on_structure;
      if (l.on_line())
        c.work += taken;
      else
        c.dissipated -= taken;
    } else // the foot moves by w_c - w_c,n for a vehicle, by z - z_n for a rigid mass
      c.work += on_structure -
                0.5 * (force_old[j] + c.force) * (b.is_vehicle() ? l.w - o.w : c.z - z_old);
    if (b.is_vehicle()) { // the dashpot's c e'_mean (e_{n+1} - e_n), e = z - w_c
      const double e_t_mean = 0.5 * ((z_old_t - o.w_t) + (c.z_t - l.w_t));
      c.dissipated += b.damping * e_t_mean * ((c.z - l.w) - (z_old - o.w));
    }
    // loss of contact: the first change of sign of the contact force (beyond round-off)
    const double tiny = 1e-9 * (std::abs(force_old[j]) + b.mass * gravity);
    if (c.force_sign == 0 && std::abs(c.force) > tiny)
      c.force_sign = c.force > 0 ? 1 : -1;
    else if (!c.lost && c.force_sign * c.force < -tiny) {
      c.lost = true;
      if (std::isnan(contact_loss_time_)) {
        contact_loss_time_ = step.t_new();
        contact_loss_body_ = b.name;
      }
    }
  }
  write_history(s);
  return 0;
}

double MovingBodyTerm::stored_energy(const State* /*previous*/, const State& /*now*/,
                                     double /*stored*/) const {
  double energy = 0;
  for (const Carried& c : bodies_)
    energy += c.energy;
  return energy;
}

double MovingBodyTerm::add_dissipated(const State& /*now*/, double dissipated) const {
  for (const Carried& c : bodies_)
    dissipated += c.dissipated;
  return dissipated;
}

double MovingBodyTerm::add_work(const State& /*now*/, double work) const {
  for (const Carried& c : bodies_)
    work += c.work;
  return work;
}

void MovingBodyTerm::save(Checkpoint& c) const {
  std::vector<double> values;
  for (const Carried& b : bodies_)
    values.insert(values.end(), {b.x, b.z, b.z_t, b.z_tt, b.force, b.energy, b.dissipated, b.work,
                                 double(b.force_sign), b.lost ? 1.0 : 0.0});
  c.set("moving_bodies", values);
  std::size_t lost = 0;
  for (std::size_t j = 0; j < bodies_.size(); ++j)
    if (moving_.bodies[j].name == contact_loss_body_)
      lost = j + 1;
  // (a checkpoint holds finite numbers only: no loss yet is body 0 at time 0)
  c.set("moving_contact_loss",
        std::vector<double>{lost > 0 ? contact_loss_time_ : 0.0, double(lost)});
}

void MovingBodyTerm::restore(const Checkpoint& c) {
  const auto& values = c.numbers("moving_bodies", 10 * bodies_.size());
  for (std::size_t j = 0; j < bodies_.size(); ++j) {
    const double* v = values.data() + 10 * j;
    Carried& b = bodies_[j];
    b.x = v[0];
    b.z = v[1];
    b.z_t = v[2];
    b.z_tt = v[3];
    b.force = v[4];
    b.energy = v[5];
    b.dissipated = v[6];
    b.work = v[7];
    b.force_sign = int(v[8]);
    b.lost = v[9] != 0;
  }
  const auto& lost = c.numbers("moving_contact_loss", 2);
  if (lost[1] != std::floor(lost[1]) || lost[1] < 0 || lost[1] > double(bodies_.size()))
    c.refuse("moving_contact_loss", "names body " + text_of(lost[1]) + " of " +
                                        std::to_string(bodies_.size()) + ": the file is damaged");
  contact_loss_time_ = lost[1] > 0 ? lost[0] : std::numeric_limits<double>::quiet_NaN();
  contact_loss_body_ = lost[1] > 0 ? moving_.bodies[std::size_t(lost[1]) - 1].name : "";
  solved_x_.assign(solved_x_.size(), std::numeric_limits<double>::quiet_NaN());
}

TermKind moving_body_kind() {
  return {
      "moving masses and vehicles",
      [](const SecondOrderSystem& system) -> std::unique_ptr<OperatorTerm> {
        const MovingBodies* moving = system.parts.find<MovingBodies>();
        if (!moving || moving->bodies.empty())
          return nullptr;
        return std::make_unique<MovingBodyTerm>(system, *moving);
      },
      1, // after the nodal forces' columns
      [](const SecondOrderSystem& system, NamedColumns& columns) {
        for (const MovingContact& b : system.parts.get<MovingBodies>().bodies) {
          columns.add("contact_force_" + b.name, "N"); // in write_history's order
          if (b.is_vehicle())
            columns.add("vehicle_" + b.name, "m");
          columns.add("contact_lost_" + b.name, ""); // 0 or 1
        }
      },
      [](const SecondOrderSystem& /*system*/, const State& s, std::vector<double>& row) {
        const auto& history = s.terms.get<MovingBodyState>().history;
        row.insert(row.end(), history.begin(), history.end());
      },
      [](const State& s, Checkpoint& c) {
        c.set("moving", s.terms.get<MovingBodyState>().history);
      },
      [](State& s, const Checkpoint& c) {
        if (MovingBodyState* state = s.terms.find<MovingBodyState>())
          state->history = c.numbers("moving", state->history.size());
      },
  };
}

} // namespace hamdyn
