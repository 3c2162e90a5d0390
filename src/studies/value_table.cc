#include "studies/value_table.h"

#include "output/history_writer.h"

#include <cstdio>

namespace hamdyn {

void write_value_table(const std::string& base, const NamedColumns& columns,
                       const std::vector<double>& values, MPI_Comm comm) {
  {
    CsvWriter csv(base + ".csv", columns.names, comm);
    csv.row(values);
  }
  write_units_table(base + "_units.csv", columns, comm);
}

void print_values(const NamedColumns& columns, const std::vector<double>& values) {
  for (std::size_t k = 0; k < values.size(); ++k)
    std::printf("%28s %24.15g %s\n", columns.names[k].c_str(), values[k], columns.units[k].c_str());
}

NamedValues named_values(const NamedColumns& columns, const std::vector<double>& values) {
  NamedValues results;
  for (std::size_t k = 0; k < values.size(); ++k)
    results.add(columns.names[k], values[k]);
  return results;
}

} // namespace hamdyn
