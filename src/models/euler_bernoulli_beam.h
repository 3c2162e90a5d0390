#pragma once
// Euler-Bernoulli beam: theta = w_x, C1 cubic Hermite elements (hermite_beam_element.h) on the
// DoFs of an FESystem(FE_Q(1), 2), w and theta at every node (deal.II 9.4 has no
// FE_Hermite). Section resultants: M = EI w_xx at cell midpoints, V = -EI w_xxx, as cell data.
#include "models/line_model.h"
#include "models/line_model_tools.h"

#include <deal.II/lac/vector.h>

namespace hamdyn {

class EulerBernoulliBeamModel : public LineModel {
public:
  EulerBernoulliBeamModel(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                          MPI_Comm comm);
  /// sqrt(EI / rho A) / L^2.
  double frequency_scale() const override { return bending_frequency_scale(c_); }
  unsigned int output_subdivisions() const override { return 1; }

private:
  void local_mass(const Cell& cell, double translational, double rotary,
                  dealii::FullMatrix<double>& mass) const override;
  void local_stiffness(const Cell& cell, dealii::FullMatrix<double>& stiffness) const override;
  void cell_forms(const Cell& cell, CellForms& forms) const override;
  void geometric_rows(const Cell& cell, CellForms& forms,
                      std::vector<extended>& form) const override;
  void local_load(const Cell& cell, double t, dealii::Vector<double>& f) const override;
  std::vector<double> displacement_weights(const Cell& cell, double x) const override;
  std::array<std::vector<double>, 3> displacement_derivatives(const Cell& cell,
                                                              double x) const override;
  bool slope_continuous() const override { return true; } // Hermite cubics are C1
  void interpolate(const Cell& cell, const std::function<double(double)>& w0,
                   const std::function<double(double)>& slope,
                   dealii::Vector<double>& local) const override;
  std::vector<std::string> resultant_names() const override {
    return {"bending_moment", "shear_force"};
  }
  bool resultants_per_cell() const override { return true; }
  void sample_resultants(const Cell& cell, const dealii::FEValues<1>& fe_values,
                         const dealii::Vector<double>& local, double* out) const override;
};

} // namespace hamdyn
