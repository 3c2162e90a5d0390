#include "studies/run_cable_response.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/cable_series.h"
#include "studies/cable_line.h"
#include "studies/cable_response.h"
#include "studies/frf_tables.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
constexpr const char* motion_key = "Frequency response/Support motion";

// The supports' amplitudes as the chain's held nodes' motion.
std::vector<HeldNodeMotion> support_motion(const CaseParameters& c, const CableLine& line) {
  if (c.response.support_motion.empty())
    throw InputError(motion_key, "",
                     "a cable's response is to a harmonic motion of its supports; expected "
                     "left|right: u_x, u_z, e.g. right: 0, 0.01");
  std::vector<HeldNodeMotion> motion;
  for (const HarmonicSupportMotion& m : c.response.support_motion) {
    const bool right = m.support == "right";
    if (right ? c.cable->right_free : c.cable->left_free)
      throw InputError(motion_key, m.support,
                       "the " + m.support + " end is free (Cable/" + (right ? "Right" : "Left") +
                           " end); expected a held support");
    motion.push_back({right ? line.chain.nodes.size() - 1 : 0, m.x, m.z});
  }
  return motion;
}
} // namespace

NamedValues run_cable_response(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  CableLine line = make_cable_line(*c.cable);
  const std::vector<HeldNodeMotion> motion = support_motion(c, line);
  const std::vector<double> psd =
      c.response.load_psd ? load_psd_values(c.response) : std::vector<double>{};
  solve_cable_equilibrium(line.chain);
  const ChainHarmonicResponse response(line.chain, line.mass);

  FrequencyResponse r;
  r.frequencies = c.response.frequencies;
  const std::size_t midspan = midspan_node(line);
  std::vector<std::size_t> nodes{midspan};
  r.columns = {"midspan_x", "midspan_z"};
  for (std::size_t k = 0; k < line.mass_nodes.size(); ++k) {
    nodes.push_back(line.mass_nodes[k]);
    r.columns.push_back("mass" + std::to_string(k + 1) + "_x");
    r.columns.push_back("mass" + std::to_string(k + 1) + "_z");
  }
  r.units.assign(r.columns.size(), "m");
  r.columns.insert(r.columns.end(), {"left_tension", "right_tension"});
  r.units.insert(r.units.end(), {"N", "N"});
  const std::size_t last = line.chain.elements.size() - 1;
  // the operating deflection shapes at the Shapes at frequencies (each at the nearest listed)
  const std::vector<std::size_t> shape_at =
      nearest_frequencies(r.frequencies, c.response.shapes_at);
  std::vector<std::pair<double, std::vector<std::complex<double>>>> shapes;
  for (const double f : r.frequencies) {
    const std::vector<std::complex<double>> u =
        response.solve(2 * M_PI * f, c.response.structural_damping, motion);
    if (u.empty())
      throw resonance_refusal(f, "cable", "Cable/Dashpots");
    std::vector<std::complex<double>> row;
    for (const std::size_t node : nodes)
      row.insert(row.end(), {u[2 * node], u[2 * node + 1]});
    const double eta = c.response.structural_damping;
    const double omega = 2 * M_PI * f;
    row.insert(row.end(),
               {response.tension(0, u, eta, omega), response.tension(last, u, eta, omega)});
    if (std::find(shape_at.begin(), shape_at.end(), r.values.size()) != shape_at.end())
      shapes.emplace_back(f, u);
    r.values.push_back(row);
  }
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  if (!shapes.empty()) {
    // response.pvd: the equilibrium with its tension, each shape's real and imaginary parts as
    // point vectors (u = Re(U e^{i omega t}): Warp By Vector with deflection_re draws the shape
    // at t = 0); ParaView's time axis is the frequency [Hz]
    CableSeries series(c.output_directory, "response", cable_marks(line, *c.cable), comm,
                       "deflection_re");
    const std::vector<double> tension = element_tensions(line.chain, line.chain.nodes);
    for (const auto& [f, u] : shapes) {
      std::vector<Vector2> re, im;
      for (std::size_t i = 0; i < line.chain.nodes.size(); ++i) {
        re.push_back({u[2 * i].real(), u[2 * i + 1].real()});
        im.push_back({u[2 * i].imag(), u[2 * i + 1].imag()});
      }
      series.write(f, line.chain.nodes, re, tension, {{"frequency", f}}, {{"deflection_im", im}});
    }
  }
  if (root) {
    const std::string amplitudes = support_motion_text(c.response.support_motion);
    std::printf("harmonic response of a cable of %zu elements about its static equilibrium to "
                "its supports' motion (%s), linearized\n",
                line.chain.elements.size(), amplitudes.c_str());
  }
  return write_frf_tables(c.output_directory, r, psd, comm, root);
}

} // namespace hamdyn
