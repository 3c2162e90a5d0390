#include "reductions/impulse_dual.h"

#include "reductions/dense_eigen.h"
#include "reductions/time_quadrature.h"

#include <cmath>
#include <limits>

namespace hamdyn {

using dealii::FullMatrix;
using dealii::Vector;

std::string ImpulseDual::unsupported(const DiscreteChain& chain) {
  for (const ForceElement& e : chain.elements)
    if (e.kind == ForceElement::Kind::spring && e.coefficient < 0)
      return "the chain has springs of negative stiffness (a compressive Model/Axial force), "
             "whose compliance 1/k the impulse dual cannot take";
  return "";
}

ImpulseDual::ImpulseDual(const DiscreteChain& chain)
    : chain_(chain), fit_(chain.mass, FullMatrix<double>(0, chain.n_dofs())) {
  const unsigned int n = chain.n_dofs(), l = chain.elements.size();
  incidence_.reinit(l, n);
  compliance_.reinit(l);
  resistance_.reinit(l);
  for (unsigned int j = 0; j < l; ++j) {
    const ForceElement& e = chain.elements[j];
    for (const auto& [dof, d] : e.incidence)
      incidence_(j, dof) += d;
    (e.kind == ForceElement::Kind::spring ? compliance_ : resistance_)(j) = 1 / e.coefficient;
  }
  susceptance_ = fit_.susceptance(incidence_); // D M^-1 D^T
  initial_momentum_.reinit(n);
  chain.mass.vmult(initial_momentum_, chain.initial_velocity);
  integrated_load_.reinit(n);

  const FullMatrix<double> k = chain.stiffness();
  if (smallest_singular_ratio(k) > 1e-12) {
    spring_stiffness_inverse_.reinit(n, n);
    spring_stiffness_inverse_.invert(k);
  }
}

Vector<double> ImpulseDual::free_momentum(double t) const {
  if (t < integrated_to_) { // start again from 0
    integrated_to_ = 0;
    integrated_load_ = 0;
  }
  if (t > integrated_to_) {
    gauss_legendre_3(integrated_to_, t, [&](double time, double weight) {
      integrated_load_.add(weight, chain_.load(time));
    });
    integrated_to_ = t;
  }
  Vector<double> momentum(initial_momentum_);
  momentum += integrated_load_;
  return momentum;
}

Vector<double> ImpulseDual::load(double t) const {
  Vector<double> g(n_impulses());
  incidence_.vmult(g, fit_.velocities(free_momentum(t)));
  return g;
}

void ImpulseDual::initial_state(Vector<double>& s, Vector<double>& s_dot,
                                Vector<double>& s_ddot) const {
  const unsigned int l = n_impulses(), n = chain_.n_dofs();
  Vector<double> extension(l), extension_rate(l);
  incidence_.vmult(extension, chain_.initial_displacement);
  incidence_.vmult(extension_rate, chain_.initial_velocity);
  s.reinit(l);
  s_dot.reinit(l);
  for (unsigned int j = 0; j < l; ++j) // F = k e or c e'
    s_dot(j) =
        compliance_(j) > 0 ? extension(j) / compliance_(j) : extension_rate(j) / resistance_(j);
  // the chain's initial acceleration, M a = f(0) - D^T F, and F' = k e' or c e''
  Vector<double> force = chain_.load(0.0), pushed(n), acceleration(n), acceleration_rate(l);
  incidence_.Tvmult(pushed, s_dot);
  force -= pushed;
  fit_.projection().vmult(acceleration, force); // M^-1
  incidence_.vmult(acceleration_rate, acceleration);
  s_ddot.reinit(l);
  for (unsigned int j = 0; j < l; ++j)
    s_ddot(j) = compliance_(j) > 0 ? extension_rate(j) / compliance_(j)
                                   : acceleration_rate(j) / resistance_(j);
}

Vector<double> ImpulseDual::velocities(const Vector<double>& s, double t) const {
  Vector<double> momentum = free_momentum(t), pushed(chain_.n_dofs());
  incidence_.Tvmult(pushed, s);
  momentum -= pushed;
  return fit_.velocities(momentum);
}

Vector<double> ImpulseDual::displacements(const Vector<double>& s_dot) const {
  const unsigned int n = chain_.n_dofs();
  Vector<double> q(n);
  if (spring_stiffness_inverse_.m() == 0) {
    q = std::numeric_limits<double>::quiet_NaN();
    return q;
  }
  Vector<double> spring_forces(s_dot), pushed(n);
  for (unsigned int j = 0; j < n_impulses(); ++j)
    if (compliance_(j) == 0)
      spring_forces(j) = 0;
  incidence_.Tvmult(pushed, spring_forces);
  spring_stiffness_inverse_.vmult(q, pushed);
  return q;
}

std::vector<double> ImpulseDual::squared_frequencies() const {
  std::vector<unsigned int> springs;
  for (unsigned int j = 0; j < n_impulses(); ++j)
    if (compliance_(j) > 0)
      springs.push_back(j);
  const unsigned int m = springs.size();
  FullMatrix<double> b(m, m), c(m, m);
  for (unsigned int a = 0; a < m; ++a) {
    c(a, a) = compliance_(springs[a]);
    for (unsigned int e = 0; e < m; ++e)
      b(a, e) = susceptance_(springs[a], springs[e]);
  }
  return generalized_eigenvalues(b, c);
}

} // namespace hamdyn
