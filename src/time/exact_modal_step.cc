#include "time/exact_modal_step.h"

#include <deal.II/lac/vector.h>

namespace hamdyn {

ExactModalStep::ExactModalStep(const dealii::FullMatrix<double>& m,
                               const dealii::FullMatrix<double>& c,
                               const dealii::FullMatrix<double>& k)
    : n_(m.m()), m_inverse_(n_), c_(c), k_(k), e_(4 * n_) {
  m_inverse_.invert(m);
  dealii::FullMatrix<double> m_inverse_k(n_), m_inverse_c(n_);
  m_inverse_.mmult(m_inverse_k, k);
  m_inverse_.mmult(m_inverse_c, c);
  for (unsigned int i = 0; i < n_; ++i) {
    e_(i, n_ + i) = 1;              // q' = v
    e_(2 * n_ + i, 3 * n_ + i) = 1; // p' = p'
    for (unsigned int j = 0; j < n_; ++j) {
      e_(n_ + i, j) = -m_inverse_k(i, j);
      e_(n_ + i, n_ + j) = -m_inverse_c(i, j);
      e_(n_ + i, 2 * n_ + j) = m_inverse_(i, j);
    }
  }
}

const ExactModalStep::Propagator& ExactModalStep::propagator(double h) {
  for (const Propagator& p : propagators_)
    if (p.h == h)
      return p;
  // y^T Q_D y = v^T C v and y^T Q_W y = v^T p, Q_W symmetrized
  DenseMatrix q_d(4 * n_), q_w(4 * n_);
  for (unsigned int i = 0; i < n_; ++i) {
    for (unsigned int j = 0; j < n_; ++j)
      q_d(n_ + i, n_ + j) = 0.5 * (c_(i, j) + c_(j, i));
    q_w(n_ + i, 2 * n_ + i) = q_w(2 * n_ + i, n_ + i) = 0.5;
  }
  ExponentialIntegrals x = exponential_integrals(e_, h, {q_d, q_w});
  if (propagators_.size() == 2) // the run's step and its last; another size replaces the last
    propagators_.pop_back();
  propagators_.push_back({h, x.exponential, x.integrals[0], x.integrals[1]});
  return propagators_.back();
}

void ExactModalStep::step(std::vector<double>& q, std::vector<double>& v,
                          const std::vector<double>& p0, const std::vector<double>& p1, double h,
                          double& dissipated, double& work) {
  const Propagator& p = propagator(h);
  dealii::Vector<double> y(4 * n_), y_new(4 * n_), g_y(4 * n_);
  for (unsigned int i = 0; i < n_; ++i) {
    y[i] = q[i];
    y[n_ + i] = v[i];
    y[2 * n_ + i] = p0[i];
    y[3 * n_ + i] = (p1[i] - p0[i]) / h;
  }
  p.exponential.vmult(y_new, y);
  p.dissipation.vmult(g_y, y);
  dissipated += y * g_y;
  p.work.vmult(g_y, y);
  work += y * g_y;
  for (unsigned int i = 0; i < n_; ++i) {
    q[i] = y_new[i];
    v[i] = y_new[n_ + i];
  }
}

std::vector<double> ExactModalStep::acceleration(const std::vector<double>& q,
                                                 const std::vector<double>& v,
                                                 const std::vector<double>& p) const {
  dealii::Vector<double> rest(p.begin(), p.end()), a(n_);
  for (unsigned int i = 0; i < n_; ++i)
    for (unsigned int j = 0; j < n_; ++j)
      rest[i] -= c_(i, j) * v[j] + k_(i, j) * q[j];
  m_inverse_.vmult(a, rest);
  return {a.begin(), a.end()};
}

} // namespace hamdyn
