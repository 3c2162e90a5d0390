#include "modal/modal_projection.h"

#include "system/refined_static_solve.h"

#include <deal.II/lac/vector.h>

#include <algorithm>

namespace hamdyn {

ProjectedMatrices project_on_modes(const SecondOrderSystem& s,
                                   const std::vector<LA::Vector>& shapes) {
  const auto n = static_cast<unsigned int>(shapes.size());
  ProjectedMatrices r{dealii::FullMatrix<double>(n), dealii::FullMatrix<double>(n),
                      dealii::FullMatrix<double>(n)};
  if (n == 0)
    return r;
  LA::Vector k_phi(shapes[0]), m_phi(shapes[0]), c_phi(shapes[0]), zero(shapes[0]);
  zero = 0;
  for (unsigned int j = 0; j < n; ++j) {
    const LA::Vector& phi = shapes[j];
    s.apply(nullptr, phi, zero, k_phi);
    s.mass.vmult(m_phi, phi);
    c_phi.equ(s.damping_mass_factor, m_phi);
    c_phi.add(s.damping_stiffness_factor, k_phi);
    s.nonproportional_damping_vmult_add(c_phi, phi);
    for (unsigned int i = 0; i < n; ++i) {
      r.k(i, j) = shapes[i] * k_phi;
      r.m(i, j) = shapes[i] * m_phi;
      r.c(i, j) = shapes[i] * c_phi;
    }
  }
  return r;
}

std::vector<double> project_load(const std::vector<LA::Vector>& shapes, const LA::Vector& f) {
  std::vector<double> p(shapes.size());
  for (std::size_t j = 0; j < shapes.size(); ++j)
    p[j] = shapes[j] * f;
  return p;
}

StaticCorrection::StaticCorrection(const SecondOrderSystem& s,
                                   const std::vector<LA::Vector>& shapes,
                                   const dealii::FullMatrix<double>& k_r)
    : s_(s), shapes_(shapes), k_r_(k_r.m()) {
  k_solver_.factorize(s.linearization(0, 0, 1));
  k_r_ = k_r;
  if (k_r.m() > 0)
    k_r_.compute_lu_factorization();
}

double StaticCorrection::apply(const LA::Vector& f, LA::Vector& u_s) const {
  const double size = f.l2_norm();
  if (size == 0) {
    u_s = 0;
    return 0;
  }
  // f = sum c_k q_k + r, the coefficients gathered over two passes of Gram-Schmidt
  std::vector<double> c(patterns_.size(), 0.0);
  LA::Vector rest(f);
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t k = 0; k < patterns_.size(); ++k) {
      const double ck = patterns_[k] * rest;
      rest.add(-ck, patterns_[k]);
      c[k] += ck;
    }
  const double rest_size = rest.l2_norm();
  if (rest_size > 1e-12 * size && patterns_.size() == basis_size)
    return solve(f, u_s); // beyond the patterns kept
  u_s = 0;
  for (std::size_t k = 0; k < patterns_.size(); ++k)
    u_s.add(c[k], corrections_[k]);
  if (rest_size > 1e-12 * size) { // a new pattern
    rest /= rest_size;
    patterns_.push_back(rest);
    corrections_.push_back(rest);
    uncertainty_ = std::max(uncertainty_, solve(rest, corrections_.back()));
    u_s.add(rest_size, corrections_.back());
  }
  return uncertainty_;
}

double StaticCorrection::solve(const LA::Vector& f, LA::Vector& u_s) const {
  const double left = refined_static_solve(s_, k_solver_, f, u_s);
  if (!shapes_.empty()) {
    const std::vector<double> p = project_load(shapes_, f);
    dealii::Vector<double> z(p.begin(), p.end());
    k_r_.solve(z);
    for (std::size_t j = 0; j < shapes_.size(); ++j)
      u_s.add(-z[j], shapes_[j]);
  }
  return left;
}

} // namespace hamdyn
