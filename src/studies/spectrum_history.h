#pragma once
// `hamdyn spectrum` of a large-motion model (a cable, a planar beam): its modal peaks about the
// static state beside a run from rest there under the ground motion, new or continued from its
// checkpoint, whose largest change of each quantity from step 0 is the spectrum_response.csv's
// time_history column. Each model gives its parts; the order (every check, then the modes, then
// the output directory and the run) is this file's.
#include "core/case_parameters.h"
#include "studies/modal_spectrum.h"
#include "studies/named_values.h"
#include "studies/time_loop.h"

#include <mpi.h>

#include <memory>
#include <string>

namespace hamdyn {

struct LargeMotionSpectrum {
  /// InputError (before anything is written) where the case cannot be studied.
  void (*check)(const CaseParameters& c);
  /// The modes about the static state, their participation and their values of the quantities.
  ModalPeaks (*modal_peaks)(const CaseParameters& c);
  /// The case from rest at its static state (whatever its Initial state says).
  CaseParameters (*at_equilibrium)(const CaseParameters& c);
  /// The model's run for another study (`command`), keeping its largest changes.
  std::unique_ptr<TransientRun> (*history_run)(const CaseParameters& c, MPI_Comm comm,
                                               const std::string& command);
};

/// The study: a new run (`file`: the case's used_parameters.prm) or, with `file` null, the
/// resume of the stopped one in c.output_directory.
NamedValues large_motion_spectrum(const LargeMotionSpectrum& model, const CaseParameters& c,
                                  const ParameterFile* file, MPI_Comm comm, bool report);

} // namespace hamdyn
