#include "studies/modal_spectrum.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/history_writer.h"
#include "studies/progress.h"
#include "studies/sdof_spectrum.h"
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

void check_ground_motion_given(const CaseParameters& c) {
  if (!c.ground_motion.active())
    throw InputError("Ground motion/Acceleration", "0",
                     "`hamdyn spectrum` needs a ground motion; expected an acceleration "
                     "(Ground motion/Acceleration or Acceleration file)");
}

ModalPeaks::ModalPeaks(const CaseParameters& c) {
  excitation(c, t, a);
  until = std::max(c.final_time, t.back());
}

void ModalPeaks::add_mode(double w, double z) {
  omega.push_back(w);
  zeta.push_back(z);
  if (z >= 1)
    overdamped.push_back("mode " + std::to_string(omega.size()) + " is overdamped (damping ratio " +
                         text_of(z) +
                         "): its spectral value is the peak of an overdamped oscillator");
  const SpectralValues v = sdof_spectrum(t, a, 2 * M_PI / w, z, until);
  sd.push_back(v.sd);
  sa.push_back(v.sa);
}

namespace {
// spectrum.csv: the oscillators of every damping ratio and period. They are independent of each
// other, so the ranks share them (rank r takes every n-th) and rank 0 gathers their values; a
// progress line counts rank 0's share (10^6 periods of a 301-sample record: 13 s on 1 rank).
void write_excitation_spectra(const CaseParameters& c, const ModalPeaks& m, MPI_Comm comm,
                              bool report) {
  const unsigned int rank = dealii::Utilities::MPI::this_mpi_process(comm),
                     ranks = dealii::Utilities::MPI::n_mpi_processes(comm);
  const std::size_t n_periods = c.spectrum.periods.size(),
                    n = c.spectrum.damping_ratios.size() * n_periods;
  std::vector<double> values(3 * n, 0.0); // Sd, Sv, Sa of oscillator k
  Progress progress(report && rank == 0, n, double(n), 0, "oscillator", "of", "");
  for (std::size_t k = rank; k < n; k += ranks) {
    const SpectralValues v = sdof_spectrum(m.t, m.a, c.spectrum.periods[k % n_periods],
                                           c.spectrum.damping_ratios[k / n_periods], m.until);
    values[3 * k] = v.sd;
    values[3 * k + 1] = v.sv;
    values[3 * k + 2] = v.sa;
    progress.update(k + 1, double(k + 1));
  }
  progress.finish("hamdyn spectrum: " + std::to_string(n) + " spectral values");
  // each value is one rank's, the others hold 0: the sum is a gather that keeps every bit
  MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_DOUBLE, MPI_SUM, comm);
  CsvWriter spectrum(c.output_directory + "/spectrum.csv",
                     {"period", "damping_ratio", "Sd", "Sv", "Sa"}, comm,
                     "period in s; Sd in m, Sv = omega Sd in m/s, Sa = omega^2 Sd in m/s^2");
  for (std::size_t k = 0; k < n; ++k)
    spectrum.row(std::vector<double>{c.spectrum.periods[k % n_periods],
                                     c.spectrum.damping_ratios[k / n_periods], values[3 * k],
                                     values[3 * k + 1], values[3 * k + 2]});
}

// spectrum.csv, then spectrum_response.csv: the modal combinations beside the time history's
// peaks (the run's largest values).
} // namespace

NamedValues write_spectra(const CaseParameters& c, const ModalPeaks& m,
                          const std::function<double(const std::string&)>& time_history_peak,
                          MPI_Comm comm, bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  write_excitation_spectra(c, m, comm, report);
  const std::size_t n = m.omega.size();
  CsvWriter table(c.output_directory + "/spectrum_response.csv",
                  {"quantity", "srss", "cqc", "time_history"}, comm,
                  std::string(m.base_shear ? "peaks: displacement columns in their "
                                             "history.csv units, base_shear in N; "
                                           : "peaks of the changes from the static equilibrium, "
                                             "in history.csv's units (history_units.csv); ") +
                      std::to_string(n) + " modes" +
                      (m.overdamped.empty() ? std::string()
                                            : "; " + std::to_string(m.overdamped.size()) +
                                                  " overdamped (zeta >= 1)"));
  if (root)
    for (const std::string& line : m.overdamped)
      std::printf("%s\n", line.c_str());
  NamedValues results;
  if (root)
    std::printf("%-24s %16s %16s %16s\n", "quantity", "SRSS", "CQC", "time history");
  for (std::size_t q = 0; q < m.quantities.size(); ++q) {
    std::vector<double> r(n);
    for (std::size_t k = 0; k < n; ++k)
      r[k] = q + 1 < m.quantities.size() || !m.base_shear
                 ? m.factor[k] * m.shape_columns[k][q] * m.sd[k]
                 : m.effective_mass[k] * m.sa[k]; // base shear of mode k
    const double srss = combine(r, m.omega, m.zeta, false), cqc = combine(r, m.omega, m.zeta, true);
    const double history_peak = time_history_peak(m.quantities[q]);
    table.row(std::vector<std::string>{m.quantities[q], precise_text_of(srss), precise_text_of(cqc),
                                       precise_text_of(history_peak)});
    results.add((c.spectrum.cqc ? "cqc_" : "srss_") + m.quantities[q], c.spectrum.cqc ? cqc : srss);
    results.add("time_history_" + m.quantities[q], history_peak);
    if (root)
      std::printf("%-24s %16.9g %16.9g %16.9g\n", m.quantities[q].c_str(), srss, cqc, history_peak);
  }
  return results;
}

} // namespace hamdyn
