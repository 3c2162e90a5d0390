#include "studies/run_planar_beam_spectrum.h"

#include "core/input_error.h"
#include "core/text.h"
#include "studies/modal_spectrum.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/planar_beam_motion.h"
#include "studies/run_planar_beam_transient.h"
#include "studies/spectrum_history.h"
#include "studies/transient.h"

#include <memory>

namespace hamdyn {

namespace {
void check_planar_beam_spectrum_case(const CaseParameters& c) {
  check_ground_motion_given(c);
  if (c.planar_beam->steady_rotation != 0)
    throw InputError("Planar beam/Steady rotation", text_of(c.planar_beam->steady_rotation),
                     "expected 0 for hamdyn spectrum (its modes are a fixed base's: the "
                     "gyroscopic modes about steady rotation are hamdyn modes')");
  check_step_count(c);
}

// The case whose run the spectrum compares with: from rest at the static state the modes are
// taken about, whatever Planar beam/Initial state says.
CaseParameters at_equilibrium(const CaseParameters& c) {
  CaseParameters e = c;
  auto beam = std::make_shared<PlanarBeamCase>(*c.planar_beam);
  beam->start_at_equilibrium = true;
  e.planar_beam = beam;
  return e;
}

// The modes about the static state with, for each, Gamma = phi^T M r / phi^T M phi, the
// effective mass (phi^T M r)^2 / phi^T M phi, zeta = phi^T C phi / (2 omega phi^T M phi) (C: the
// dashpots; exact for one mode, the diagonal of the projected C otherwise; Chopra, Dynamics of
// Structures, 4th ed., 2012, sec. 13.1) and its values of the history's columns: the watched
// node's displacements and rotation.
ModalPeaks planar_beam_modal_peaks(const CaseParameters& c) {
  ModalPeaks m(c);
  m.base_shear = false;
  const PlanarBeamState state =
      planar_beam_static_state(*c.planar_beam, "hamdyn spectrum", [&](const PlanarBeamLine& line) {
        check_planar_beam_eigenproblem(line, c.n_modes, PlanarEigenproblem::modes, "spectrum",
                                       "Modes/Number of modes");
      });
  const PlanarBeamLine& line = state.line;
  const PlanarBeamModes modes = planar_beam_modes(line, state.q, c.n_modes);
  const PlanarBeamInertia inertia(line);
  // M r at each DoF's row (a hinge's second node adds to its joint's, whose shape it shares)
  const std::vector<double> r = ground_masses(line, inertia, c.planar_beam->ground_direction);
  const std::size_t watched = line.watched_node();
  // the watched node's x, z and rotation, as the run's history names them (its first three
  // columns after time)
  const std::vector<std::string> columns = planar_beam_history_columns().names;
  m.quantities = {columns[1], columns[2], columns[3]};
  for (std::size_t k = 0; k < modes.omega.size(); ++k) {
    const std::vector<double>& phi = modes.shapes[k];
    double coupling = 0;
    for (std::size_t i = 0; i < r.size(); ++i)
      coupling += phi[i] * r[i];
    std::vector<double> translations(2 * line.n_nodes());
    for (std::size_t node = 0; node < line.n_nodes(); ++node)
      for (unsigned a : {0, 1})
        translations[2 * node + a] = phi[3 * node + a];
    const double mass = mass_form(line, phi);
    m.factor.push_back(coupling / mass);
    m.effective_mass.push_back(coupling * coupling / mass);
    m.add_mode(modes.omega[k], damping_form(line, inertia, translations, translations) /
                                   (2 * modes.omega[k] * mass));
    m.shape_columns.push_back({phi[3 * watched], phi[3 * watched + 1], phi[3 * watched + 2]});
  }
  return m;
}

} // namespace

const LargeMotionSpectrum planar_beam_spectrum{check_planar_beam_spectrum_case,
                                               planar_beam_modal_peaks, at_equilibrium,
                                               make_planar_beam_history_run};

NamedValues run_planar_beam_spectrum(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report) {
  return large_motion_spectrum(planar_beam_spectrum, c, &file, comm, report);
}

NamedValues resume_planar_beam_spectrum(const CaseParameters& c, MPI_Comm comm, bool report) {
  return large_motion_spectrum(planar_beam_spectrum, c, nullptr, comm, report);
}

} // namespace hamdyn
