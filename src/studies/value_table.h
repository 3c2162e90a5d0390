#pragma once
// A study's scalar results as a table of one row (static.csv and its units beside it), printed one
// line each and returned as NamedValues: what the static studies of the line models, cables and
// planar beams write alike.
#include "output/history_rows.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <string>
#include <vector>

namespace hamdyn {

/// Writes BASE.csv (the names, then the values) and BASE_units.csv (output/history_writer.h's
/// units table); rank 0 writes.
void write_value_table(const std::string& base, const NamedColumns& columns,
                       const std::vector<double>& values, MPI_Comm comm);

/// Prints "name value unit", one line each (the caller's rank 0).
void print_values(const NamedColumns& columns, const std::vector<double>& values);

/// The values by name, as a study returns them.
NamedValues named_values(const NamedColumns& columns, const std::vector<double>& values);

} // namespace hamdyn
