#pragma once
// Which of a run's history rows and columns reach history.csv: Output/History interval (every
// k-th step, the first and the last always) and Output/History columns (a subset, `time` always
// first). A 30-member sweep of 10^6 steps would otherwise write every column of every step. The
// run still computes every row (the ledger, the non-finite check and the largest magnitudes a
// batch summary reports see every step); only the writing is thinned.
#include <string>
#include <vector>

namespace hamdyn {

/// A table's columns and the unit of each, index for index: SI in plain text ("s", "m", "m/s^2",
/// "N m", "J"), empty where hamdyn cannot know it (a discrete system's coordinates are metres or
/// radians as the case defines them) or the column has none (a 0/1 flag). Named beside the code
/// that makes each column, and written to the table's units file (write_units_table).
struct NamedColumns {
  std::vector<std::string> names, units;
  void add(const std::string& name, const std::string& unit) {
    names.push_back(name);
    units.push_back(unit);
  }
};

class HistoryRows {
public:
  /// `all`: the run's columns, `time` first; `wanted`: the names to keep (empty: all); `interval`
  /// >= 1. Throws InputError naming Output/History columns for a name that is not a column.
  HistoryRows(const NamedColumns& all, const std::vector<std::string>& wanted,
              unsigned long interval);

  /// The columns written, in the run's order, and their units.
  const std::vector<std::string>& columns() const { return written_.names; }
  const NamedColumns& written() const { return written_; }
  /// Whether step n of n_steps writes a row.
  bool due(unsigned long n, unsigned long n_steps) const {
    return n % interval_ == 0 || n == n_steps;
  }
  /// The written cells of a full row.
  std::vector<double> select(const std::vector<double>& row) const;

private:
  std::vector<std::size_t> kept_;
  NamedColumns written_;
  unsigned long interval_;
};

} // namespace hamdyn
