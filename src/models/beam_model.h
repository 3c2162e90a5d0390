#pragma once
// The Euler-Bernoulli beam of Hamilton's principle with end attachments:
//   T = 1/2 int (rho A w_t^2 + rho I w_xt^2) dx + sum_ends 1/2 (M w_t^2 + J w_xt^2),
//   V = 1/2 int EI w_xx^2 dx + sum_ends 1/2 (K w^2 + K_r w_x^2),
//   delta W_nc = int (f - gamma w_t) dw dx + sum_ends (F - D w_t) dw + (moment - D_r w_xt) dw_x,
// so that for all admissible (dw, dw_x)
//   int rho A w_tt dw + rho I w_xtt dw_x + gamma w_t dw + EI w_xx dw_xx dx
//     + sum_ends [M w_tt + D w_t + K w - F] dw + [J w_xtt + D_r w_xt + K_r w_x - moment] dw_x
//   = int f dw dx,
// with the strong form rho A w_tt - (rho I w_ttx)_x + (EI w_xx)_xx + gamma w_t = f and, at a
// free end x = L, EI w_xx + J w_xtt + ... = moment and -(EI w_xx)_x + rho I w_ttx + M w_tt + ... =
// F. Discretized with C1 cubic Hermite elements (hermite_beam_element.h) on the DoFs of an
// FESystem(FE_Q(1), 2): w and theta = w_x at every node.
#include "models/model.h"

#include <deal.II/fe/fe_system.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/full_matrix.h>

#include <functional>
#include <memory>

namespace hamdyn {

class AttachedOscillators;

class Expression;

class BeamModel : public Model {
public:
  /// `fe` has the components (w, theta) with both vertex DoFs first in each cell, w before theta.
  BeamModel(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm,
            std::unique_ptr<dealii::FiniteElement<1>> fe);
  ~BeamModel() override;

  const dealii::DoFHandler<1>& dof_handler() const override { return dof_handler_; }
  const dealii::IndexSet& locally_relevant() const override { return locally_relevant_; }
  void structure_part(const LA::Vector& state, LA::Vector& structure) const override;
  void assemble(SecondOrderSystem& s) const override;
  /// w from the expression, theta = dw/dx by a central difference of it (step 1e-6 L).
  void initial_conditions(LA::Vector& u, LA::Vector& v) const override;
  /// w, dw/dt, the force reactions, then theta and the moment reactions at both ends; probes.
  HistoryFunctionals history_functionals() const override;
  /// Displacement and rotation (and their rates), and the section resultants.
  void add_output_fields(dealii::DataOut<1>& out, const LA::Vector& u, const LA::Vector& v,
                         const LA::Vector& a) const override;
  /// sqrt(EI / rho A) / L^2.
  double frequency_scale() const override;

protected:
  using Cell = dealii::DoFHandler<1>::active_cell_iterator;
  /// int translational N_w N_w + rotary N_theta N_theta dx over the cell (consistent or lumped as
  /// the case says), in the cell's DoF order: the mass with (rho A, rho I), the viscous damping
  /// with (gamma, 0).
  virtual dealii::FullMatrix<double> local_mass(const Cell& cell, double translational,
                                                double rotary) const = 0;
  /// The element's stiffness, in the cell's DoF order.
  virtual dealii::FullMatrix<double> local_stiffness(const Cell& cell) const = 0;
  /// int f(x, t) phi_i^w dx over the cell.
  virtual dealii::Vector<double> local_load(const Cell& cell, double t) const = 0;
  /// Weights of the cell's DoFs that give w(x), x in the cell.
  virtual std::vector<double> displacement_weights(const Cell& cell, double x) const = 0;
  /// The cell's DoF values for the displacement w0 and the rotation w0' (given as a function).
  virtual dealii::Vector<double> interpolate(const Cell& cell,
                                             const std::function<double(double)>& w0,
                                             const std::function<double(double)>& slope) const = 0;
  /// Bending moment and shear force fields of the displacement u (ghosted).
  virtual void add_resultants(dealii::DataOut<1>& out, const LA::Vector& u) const = 0;

  const CaseParameters c_;

private:
  /// Viscous damping gamma acts on w only. Without rotary inertia, gamma/rho A M is exactly its
  /// matrix and no matrix of its own is needed; with rotary inertia it is assembled apart.
  bool viscous_needs_own_matrix() const {
    return c_.viscous_damping > 0 && c_.rotary_inertia_per_length > 0;
  }
  void assemble_distributed_load(double t, LA::Vector& f) const;
  /// DoF of component (0: w, 1: theta) at end e (0: x = 0, 1: x = L).
  dealii::types::global_dof_index end_dof(int e, unsigned int component) const;
  /// The displacement DoF at the mesh node at x (attachments sit on nodes).
  dealii::types::global_dof_index node_dof(double x) const;
  const EndParameters& end(int e) const { return e == 0 ? c_.left : c_.right; }

  MPI_Comm comm_;
  std::unique_ptr<dealii::FiniteElement<1>> fe_;
  dealii::DoFHandler<1> dof_handler_;
  std::unique_ptr<AttachedOscillators> oscillators_;
  dealii::IndexSet locally_owned_, locally_relevant_; // the system's: structure and oscillators
  dealii::AffineConstraints<double> constraints_;

protected:
  std::unique_ptr<Expression> distributed_force_;

private:
  std::unique_ptr<Expression> end_force_[2], end_moment_[2];
  std::vector<std::unique_ptr<Expression>> point_forces_;
};

} // namespace hamdyn
