#pragma once
// A structure along a line, x in [0, L], whose transverse displacement w (and, for beams, rotation
// theta) is discretized by finite elements: everything except the element kernels. Hamilton's
// principle gives, for all admissible variations (dw, dtheta),
//   int [element inertia, damping and stiffness terms] dx
//     + sum_ends [M w_tt + D w_t + K w - F] dw + [J theta_tt + D_r theta_t + K_r theta - moment]
//     dtheta
//     + sum_interior [m w_tt + d w_t + k w - f] dw (+ oscillators) = int f dw dx
// (Stutts, "Lagrange's equation and its application", sec. 5, eqs. (127)-(134) for a string with
// end attachments; the beams add the rotational end terms). This base owns the DoFs, the supports
// (constraints), the end and interior attachments, the attached oscillators, the loads, the
// initial state and the end reactions; a string, a Hermite beam and a Timoshenko beam supply only
// their element kernels (the protected functions below).
#include "models/model.h"
#include "system/moving_contact.h"

#include <deal.II/fe/fe.h>

#include <array>
#include <deal.II/fe/fe_values.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <functional>
#include <memory>

namespace hamdyn {

class AttachedOscillators;

class Expression;

class LineModel : public Model {
public:
  /// `fe` has the component w, or the components (w, theta), with both vertex DoFs first in each
  /// cell and w before theta at a vertex.
  LineModel(const CaseParameters& c, const dealii::Triangulation<1>& tria, MPI_Comm comm,
            std::unique_ptr<dealii::FiniteElement<1>> fe);
  ~LineModel() override;

  const dealii::DoFHandler<1>& dof_handler() const override { return dof_handler_; }
  void structure_part(const LA::Vector& state, LA::Vector& structure) const override;
  void assemble(SecondOrderSystem& s, Matrices matrices, MassForm form) const override;
  /// w and w_t from the expressions (beams: theta from a central difference of them, step
  /// 1e-6 L), zero on held DoFs.
  void initial_conditions(LA::Vector& u, LA::Vector& v) const override;
  /// w, w_t and the force reactions at both ends, then (beams) theta and the moment reactions;
  /// u and v at the probes; the oscillators' displacements.
  HistoryFunctionals history_functionals() const override;
  /// From the cells' mass matrices with r = 1 on component 0 (w), plus the point masses on
  /// free translations and the oscillators' masses.
  void translation_inertia(LA::Vector& m_r) const override;
  /// Displacement (and rotation), their rates and accelerations, and the element's resultants.
  OutputFields output_fields() const override;
  std::vector<double> sample_at(const std::vector<double>& x, const LA::Vector& u,
                                const LA::Vector& v, const LA::Vector& a) const override;
  void
  sample_output_fields(const LA::Vector& u, const LA::Vector& v, const LA::Vector& a,
                       const std::function<void(const double* x, const double* point_values,
                                                const double* cell_values)>& cell) const override;

protected:
  using Cell = dealii::DoFHandler<1>::active_cell_iterator;
  /// int translational N_w N_w + rotary N_theta N_theta dx over the cell (consistent or lumped as
  /// the case says), in the cell's DoF order: the mass with (rho A, rho I), the viscous damping
  /// with (gamma, 0). A string has no rotary part.
  /// For Lagrange elements of degree Discretization/Degree: the mass's quadrature (consistent or
  /// lumped) and the load's, built once and reinit per cell.
  std::unique_ptr<dealii::FEValues<1>> lagrange_mass_values() const;
  std::unique_ptr<dealii::FEValues<1>> lagrange_load_values() const;
  /// The kernels write into the caller's matrix or vector (resized and zeroed), which assembly
  /// reuses from cell to cell: a fresh allocation per cell cost 8% of a million-cell set-up.
  virtual void local_mass(const Cell& cell, double translational, double rotary,
                          dealii::FullMatrix<double>& mass) const = 0;
  /// The element's stiffness, in the cell's DoF order.
  virtual void local_stiffness(const Cell& cell, dealii::FullMatrix<double>& stiffness) const = 0;
  /// int phi_i' phi_j' dx of a cell, the stiffness per unit tension of a string whose tension
  /// varies (Model/Axial stiffness); false for a model that has none.
  virtual bool local_tension_stiffness(const Cell& /*cell*/,
                                       dealii::FullMatrix<double>& /*stiffness*/) const {
    return false;
  }
  /// The cell's mass (with rho A and rho I, consistent or lumped as assembled) and stiffness as
  /// extended-precision rows of point values (system/cell_forms.h): the same forms local_mass
  /// and local_stiffness assemble, without their rounding.
  virtual void cell_forms(const Cell& cell, CellForms& forms) const = 0;
  /// Appends to `form` the rows of int w_x^2 dx over the cell (the geometric stiffness of a unit
  /// axial force, on the displacement w), exactly integrated.
  virtual void geometric_rows(const Cell& cell, CellForms& forms,
                              std::vector<extended>& form) const = 0;
  /// cell_forms of every cell that holds a DoF this rank owns (SecondOrderSystem::
  /// visit_cell_forms), with the mass rows replaced by geometric_rows for
  /// MassForm::geometric_stiffness.
  void visit_cell_forms(const CellFormVisitor& visit, MassForm form) const;
  /// int f(x, t) N_w dx over the cell.
  virtual void local_load(const Cell& cell, double t, dealii::Vector<double>& f) const = 0;
  /// Weights of the cell's DoFs that give w(x), x in the cell.
  virtual std::vector<double> displacement_weights(const Cell& cell, double x) const = 0;
  /// Weights of the cell's DoFs that give w, w_x and w_xx at x in the cell (the element's own
  /// derivatives: w_xx is zero inside a C0 element of degree 1). This base takes component 0 of
  /// the finite element; the Hermite beam its cubics.
  virtual std::array<std::vector<double>, 3> displacement_derivatives(const Cell& cell,
                                                                      double x) const;
  /// Whether w_x is continuous across cells (C1 elements); false for C0 elements.
  virtual bool slope_continuous() const { return false; }
  /// The cell's DoF values for the displacement w0 and (beams) the rotation w0' (a function that
  /// is evaluated only where the element has a rotation DoF).
  virtual void interpolate(const Cell& cell, const std::function<double(double)>& w0,
                           const std::function<double(double)>& slope,
                           dealii::Vector<double>& local) const = 0;
  /// The snapshot's point fields at the points `fe_values` is set up on (reinit on `cell`), from
  /// the ghosted structure vectors u, v, a, and the cell fields (see output_fields()); `local`
  /// is scratch for the cell's DoF values, kept by the caller across cells.
  void sample_cell(const Cell& cell, const dealii::FEValues<1>& fe_values,
                   const std::array<const LA::Vector*, 3>& state,
                   std::array<dealii::Vector<double>, 3>& local, double* point_values,
                   double* cell_values) const;
  /// The section resultants (a string's internal force, a beam's bending moment and shear force):
  /// their names, and whether they are cell data (one value per cell) rather than point data.
  virtual std::vector<std::string> resultant_names() const = 0;
  virtual bool resultants_per_cell() const { return false; }
  /// The resultants of displacement `local` (the cell's DoF values) at the points `fe_values` is
  /// set up on (out[r * n_points + q]), or per cell (out[r]).
  virtual void sample_resultants(const Cell& cell, const dealii::FEValues<1>& fe_values,
                                 const dealii::Vector<double>& local, double* out) const = 0;

  const CaseParameters c_;

private:
  /// The nonlinear springs of the case (ends and interior) as the system's NodalForces.
  void add_nodal_forces(SecondOrderSystem& s) const;
  /// M, K, the damping matrix and the large-amplitude string's K1 as PETSc matrices.
  void assemble_matrices(SecondOrderSystem& s) const;
  void assemble_tension_stiffness(SecondOrderSystem& s,
                                  const dealii::DynamicSparsityPattern& dsp) const;

protected:
private:
  /// True when the element has a rotation DoF at each vertex (beams).
  bool has_rotation() const { return n_components_ == 2; }
  /// Viscous damping gamma acts on w only. Without rotary inertia, gamma/rho A M is exactly its
  /// matrix and no matrix of its own is needed; with rotary inertia it is assembled apart.
  bool viscous_needs_own_matrix() const { return c_.viscous_damping_needs_own_matrix(); }
  void assemble_distributed_load(double t, LA::Vector& f) const;
  /// Adds each moving force P(t) at x(t) to f through the shape functions of the cell x(t) is in
  /// (`cells`: the active cells along +x), this rank's rows only, while x(t) is in [0, Length].
  void add_moving_forces(double t, const std::vector<Cell>& cells, LA::Vector& f) const;
  /// w, w_x and w_xx at x through the free DoFs of the cell of `cells` (the active cells along
  /// +x) that holds it; nothing off [0, Length]. The moving loads' one way onto the line.
  ContactShape contact_shape(const std::vector<Cell>& cells, double x) const;
  /// w, w_x and w_xx at x as a moving body meets them (MovingBodies::body_shape): on a C1
  /// model the element's own; on a C0 model those of a C1 field recovered from w over the cell
  /// and its neighbours (line_model.cc says why); nothing off [0, Length].
  ContactShape body_shape(const std::vector<Cell>& cells, double x) const;
  /// The moving masses and vehicles, their gravity and w's shape along the line for the operator
  /// and the static values of the moving loads (system/moving_contact.h, MovingBodies).
  void add_moving_bodies(SecondOrderSystem& s,
                         const std::shared_ptr<const std::vector<Cell>>& cells) const;
  /// DoF of component (0: w, 1: theta) at end e (0: x = 0, 1: x = L).
  dealii::types::global_dof_index end_dof(int e, unsigned int component) const;
  /// The displacement DoF at the mesh node at x (attachments sit on nodes).
  dealii::types::global_dof_index node_dof(double x) const;
  /// Ground motion: <c>_abs_acc for each displacement column c, after the probes.
  void add_absolute_accelerations(HistoryFunctionals& h) const;
  const EndParameters& end(int e) const { return e == 0 ? c_.left : c_.right; }
  /// The held row's consistent reaction, or the ground's spring and dashpot force on a free one.
  LinearFunctional reaction(int e, unsigned int component, const std::string& name) const;
  /// r on a cell: 1 on every translation DoF, 0 on rotations (uniform transverse support motion).
  dealii::Vector<double> cell_translation() const;

  MPI_Comm comm_;
  std::unique_ptr<dealii::FiniteElement<1>> fe_;
  unsigned int n_components_;
  dealii::DoFHandler<1> dof_handler_;
  std::size_t n_local_cells_ = 0; // locally owned cells (the mesh never changes)
  std::unique_ptr<AttachedOscillators> oscillators_;
  dealii::IndexSet locally_owned_, locally_relevant_; // the system's: structure and oscillators
  dealii::AffineConstraints<double> constraints_;
};

} // namespace hamdyn
