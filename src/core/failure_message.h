#pragma once
// A failure while running, as one line: what a log, a summary cell or a terminal shows.
#include <exception>
#include <stdexcept>
#include <string>

namespace hamdyn {

/// The exception's message on one line. deal.II's exceptions (AssertThrow) carry a multi-line
/// report with file, line, condition and stack trace; of those only the "Additional
/// information" is kept, which says what went wrong. Whitespace runs become single spaces.
std::string failure_message(const std::exception& e);

/// A failure decided from values every rank holds alike (reduced sums, gathered element values):
/// raised on all ranks at once, so one rank reports it for all.
struct CollectiveFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A run stopped by SIGINT or SIGTERM after its last checkpoint was written, on every rank at
/// once: the command line exits with 128 + signal (130, 143), the shell's convention.
struct Interrupted : CollectiveFailure {
  Interrupted(int signal_number, const std::string& message)
      : CollectiveFailure(message), signal(signal_number) {}
  int signal;
};

} // namespace hamdyn
