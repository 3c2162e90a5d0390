#include "core/rank_failure.h"

#include <unistd.h>

#include <chrono>
#include <vector>

namespace hamdyn {

namespace {
// a tag no collective uses (point-to-point tags are apart from collectives' in MPI)
constexpr int failure_tag = 32101;

void write_line(const std::string& line) {
  const std::string text = line + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n <= 0)
      return;
    done += std::size_t(n);
  }
}
} // namespace

void report_rank_failure(const std::string& line, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank == 0) {
    for (int other = 1; other < size; ++other) { // empty messages go out at once (eager)
      MPI_Request request;
      MPI_Isend(nullptr, 0, MPI_BYTE, other, failure_tag, comm, &request);
      MPI_Request_free(&request);
    }
    write_line(line);
    return;
  }
  // The first rank's word arrives within microseconds when it fails too; a second bounds the
  // wait of a rank that failed alone (the job ends right after, by MPI_Abort).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  int word = 0;
  while (!word && std::chrono::steady_clock::now() < until)
    MPI_Iprobe(0, failure_tag, comm, &word, MPI_STATUS_IGNORE);
  if (!word)
    write_line(line);
}

} // namespace hamdyn
