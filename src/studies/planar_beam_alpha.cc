#include "studies/planar_beam_alpha.h"

#include "studies/planar_beam_newton.h"
#include "system/banded_lu.h"

#include <array>
#include <cmath>

namespace hamdyn {

namespace {

// The rates of the DoFs (x, z, theta), 3 per node, from the state's velocities and directors.
std::vector<double> dof_rates(const PlanarBeamMotion& s) {
  const std::size_t n_nodes = s.q.size() / 3;
  std::vector<double> rates(3 * n_nodes);
  for (std::size_t i = 0; i < n_nodes; ++i) {
    rates[3 * i] = s.v[2 * i];
    rates[3 * i + 1] = s.v[2 * i + 1];
    rates[3 * i + 2] = s.angular_velocity(i);
  }
  return rates;
}

// Adds m_e y_e (the element's consistent mass times y) to r, and, with a matrix, `scale` m_e.
void add_inertia(const PlanarBeamLine& line, const PlanarBeamInertia& inertia, std::size_t e,
                 const std::vector<double>& y, std::vector<double>& r, BandedLU* matrix,
                 double scale) {
  const unsigned nodes = line.degree() + 1;
  if (const double* mq = inertia.coupled(e)) { // the whole matrix
    const unsigned nd = 3 * nodes;
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j) {
        const std::size_t row = line.row(line.dof(e, i / 3, i % 3)),
                          column = line.row(line.dof(e, j / 3, j % 3));
        r[row] += mq[i * nd + j] * y[line.dof(e, j / 3, j % 3)];
        if (matrix)
          (*matrix)(row, column) += scale * mq[i * nd + j];
      }
    return;
  }
  const double *ma = inertia.translational(e), *mi = inertia.rotational(e);
  for (unsigned a = 0; a < nodes; ++a)
    for (unsigned b = 0; b < nodes; ++b)
      for (unsigned k = 0; k < 3; ++k) {
        const double m = (k < 2 ? ma : mi)[a * nodes + b];
        const std::size_t row = line.row(line.dof(e, a, k)), column = line.row(line.dof(e, b, k));
        r[row] += m * y[line.dof(e, b, k)];
        if (matrix)
          (*matrix)(row, column) += scale * m;
      }
}

// Adds c_e v_e (the element's dashpots on the translations' rates v, 2 per node) to r, and,
// with a matrix, `slope` c_e (v's derivative by q1 is slope).
void add_damping(const PlanarBeamLine& line, std::size_t e, const double* ce,
                 const std::vector<double>& v, std::vector<double>& r, BandedLU* matrix,
                 double slope) {
  const unsigned nodes = line.degree() + 1;
  for (unsigned a = 0; a < nodes; ++a)
    for (unsigned b = 0; b < nodes; ++b)
      for (unsigned k = 0; k < 2; ++k) {
        const double cab = ce[a * nodes + b];
        const std::size_t row = line.row(line.dof(e, a, k)), column = line.row(line.dof(e, b, k));
        r[row] += cab * v[2 * line.node(e, b) + k];
        if (matrix)
          (*matrix)(row, column) += slope * cab;
      }
}

} // namespace

void start_planar_beam_alpha(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                             PlanarBeamMotion& s, const std::vector<MovedDof>& held,
                             const std::vector<double>& loads) {
  const std::size_t n = line.n_dofs();
  const unsigned band = line.band();
  std::vector<double> given(n, 0.0), mass_times_given(n, 0.0);
  for (const MovedDof& m : held)
    given[m.dof] = m.value;
  BandedLU mass;
  mass.reinit(n, band, band);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    add_inertia(line, inertia, e, given, mass_times_given, &mass, 1.0);
    if (const double* ce = inertia.damping(e)) // and C v, the dashpots' force
      add_damping(line, e, ce, s.v, mass_times_given, nullptr, 0);
  }
  // p - F(q) - C v - M a_given at the free DoFs, a_given at the held ones and 0 where no mass is
  std::vector<double> a = internal_forces(line, s.q);
  for (const PlanarBeamFollower& f : line.followers) { // (as negative internal forces)
    const auto p = line.follower_force(f, s.q[3 * f.node + 2]);
    add_follower_force(line, f.node, p, -1, a);
  }
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = line.loads[i] + (loads.empty() ? 0.0 : loads[i]) - a[i] - mass_times_given[i];
    if (line.held[i])
      a[i] = given[i];
    else if (line.tied(i))
      a[i] = 0; // a_i - a_j = 0
  }
  hold_dofs(line, mass);
  for (std::size_t i = 0; i < n; ++i)
    if (!line.held[i] && !line.tied(i) && mass(i, i) == 0) {
      for (std::size_t j = i > band ? i - band : 0; j <= std::min(n - 1, i + band); ++j)
        mass(i, j) = mass(j, i) = 0;
      mass(i, i) = 1;
      a[i] = 0;
    }
  mass.factorize();
  mass.solve(a.data());
  s.a = std::move(a);
}

unsigned step_planar_beam_alpha(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                                const NewmarkParameters& scheme, PlanarBeamMotion& s, double dt,
                                double tolerance, bool* at_round_off, const PlanarBeamDrive& drive,
                                PlanarBeamStepWork* work) {
  const std::size_t n = line.n_dofs();
  const unsigned nq = 3 * (line.degree() + 1), band = line.band();
  const double af = scheme.alpha_f, am = scheme.alpha_m, beta = scheme.beta;
  const double c = (1 - am) / (beta * dt * dt), d = (1 - am) * (0.5 - beta) / beta - am;
  const std::vector<double> v0 = dof_rates(s);
  // the residual's part fixed over the step: af F(q0) - p
  std::vector<double> fixed = internal_forces(line, s.q);
  for (std::size_t i = 0; i < n; ++i)
    fixed[i] = af * fixed[i] - line.loads[i] - (drive.loads.empty() ? 0.0 : drive.loads[i]);
  // the followers at the alpha level, (1 - af) p(theta1) + af p(theta0)
  const auto follower_at = [&](const PlanarBeamFollower& f, const std::vector<double>& q1) {
    const auto p0 = line.follower_force(f, s.q[3 * f.node + 2]),
               p1 = line.follower_force(f, q1[3 * f.node + 2]);
    return std::array<double, 2>{{(1 - af) * p1[0] + af * p0[0], (1 - af) * p1[1] + af * p0[1]}};
  };
  std::vector<double> qe(nq), fe(nq), ke(nq * nq), y(n);
  // the velocity at the alpha level, (1 - af) v1 + af v0 with Newmark's v1 of q1, at the
  // translations (the dashpots' argument), and its derivative by q1
  std::vector<double> rate(2 * line.n_nodes());
  const double rate_slope = (1 - af) * scheme.gamma / (beta * dt);
  // Newmark's a1 of DoF i at its end value x1
  const auto newmark_acceleration = [&](std::size_t i, double x1) {
    return (x1 - s.q[i] - dt * v0[i]) / (beta * dt * dt) - (0.5 - beta) / beta * s.a[i];
  };
  const bool damped = inertia.damped();
  const auto alpha_rates = [&](const std::vector<double>& q1) {
    for (std::size_t node = 0; node < line.n_nodes(); ++node)
      for (unsigned k = 0; k < 2; ++k) {
        const std::size_t i = 3 * node + k;
        rate[2 * node + k] = v0[i] + (1 - af) * dt *
                                         ((1 - scheme.gamma) * s.a[i] +
                                          scheme.gamma * newmark_acceleration(i, q1[i]));
      }
  };
  double* held_work = nullptr; // where the held rows' work goes (the last pass only)
  const auto residual = [&](const std::vector<double>& q1, std::vector<double>& r,
                            BandedLU* jacobian) {
    r = fixed;
    // the inertia's argument (1 - am) a1 + am a0
    for (std::size_t i = 0; i < n; ++i)
      y[i] = c * (q1[i] - s.q[i] - dt * v0[i]) - d * s.a[i];
    if (jacobian)
      jacobian->reinit(n, band, band);
    if (damped)
      alpha_rates(q1);
    for (std::size_t e = 0; e < line.elements.size(); ++e) {
      add_inertia(line, inertia, e, y, r, jacobian, c);
      if (const double* ce = inertia.damping(e))
        add_damping(line, e, ce, rate, r, jacobian, rate_slope);
      element_dofs(line, e, q1, qe.data());
      const PlanarBeamElement& element = line.elements[e];
      element.forces(qe.data(), fe.data());
      for (unsigned i = 0; i < nq; ++i)
        r[line.row(line.dof(e, i / 3, i % 3))] += (1 - af) * fe[i];
      if (!jacobian)
        continue;
      element.tangent(qe.data(), ke.data());
      for (unsigned i = 0; i < nq; ++i)
        for (unsigned j = 0; j < nq; ++j)
          (*jacobian)(line.row(line.dof(e, i / 3, i % 3)), line.row(line.dof(e, j / 3, j % 3))) +=
              (1 - af) * ke[i * nq + j];
    }
    for (const PlanarBeamFollower& f : line.followers) {
      const std::size_t i = f.node;
      const auto p = follower_at(f, q1), p1 = line.follower_force(f, q1[3 * i + 2]);
      add_follower_force(line, i, p, -1, r);
      if (jacobian)
        add_follower_stiffness(line, i, p1, 1 - af, *jacobian);
    }
    return finish_planar_beam_residual(line, s.q, q1, r, jacobian, held_work);
  };
  // the predictor: the accelerations kept, the moved held DoFs where they go
  std::vector<double> q1 = s.q;
  for (std::size_t i = 0; i < n; ++i)
    if (!line.held[i])
      q1[i] += dt * v0[i] + 0.5 * dt * dt * s.a[i];
  for (const MovedDof& m : drive.moved)
    q1[m.dof] = m.value;
  const unsigned iterations = solve_planar_beam_step(s.q, q1, tolerance, at_round_off, residual);
  if (work) {
    // the held DoFs' reactions do work only where they move: the extra residual pass only then
    work->support = 0;
    if (!drive.moved.empty()) {
      held_work = &work->support;
      std::vector<double> r;
      residual(q1, r, nullptr);
    }
    // v_af^T C (r1 - r0), where there are dashpots
    work->dissipated = 0;
    if (damped) {
      alpha_rates(q1);
      std::vector<double> motion(2 * line.n_nodes());
      for (std::size_t node = 0; node < line.n_nodes(); ++node)
        for (unsigned k = 0; k < 2; ++k)
          motion[2 * node + k] = q1[3 * node + k] - s.q[3 * node + k];
      work->dissipated = damping_form(line, inertia, rate, motion);
    }
    work->loads = drive_work(drive, s.q, q1);
    for (const PlanarBeamFollower& f : line.followers) {
      const std::size_t i = f.node;
      const auto p = follower_at(f, q1);
      work->loads += p[0] * (q1[3 * i] - s.q[3 * i]) + p[1] * (q1[3 * i + 1] - s.q[3 * i + 1]);
    }
  }
  // Newmark's updates
  for (std::size_t i = 0; i < n; ++i) {
    const double a1 = newmark_acceleration(i, q1[i]);
    const double v1 = v0[i] + dt * ((1 - scheme.gamma) * s.a[i] + scheme.gamma * a1);
    s.a[i] = a1;
    const std::size_t node = i / 3;
    if (i % 3 < 2)
      s.v[2 * node + i % 3] = v1;
    else {
      s.w[2 * node] = -v1 * std::sin(q1[i]);
      s.w[2 * node + 1] = v1 * std::cos(q1[i]);
    }
  }
  s.q = std::move(q1);
  s.t += dt;
  return iterations;
}

} // namespace hamdyn
