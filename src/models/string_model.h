#pragma once
// The damped taut string of Hamilton's principle (Stutts, "Lagrange's equation and its
// application", sec. 5, Example 5.1, eqs. (127)-(134)):
//   T = 1/2 int rho u_t^2 dx,  V = 1/2 int tau u_x^2 dx,  delta W_nc = -int (gamma u_t - f) du dx,
// plus the end and interior attachments of LineModel, whose strong form is (132) with the end
// condition (134) M u_tt + K u + tau u_x = 0 (plus D, F). The element kernels: FE_Q of degree 1-4
// on Gauss-Lobatto nodes, consistent (Gauss, p + 1 points) or lumped (Gauss-Lobatto nodal) mass.
#include "models/extended_lagrange.h"
#include "models/line_model.h"

#include <deal.II/fe/fe_values.h>

#include <memory>

namespace hamdyn {

class StringModel : public LineModel {
public:
  StringModel(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm);
  ~StringModel() override;
  /// c / L with the wave speed c = sqrt(tau/rho).
  double frequency_scale() const override;
  unsigned int output_subdivisions() const override { return c_.degree; }

private:
  void local_mass(const Cell& cell, double translational, double rotary,
                  dealii::FullMatrix<double>& mass) const override;
  void local_stiffness(const Cell& cell, dealii::FullMatrix<double>& stiffness) const override;
  bool local_tension_stiffness(const Cell& cell,
                               dealii::FullMatrix<double>& stiffness) const override;
  /// factor int phi_i' phi_j' dx over the cell.
  void gradient_products(const Cell& cell, double factor, dealii::FullMatrix<double>& out) const;
  void cell_forms(const Cell& cell, CellForms& forms) const override;
  void geometric_rows(const Cell& cell, CellForms& forms,
                      std::vector<extended>& form) const override;
  void local_load(const Cell& cell, double t, dealii::Vector<double>& f) const override;
  std::vector<double> displacement_weights(const Cell& cell, double x) const override;
  void interpolate(const Cell& cell, const std::function<double(double)>& w0,
                   const std::function<double(double)>& slope,
                   dealii::Vector<double>& local) const override;
  /// The internal force tau u_x.
  std::vector<std::string> resultant_names() const override { return {"internal_force"}; }
  void sample_resultants(const Cell& cell, const dealii::FEValues<1>& fe_values,
                         const dealii::Vector<double>& local, double* out) const override;

  // Built once; reinit per cell (FEValues construction costs more than a cell's integrals).
  std::unique_ptr<dealii::FEValues<1>> mass_values_, stiffness_values_, load_values_;
  std::unique_ptr<ExtendedLagrange> extended_;
};

} // namespace hamdyn
