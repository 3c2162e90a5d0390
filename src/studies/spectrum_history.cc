#include "studies/spectrum_history.h"

#include "studies/prepared_case.h"
#include "studies/resume.h"
#include "studies/rows_run.h"
#include "studies/run_transient.h"

#include <optional>

namespace hamdyn {

NamedValues large_motion_spectrum(const LargeMotionSpectrum& model, const CaseParameters& c,
                                  const ParameterFile* file, MPI_Comm comm, bool report) {
  std::optional<Checkpoint> checkpoint;
  if (!file)
    checkpoint.emplace(checkpoint_to_resume(c.output_directory, c.settings, "spectrum", comm));
  model.check(c);
  const ModalPeaks modal = model.modal_peaks(c);
  const CaseParameters start = model.at_equilibrium(c);
  const auto run = model.history_run(start, comm, "spectrum");
  std::unique_ptr<OutputDirectory> output;
  if (checkpoint)
    output = continue_run(*run, *checkpoint, start, report);
  else {
    output = prepare_output_directory(c.output_directory, *file, comm);
    run_to_end(*run, run->open_outputs(nullptr), start, report);
  }
  return write_spectra(
      c, modal, [&](const std::string& q) { return largest_change(*run, q); }, comm, report);
}

} // namespace hamdyn
