#pragma once
// What the studies (run, modes, benchmark) need from a structural model, and nothing more: a
// string and a beam are different weak forms behind this one interface. A model never sees a time
// step, and output never recomputes physics.
#include "core/case_parameters.h"
#include "system/linear_functional.h"
#include "system/second_order_system.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/grid/tria.h>

#include <functional>
#include <memory>

namespace hamdyn {

/// The values of history.csv that are linear in the state: end values and reactions stand before
/// the energy columns, probe values after them.
struct HistoryFunctionals {
  std::vector<LinearFunctional> ends, probes;
};

struct OutputFields {
  /// point: the displacement's `components` fields (w, and a beam's theta), then as many for the
  /// velocity and as many for the acceleration, then the resultants sampled at points; cell: the
  /// resultants held per cell.
  std::vector<std::string> point, cell;
  std::size_t n_local_cells = 0;
  unsigned int components = 1;
};

/// What the system's "mass" M holds: the inertia (dynamics and natural modes), or the geometric
/// stiffness int w_x dw_x dx of a unit axial force with no point entries (buckling: K x = P K_g x
/// has the shape of K x = omega^2 M x, and shares its solver).
enum class MassForm { inertia, geometric_stiffness };

class Model {
public:
  virtual ~Model() = default;
  virtual const dealii::DoFHandler<1>& dof_handler() const = 0;
  /// Assembles M, K, the damping and the load f(t), once; with Matrices::band_from_cells only
  /// the point entries, held rows and cell forms M and K's band is built from (no damping).
  /// MassForm::geometric_stiffness needs Matrices::band_from_cells.
  virtual void assemble(SecondOrderSystem& s, Matrices matrices, MassForm form) const = 0;
  /// The initial displacement and velocity (zero on held DoFs).
  virtual void initial_conditions(LA::Vector& u, LA::Vector& v) const = 0;
  virtual HistoryFunctionals history_functionals() const = 0;
  /// `structure` = the DoFHandler's part of the system vector `state` (only its owned entries
  /// are read), ghosted: what the snapshots sample.
  virtual void structure_part(const LA::Vector& state, LA::Vector& structure) const = 0;
  /// The names of the snapshot's point fields and cell fields (output_subdivisions() + 1 points
  /// and one value per cell), and how many cells this rank samples.
  virtual OutputFields output_fields() const = 0;
  /// Samples the fields of a state, given as ghosted vectors of the structure's part, on every
  /// locally owned cell in turn: `cell` gets x at its points, point field f's values at
  /// point_values[f * (n + 1) + j] and the cell fields' values.
  virtual void
  sample_output_fields(const LA::Vector& u, const LA::Vector& v, const LA::Vector& a,
                       const std::function<void(const double* x, const double* point_values,
                                                const double* cell_values)>& cell) const = 0;
  /// The snapshot fields (output_fields()'s point fields, then its cell fields as the value of
  /// the containing cell) at the positions x (sorted ascending) of the line that lie in this rank's
  /// cells (each position in exactly one rank's cell), at values[i * n_fields + f]; zero elsewhere,
  /// so that a sum over the ranks gives every position's values.
  virtual std::vector<double> sample_at(const std::vector<double>& x, const LA::Vector& u,
                                        const LA::Vector& v, const LA::Vector& a) const = 0;
  /// m_r = M r, r the influence vector of a uniform transverse support motion (1 on every DoF of
  /// transverse translation, supports included, and on the attached oscillators' masses; 0 on
  /// rotations), with M the mass before the supports' rows and columns are taken out, and zero
  /// in held rows: the effective earthquake force per unit ground acceleration -M r a_g (Chopra,
  /// Dynamics of Structures, 4th ed., sec. 9.4) and the source of the modal participation
  /// factors phi^T M r. `m_r` is distributed like the system. Collective.
  virtual void translation_inertia(LA::Vector& m_r) const = 0;
  /// A typical angular frequency of the structure [rad/s], the scale of the modal shift.
  virtual double frequency_scale() const = 0;
  /// Subdivisions of each cell in ParaView output.
  virtual unsigned int output_subdivisions() const = 0;
};

/// The model that Model/Type names.
std::unique_ptr<Model> make_model(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                                  MPI_Comm comm);

} // namespace hamdyn
