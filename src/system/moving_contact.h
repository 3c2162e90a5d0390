#pragma once
// Masses and vehicles travelling along a line structure (Moving loads/Masses, Oscillators), as the
// operator sees them: their values and prescribed motion x(t), and the structure's transverse
// displacement w near x as a combination of DoFs, with its first and second x-derivatives there
// (the contact point's material acceleration needs all three: terms/moving_body_term.h).
#include <deal.II/base/types.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

/// w, w_x and w_xx at one point: sum_j n[j] u[dofs[j]] and so on, over free DoFs of the cell
/// that holds the point (and, as a body meets a C0 model, its neighbours': SecondOrderSystem::
/// body_shape), the same on every rank; no DoFs off the line (nor on a cell whose DoFs are all
/// held, which does not move either).
struct ContactShape {
  std::vector<dealii::types::global_dof_index> dofs;
  std::vector<double> n, n_x, n_xx;
};

struct MovingContact {
  std::string name;
  double mass = 0;                            // kg
  double stiffness = 0;                       // N/m; 0: a rigid mass riding on the structure
  double damping = 0;                         // N s/m
  std::function<double(double)> x, x_t, x_tt; // position [m] and its exact time derivatives
  bool is_vehicle() const { return stiffness > 0; }
};

} // namespace hamdyn
