#pragma once
// SIGINT and SIGTERM (Ctrl-C, a scheduler's time limit) only set a flag while a run steps: the
// step in progress finishes, every rank stops after the same one, and the run writes a checkpoint
// before it exits. A second signal has the default effect (SA_RESETHAND): an impatient Ctrl-C
// still ends the process, and the last checkpoint stays as it was.
// SIGUSR2 and SIGUSR1 are taken as SIGTERM and SIGINT: they are how scripts/launch-ranks
// forwards a scheduler's TERM or a Ctrl-C to every rank, because Open MPI's mpirun propagates only
// USR1 and USR2 to the job and answers TERM and INT by killing it a few seconds later
// (mpirun(1), "Signal Propagation"), too soon for a large checkpoint.
#include "core/failure_message.h"

#include <csignal>
#include <mpi.h>
#include <string>

namespace hamdyn {

class StopOnSignals {
public:
  StopOnSignals();
  ~StopOnSignals();
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;
  /// The signal received since construction (0: none), SIGINT or SIGTERM.
  static const volatile std::sig_atomic_t* flag();
  /// flag() while a StopOnSignals is alive, else nullptr: a batch installs one for all its
  /// members, so a member's run stops with its batch.
  static const volatile std::sig_atomic_t* flag_if_installed();

private:
  struct sigaction previous_[4];
};

/// A pending signal as a number a sum over the ranks keeps apart: 0 none, SIGINT 1, any other
/// 1000; requested_signal() reads such a sum back: 0, SIGINT, or SIGTERM when the ranks got
/// different ones.
double stop_request(std::sig_atomic_t signal);
int requested_signal(double summed_requests);

/// The signal pending on any rank, agreed by all (collective): what requested_signal() says of
/// the ranks' summed stop requests.
int agreed_signal(MPI_Comm comm);

/// "stopped by SIGINT after step k of n": what a stopped run says.
std::string stopped_after(int signal, unsigned long step, unsigned long n_steps);

/// The exception a run stopped by `signal` after `step` of `n_steps` (at time t) throws once its
/// checkpoint is written: one line saying how to continue (hamdyn `command` --resume DIR).
Interrupted stopped_by(int signal, unsigned long step, unsigned long n_steps, double t,
                       const std::string& command, const std::string& directory);

} // namespace hamdyn
