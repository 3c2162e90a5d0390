#include "studies/run_buckling.h"

#include "core/input_error.h"
#include "core/text.h"
#include "exact/buckling_loads.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/compare_methods.h"
#include "studies/mode_shapes.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/rigid_motion.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace hamdyn {

namespace {
// What buckling cannot take, as bad input: another kind of structure, a nonlinear element (the
// eigenproblem is linear), or a beam that a rigid motion w = a + b x can move without bending (a
// mechanism: no support, end spring or interior spring stops it, and its critical load is 0).
void check_buckling_case(const CaseParameters& c) {
  const ModelKind& kind = model_kind(c.model_type);
  if (!kind.has_rotation)
    throw InputError("Model/Type", kind.name,
                     "buckling is computed for 'euler bernoulli beam' and 'timoshenko beam' (a "
                     "string has no bending stiffness: it buckles under any compression)");
  if (c.has_nonlinear_elements()) {
    const auto [parameter, value] = first_nonlinear_element(c);
    throw InputError(parameter, value,
                     "buckling is a linear eigenproblem; expected no nonlinear spring or dashpot "
                     "law (use its linear part, Spring or Springs)");
  }
  if (rigid_motions_held(c))
    return;
  throw InputError("Left end/Support", c.left.support,
                   "with Right end/Support = " + c.right.support +
                       " and the case's springs the beam is a mechanism (a rigid motion that no "
                       "support or spring stops) and has no buckling load; expected supports or "
                       "springs that hold it");
}

// The exact critical loads where they are known: an Euler-Bernoulli beam with any supports and
// end springs, a Timoshenko beam pinned-pinned or clamped-free (Engesser), nothing along the
// span that stiffens it (an interior spring); the preload N shifts them by N.
std::vector<double> exact_buckling_loads(const CaseParameters& c, unsigned int n) {
  if (!c.springs.empty() || c.axial_force_field) // (the shift below is for a uniform N)
    return {};
  const exact::BeamEnd left = exact_beam_end(c.left), right = exact_beam_end(c.right);
  std::vector<double> loads =
      c.model_type == ModelType::euler_bernoulli_beam
          ? exact::euler_buckling_loads(left, right, c.length, c.bending_stiffness, n)
          : exact::engesser_buckling_loads(left, right, c.length, c.bending_stiffness,
                                           c.shear_stiffness, n);
  for (double& p : loads)
    p += c.axial_force;
  return loads;
}
} // namespace

namespace {
// Buckling/Load = axial force: the case solved is the beam without its axial force in K, whose
// geometric form is weighted by -N(x), so that its eigenvalues are the multiples lambda of N at
// which K - lambda K_g(N) turns singular. N must compress the whole beam (K_g definite).
CaseParameters of_axial_force(const CaseParameters& c) {
  const FieldExtremes n = c.axial_force_extremes();
  if (n.max > 0)
    throw InputError("Buckling/Load", "axial force",
                     "Model/Axial force is a tension (" + text_of(n.max) +
                         " N) at x = " + text_of(n.x_of_max) +
                         " m; expected a compression (< 0) along the whole beam "
                         "to take its multiples (or Load = uniform)");
  if (!(n.min < 0))
    throw InputError("Buckling/Load", "axial force",
                     "Model/Axial force is 0: there is no load to take multiples of; expected a "
                     "compression (< 0), or Load = uniform");
  CaseParameters solved = c;
  solved.buckling.geometric_weight = [field = c.axial_force_field, n = c.axial_force](double x) {
    return -(field ? (*field)(x, 0) : n);
  };
  solved.axial_force = 0;
  solved.axial_force_field = nullptr;
  return solved;
}
} // namespace

NamedValues run_buckling(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  check_buckling_case(c);
  const unsigned int n = c.buckling.n_modes;
  const bool multiples = c.buckling.of_axial_force;
  const CaseParameters solved = multiples ? of_axial_force(c) : c;
  PreparedCase pc(solved, comm, Matrices::band_from_cells, MassForm::geometric_stiffness);
  check_number_of_modes(pc, n, "Buckling/Number of modes");
  refuse_modes_beyond_memory(pc, n, "Buckling/Number of modes");
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (!c.buckling.write_shapes)
    pc.release_mesh();
  // K x = P K_g x has the shape of K x = omega^2 M x: P = omega^2, on the scale EI / L^2 (a
  // multiple of N: on the scale EI / (L^2 max |N|))
  const double scale =
      std::sqrt(c.bending_stiffness / (multiples ? c.largest_axial_force() : 1)) / c.length;
  const Modes modes = natural_modes(pc.system, solved, n, scale, report);
  std::vector<double> loads;
  for (double w : modes.omega)
    loads.push_back(w * w);
  if (!(loads.front() > 1e-9 * scale * scale))
    throw CollectiveFailure("the first critical load is " + text_of(loads.front()) +
                            (multiples ? "" : " N") +
                            ", zero to round-off: the beam moves without bending (a mechanism "
                            "the supports' check did not see)");
  std::vector<double> exact = multiples ? std::vector<double>() : exact_buckling_loads(c, n);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  const std::string quantity = multiples ? "critical_factor" : "critical_force";
  std::vector<std::string> columns{"mode", quantity};
  if (!exact.empty())
    columns.push_back("exact_critical_force");
  columns.push_back("residual");
  CsvWriter csv(c.output_directory + "/buckling.csv", columns, comm);
  std::optional<VtuSeries> series;
  if (c.buckling.write_shapes)
    series.emplace(c.output_directory, "buckling", comm);
  if (root) {
    if (multiples)
      std::printf("critical multiples lambda of Model/Axial force = %s N (the beam buckles under "
                  "lambda N)\n",
                  c.axial_force_text().c_str());
    else if (c.has_axial_force())
      std::printf("critical loads on top of the preload Model/Axial force = %s N (the beam's own "
                  "axial force is in K)\n",
                  c.axial_force_text().c_str());
    std::printf("%6s %24s %24s %10s %10s\n", "mode",
                multiples ? "critical multiple" : "critical force [N]",
                exact.empty() ? "" : "exact [N]", exact.empty() ? "" : "rel. error", "residual");
  }
  NamedValues results;
  for (unsigned int k = 0; k < n; ++k) {
    std::vector<double> row{double(k + 1), loads[k]};
    if (!exact.empty())
      row.push_back(exact[k]);
    row.push_back(modes.residual[k]);
    csv.row(row);
    results.add(quantity + "_" + std::to_string(k + 1), loads[k]);
    if (root) {
      if (exact.empty())
        std::printf("%6u %24.15g %24s %10s %10.2e\n", k + 1, loads[k], "", "", modes.residual[k]);
      else
        std::printf("%6u %24.15g %24.15g %10.2e %10.2e\n", k + 1, loads[k], exact[k],
                    std::abs(loads[k] - exact[k]) / exact[k], modes.residual[k]);
    }
    if (series)
      write_mode_shape(pc, modes.shapes[k], k + 1, {{quantity, loads[k]}}, *series);
  }
  return results;
}

} // namespace hamdyn
