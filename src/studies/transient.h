#pragma once
// The time loop of a transient run, shared by `hamdyn run` and the tests: integrator, energy
// ledger and history values, handed to an observer after every step.
#include "studies/prepared_case.h"
#include "time/newmark_family.h"

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

/// The columns of history.csv for this case (time first).
std::vector<std::string> history_columns(const PreparedCase& pc);

/// Throws InputError when the scheme cannot run with the case's time step (central difference
/// above its stability limit).
void check_time_step(const PreparedCase& pc);

using StepObserver =
    std::function<void(unsigned long step, const State& state, const std::vector<double>& row)>;

/// Integrates from t = 0 to the final time (the last step shortened to end on it) and calls
/// `observe` for step 0 (initial state) and after every step with the history row.
/// Returns the number of steps.
unsigned long integrate(const PreparedCase& pc, const StepObserver& observe,
                        bool show_progress = false);

} // namespace hamdyn
