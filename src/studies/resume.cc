#include "studies/resume.h"

#include "core/input_error.h"
#include "output/history_writer.h"

#include <deal.II/base/mpi.h>

#include <cstdio>

namespace hamdyn {

void check_history_columns(const Checkpoint& checkpoint, const std::vector<std::string>& columns,
                           const std::string& directory) {
  if (!checkpoint.holds("history_columns", columns))
    throw InputError("the checkpoint in " + directory +
                     " was written for other history columns: used_parameters.prm was changed");
}

bool announce_resume(const std::string& directory, unsigned long step, unsigned long n_steps,
                     double t, MPI_Comm comm, bool report) {
  const bool say = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (step == n_steps) {
    if (say)
      std::printf("hamdyn run: %s already holds the whole run (step %lu of %lu); nothing to do\n",
                  directory.c_str(), step, n_steps);
  } else if (say) {
    std::printf("hamdyn run: resuming %s at step %lu of %lu (t = %s s)\n", directory.c_str(), step,
                n_steps, format_number(t).c_str());
  }
  if (say)
    std::fflush(stdout);
  return step < n_steps;
}

} // namespace hamdyn
