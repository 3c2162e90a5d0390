#pragma once
// The file names and the .pvd index shared by hamdyn's ParaView time series (the snapshots'
// solution_NNNNN.pvtu, the modes', the attachments' attachments_NNNNN.vtp): the index is written
// after every file of the series, valid at every moment (whole, atomically, or a record added in
// one write), so an interrupted run leaves a valid series, and a resumed run removes the files
// written after its checkpoint. Past 99999 files the numbers take more digits.
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// (time, file name) of each file of a series, in order: a .pvd's DataSet entries.
using SeriesRecords = std::vector<std::pair<double, std::string>>;

/// name_00012: the base name of a series' file number `index`.
std::string series_file_base(const std::string& name, std::size_t index);

/// Writes directory/name.pvd indexing `records` (atomically, not synced); each time as the
/// shortest text that reads back as the same double.
void write_series_index(const std::string& directory, const std::string& name,
                        const SeriesRecords& records);
/// Adds the last of `records` to directory/name.pvd, which indexes the others (a run's own
/// index): O(1) a file, where rewriting the index would be O(files). Without such an index there
/// (the first record, or a file that does not end as an index of hamdyn's), writes it whole.
void append_series_record(const std::string& directory, const std::string& name,
                          const SeriesRecords& records);

/// Removes the files of series `name` (name_NNNNN.*.vtu, .pvtu, .vtp) numbered `first` and above.
void remove_series_files_from(const std::string& directory, const std::string& name,
                              std::size_t first);

} // namespace hamdyn
