#pragma once
// A parameter sweep (`hamdyn batch SWEEP.prm`): a Batch section naming the base case, the study
// and the members, and any case sections that override the base case for every member.
#include "core/parameter_file.h"

#include <string>
#include <vector>

namespace hamdyn {

struct Sweep {
  std::string file;                // the sweep file as given
  std::string base_case;           // the base case file (resolved), empty: the defaults
  std::string case_directory;      // where the members' relative paths (mesh files) start
  std::string study;               // run | modes | compare | converge
  unsigned int ranks_per_case = 1; // ranks that solve one member together
  std::string output_directory;    // the sweep file's Output/Directory
  std::vector<std::string> swept;  // the swept parameters, "Section/Key" as written
  std::vector<std::vector<std::string>> members; // each member's values of `swept`
  std::vector<Assignment> overrides;             // the sweep file's case-section assignments
};

/// Declares the Batch section (Case, Study, Ranks per case, Table, Values).
void declare_batch_parameters(ParameterFile& file);

/// Reads a sweep file and its table. Throws InputError naming the parameter for an unknown
/// study or section, a missing table, a table or value list naming an undeclared parameter or
/// with a row of the wrong length, or both Table and Values. The members' values themselves are
/// checked when each member is read (a bad value is that member's bad input, not the sweep's).
Sweep read_sweep(const std::string& path);

/// Member k's case: the base case, then the sweep's overrides, then `extra` (--set), then its
/// values, with Output/Directory = `directory`. Throws InputError for a bad value.
void read_member_case(const Sweep& sweep, std::size_t k, const std::vector<std::string>& extra,
                      const std::string& directory, ParameterFile& file);

} // namespace hamdyn
