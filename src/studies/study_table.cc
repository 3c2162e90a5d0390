#include "studies/study_table.h"

#include "studies/run_compare.h"
#include "studies/run_converge.h"
#include "studies/run_modes.h"
#include "studies/run_transient.h"

namespace hamdyn {

const std::map<std::string, StudyCommand>& study_commands() {
  static const std::map<std::string, StudyCommand> commands{
      {"run",
       {run_transient,
        "solution.pvd, spacetime.vts, attachments.pvd, attachments.vtp, history.csv, "
        "used_parameters.prm, checkpoint.bin",
        "", ""}},
      {"modes",
       {run_modes,
        "modes.csv, modes.pvd (time axis = mode number), attachments.vtp, used_parameters.prm", "",
        ""}},
      {"compare",
       {run_compare, "compare.csv, compare_history.csv, used_parameters.prm", "plot_compare.py",
        "compare.png"}},
      {"converge",
       {run_converge, "convergence.csv, used_parameters.prm", "plot_convergence.py",
        "convergence.png"}}};
  return commands;
}

} // namespace hamdyn
