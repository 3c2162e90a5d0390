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
/// that holds the point (and, as a body meets a C0 model, its neighbours': MovingBodies::
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

/// The masses and vehicles moving along a line (SecondOrderSystem::parts; the same list on every
/// rank), the gravity acting on them [m/s^2, in -w], and w's shape at a point x (empty off the
/// line): as moving forces meet it (the element's own) and as the bodies meet it (C0 models: a C1
/// field recovered from w, models/line_model.cc). A line with moving forces only has no bodies.
struct MovingBodies {
  std::vector<MovingContact> bodies;
  double gravity = 0;
  std::function<ContactShape(double x)> contact_shape, body_shape;
};

} // namespace hamdyn
