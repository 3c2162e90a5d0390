#include "studies/stop_on_signals.h"

#include "core/text.h"

namespace hamdyn {

namespace {
volatile std::sig_atomic_t stop_signal = 0;
int installed = 0; // StopOnSignals alive (only the outermost one installs the handlers)
constexpr int handled[4] = {SIGINT, SIGTERM, SIGUSR1, SIGUSR2};

extern "C" void request_stop(int signal) {
  stop_signal = signal == SIGUSR1 ? SIGINT : signal == SIGUSR2 ? SIGTERM : signal;
}
} // namespace

StopOnSignals::StopOnSignals() {
  if (installed++ > 0)
    return;
  stop_signal = 0;
  struct sigaction action {};
  action.sa_handler = request_stop;
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 4; ++i)
    sigaction(handled[i], &action, &previous_[i]);
}

StopOnSignals::~StopOnSignals() {
  if (--installed > 0)
    return;
  for (int i = 0; i < 4; ++i)
    sigaction(handled[i], &previous_[i], nullptr);
}

const volatile std::sig_atomic_t* StopOnSignals::flag() {
  return &stop_signal;
}

const volatile std::sig_atomic_t* StopOnSignals::flag_if_installed() {
  return installed > 0 ? &stop_signal : nullptr;
}

double stop_request(std::sig_atomic_t signal) {
  return signal == 0 ? 0.0 : signal == SIGINT ? 1.0 : 1000.0;
}

int requested_signal(double summed_requests) {
  return summed_requests == 0 ? 0 : summed_requests < 1000 ? SIGINT : SIGTERM;
}

int agreed_signal(MPI_Comm comm) {
  const double mine = stop_request(stop_signal);
  double any = mine;
  int size = 1;
  MPI_Comm_size(comm, &size);
  if (size > 1)
    MPI_Allreduce(&mine, &any, 1, MPI_DOUBLE, MPI_SUM, comm);
  return requested_signal(any);
}

std::string stopped_after(int signal, unsigned long step, unsigned long n_steps) {
  return "stopped by " + std::string(signal == SIGINT ? "SIGINT" : "SIGTERM") + " after step " +
         std::to_string(step) + " of " + std::to_string(n_steps);
}

Interrupted stopped_by(int signal, unsigned long step, unsigned long n_steps, double t,
                       const std::string& command, const std::string& directory) {
  return Interrupted(signal, stopped_after(signal, step, n_steps) + " (t = " + precise_text_of(t) +
                                 " s); the outputs so far are complete: continue with hamdyn " +
                                 command + " --resume " + directory);
}

} // namespace hamdyn
