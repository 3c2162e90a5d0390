#include "studies/frf_tables.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/history_writer.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace hamdyn {

namespace {
// The RMS over the band, sqrt(int G(f) df) by the trapezoidal rule over the frequencies in
// ascending order (a list need not be sorted).
double band_rms(const std::vector<double>& frequencies, const std::vector<double>& density) {
  std::vector<std::size_t> order(frequencies.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return frequencies[a] < frequencies[b]; });
  double integral = 0;
  for (std::size_t k = 1; k < order.size(); ++k)
    integral += 0.5 * (density[order[k]] + density[order[k - 1]]) *
                (frequencies[order[k]] - frequencies[order[k - 1]]);
  return std::sqrt(integral);
}

} // namespace

// S(f) at every frequency, checked: a density is finite and >= 0.
std::vector<double> load_psd_values(const ResponseParameters& p) {
  std::vector<double> s;
  for (double f : p.frequencies) {
    const double value = (*p.load_psd)(f, 0);
    if (!(value >= 0) || !std::isfinite(value))
      throw InputError("Frequency response/Load PSD", p.load_psd->text(),
                       "gives " + text_of(value) + " at f = " + text_of(f) +
                           " Hz; expected a finite density >= 0 at every frequency");
    s.push_back(value);
  }
  return s;
}

NamedValues write_frf_tables(const std::string& directory, const FrequencyResponse& r,
                             const std::vector<double>& psd, MPI_Comm comm, bool root) {
  NamedColumns header;
  header.add("frequency", "Hz");
  for (std::size_t col = 0; col < r.columns.size(); ++col) {
    const std::string &name = r.columns[col], &unit = r.units[col];
    // u(t) = Re(U e^{i omega t}); the phase atan2(Im U, Re U) in degrees, a lag negative
    header.add(name + "_re", unit);
    header.add(name + "_im", unit);
    header.add(name + "_abs", unit);
    header.add(name + "_phase_deg", "deg");
  }
  {
    write_units_table(directory + "/frf_units.csv", header, comm);
    CsvWriter frf(directory + "/frf.csv", header.names, comm);
    for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
      std::vector<double> row{r.frequencies[k]};
      for (const auto& u : r.values[k])
        row.insert(row.end(), {u.real(), u.imag(), std::abs(u), std::arg(u) * 180 / M_PI});
      frf.row(row);
    }
  }
  NamedValues results;
  if (root)
    std::printf("%-24s %16s %16s\n", "column", "largest |U|", "at f [Hz]");
  for (std::size_t col = 0; col < r.columns.size(); ++col) {
    std::size_t peak = 0;
    for (std::size_t k = 1; k < r.frequencies.size(); ++k)
      if (std::abs(r.values[k][col]) > std::abs(r.values[peak][col]))
        peak = k;
    results.add("peak_" + r.columns[col], std::abs(r.values[peak][col]));
    results.add("peak_frequency_" + r.columns[col], r.frequencies[peak]);
    if (root)
      std::printf("%-24s %16.9g %16.9g\n", r.columns[col].c_str(), std::abs(r.values[peak][col]),
                  r.frequencies[peak]);
  }
  if (!psd.empty()) {
    // the one-sided response PSD |H(f)|^2 S(f), in the column's unit squared per hertz
    NamedColumns psd_header;
    psd_header.add("frequency", "Hz");
    for (std::size_t col = 0; col < r.columns.size(); ++col)
      psd_header.add(r.columns[col] + "_psd", r.units[col] + "^2/Hz");
    write_units_table(directory + "/psd_units.csv", psd_header, comm);
    CsvWriter table(directory + "/psd.csv", psd_header.names, comm);
    std::vector<std::vector<double>> density(r.columns.size());
    for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
      std::vector<double> row{r.frequencies[k]};
      for (std::size_t col = 0; col < r.columns.size(); ++col) {
        density[col].push_back(std::norm(r.values[k][col]) * psd[k]);
        row.push_back(density[col].back());
      }
      table.row(row);
    }
    CsvWriter rms(directory + "/psd_rms.csv", {"quantity", "rms"}, comm,
                  "RMS over the frequencies, sqrt(int PSD df) by the trapezoidal rule");
    if (root)
      std::printf("%-24s %16s\n", "column", "RMS over band");
    for (std::size_t col = 0; col < r.columns.size(); ++col) {
      const double value = band_rms(r.frequencies, density[col]);
      rms.row(std::vector<std::string>{r.columns[col], precise_text_of(value)});
      results.add("rms_" + r.columns[col], value);
      if (root)
        std::printf("%-24s %16.9g\n", r.columns[col].c_str(), value);
    }
  }
  return results;
}

std::string support_motion_text(const std::vector<HarmonicSupportMotion>& motion) {
  std::string text;
  for (const HarmonicSupportMotion& m : motion)
    text +=
        (text.empty() ? "" : "; ") + m.support + ": " + text_of(m.x) + ", " + text_of(m.z) + " m";
  return text;
}

InputError resonance_refusal(double f, const std::string& model, const std::string& dashpots) {
  return InputError("Frequency response/Frequencies", text_of(f),
                    "the " + model +
                        "'s dynamic stiffness K_t - omega^2 M + i omega C is singular at " +
                        text_of(f) + " Hz (a resonance of the undamped " + model +
                        "); expected frequencies off its natural frequencies (hamdyn modes), or "
                        "damping (Frequency response/Structural damping, " +
                        dashpots + ")");
}

} // namespace hamdyn
