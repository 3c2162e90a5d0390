#include "studies/run_spectrum.h"

#include "core/input_error.h"
#include "core/moving_load_parameters.h"
#include "core/text.h"
#include "output/history_writer.h"
#include "studies/displacement_columns.h"
#include "studies/modal_participation.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/sdof_spectrum.h"
#include "studies/transient.h"
#include "time/time_grid.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamdyn {

double cqc_correlation(double wi, double zi, double wj, double zj) {
  const double r = wj / wi;
  const double numerator = 8 * std::sqrt(zi * zj) * (zi + r * zj) * std::pow(r, 1.5);
  const double denominator =
      std::pow(1 - r * r, 2) + 4 * zi * zj * r * (1 + r * r) + 4 * (zi * zi + zj * zj) * r * r;
  return denominator > 0 ? numerator / denominator : 1.0; // r = 1 with no damping: one mode
}

namespace {
// The excitation's samples: a record's own, an expression's at the case's time steps.
void excitation(const CaseParameters& c, std::vector<double>& t, std::vector<double>& a) {
  const GroundMotion& g = c.ground_motion;
  if (g.record) {
    t = g.record->times();
    for (double ti : t)
      a.push_back(g(ti));
    return;
  }
  const TimeGrid grid(c.time_step, c.final_time);
  for (unsigned long n = 0; n <= grid.n_steps; ++n) {
    t.push_back(grid.time(n));
    a.push_back(g(t.back()));
  }
}

double combine(const std::vector<double>& r, const std::vector<double>& w,
               const std::vector<double>& zeta, bool cqc) {
  double sum = 0;
  for (std::size_t i = 0; i < r.size(); ++i)
    for (std::size_t j = 0; j < r.size(); ++j)
      if (i == j || cqc)
        sum += r[i] * r[j] * (i == j ? 1.0 : cqc_correlation(w[i], zeta[i], w[j], zeta[j]));
  return std::sqrt(std::max(sum, 0.0));
}
} // namespace

NamedValues run_spectrum(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  refuse_moving_loads(c, "hamdyn spectrum (its modal peaks are the ground motion's alone)");
  if (!c.ground_motion.active())
    throw InputError("Ground motion/Acceleration", "0",
                     "`hamdyn spectrum` needs a ground motion; expected an acceleration "
                     "(Ground motion/Acceleration or Acceleration file)");
  if (c.has_nonlinear_elements()) {
    const auto [parameter, value] = first_nonlinear_element(c);
    throw InputError(parameter, value,
                     "response spectra combine the modes of a linear structure; expected no "
                     "nonlinear element (`hamdyn run` integrates the record with it)");
  }
  check_step_count(c);
  std::vector<double> t, a;
  excitation(c, t, a);
  const double until = std::max(c.final_time, t.back());

  PreparedCase pc(c, comm);
  check_free_dofs(pc);
  check_number_of_modes(pc);
  Modes modes = natural_modes(pc.system, c, c.n_modes, pc.model->frequency_scale());
  const ModalParticipation participation = modal_participation(pc, modes);
  const DisplacementColumns columns(*pc.model);
  // each mode's damping ratio phi^T C phi / (2 omega) (exact for classical damping: Rayleigh,
  // uniform viscous; the diagonal of the projected C otherwise)
  const std::size_t n = modes.omega.size();
  std::vector<double> zeta(n), sd(n), sa(n);
  std::vector<std::vector<double>> shape_columns(n);
  LA::Vector y(pc.system.locally_owned, comm), work(pc.system.locally_owned, comm);
  for (std::size_t k = 0; k < n; ++k) {
    if (pc.system.has_damping()) {
      pc.system.damping_vmult(y, modes.shapes[k], work);
      zeta[k] = (modes.shapes[k] * y) / (2 * modes.omega[k]);
    }
    if (!(zeta[k] < 1))
      throw InputError("Modes/Number of modes", std::to_string(c.n_modes),
                       "mode " + std::to_string(k + 1) + " is overdamped (damping ratio " +
                           text_of(zeta[k]) +
                           "): it has no spectral value; expected underdamped modes");
    const SpectralValues v = sdof_spectrum(t, a, 2 * M_PI / modes.omega[k], zeta[k], until);
    sd[k] = v.sd;
    sa[k] = v.sa;
    for (const auto& value : columns.of(modes.shapes[k], nullptr, comm))
      shape_columns[k].push_back(value.real());
  }
  // the time history under the same ground motion, by the run's own loop
  const auto names = history_columns(pc);
  std::vector<std::string> quantities = columns.names();
  quantities.push_back("base_shear");
  std::vector<std::size_t> at;
  at.reserve(quantities.size());
  for (const std::string& q : quantities)
    at.push_back(std::size_t(std::find(names.begin(), names.end(), q) - names.begin()));
  std::vector<double> history_peak(quantities.size(), 0.0);
  integrate(
      pc,
      [&](unsigned long, const State&, const std::vector<double>& row) {
        for (std::size_t q = 0; q < quantities.size(); ++q)
          history_peak[q] = std::max(history_peak[q], std::abs(row[at[q]]));
      },
      report);

  const auto output = prepare_output_directory(c.output_directory, file, comm);
  {
    CsvWriter spectrum(c.output_directory + "/spectrum.csv",
                       {"period", "damping_ratio", "Sd", "Sv", "Sa"}, comm,
                       "period in s; Sd in m, Sv = omega Sd in m/s, Sa = omega^2 Sd in m/s^2");
    for (double z : c.spectrum.damping_ratios)
      for (double period : c.spectrum.periods) {
        const SpectralValues v = sdof_spectrum(t, a, period, z, until);
        spectrum.row(std::vector<double>{period, z, v.sd, v.sv, v.sa});
      }
  }
  CsvWriter table(c.output_directory + "/spectrum_response.csv",
                  {"quantity", "srss", "cqc", "time_history"}, comm,
                  "peaks: displacement columns in their history.csv units, base_shear in N; " +
                      std::to_string(n) + " modes");
  NamedValues results;
  if (root)
    std::printf("%-24s %16s %16s %16s\n", "quantity", "SRSS", "CQC", "time history");
  for (std::size_t q = 0; q < quantities.size(); ++q) {
    std::vector<double> r(n);
    for (std::size_t k = 0; k < n; ++k)
      r[k] = q + 1 < quantities.size()
                 ? participation.factor[k] * shape_columns[k][q] * sd[k]
                 : participation.effective_mass[k] * sa[k]; // base shear of mode k
    const double srss = combine(r, modes.omega, zeta, false),
                 cqc = combine(r, modes.omega, zeta, true);
    table.row(std::vector<std::string>{quantities[q], precise_text_of(srss), precise_text_of(cqc),
                                       precise_text_of(history_peak[q])});
    results.add((c.spectrum.cqc ? "cqc_" : "srss_") + quantities[q], c.spectrum.cqc ? cqc : srss);
    results.add("time_history_" + quantities[q], history_peak[q]);
    if (root)
      std::printf("%-24s %16.9g %16.9g %16.9g\n", quantities[q].c_str(), srss, cqc,
                  history_peak[q]);
  }
  return results;
}

} // namespace hamdyn
