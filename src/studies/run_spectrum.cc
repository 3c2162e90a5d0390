#include "studies/run_spectrum.h"

#include "core/input_error.h"
#include "core/moving_load_parameters.h"
#include "studies/displacement_columns.h"
#include "studies/modal_participation.h"
#include "studies/modal_spectrum.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/resume.h"
#include "studies/run_transient.h"
#include "studies/transient.h"

namespace hamdyn {

namespace {
// What `hamdyn spectrum` checks before anything is set up or written.
void check_spectrum_case(const CaseParameters& c) {
  refuse_moving_loads(c, "hamdyn spectrum (its modal peaks are the ground motion's alone)");
  check_ground_motion_given(c);
  if (c.has_nonlinear_elements()) {
    const auto [parameter, value] = first_nonlinear_element(c);
    throw InputError(parameter, value,
                     "response spectra combine the modes of a linear structure; expected no "
                     "nonlinear element (`hamdyn run` integrates the record with it)");
  }
  check_step_count(c);
}

// The line model's modes and their participation (its own PreparedCase, gone before the run
// builds its own: the assembled matrices the modes need and the run's band copies are never held
// together).
ModalPeaks line_modal_peaks(const CaseParameters& c, MPI_Comm comm) {
  ModalPeaks m(c);
  PreparedCase pc(c, comm);
  check_free_dofs(pc);
  check_number_of_modes(pc);
  Modes modes = natural_modes(pc.system, c, c.n_modes, pc.model->frequency_scale());
  const ModalParticipation participation = modal_participation(pc, modes);
  m.factor = participation.factor;
  m.effective_mass = participation.effective_mass;
  const DisplacementColumns columns(*pc.model);
  m.quantities = columns.names();
  m.quantities.push_back("base_shear");
  // each mode's damping ratio phi^T C phi / (2 omega) (exact for classical damping: Rayleigh,
  // uniform viscous; the diagonal of the projected C otherwise)
  LA::Vector y(pc.system.locally_owned, comm), work(pc.system.locally_owned, comm);
  for (std::size_t k = 0; k < modes.omega.size(); ++k) {
    double zeta = 0;
    if (pc.system.has_damping()) {
      pc.system.damping_vmult(y, modes.shapes[k], work);
      zeta = (modes.shapes[k] * y) / (2 * modes.omega[k]);
    }
    m.add_mode(modes.omega[k], zeta);
    m.shape_columns.emplace_back();
    for (const auto& value : columns.of(modes.shapes[k], nullptr, comm))
      m.shape_columns.back().push_back(value.real());
  }
  return m;
}
} // namespace

NamedValues run_spectrum(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  check_spectrum_case(c);
  const ModalPeaks modal = line_modal_peaks(c, comm);
  // the time history under the same ground motion, by the run's own loop: history.csv, the
  // checkpoints of Output/Checkpoint interval, SIGTERM, `hamdyn spectrum --resume DIR`
  const auto run = make_history_run(c, comm, "spectrum", report);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  run_to_end(*run, run->open_outputs(nullptr), c, report);
  return write_spectra(
      c, modal, [&](const std::string& q) { return run->largest(q); }, comm, report);
}

NamedValues resume_spectrum(const CaseParameters& c, MPI_Comm comm, bool report) {
  const Checkpoint checkpoint =
      checkpoint_to_resume(c.output_directory, c.settings, "spectrum", comm);
  check_spectrum_case(c);
  const ModalPeaks modal = line_modal_peaks(c, comm);
  const auto run = make_history_run(c, comm, "spectrum", report);
  const auto output = continue_run(*run, checkpoint, c, report);
  return write_spectra(
      c, modal, [&](const std::string& q) { return run->largest(q); }, comm, report);
}

} // namespace hamdyn
