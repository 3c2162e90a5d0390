#include "reductions/small_system.h"

#include <deal.II/lac/dynamic_sparsity_pattern.h>

namespace hamdyn {

namespace {
void copy_in(const dealii::Vector<double>& from, LA::Vector& to) {
  for (unsigned int i = 0; i < from.size(); ++i)
    to(i) = from(i);
  to.compress(dealii::VectorOperation::insert);
}
dealii::Vector<double> copy_out(const LA::Vector& from) {
  dealii::Vector<double> to(from.size());
  for (unsigned int i = 0; i < to.size(); ++i)
    to(i) = from(i);
  return to;
}
} // namespace

void step_through(NewmarkIntegrator& integrator, State& state, const std::vector<double>& times,
                  const std::function<void(const State&)>& observe) {
  integrator.initialize_with_acceleration(state);
  observe(state);
  for (std::size_t k = 1; k < times.size(); ++k) {
    integrator.step(state, times[k] - times[k - 1]);
    state.t = times[k]; // the given times, not a sum of steps
    observe(state);
  }
}

void integrate_small_system(const SmallSystem& system, const NewmarkParameters& parameters,
                            const dealii::Vector<double>& u0, const dealii::Vector<double>& v0,
                            const dealii::Vector<double>& a0, const std::vector<double>& times,
                            const SmallObserver& observe) {
  const unsigned int n = system.mass.m();
  SecondOrderSystem s;
  s.comm = MPI_COMM_SELF;
  s.locally_owned = dealii::IndexSet(n);
  s.locally_owned.add_range(0, n);
  // M and K with their non-zeros (and the diagonal); C entry by entry.
  dealii::DynamicSparsityPattern dsp(n, n);
  for (unsigned int i = 0; i < n; ++i)
    for (unsigned int j = 0; j < n; ++j)
      if (i == j || system.mass(i, j) != 0 || system.stiffness(i, j) != 0 ||
          system.damping(i, j) != 0)
        dsp.add(i, j);
  s.mass.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  s.stiffness.reinit(s.locally_owned, s.locally_owned, dsp, s.comm);
  for (unsigned int i = 0; i < n; ++i)
    for (unsigned int j = 0; j < n; ++j) {
      if (system.mass(i, j) != 0)
        s.mass.set(i, j, system.mass(i, j));
      if (system.stiffness(i, j) != 0)
        s.stiffness.set(i, j, system.stiffness(i, j));
      if (system.damping(i, j) != 0)
        s.extra_damping.push_back({i, j, system.damping(i, j)});
    }
  s.mass.compress(dealii::VectorOperation::insert);
  s.stiffness.compress(dealii::VectorOperation::insert);
  if (system.load)
    s.load = [&system](double t, LA::Vector& f) { copy_in(system.load(t), f); };

  NewmarkIntegrator integrator(s, parameters);
  State state;
  integrator.allocate(state);
  state.t = times.front();
  copy_in(u0, state.u);
  copy_in(v0, state.v);
  copy_in(a0, state.a);
  step_through(integrator, state, times,
               [&](const State& x) { observe(x.t, copy_out(x.u), copy_out(x.v)); });
}

} // namespace hamdyn
