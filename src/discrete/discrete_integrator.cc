#include "discrete/discrete_integrator.h"

#include <algorithm>

namespace hamdyn {

namespace {
std::vector<double> values(const DenseVector& v) {
  return {v.begin(), v.end()};
}

DenseVector restored(const Checkpoint& c, const std::string& name, std::size_t size) {
  const std::vector<double>& values = c.numbers(name, size);
  DenseVector v(size);
  std::copy(values.begin(), values.end(), v.begin());
  return v;
}
} // namespace

void DiscreteIntegrator::save(const DiscreteState& s, Checkpoint& c) const {
  c.set("discrete_t", s.t);
  c.set("discrete_q", values(s.q));
  c.set("discrete_v", values(s.v));
  c.set("discrete_a", values(s.a));
  c.set("discrete_lambda", values(s.lambda));
  c.set("discrete_dashpot_forces", s.dashpot_forces);
  c.set("discrete_ledger", std::vector<double>{s.dissipated, s.work});
  c.set("discrete_constraint_integral", values(s.constraint_integral));
  c.set("discrete_integrator",
        std::vector<double>{operator_.acceleration_scale(), double(scheme_.most_iterations())});
  // records of their own, so that checkpoints of earlier versions still resume
  c.set("discrete_halved_steps", double(scheme_.halved_steps()));
  c.set("discrete_driving_work", s.driving_work);
}

DiscreteState DiscreteIntegrator::restore(const Checkpoint& c) {
  DiscreteState s;
  const std::size_t n = system_.n(), l = system_.n_constraints();
  s.t = c.number("discrete_t");
  s.q = restored(c, "discrete_q", n);
  s.v = restored(c, "discrete_v", n);
  s.a = restored(c, "discrete_a", n);
  s.lambda = restored(c, "discrete_lambda", l);
  const DenseVector forces =
      restored(c, "discrete_dashpot_forces", system_.definition().dashpots.size());
  s.dashpot_forces.assign(forces.begin(), forces.end());
  const DenseVector ledger = restored(c, "discrete_ledger", 2);
  s.dissipated = ledger[0];
  s.work = ledger[1];
  s.driving_work = c.has("discrete_driving_work") ? c.number("discrete_driving_work") : 0.0;
  s.constraint_integral = restored(c, "discrete_constraint_integral", system_.n_equations());
  const DenseVector scales = restored(c, "discrete_integrator", 2);
  operator_.set_acceleration_scale(scales[0]);
  const double halved = c.has("discrete_halved_steps") ? c.number("discrete_halved_steps") : 0.0;
  scheme_.set_counters(0, static_cast<unsigned>(scales[1]), static_cast<unsigned long>(halved));
  return s;
}

} // namespace hamdyn
