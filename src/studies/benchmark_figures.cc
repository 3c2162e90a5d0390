#include "studies/benchmark_figures.h"

#include <deal.II/base/mpi.h>

#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace hamdyn {

double seconds_since_process_start() {
  // /proc/self/stat's start time against /proc/uptime, both in clock ticks since boot
  std::ifstream stat("/proc/self/stat"), uptime("/proc/uptime");
  std::string field;
  for (int i = 0; i < 22 && stat >> field; ++i) {
  } // field 22: starttime (the command name holds no blank here)
  double up = 0;
  uptime >> up;
  return up - std::stod(field) / double(sysconf(_SC_CLK_TCK));
}

PeakMemory peak_memory(MPI_Comm comm) {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  const double mb = usage.ru_maxrss / 1024.0;
  return {dealii::Utilities::MPI::max(mb, comm), dealii::Utilities::MPI::sum(mb, comm)};
}

} // namespace hamdyn
