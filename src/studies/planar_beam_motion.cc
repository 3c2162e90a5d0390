#include "studies/planar_beam_motion.h"

#include "studies/planar_beam_newton.h"
#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hamdyn {

double PlanarBeamMotion::angular_velocity(std::size_t i) const {
  const double theta = q[3 * i + 2];
  return -std::sin(theta) * w[2 * i] + std::cos(theta) * w[2 * i + 1];
}

PlanarBeamInertia::PlanarBeamInertia(const PlanarBeamLine& line) {
  const unsigned nodes = line.degree() + 1, nd = 3 * nodes;
  size_ = std::size_t(nodes) * nodes;
  std::vector<double> m(nd * nd), c(nd * nd);
  turning_.assign(line.n_nodes(), false);
  nq_ = std::size_t(nd) * nd;
  ny_ = std::size_t(4 * nodes) * (4 * nodes);
  std::vector<double> my(ny_);
  for (std::size_t k = 0; k < line.elements.size(); ++k) {
    const PlanarBeamElement& e = line.elements[k];
    e.mass(m.data());
    e.damping(c.data());
    coupled_at_.push_back(npos);
    if (e.coupled_mass()) {
      coupled_at_.back() = coupled_q_.size() / nq_;
      coupled_q_.insert(coupled_q_.end(), m.begin(), m.end());
      e.director_mass(my.data());
      coupled_y_.insert(coupled_y_.end(), my.begin(), my.end());
    }
    damped_.push_back(e.damped());
    for (unsigned a = 0; a < nodes; ++a) {
      if (m[(3 * a + 2) * nd + 3 * a + 2] > 0)
        turning_[line.node(k, a)] = true;
      for (unsigned b = 0; b < nodes; ++b) {
        translational_.push_back(m[(3 * a) * nd + 3 * b]);
        rotational_.push_back(m[(3 * a + 2) * nd + 3 * b + 2]);
        damping_.push_back(c[(3 * a) * nd + 3 * b]);
      }
    }
  }
}

std::vector<double> ground_masses(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                                  unsigned component) {
  const unsigned nodes = line.degree() + 1;
  std::vector<double> m(line.n_dofs(), 0.0);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    if (const double* mq = inertia.coupled(e)) { // (M r) on every row, theta's too
      const unsigned nd = 3 * nodes;
      for (unsigned i = 0; i < nd; ++i)
        for (unsigned b = 0; b < nodes; ++b)
          m[line.row(line.dof(e, i / 3, i % 3))] += mq[i * nd + 3 * b + component];
      continue;
    }
    const double* ma = inertia.translational(e);
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b)
        m[line.row(line.dof(e, a, component))] += ma[a * nodes + b];
  }
  return m;
}

double drive_work(const PlanarBeamDrive& drive, const std::vector<double>& q0,
                  const std::vector<double>& q1) {
  double work = 0;
  for (std::size_t i = 0; i < drive.loads.size(); ++i)
    work += drive.loads[i] * (q1[i] - q0[i]);
  return work;
}

PlanarBeamMotion planar_beam_at_rest(const std::vector<double>& q) {
  PlanarBeamMotion s;
  s.q = q;
  s.v.assign(2 * (q.size() / 3), 0.0);
  s.w.assign(2 * (q.size() / 3), 0.0);
  return s;
}

void set_rigid_velocity(const PlanarBeamLine& line, PlanarBeamMotion& s, double vx, double vz,
                        double omega, double about_x, double about_z) {
  for (std::size_t i = 0; i < line.n_nodes(); ++i) {
    const double theta = s.q[3 * i + 2];
    // v = v_about + omega J (r - about), dt/dt = omega J t
    s.v[2 * i] = line.held[3 * i] ? 0.0 : vx - omega * (s.q[3 * i + 1] - about_z);
    s.v[2 * i + 1] = line.held[3 * i + 1] ? 0.0 : vz + omega * (s.q[3 * i] - about_x);
    const double rate = line.held[3 * i + 2] ? 0.0 : omega;
    s.w[2 * i] = -rate * std::sin(theta);
    s.w[2 * i + 1] = rate * std::cos(theta);
  }
}

namespace {
// sum over an element's a, b of m_ab u_a . v_b for vectors of two components per node
template <class Pair>
double element_form(const double* m, unsigned nodes, const Pair& pair) {
  double sum = 0;
  for (unsigned a = 0; a < nodes; ++a)
    for (unsigned b = 0; b < nodes; ++b)
      sum += m[a * nodes + b] * pair(a, b);
  return sum;
}
} // namespace

namespace {
// A coupled-mass element's director-form rates ydot (v, and the directors' rates turned into the
// element's frame by its rotation offset) and M_y ydot, node by node (4 values each)
void coupled_rates(const PlanarBeamLine& line, const PlanarBeamInertia& inertia, std::size_t e,
                   const PlanarBeamMotion& s, std::vector<double>& ydot,
                   std::vector<double>& momentum) {
  const unsigned nodes = line.degree() + 1, ny = 4 * nodes;
  const double offset = line.elements[e].rotation_offset(), co = std::cos(offset),
               so = std::sin(offset);
  ydot.resize(ny);
  momentum.assign(ny, 0.0);
  for (unsigned a = 0; a < nodes; ++a) {
    const std::size_t i = line.node(e, a);
    ydot[4 * a] = s.v[2 * i];
    ydot[4 * a + 1] = s.v[2 * i + 1];
    ydot[4 * a + 2] = co * s.w[2 * i] - so * s.w[2 * i + 1];
    ydot[4 * a + 3] = so * s.w[2 * i] + co * s.w[2 * i + 1];
  }
  const double* my = inertia.coupled_director(e);
  for (unsigned a = 0; a < ny; ++a)
    for (unsigned b = 0; b < ny; ++b)
      momentum[a] += my[a * ny + b] * ydot[b];
}
} // namespace

double kinetic_energy(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                      const PlanarBeamMotion& s) {
  const unsigned nodes = line.degree() + 1;
  std::vector<double> ve(2 * nodes), we(2 * nodes);
  double t = 0;
  std::vector<double> ydot, momentum;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    if (inertia.coupled(e)) { // ydot^T M_y ydot
      coupled_rates(line, inertia, e, s, ydot, momentum);
      for (std::size_t i = 0; i < ydot.size(); ++i)
        t += ydot[i] * momentum[i];
      continue;
    }
    element_values(line, e, s.v, 2, ve.data());
    element_values(line, e, s.w, 2, we.data());
    t += element_form(inertia.translational(e), nodes, [&](unsigned a, unsigned b) {
      return ve[2 * a] * ve[2 * b] + ve[2 * a + 1] * ve[2 * b + 1];
    });
    t += element_form(inertia.rotational(e), nodes, [&](unsigned a, unsigned b) {
      return we[2 * a] * we[2 * b] + we[2 * a + 1] * we[2 * b + 1];
    });
  }
  return 0.5 * t;
}

double damping_form(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                    const std::vector<double>& u, const std::vector<double>& v) {
  const unsigned nodes = line.degree() + 1;
  std::vector<double> ue(2 * nodes), ve(2 * nodes);
  double sum = 0;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    const double* ce = inertia.damping(e);
    if (!ce)
      continue;
    element_values(line, e, u, 2, ue.data());
    element_values(line, e, v, 2, ve.data());
    sum += element_form(ce, nodes, [&](unsigned a, unsigned b) {
      return ue[2 * a] * ve[2 * b] + ue[2 * a + 1] * ve[2 * b + 1];
    });
  }
  return sum;
}

double potential_energy(const PlanarBeamLine& line, const std::vector<double>& q) {
  double v = strain_energy(line, q);
  for (std::size_t i = 0; i < q.size(); ++i)
    v -= line.loads[i] * (q[i] - line.reference[i]);
  return v;
}

PlanarBeamMomenta momenta(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          const PlanarBeamMotion& s) {
  const unsigned nodes = line.degree() + 1;
  std::vector<double> qe(3 * nodes), ve(2 * nodes), we(2 * nodes);
  PlanarBeamMomenta p;
  std::vector<double> ydot, momentum;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_values(line, e, s.q, 3, qe.data());
    if (inertia.coupled(e)) { // sum of M_y ydot's r parts, and r x them + t x their t parts
      coupled_rates(line, inertia, e, s, ydot, momentum);
      const double offset = line.elements[e].rotation_offset();
      for (unsigned a = 0; a < nodes; ++a) {
        const double* pa = &momentum[4 * a];
        p.x += pa[0];
        p.z += pa[1];
        const double angle = qe[3 * a + 2] + offset;
        p.angular += qe[3 * a] * pa[1] - qe[3 * a + 1] * pa[0] + std::cos(angle) * pa[3] -
                     std::sin(angle) * pa[2];
      }
      continue;
    }
    element_values(line, e, s.v, 2, ve.data());
    element_values(line, e, s.w, 2, we.data());
    const double* ma = inertia.translational(e);
    p.x += element_form(ma, nodes, [&](unsigned, unsigned b) { return ve[2 * b]; });
    p.z += element_form(ma, nodes, [&](unsigned, unsigned b) { return ve[2 * b + 1]; });
    p.angular += element_form(ma, nodes, [&](unsigned a, unsigned b) {
      return qe[3 * a] * ve[2 * b + 1] - qe[3 * a + 1] * ve[2 * b];
    });
    p.angular += element_form(inertia.rotational(e), nodes, [&](unsigned a, unsigned b) {
      return std::cos(qe[3 * a + 2]) * we[2 * b + 1] - std::sin(qe[3 * a + 2]) * we[2 * b];
    });
  }
  return p;
}

namespace {
// sinc(phi / 2) = sin(phi / 2) / (phi / 2) and its derivative by phi (series near 0, where the
// quotients lose their digits)
void half_sinc(double phi, double& s, double& ds) {
  const double u = 0.5 * phi;
  if (std::abs(u) < 1e-3) {
    s = 1 - u * u / 6 * (1 - u * u / 20);
    ds = -u / 6 * (1 - u * u / 10);
    return;
  }
  s = std::sin(u) / u;
  ds = 0.5 * (u * std::cos(u) - std::sin(u)) / (u * u);
}

// The step's residual R at q1 (theta-space, 3 per node) and, with `jacobian`, dR/dq1 assembled
// and factored; false where a pivot is negligible. Its pivots may be negative: with rho I = 0
// the rotations' rows carry no inertia, only half the tangent (whose geometric part a
// compressed or sheared beam makes indefinite there) and the non-symmetric midpoint terms.
bool assemble(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
              const PlanarBeamMotion& s, const std::vector<double>& q1, double dt,
              const std::vector<double>& drive_loads, std::vector<double>& r, BandedLU* jacobian,
              double* support_work = nullptr) {
  const unsigned p = line.degree(), nodes = p + 1, nq = 3 * nodes, ny = 4 * nodes;
  const std::size_t n_nodes = line.n_nodes(), n = 3 * n_nodes;
  const double c = 2 / (dt * dt);
  std::vector<double> q0e(nq), q1e(nq), y0(ny), y1(ny), ve(2 * nodes), we(2 * nodes), fe(ny),
      ke(ny * ny);
  std::vector<double> ry(4 * n_nodes, 0.0); // the director-space residual, node by node
  // a linear member's midpoint DoFs and its forces and tangent (added to r's rows directly), a
  // coupled mass' argument
  std::vector<double> qm(nq), fq(nq), kq(nq * nq), change(ny);
  r.assign(n, 0.0);
  // g_i and dg_i/dtheta1_i of each node, and its director's change t1 - t0 = (theta1 - theta0) g
  // (without the cancellation of cos theta1 - cos theta0)
  std::vector<double> g(2 * n_nodes), dg(2 * n_nodes), turn(2 * n_nodes);
  for (std::size_t i = 0; i < n_nodes; ++i) {
    const double phi = q1[3 * i + 2] - s.q[3 * i + 2], mid = s.q[3 * i + 2] + 0.5 * phi;
    double sinc, dsinc;
    half_sinc(phi, sinc, dsinc);
    const double cm = std::cos(mid), sm = std::sin(mid);
    g[2 * i] = -sinc * sm;
    g[2 * i + 1] = sinc * cm;
    dg[2 * i] = -dsinc * sm - 0.5 * sinc * cm;
    dg[2 * i + 1] = dsinc * cm - 0.5 * sinc * sm;
    turn[2 * i] = phi * g[2 * i];
    turn[2 * i + 1] = phi * g[2 * i + 1];
  }
  if (jacobian)
    jacobian->reinit(n, line.band(), line.band());
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    const PlanarBeamElement& element = line.elements[e];
    element_values(line, e, s.q, 3, q0e.data());
    element_values(line, e, q1, 3, q1e.data());
    element_values(line, e, s.v, 2, ve.data());
    element_values(line, e, s.w, 2, we.data());
    // the nodes' director quantities (of their turn: node space) in the element's (turned by
    // its rotation offset, a frame member's reference angle)
    const double offset = element.rotation_offset(), co = offset == 0 ? 1.0 : std::cos(offset),
                 so = offset == 0 ? 0.0 : std::sin(offset);
    const auto to_element = [&](double x, double z, double* out) {
      out[0] = co * x - so * z;
      out[1] = so * x + co * z;
    };
    if (offset != 0)
      for (unsigned a = 0; a < nodes; ++a)
        to_element(we[2 * a], we[2 * a + 1], &we[2 * a]);
    element.director_dofs(q0e.data(), y0.data());
    element.director_dofs(q1e.data(), y1.data());
    if (element.quadratic_energy()) {
      // a linear member: a quadratic energy's exact discrete gradient is its gradient at the
      // midpoint (Gonzalez 1996), in the DoFs (x, z, theta) themselves; its inertia and
      // dashpots below are the director form's, as every element's
      for (unsigned i = 0; i < nq; ++i)
        qm[i] = 0.5 * (q0e[i] + q1e[i]);
      element.forces(qm.data(), fq.data());
      for (unsigned i = 0; i < nq; ++i)
        r[line.row(line.dof(e, i / 3, i % 3))] += fq[i];
      if (jacobian) {
        element.tangent(qm.data(), kq.data());
        for (unsigned i = 0; i < nq; ++i)
          for (unsigned j = 0; j < nq; ++j)
            (*jacobian)(line.row(line.dof(e, i / 3, i % 3)), line.row(line.dof(e, j / 3, j % 3))) +=
                0.5 * kq[i * nq + j];
      }
      std::fill(fe.begin(), fe.end(), 0.0);
      std::fill(ke.begin(), ke.end(), 0.0);
    } else {
      element.mean_forces(y0.data(), y1.data(), fe.data());
      if (jacobian)
        element.mean_tangent(y0.data(), y1.data(), 0.5, 0.5, ke.data());
    }
    if (const double* my = inertia.coupled_director(e)) {
      // c M_y (y1 - y0 - dt ydot0) with the whole matrix (the directors' change as below)
      for (unsigned b = 0; b < nodes; ++b) {
        double turn_b[2];
        to_element(turn[2 * line.node(e, b)], turn[2 * line.node(e, b) + 1], turn_b);
        for (unsigned k = 0; k < 2; ++k) {
          change[4 * b + k] = y1[4 * b + k] - y0[4 * b + k] - dt * ve[2 * b + k];
          change[4 * b + 2 + k] = turn_b[k] - dt * we[2 * b + k];
        }
      }
      for (unsigned i = 0; i < ny; ++i)
        for (unsigned j = 0; j < ny; ++j) {
          fe[i] += c * my[i * ny + j] * change[j];
          if (jacobian)
            ke[i * ny + j] += c * my[i * ny + j];
        }
    } else {
      const double *ma = inertia.translational(e), *mi = inertia.rotational(e);
      for (unsigned a = 0; a < nodes; ++a)
        for (unsigned b = 0; b < nodes; ++b) {
          const double mab = c * ma[a * nodes + b], iab = c * mi[a * nodes + b];
          double turn_b[2];
          to_element(turn[2 * line.node(e, b)], turn[2 * line.node(e, b) + 1], turn_b);
          for (unsigned k = 0; k < 2; ++k) {
            fe[4 * a + k] += mab * (y1[4 * b + k] - y0[4 * b + k] - dt * ve[2 * b + k]);
            fe[4 * a + 2 + k] += iab * (turn_b[k] - dt * we[2 * b + k]);
            if (jacobian) {
              ke[(4 * a + k) * ny + 4 * b + k] += mab;
              ke[(4 * a + 2 + k) * ny + 4 * b + 2 + k] += iab;
            }
          }
        }
    }
    // the dashpots' force at the midpoint velocity (r1 - r0) / dt
    if (const double* ce = inertia.damping(e))
      for (unsigned a = 0; a < nodes; ++a)
        for (unsigned b = 0; b < nodes; ++b)
          for (unsigned k = 0; k < 2; ++k) {
            fe[4 * a + k] += ce[a * nodes + b] / dt * (y1[4 * b + k] - y0[4 * b + k]);
            if (jacobian)
              ke[(4 * a + k) * ny + 4 * b + k] += ce[a * nodes + b] / dt;
          }
    for (unsigned a = 0; a < nodes; ++a) {
      double* node_ry = &ry[4 * line.node(e, a)];
      node_ry[0] += fe[4 * a];
      node_ry[1] += fe[4 * a + 1];
      // (turned back to node space: the transpose)
      node_ry[2] += co * fe[4 * a + 2] + so * fe[4 * a + 3];
      node_ry[3] += -so * fe[4 * a + 2] + co * fe[4 * a + 3];
    }
    if (!jacobian)
      continue;
    // to the DoFs (x, z, theta): rows theta_a by g_a, columns theta_b by J t1_b
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b) {
        const std::size_t node_a = line.node(e, a);
        double ga[2];
        to_element(g[2 * node_a], g[2 * node_a + 1], ga);
        const double jt[2] = {-y1[4 * b + 3], y1[4 * b + 2]};
        double block[3][3];
        for (unsigned i = 0; i < 2; ++i)
          for (unsigned j = 0; j < 2; ++j)
            block[i][j] = ke[(4 * a + i) * ny + 4 * b + j];
        for (unsigned i = 0; i < 2; ++i) {
          block[i][2] =
              ke[(4 * a + i) * ny + 4 * b + 2] * jt[0] + ke[(4 * a + i) * ny + 4 * b + 3] * jt[1];
          block[2][i] =
              ga[0] * ke[(4 * a + 2) * ny + 4 * b + i] + ga[1] * ke[(4 * a + 3) * ny + 4 * b + i];
        }
        block[2][2] = 0;
        for (unsigned i = 0; i < 2; ++i)
          for (unsigned j = 0; j < 2; ++j)
            block[2][2] += ga[i] * ke[(4 * a + 2 + i) * ny + 4 * b + 2 + j] * jt[j];
        for (unsigned i = 0; i < 3; ++i)
          for (unsigned j = 0; j < 3; ++j)
            (*jacobian)(line.row(line.dof(e, a, i)), line.row(line.dof(e, b, j))) += block[i][j];
      }
  }
  for (std::size_t i = 0; i < n_nodes; ++i) {
    const std::size_t x = line.row(3 * i), z = line.row(3 * i + 1), theta = line.row(3 * i + 2);
    r[x] += ry[4 * i];
    r[z] += ry[4 * i + 1];
    r[theta] += g[2 * i] * ry[4 * i + 2] + g[2 * i + 1] * ry[4 * i + 3];
    if (jacobian)
      (*jacobian)(theta, theta) += dg[2 * i] * ry[4 * i + 2] + dg[2 * i + 1] * ry[4 * i + 3];
  }
  for (std::size_t i = 0; i < n; ++i)
    r[i] -= line.loads[i];
  for (std::size_t i = 0; i < drive_loads.size(); ++i)
    r[i] -= drive_loads[i];
  // the followers at the step's middle rotation (their work over the step is then p_m . (r1 -
  // r0) exactly: what the ledger's external_work adds), d/dtheta1 = J p_m / 2
  for (const PlanarBeamFollower& f : line.followers) {
    const std::size_t i = f.node;
    const auto p = line.follower_force(f, 0.5 * (s.q[3 * i + 2] + q1[3 * i + 2]));
    add_follower_force(line, i, p, -1, r);
    if (jacobian)
      add_follower_stiffness(line, i, p, 0.5, *jacobian);
  }
  return finish_planar_beam_residual(line, s.q, q1, r, jacobian, support_work);
}
} // namespace

unsigned step_planar_beam(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          PlanarBeamMotion& s, double dt, double tolerance, bool* at_round_off) {
  return step_planar_beam(line, inertia, s, dt, tolerance, at_round_off, PlanarBeamDrive(),
                          nullptr);
}

unsigned step_planar_beam(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                          PlanarBeamMotion& s, double dt, double tolerance, bool* at_round_off,
                          const PlanarBeamDrive& drive, PlanarBeamStepWork* work) {
  const std::size_t n_nodes = line.n_nodes();
  // the predictor: the state moved on by its velocities (a rotation without inertia by the last
  // step's mean rate: below), the moved held DoFs where they go
  std::vector<double> q1 = s.q, r;
  for (std::size_t i = 0; i < n_nodes; ++i) {
    q1[3 * i] += line.held[3 * i] ? 0.0 : dt * s.v[2 * i];
    q1[3 * i + 1] += line.held[3 * i + 1] ? 0.0 : dt * s.v[2 * i + 1];
    q1[3 * i + 2] += line.held[3 * i + 2] ? 0.0 : dt * s.angular_velocity(i);
  }
  for (const MovedDof& m : drive.moved)
    q1[m.dof] = m.value;
  const unsigned iterations = solve_planar_beam_step(
      s.q, q1, tolerance, at_round_off,
      [&](const std::vector<double>& q, std::vector<double>& r, BandedLU* jacobian) {
        return assemble(line, inertia, s, q, dt, drive.loads, r, jacobian);
      });
  if (work) {
    // the held DoFs' reactions do work only where they move: the extra residual pass only then
    work->support = 0;
    if (!drive.moved.empty())
      assemble(line, inertia, s, q1, dt, drive.loads, r, nullptr, &work->support);
    // (r1 - r0)^T C (r1 - r0) / dt, where there are dashpots
    work->dissipated = 0;
    if (inertia.damped()) {
      std::vector<double> v(2 * n_nodes);
      for (std::size_t i = 0; i < n_nodes; ++i)
        for (unsigned k = 0; k < 2; ++k)
          v[2 * i + k] = q1[3 * i + k] - s.q[3 * i + k];
      work->dissipated = damping_form(line, inertia, v, v) / dt;
    }
    work->loads = drive_work(drive, s.q, q1);
    for (const PlanarBeamFollower& f : line.followers) {
      const std::size_t i = f.node;
      const auto p = line.follower_force(f, 0.5 * (s.q[3 * i + 2] + q1[3 * i + 2]));
      work->loads += p[0] * (q1[3 * i] - s.q[3 * i]) + p[1] * (q1[3 * i + 1] - s.q[3 * i + 1]);
    }
  }
  for (std::size_t i = 0; i < n_nodes; ++i) {
    for (unsigned k = 0; k < 2; ++k)
      s.v[2 * i + k] = 2 * (q1[3 * i + k] - s.q[3 * i + k]) / dt - s.v[2 * i + k];
    // t1 - t0 = 2 sin(phi / 2) J t(theta_m); a director without inertia takes the step's mean
    // rate (t1 - t0)/dt: the midpoint rule's 2 (t1 - t0)/dt - w0 of an algebraic unknown
    // alternates in sign from step to step and grows (an inconsistent start's jump is never
    // damped), the history's end_angular_velocity with it, and a predictor from it once lands
    // Newton's iterations a turn away: the director residual is 2 pi periodic in a node's turn
    // over the step (t1 - t0 above), and a node wound by 2 pi is a root the strains do not see
    // and a dead end moment's potential -M theta does (energy from nowhere)
    const double phi = q1[3 * i + 2] - s.q[3 * i + 2], mid = s.q[3 * i + 2] + 0.5 * phi;
    const double chord = 2 * std::sin(0.5 * phi);
    if (inertia.turns_with_inertia(i)) {
      s.w[2 * i] = -2 * chord * std::sin(mid) / dt - s.w[2 * i];
      s.w[2 * i + 1] = 2 * chord * std::cos(mid) / dt - s.w[2 * i + 1];
    } else {
      s.w[2 * i] = -chord * std::sin(mid) / dt;
      s.w[2 * i + 1] = chord * std::cos(mid) / dt;
    }
  }
  s.q = std::move(q1);
  s.t += dt;
  return iterations;
}

} // namespace hamdyn
