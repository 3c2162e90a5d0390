#include "studies/run_planar_beam_static.h"

#include "output/history_writer.h"
#include "output/plane_line_frame.h"
#include "output/poly_data_series.h"
#include "studies/planar_beam_frames.h"
#include "studies/planar_beam_line.h"
#include "studies/prepared_case.h"
#include "studies/value_table.h"

#include <deal.II/base/mpi.h>

#include <vtkPolyData.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

NamedValues run_planar_beam_static(const CaseParameters& c, const ParameterFile& file,
                                   MPI_Comm comm, bool report) {
  const PlanarBeamState state = planar_beam_static_state(*c.planar_beam, "hamdyn static");
  const PlanarBeamLine& line = state.line;
  const std::vector<double>& q = state.q;
  const PlanarBeamEquilibrium& e = state.equilibrium;
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  const std::size_t last = line.n_nodes() - 1;
  const std::vector<double> f = internal_forces(line, q);
  NamedColumns columns;
  std::vector<double> values;
  const auto add = [&](const std::string& name, const std::string& unit, double value) {
    columns.add(name, unit);
    values.push_back(value);
  };
  if (line.frame) // each point's displacement and turn
    for (const auto& [name, node] : line.named_nodes) {
      add(name + "_u_x", "m", q[3 * node] - line.reference[3 * node]);
      add(name + "_u_z", "m", q[3 * node + 1] - line.reference[3 * node + 1]);
      add(name + "_turn", "rad", q[3 * node + 2]);
    }
  else {
    add("end_x", "m", q[3 * last]);
    add("end_z", "m", q[3 * last + 1]);
    add("end_rotation", "rad", q[3 * last + 2]);
    add("end_u_x", "m", q[3 * last] - line.reference[3 * last]);
    add("end_u_z", "m", q[3 * last + 1] - line.reference[3 * last + 1]);
    add("end_turn", "rad", q[3 * last + 2] - line.reference[3 * last + 2]);
  }
  // a held DoF's reaction: the support's force on the beam, internal force minus load there
  for (const auto& [name, node] : line.named_nodes)
    for (std::size_t component = 0; component < 3; ++component) {
      const std::size_t i = 3 * node + component;
      // (at a frame's hinge on a support each member's node is held: their reactions summed)
      double reaction = 0;
      for (const std::size_t at : line.nodes_at(node))
        if (line.held[3 * at + component])
          reaction += f[3 * at + component] - line.loads[3 * at + component];
      if (line.held[i])
        add(name + (component == 0   ? "_reaction_x"
                    : component == 1 ? "_reaction_z"
                                     : "_reaction_moment"),
            component < 2 ? "N" : "N m", reaction);
    }
  add(e.arc_steps > 0 ? "arc_length_steps" : "load_steps", "1",
      e.arc_steps > 0 ? e.arc_steps : e.load_steps);
  add("newton_iterations", "1", e.iterations);
  add("relative_residual", "1", e.residual);
  add("at_round_off", "1", e.at_round_off ? 1 : 0);
  // (not with followers: their tangent is not symmetric, and its pivots say nothing of stability)
  if (e.unstable_directions >= 0)
    add("unstable_directions", "1", e.unstable_directions);
  write_value_table(c.output_directory + "/static", columns, values, comm);

  // a line's nodes by arc length s; a frame's by number (its rotations the turns)
  const std::vector<double> s = node_arc_lengths(line);
  NamedColumns shape{
      {line.frame ? "node" : "s", "x", "z", line.frame ? "turn" : "rotation", "u_x", "u_z"},
      {line.frame ? "1" : "m", "m", "m", "rad", "m", "m"}};
  {
    CsvWriter csv(c.output_directory + "/static_shape.csv", shape.names, comm);
    for (std::size_t i = 0; i <= last; ++i)
      csv.row({line.frame ? double(i) : s[i], q[3 * i], q[3 * i + 1], q[3 * i + 2],
               q[3 * i] - line.reference[3 * i], q[3 * i + 1] - line.reference[3 * i + 1]});
  }
  write_units_table(c.output_directory + "/static_shape_units.csv", shape, comm);
  NamedColumns path{{"load_factor", "end_x", "end_z", "end_rotation", "end_u_x", "end_u_z"},
                    {"1", "m", "m", "rad", "m", "m"}};
  {
    CsvWriter csv(c.output_directory + "/static_path.csv", path.names, comm);
    for (const PlanarBeamPathPoint& p : e.path)
      csv.row({p.load_factor, p.x, p.z, p.rotation, p.x - line.reference[3 * line.watched_node()],
               p.z - line.reference[3 * line.watched_node() + 1]});
  }
  write_units_table(c.output_directory + "/static_path_units.csv", path, comm);
  const SampledForces sampled = sampled_forces(line, q);
  NamedColumns forces_columns{{"s", "axial_force", "shear_force", "bending_moment"},
                              {"m", "N", "N", "N m"}};
  {
    CsvWriter csv(c.output_directory + "/static_forces.csv", forces_columns.names, comm);
    for (std::size_t k = 0; k < sampled.s.size(); ++k)
      csv.row({sampled.s[k], sampled.forces[k].axial, sampled.forces[k].shear,
               sampled.forces[k].moment});
  }
  write_units_table(c.output_directory + "/static_forces_units.csv", forces_columns, comm);
  if (c.statics.write_shape) {
    PolyDataSeries series(c.output_directory, "static", comm);
    PlaneLineFrame frame = planar_beam_frame(line, q);
    std::vector<Vector2> displacement, director;
    std::vector<double> rotation, offset(line.n_nodes(), 0.0);
    for (std::size_t e = 0; e < line.elements.size(); ++e)
      for (unsigned a = 0; a <= line.degree(); ++a)
        offset[line.node(e, a)] = line.elements[e].rotation_offset();
    for (std::size_t i = 0; i <= last; ++i) {
      displacement.push_back(
          {q[3 * i] - line.reference[3 * i], q[3 * i + 1] - line.reference[3 * i + 1]});
      // the section's direction n = (-sin theta, cos theta): glyphs draw the sections (a
      // frame's theta is the turn: its angle adds an element's rotation offset there)
      const double angle = q[3 * i + 2] + offset[i];
      director.push_back({-std::sin(angle), std::cos(angle)});
      rotation.push_back(q[3 * i + 2]);
    }
    frame.point_vectors = {{"displacement", displacement}, {"section", director}};
    frame.point_scalars.insert(frame.point_scalars.begin(), {"rotation", rotation});
    series.write(0, series.writer() ? plane_line_poly_data(frame).GetPointer() : nullptr);
  }

  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("static equilibrium of %s: %s "
                "(%u halved), %u Newton iterations, relative residual %.3g%s%s\n",
                planar_beam_description(line).c_str(), e.steps_text().c_str(), e.halvings,
                e.iterations, e.residual,
                e.unstable_directions > 0 ? "; unstable (the tangent has negative eigenvalues)"
                                          : "",
                e.at_round_off ? " (double precision's floor: the corrections stopped shrinking "
                                 "at round-off size)"
                               : "");
    print_values(columns, values);
  }
  return named_values(columns, values);
}

} // namespace hamdyn
