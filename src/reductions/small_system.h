#pragma once
// A small dense system (a chain or its impulse dual) handed to the same generalized-alpha
// integrator as the finite elements, on one rank: M a + C v + K u = f(t) from dense matrices.
#include "time/newmark_family.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <functional>

namespace hamdyn {

struct SmallSystem {
  dealii::FullMatrix<double> mass, damping, stiffness;
  std::function<dealii::Vector<double>(double t)> load; // may be empty
};

/// Called after every step (and once at t = 0) with the state at t.
using SmallObserver =
    std::function<void(double t, const dealii::Vector<double>& u, const dealii::Vector<double>& v)>;

/// Integrates from (u0, v0, a0) at t = 0 to t_end in steps dt on MPI_COMM_SELF.
void integrate_small_system(const SmallSystem& system, const NewmarkParameters& parameters,
                            const dealii::Vector<double>& u0, const dealii::Vector<double>& v0,
                            const dealii::Vector<double>& a0, double dt, double t_end,
                            const SmallObserver& observe);

} // namespace hamdyn
