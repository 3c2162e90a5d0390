#include "studies/run_cable_static.h"

#include "core/text.h"
#include "output/cable_series.h"
#include "output/history_writer.h"
#include "studies/cable_line.h"
#include "studies/prepared_case.h"
#include "studies/value_table.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
// The depth below the supports' chord at midspan of the polyline x [m] (NaN for supports one
// above the other, which have no midspan).
double midspan_sag(const std::vector<Vector2>& x) {
  const Vector2 a = x.front(), b = x.back();
  const double middle = 0.5 * (a.x + b.x);
  if (!(b.x > a.x))
    return std::nan("");
  for (std::size_t k = 0; k + 1 < x.size(); ++k)
    if ((x[k].x - middle) * (x[k + 1].x - middle) <= 0 && x[k + 1].x != x[k].x) {
      const double f = (middle - x[k].x) / (x[k + 1].x - x[k].x);
      return 0.5 * (a.z + b.z) - (x[k].z + f * (x[k + 1].z - x[k].z));
    }
  return std::nan("");
}

} // namespace

NamedValues run_cable_static(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                             bool report) {
  CableLine line = make_cable_line(*c.cable);
  CableChain& chain = line.chain;
  const ChainEquilibrium e = solve_cable_equilibrium(chain);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  const auto [left, right] = support_reactions(chain, chain.nodes);
  const std::vector<double> tension = node_tensions(chain, chain.nodes);
  double largest_tension = 0;
  for (const double t : tension)
    largest_tension = std::max(largest_tension, t);
  NamedColumns columns;
  std::vector<double> values;
  const auto add = [&](const std::string& name, const std::string& unit, double value) {
    columns.add(name, unit);
    values.push_back(value);
  };
  add("left_reaction_x", "N", left.x);
  add("left_reaction_z", "N", left.z);
  add("right_reaction_x", "N", right.x);
  add("right_reaction_z", "N", right.z);
  for (std::size_t k = 0; k < line.held_nodes.size(); ++k) { // the intermediate supports
    const Vector2 r = node_reaction(chain, chain.nodes, line.held_nodes[k]);
    add("held" + std::to_string(k + 1) + "_reaction_x", "N", r.x);
    add("held" + std::to_string(k + 1) + "_reaction_z", "N", r.z);
  }
  add("max_tension", "N", largest_tension);
  const double sag = midspan_sag(chain.nodes);
  if (std::isfinite(sag))
    add("sag", "m", sag);
  add("unstretched_length", "m", line.unstretched_length);
  const bool exact = line.catenary_is_equilibrium;
  if (exact) {
    const exact::ElasticCatenary& k = *line.catenary;
    add("exact_left_reaction_x", "N", k.left_reaction().x);
    add("exact_left_reaction_z", "N", k.left_reaction().z);
    add("exact_right_reaction_x", "N", k.right_reaction().x);
    add("exact_right_reaction_z", "N", k.right_reaction().z);
    add("exact_max_tension", "N", std::max(k.tension(0), k.tension(k.unstretched_length())));
    add("exact_sag", "m", k.sag());
  }
  add("newton_iterations", "1", e.iterations);
  add("relative_residual", "1", e.residual);
  add("residual_floor", "1", e.residual_floor);
  write_value_table(c.output_directory + "/static", columns, values, comm);

  NamedColumns shape{{"s", "x", "z", "tension"}, {"m", "m", "m", "N"}};
  if (exact)
    for (const char* name : {"exact_x", "exact_z"})
      shape.add(name, "m");
  if (exact)
    shape.add("exact_tension", "N");
  {
    CsvWriter csv(c.output_directory + "/static_shape.csv", shape.names, comm);
    for (std::size_t i = 0; i < chain.nodes.size(); ++i) {
      std::vector<double> row{line.s[i], chain.nodes[i].x, chain.nodes[i].z, tension[i]};
      if (exact) {
        const exact::PlaneVector p = line.catenary_position(line.s[i]);
        row.insert(row.end(), {p.x, p.z, line.catenary->tension(line.s[i])});
      }
      csv.row(row);
    }
  }
  write_units_table(c.output_directory + "/static_shape_units.csv", shape, comm);
  if (c.statics.write_shape) {
    CableSeries series(c.output_directory, "static", cable_marks(line, *c.cable), comm);
    series.write(0, chain.nodes, std::vector<Vector2>(chain.nodes.size(), Vector2{0, 0}),
                 element_tensions(chain, chain.nodes));
  }

  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("static equilibrium of a cable of %zu elements under its weight: %u Newton "
                "iterations (after %zu coarser chains), relative residual %.3g%s\n",
                chain.elements.size(), e.iterations, e.coarser_chains, e.residual,
                e.residual > 1e-10 ? " (double precision's floor for this chain: "
                                     "32 eps max(EA/L) max|x| / the largest force)"
                                   : "");
    if (exact)
      std::printf("beside the elastic catenary (Irvine 1981, eqs. 2.25-2.27): exact_*\n");
    print_values(columns, values);
  }
  return named_values(columns, values);
}

} // namespace hamdyn
