#pragma once
// Timoshenko beam: w and theta as two fields, FESystem(FE_Q(p), 2) on Gauss-Lobatto nodes,
// p = 1..4, with
//   V = 1/2 int EI theta_x^2 + kappa G A (w_x - theta)^2 dx,  T = 1/2 int rho A w_t^2 + rho I
//   theta_t^2.
// Shear locking (the shear term forcing w_x = theta on too coarse a space when kappa G A L^2 >> EI)
// is avoided by integrating the shear term with p Gauss points, one fewer than exact: selective
// reduced integration (Hughes, Taylor & Kanoknukulchai, IJNME 11:1529, 1977; Hughes, The Finite
// Element Method, sec. 5.3). Lumped mass: Gauss-Lobatto nodal quadrature.
#include "models/extended_lagrange.h"
#include "models/line_model.h"
#include "models/line_model_tools.h"

#include <deal.II/fe/fe_values.h>

namespace hamdyn {

class TimoshenkoBeamModel : public LineModel {
public:
  TimoshenkoBeamModel(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm);
  ~TimoshenkoBeamModel() override;
  /// sqrt(EI / rho A) / L^2.
  double frequency_scale() const override { return bending_frequency_scale(c_); }
  unsigned int output_subdivisions() const override { return c_.degree; }

private:
  void local_mass(const Cell& cell, double translational, double rotary,
                  dealii::FullMatrix<double>& mass) const override;
  void local_stiffness(const Cell& cell, dealii::FullMatrix<double>& stiffness) const override;
  void cell_forms(const Cell& cell, CellForms& forms) const override;
  void geometric_rows(const Cell& cell, CellForms& forms,
                      std::vector<extended>& form) const override;
  void local_load(const Cell& cell, double t, dealii::Vector<double>& f) const override;
  std::vector<double> displacement_weights(const Cell& cell, double x) const override;
  void interpolate(const Cell& cell, const std::function<double(double)>& w0,
                   const std::function<double(double)>& slope,
                   dealii::Vector<double>& local) const override;
  std::vector<std::string> resultant_names() const override {
    return {"bending_moment", "shear_force"};
  }
  void sample_resultants(const Cell& cell, const dealii::FEValues<1>& fe_values,
                         const dealii::Vector<double>& local, double* out) const override;

  // Built once; reinit per cell (FEValues construction costs more than a cell's integrals).
  std::unique_ptr<dealii::FEValues<1>> mass_values_, bending_values_, shear_values_, load_values_;
  std::unique_ptr<ExtendedLagrange> extended_;
};

} // namespace hamdyn
