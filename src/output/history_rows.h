#pragma once
// Which of a run's history rows and columns reach history.csv: Output/History interval (every
// k-th step, the first and the last always) and Output/History columns (a subset, `time` always
// first). A 30-member sweep of 10^6 steps would otherwise write every column of every step. The
// run still computes every row (the ledger, the non-finite check and the largest magnitudes a
// batch summary reports see every step); only the writing is thinned.
#include <string>
#include <vector>

namespace hamdyn {

class HistoryRows {
public:
  /// `all`: the run's columns, `time` first; `wanted`: the names to keep (empty: all); `interval`
  /// >= 1. Throws InputError naming Output/History columns for a name that is not a column.
  HistoryRows(const std::vector<std::string>& all, const std::vector<std::string>& wanted,
              unsigned long interval);

  /// The columns written, in the run's order.
  const std::vector<std::string>& columns() const { return names_; }
  /// Whether step n of n_steps writes a row.
  bool due(unsigned long n, unsigned long n_steps) const {
    return n % interval_ == 0 || n == n_steps;
  }
  /// The written cells of a full row.
  std::vector<double> select(const std::vector<double>& row) const;

private:
  std::vector<std::size_t> kept_;
  std::vector<std::string> names_;
  unsigned long interval_;
};

} // namespace hamdyn
