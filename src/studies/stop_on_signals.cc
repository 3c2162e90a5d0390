#include "studies/stop_on_signals.h"

#include "output/history_writer.h"

namespace hamdyn {

namespace {
volatile std::sig_atomic_t stop_signal = 0;
extern "C" void request_stop(int signal) {
  stop_signal = signal;
}
} // namespace

StopOnSignals::StopOnSignals() {
  stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = request_stop;
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_[0]);
  sigaction(SIGTERM, &action, &previous_[1]);
}

StopOnSignals::~StopOnSignals() {
  sigaction(SIGINT, &previous_[0], nullptr);
  sigaction(SIGTERM, &previous_[1], nullptr);
}

const volatile std::sig_atomic_t* StopOnSignals::flag() {
  return &stop_signal;
}

int agreed_signal(MPI_Comm comm) {
  // SIGINT counts 1 and any other 1000, so every rank knows which signal it was
  const int mine = stop_signal == 0 ? 0 : stop_signal == SIGINT ? 1 : 1000;
  int any = mine;
  int size = 1;
  MPI_Comm_size(comm, &size);
  if (size > 1)
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_SUM, comm);
  return any == 0 ? 0 : any < 1000 ? SIGINT : SIGTERM;
}

Interrupted stopped_by(int signal, unsigned long step, unsigned long n_steps, double t,
                       const std::string& directory) {
  return Interrupted(signal, "stopped by " + std::string(signal == SIGINT ? "SIGINT" : "SIGTERM") +
                                 " after step " + std::to_string(step) + " of " +
                                 std::to_string(n_steps) + " (t = " + format_number(t) +
                                 " s); the outputs so far are complete: continue with "
                                 "hamdyn run --resume " +
                                 directory);
}

} // namespace hamdyn
