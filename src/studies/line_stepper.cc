// The one place that picks a line model's integrator (studies/transient.h).
#include "studies/modal_transient.h"
#include "studies/time_loop.h"
#include "studies/transient.h"

namespace hamdyn {

std::unique_ptr<LineStepper> make_line_stepper(const PreparedCase& pc, bool report) {
  if (pc.parameters.scheme == Scheme::modal)
    return std::make_unique<ModalTransient>(pc, report);
  return std::make_unique<Transient>(pc);
}

unsigned long integrate(const PreparedCase& pc, const StepObserver& observe, bool show_progress) {
  const auto run = make_line_stepper(pc, show_progress);
  continue_integration(
      *run, [&](unsigned long n, const std::vector<double>& row) { observe(n, run->state(), row); },
      show_progress);
  return run->n_steps();
}

} // namespace hamdyn
