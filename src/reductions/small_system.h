#pragma once
// A small dense system (a chain or its impulse dual) handed to the same generalized-alpha
// integrator as the finite elements, on one rank: M a + C v + K u = f(t) from dense matrices.
#include "terms/newmark_integrator.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <functional>
#include <vector>

namespace hamdyn {

struct SmallSystem {
  dealii::FullMatrix<double> mass, damping, stiffness;
  std::function<dealii::Vector<double>(double t)> load; // may be empty
};

/// Called with the state at every time of the run, the first included.
using SmallObserver =
    std::function<void(double t, const dealii::Vector<double>& u, const dealii::Vector<double>& v)>;

/// Steps `integrator` through `times` from `state` (u, v and a given at times.front(); a system
/// whose M is singular cannot give a itself) and calls observe(state) at every time.
void step_through(NewmarkIntegrator& integrator, State& state, const std::vector<double>& times,
                  const std::function<void(const State&)>& observe);

/// Integrates from (u0, v0, a0) at times.front() through `times` on MPI_COMM_SELF.
void integrate_small_system(const SmallSystem& system, const NewmarkParameters& parameters,
                            const dealii::Vector<double>& u0, const dealii::Vector<double>& v0,
                            const dealii::Vector<double>& a0, const std::vector<double>& times,
                            const SmallObserver& observe);

} // namespace hamdyn
