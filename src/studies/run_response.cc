#include "studies/run_response.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/complex_shapes.h"
#include "studies/frequency_response.h"
#include "studies/memory.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace hamdyn {

namespace {
// S(f) at every frequency, checked: a density is finite and >= 0.
std::vector<double> load_psd(const ResponseParameters& p) {
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

// The operating deflection shapes, one snapshot per frequency, ParaView's time axis being the
// frequency [Hz].
// The response's memory, refused up front (before the mesh is built). Measured peaks (resident
// set of each rank, a string of degree 2 at one frequency): 1.69 and 3.20 GB on 1 rank at 10^6
// and 2 10^6 DoFs, 2.39 and 4.42 GB summed over 2 ranks. Every rank holds 168 MB and 527 bytes a
// DoF of the whole line (parallel::shared replicates the mesh and its DoF numbering), the job 990
// bytes a DoF of the distributed matrices and the complex factorization; the generic estimate
// (studies/memory.h: check_memory) left out the replicated part and said 3.2 GB for 4.4.
void refuse_response_beyond_memory(const CaseParameters& c, MPI_Comm comm) {
  const double ranks = dealii::Utilities::MPI::n_mpi_processes(comm),
               dofs = dof_count(c, double(c.n_elements));
  refuse_beyond_memory("Discretization/Elements", std::to_string(c.n_elements),
                       ranks * (168e6 + 527 * dofs) + 990 * dofs,
                       "the response of " + std::to_string(static_cast<unsigned long long>(dofs)) +
                           " DoFs on " + std::to_string(static_cast<int>(ranks)) + " rank(s)",
                       comm);
}

void write_shapes(const PreparedCase& pc, const FrequencyResponse& r) {
  VtuSeries series(pc.parameters.output_directory, "response", pc.comm);
  for (std::size_t j = 0; j < r.shape_frequencies.size(); ++j)
    write_complex_shape(pc, r.shapes_re[j], r.shapes_im[j], r.shape_frequencies[j],
                        {{"frequency", r.shape_frequencies[j]}}, series);
}
} // namespace

NamedValues run_response(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  std::vector<std::string> notes;
  const CaseParameters h = harmonic_load_case(c, notes);
  const std::vector<double> psd =
      c.response.load_psd ? load_psd(c.response) : std::vector<double>{};
  refuse_response_beyond_memory(c, comm);
  PreparedCase pc(h, comm);
  check_free_dofs(pc);
  if (!pc.system.load) {
    std::string left_out;
    for (const std::string& note : notes)
      left_out += (left_out.empty() ? " (" : "; ") + note;
    throw InputError("Frequency response/Forces", "",
                     "the case has no load that does not depend on t to take as the harmonic "
                     "amplitude" +
                         (left_out.empty() ? std::string() : left_out + ")") +
                         "; expected Frequency response/Forces or Distributed force");
  }
  if (c.response.method == ResponseParameters::Method::modal)
    check_number_of_modes(pc);
  const std::size_t linearized = linearize_about_undeformed_state(pc.system);
  if (root) {
    for (const std::string& note : notes)
      std::printf("%s\n", note.c_str());
    if (linearized > 0)
      std::printf("the response of the system linearized about the undeformed state (%zu "
                  "nonlinear springs and dashpots: each spring's slope at zero extension, each "
                  "dashpot of degree 2 as viscous)\n",
                  linearized);
    if (c.axial_stiffness > 0)
      std::printf("the large-amplitude string responds with its tension alone: Axial stiffness "
                  "enters only finite motions\n");
  }
  const FrequencyResponse r = frequency_response(pc, report);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

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
    write_units_table(c.output_directory + "/frf_units.csv", header, comm);
    CsvWriter frf(c.output_directory + "/frf.csv", header.names, comm);
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
    write_units_table(c.output_directory + "/psd_units.csv", psd_header, comm);
    CsvWriter table(c.output_directory + "/psd.csv", psd_header.names, comm);
    std::vector<std::vector<double>> density(r.columns.size());
    for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
      std::vector<double> row{r.frequencies[k]};
      for (std::size_t col = 0; col < r.columns.size(); ++col) {
        density[col].push_back(std::norm(r.values[k][col]) * psd[k]);
        row.push_back(density[col].back());
      }
      table.row(row);
    }
    CsvWriter rms(c.output_directory + "/psd_rms.csv", {"quantity", "rms"}, comm,
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
  if (!r.shape_frequencies.empty())
    write_shapes(pc, r);
  if (root && c.response.method == ResponseParameters::Method::modal)
    std::printf("modal superposition of %u modes%s\n", r.n_modes,
                r.static_correction ? " with the static correction of the others" : "");
  return results;
}

} // namespace hamdyn
