#include "output/history_rows.h"

#include "core/input_error.h"

#include <algorithm>

namespace hamdyn {

HistoryRows::HistoryRows(const NamedColumns& columns, const std::vector<std::string>& wanted,
                         unsigned long interval)
    : interval_(interval) {
  const std::vector<std::string>& all = columns.names;
  for (const std::string& name : wanted)
    if (std::find(all.begin(), all.end(), name) == all.end()) {
      std::string allowed;
      for (const std::string& column : all)
        allowed += (allowed.empty() ? "" : ", ") + column;
      throw InputError("Output/History columns", name,
                       "not a column of this case's history; expected some of: " + allowed);
    }
  for (std::size_t k = 0; k < all.size(); ++k)
    if (k == 0 || wanted.empty() ||
        std::find(wanted.begin(), wanted.end(), all[k]) != wanted.end()) {
      kept_.push_back(k);
      written_.add(all[k], columns.units[k]);
    }
}

std::vector<double> HistoryRows::select(const std::vector<double>& row) const {
  std::vector<double> cells;
  cells.reserve(kept_.size());
  for (const std::size_t k : kept_)
    cells.push_back(row[k]);
  return cells;
}

} // namespace hamdyn
