#pragma once
// The damped taut string of Hamilton's principle with end attachments (Stutts, "Lagrange's
// equation and its application", sec. 5, Example 5.1, eqs. (127)-(134)):
//   T = 1/2 int rho u_t^2 dx + 1/2 M u_t(L)^2,  V = 1/2 int tau u_x^2 dx + 1/2 K u(L)^2,
//   delta W_nc = -int (gamma u_t - f) delta u dx - (D u_t(L) - F) delta u(L),
// so that, for all admissible delta u,
//   int rho u_tt du + gamma u_t du + tau u_x du_x dx + [M u_tt + D u_t + K u - F] du |_ends = int f
//   du,
// whose strong form is (132) with the end condition (134) M u_tt + K u + tau u_x = 0 (plus D, F).
// Discretized with FE_Q of degree 1-4 on Gauss-Lobatto nodes; Rayleigh damping a M + b K is added
// on the assembled M and K (end mass and spring included).
#include "models/model.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/fe/fe_q.h>
#include <deal.II/fe/fe_values.h>
#include <deal.II/grid/tria.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/full_matrix.h>
#include <deal.II/numerics/data_out.h>
#include <deal.II/numerics/data_postprocessor.h>

#include <memory>

namespace hamdyn {

class AttachedOscillators;

class Expression;

class StringModel : public Model {
public:
  StringModel(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm);
  ~StringModel() override;

  const dealii::DoFHandler<1>& dof_handler() const override { return dof_handler_; }
  const dealii::IndexSet& locally_relevant() const override { return locally_relevant_; }
  void structure_part(const LA::Vector& state, LA::Vector& structure) const override;
  void assemble(SecondOrderSystem& s) const override;
  /// Interpolates the initial displacement and velocity (zero at held ends).
  void initial_conditions(LA::Vector& u, LA::Vector& v) const override;
  /// u and v at both ends and the end reactions; u, v at the probes.
  HistoryFunctionals history_functionals() const override;
  /// Displacement, velocity, acceleration and the internal force tau u_x.
  void add_output_fields(dealii::DataOut<1>& out, const LA::Vector& u, const LA::Vector& v,
                         const LA::Vector& a) const override;
  /// c / L with the wave speed c = sqrt(tau/rho).
  double frequency_scale() const override;
  unsigned int output_subdivisions() const override { return c_.degree; }

private:
  struct LocalMatrices {
    dealii::FullMatrix<double> mass, stiffness;
  };
  /// FEValues for the mass (consistent: Gauss, lumped: Gauss-Lobatto nodal) and stiffness
  /// integrals, built once per assembly rather than per cell.
  struct Scratch {
    explicit Scratch(const StringModel& model);
    dealii::FEValues<1> mass_values, stiffness_values;
  };
  void local_matrices(const dealii::DoFHandler<1>::active_cell_iterator& cell, Scratch& scratch,
                      LocalMatrices& m) const;
  /// FEValues for the load integral, built once per assembly (degree + 2 Gauss points).
  std::unique_ptr<dealii::FEValues<1>> load_values() const;
  void local_load(const dealii::DoFHandler<1>::active_cell_iterator& cell, double t,
                  dealii::FEValues<1>& values, dealii::Vector<double>& f) const;
  void assemble_distributed_load(double t, LA::Vector& f) const;
  /// The boundary cell at x = 0 (end 0) or x = L (end 1) and the local index of the end node.
  std::pair<dealii::DoFHandler<1>::active_cell_iterator, unsigned int> end_cell(int end) const;
  /// The DoF at end e (0: x = 0, 1: x = L).
  dealii::types::global_dof_index end_dof(int e) const;
  /// The DoF at the mesh node at x (attachments sit on nodes).
  dealii::types::global_dof_index node_dof(double x) const;
  const EndParameters& end(int e) const { return e == 0 ? c_.left : c_.right; }

  CaseParameters c_;
  MPI_Comm comm_;
  dealii::FE_Q<1> fe_;
  dealii::DoFHandler<1> dof_handler_;
  std::unique_ptr<AttachedOscillators> oscillators_;
  dealii::IndexSet locally_owned_, locally_relevant_; // the system's: structure and oscillators
  dealii::AffineConstraints<double> constraints_;
  std::unique_ptr<Expression> distributed_force_, end_force_[2];
  std::unique_ptr<dealii::DataPostprocessorScalar<1>> internal_force_;
  std::vector<std::unique_ptr<Expression>> point_forces_;
};

} // namespace hamdyn
