#include "studies/run_planar_beam_response.h"

#include "core/input_error.h"
#include "core/planar_beam_case.h"
#include "core/text.h"
#include "studies/frf_tables.h"
#include "studies/planar_beam_frames.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_response.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
constexpr const char* motion_key = "Frequency response/Support motion";

// The supports' amplitudes as the line's held DoFs' motion: a line's start and end, a frame's
// supported points (with every node held there: a hinge's)
std::vector<std::pair<std::size_t, std::complex<double>>>
support_motion(const CaseParameters& c, const PlanarBeamLine& line) {
  const PlanarBeamCase& beam = *c.planar_beam;
  if (c.response.support_motion.empty())
    throw InputError(motion_key, "",
                     std::string("a planar beam's response is to a harmonic motion of its "
                                 "supports; expected ") +
                         (beam.frame ? "point" : "start|end") + ": u_x, u_z, e.g. " +
                         (beam.frame ? "A" : "start") + ": 0, 0.01");
  std::vector<std::pair<std::size_t, std::complex<double>>> moved;
  for (const HarmonicSupportMotion& m : c.response.support_motion) {
    std::size_t node = 0;
    for (const auto& [name, named] : line.named_nodes)
      if (name == m.support)
        node = named;
    const std::string key = beam.frame           ? "Geometry/Supports"
                            : m.support == "end" ? "Planar beam/End support"
                                                 : "Planar beam/Start support";
    const double amplitude[2] = {m.x, m.z};
    for (unsigned k = 0; k < 2; ++k) {
      const bool held = line.held[3 * node + k];
      if (amplitude[k] != 0 && !held)
        throw InputError(motion_key, m.support + ": " + text_of(m.x) + ", " + text_of(m.z),
                         std::string("expected u_") + (k == 0 ? "x" : "z") + " = 0: " + key +
                             " leaves " + m.support +
                             " free there, so the support does not "
                             "move the beam");
      if (!held)
        continue;
      for (const std::size_t at : line.nodes_at(node))
        if (line.held[3 * at + k])
          moved.push_back({3 * at + k, amplitude[k]});
    }
  }
  return moved;
}
} // namespace

NamedValues run_planar_beam_response(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  const PlanarBeamCase& beam = *c.planar_beam;
  if (beam.steady_rotation != 0)
    throw InputError("Planar beam/Steady rotation", text_of(beam.steady_rotation),
                     "expected 0 for hamdyn response: about steady rotation the motion has "
                     "Coriolis terms (hamdyn modes takes them), which the response does not");
  const std::vector<double> psd =
      c.response.load_psd ? load_psd_values(c.response) : std::vector<double>{};
  const PlanarBeamState state =
      planar_beam_static_state(beam, "hamdyn response", [](const PlanarBeamLine& line) {
        refuse_followers(line, "response", ", which the response does not take");
      });
  const PlanarBeamLine& line = state.line;
  const auto moved = support_motion(c, line);
  const PlanarBeamHarmonicResponse response(line, state.q);

  FrequencyResponse r;
  r.frequencies = c.response.frequencies;
  // a line's end and middle; a frame's points
  const std::size_t last = line.n_nodes() - 1, middle = last / 2;
  std::vector<std::pair<std::size_t, unsigned>> watched; // (node, component)
  if (line.frame)
    for (const auto& [name, node] : line.named_nodes)
      for (unsigned k = 0; k < 3; ++k) {
        r.columns.push_back(name + (k == 0 ? "_u_x" : k == 1 ? "_u_z" : "_turn"));
        r.units.push_back(k < 2 ? "m" : "rad");
        watched.emplace_back(node, k);
      }
  else {
    r.columns = {"end_u_x", "end_u_z", "end_turn", "middle_u_x", "middle_u_z"};
    r.units = {"m", "m", "rad", "m", "m"};
    watched = {{last, 0}, {last, 1}, {last, 2}, {middle, 0}, {middle, 1}};
  }
  // the operating deflection shapes at the Shapes at frequencies (each at the nearest listed)
  const std::vector<std::size_t> shape_at =
      nearest_frequencies(r.frequencies, c.response.shapes_at);
  std::vector<std::pair<double, std::vector<std::complex<double>>>> shapes;
  for (const double f : r.frequencies) {
    const auto u = response.solve(2 * M_PI * f, c.response.structural_damping, moved);
    if (u.empty())
      throw resonance_refusal(f, "planar beam", "Planar beam/Dashpots");
    if (std::find(shape_at.begin(), shape_at.end(), r.values.size()) != shape_at.end())
      shapes.emplace_back(f, u);
    r.values.emplace_back();
    for (const auto& [node, k] : watched)
      r.values.back().push_back(u[3 * node + k]);
  }
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  // response.pvd: the static state with each shape's real and imaginary parts (u = Re(U e^{i
  // omega t}): Warp By Vector with deflection_re draws the shape at t = 0); ParaView's time axis
  // is the frequency [Hz]
  if (!shapes.empty())
    write_line_series(
        c.output_directory, "response", line, state.q, shapes.size(),
        [&](std::size_t k) {
          const auto& [f, u] = shapes[k];
          LineSnapshot shot;
          shot.time = f;
          std::vector<Vector2> re, im;
          std::vector<double> turn_re, turn_im;
          for (std::size_t i = 0; i < line.n_nodes(); ++i) {
            re.push_back({u[3 * i].real(), u[3 * i + 1].real()});
            im.push_back({u[3 * i].imag(), u[3 * i + 1].imag()});
            turn_re.push_back(u[3 * i + 2].real());
            turn_im.push_back(u[3 * i + 2].imag());
          }
          shot.vectors = {{"deflection_re", re}, {"deflection_im", im}};
          shot.scalars = {{"rotation_re", turn_re}, {"rotation_im", turn_im}};
          shot.field = {{"frequency", f}};
          return shot;
        },
        comm);
  if (root) {
    const std::string amplitudes = support_motion_text(c.response.support_motion);
    std::printf("harmonic response of %s about its "
                "static state (%s) to its supports' motion (%s), linearized\n",
                planar_beam_description(line).c_str(), state.equilibrium.steps_text().c_str(),
                amplitudes.c_str());
  }
  return write_frf_tables(c.output_directory, r, psd, comm, root);
}

} // namespace hamdyn
