#include "studies/run_static.h"

#include "core/text.h"
#include "output/history_writer.h"
#include "output/spacetime_series.h"
#include "output/vtu_series.h"
#include "studies/precision_floor.h"
#include "studies/static_equilibrium.h"
#include "studies/value_table.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cstdio>

namespace hamdyn {

namespace {
// The unit of a snapshot field a static shape keeps (models/line_model.cc: output_fields).
std::string unit_of_field(const std::string& name) {
  if (name == "displacement")
    return "m";
  if (name == "rotation")
    return "rad";
  if (name == "bending_moment")
    return "N m";
  return "N"; // internal_force, shear_force
}

// static_shape.csv: x, the displacement (a beam's rotation) and the internal forces at the
// positions spacetime.vts samples a run at (Output/Space-time points, spread like the mesh's
// nodes), for a plot of the shape; the rates, zero at rest, are left out.
void write_shape_table(const PreparedCase& pc, const LA::Vector& u, const LA::Vector& zero) {
  const CaseParameters& c = pc.parameters;
  std::vector<double> vertices;
  for (const auto& vertex : pc.triangulation->get_vertices())
    vertices.push_back(vertex[0]);
  std::sort(vertices.begin(), vertices.end());
  const std::vector<double> x = SpaceTimeSeries::positions(vertices, c.spacetime_points);
  const OutputFields fields = pc.model->output_fields();
  std::vector<std::string> names = fields.point;
  names.insert(names.end(), fields.cell.begin(), fields.cell.end());
  std::vector<double> values = pc.model->sample_at(x, u, zero, zero); // each x on one rank
  MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_DOUBLE, MPI_SUM, pc.comm);
  NamedColumns shape{{"x"}, {"m"}};
  std::vector<std::size_t> kept; // the displacement's fields and the resultants, not the rates
  for (std::size_t f = 0; f < names.size(); ++f)
    if (f < fields.components || f >= 3 * fields.components) {
      kept.push_back(f);
      shape.add(names[f], unit_of_field(names[f]));
    }
  CsvWriter csv(c.output_directory + "/static_shape.csv", shape.names, pc.comm);
  for (std::size_t i = 0; i < x.size(); ++i) {
    std::vector<double> row{x[i]};
    for (const std::size_t f : kept)
      row.push_back(values[i * names.size() + f]);
    csv.row(row);
  }
  write_units_table(c.output_directory + "/static_shape_units.csv", shape, pc.comm);
}
} // namespace

NamedValues run_static(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                       bool report) {
  check_static_case(c);
  PreparedCase pc(c, comm, Matrices::band_from_cells);
  const StaticEquilibrium e = static_equilibrium(pc);
  NamedValues results;
  constexpr double worth_a_warning = 1e-6;
  if (!(e.uncertainty <= worth_a_warning))
    results.warnings.push_back(
        "the static displacement may be off by " + text_of(e.uncertainty) +
        " relative or more (its refinement stalled there): " + finer_than_double_precision);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  NamedColumns columns{{"load_time"}, {"s"}};
  columns.names.insert(columns.names.end(), e.names.begin(), e.names.end());
  columns.units.insert(columns.units.end(), e.units.begin(), e.units.end());
  std::vector<double> row{c.statics.load_time};
  row.insert(row.end(), e.values.begin(), e.values.end());
  write_value_table(c.output_directory + "/static", columns, row, comm);
  LA::Vector u, zero;
  pc.model->structure_part(e.u, u);
  zero.reinit(u);
  if (c.spacetime_points > 0)
    write_shape_table(pc, u, zero);
  if (c.statics.write_shape) {
    VtuSeries series(c.output_directory, "static", comm);
    series.write(pc.model->output_fields(), pc.model->output_subdivisions(), c.statics.load_time,
                 [&](LineVtuPiece& piece) {
                   pc.model->sample_output_fields(
                       u, zero, zero,
                       [&](const double* x, const double* point, const double* cell) {
                         piece.add_cell(x, point, cell);
                       });
                 });
  }
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("static equilibrium K u = f under the loads at t = %s s\n",
                text_of(c.statics.load_time).c_str());
    if (e.unloaded)
      std::printf("every load is 0 at t = %s s (Load/Distributed force, the ends' Force and "
                  "Moment, Attachments/Forces; Static/Load time): u = 0\n",
                  text_of(c.statics.load_time).c_str());
    if (e.load_steps > 0)
      std::printf("nonlinear springs: the full load in %u load steps, %u Newton iterations\n",
                  e.load_steps, e.newton_iterations);
    print_values({e.names, e.units}, e.values);
  }
  for (std::size_t k = 0; k < e.names.size(); ++k)
    results.add(e.names[k], e.values[k]);
  return results;
}

} // namespace hamdyn
