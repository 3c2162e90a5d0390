#include "output/vtu_series.h"

#include "output/atomic_file.h"

#include <deal.II/base/data_out_base.h>
#include <deal.II/base/mpi.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace hamdyn {

namespace {
// name_00012.pvtu, and its pieces name_00012.<rank>.vtu
std::string snapshot_name(const std::string& name, std::size_t index) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "_%05zu", index);
  return name + digits;
}

// The snapshot index of `file` when it is one of the series' .pvtu or .vtu files, else -1.
long snapshot_index(const std::string& file, const std::string& name) {
  if (file.rfind(name + "_", 0) != 0)
    return -1;
  const std::string rest = file.substr(name.size() + 1);
  std::size_t end = 0;
  while (end < rest.size() && std::isdigit(static_cast<unsigned char>(rest[end])))
    ++end;
  if (end != 5 || rest.size() < 10 ||
      (rest.compare(rest.size() - 5, 5, ".pvtu") != 0 &&
       rest.compare(rest.size() - 4, 4, ".vtu") != 0))
    return -1;
  return std::stol(rest.substr(0, end));
}
} // namespace

VtuSeries::VtuSeries(const std::string& directory, const std::string& name, MPI_Comm comm)
    : directory_(directory), name_(name), comm_(comm) {}

void VtuSeries::write(const OutputFields& fields, unsigned int subdivisions, double time,
                      const std::function<void(LineVtuPiece&)>& fill, bool single_precision,
                      const FieldData& field_data) {
  const std::string type = single_precision ? "Float32" : "Float64";
  const unsigned rank = dealii::Utilities::MPI::this_mpi_process(comm_);
  const unsigned n_ranks = dealii::Utilities::MPI::n_mpi_processes(comm_);
  const std::string base = snapshot_name(name_, records_.size());
  {
    LineVtuPiece piece(directory_ + "/" + base + "." + std::to_string(rank) + ".vtu",
                       fields.n_local_cells, subdivisions, fields.point, fields.cell, time,
                       single_precision, field_data);
    fill(piece);
    piece.finish();
  }
  MPI_Barrier(comm_); // every piece is complete before the record names it
  records_.emplace_back(time, base + ".pvtu");
  if (rank != 0)
    return;
  // The parallel record of the pieces (VTK's XML formats, PUnstructuredGrid).
  std::string pvtu = "<?xml version=\"1.0\"?>\n<VTKFile type=\"PUnstructuredGrid\" "
                     "version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
                     "<PUnstructuredGrid GhostLevel=\"0\">\n<PPointData>\n";
  for (const auto& name : fields.point)
    pvtu += "<PDataArray type=\"" + type + "\" Name=\"" + name + "\"/>\n";
  pvtu += "<PDataArray type=\"" + type + "\" Name=\"deflection\" NumberOfComponents=\"3\"/>\n";
  pvtu += "</PPointData>\n<PCellData>\n";
  for (const auto& name : fields.cell)
    pvtu += "<PDataArray type=\"" + type + "\" Name=\"" + name + "\"/>\n";
  pvtu += "</PCellData>\n<PPoints>\n<PDataArray type=\"Float64\" NumberOfComponents=\"3\"/>\n"
          "</PPoints>\n";
  for (unsigned r = 0; r < n_ranks; ++r)
    pvtu += "<Piece Source=\"" + base + "." + std::to_string(r) + ".vtu\"/>\n";
  pvtu += "</PUnstructuredGrid>\n</VTKFile>\n";
  // Pieces and records are not synced to disk: a killed process loses nothing the kernel holds,
  // and the cost per snapshot stays that of writing.
  write_file_atomically(directory_ + "/" + base + ".pvtu", pvtu, false);
  std::ostringstream pvd;
  dealii::DataOutBase::write_pvd_record(pvd, records_);
  write_file_atomically(directory_ + "/" + name_ + ".pvd", pvd.str(), false);
}

void VtuSeries::restore(const Records& records) {
  records_ = records;
  if (dealii::Utilities::MPI::this_mpi_process(comm_) != 0)
    return;
  for (const auto& entry : std::filesystem::directory_iterator(directory_)) {
    const long index = snapshot_index(entry.path().filename().string(), name_);
    if (index >= long(records_.size()))
      std::filesystem::remove(entry.path());
  }
  std::ostringstream pvd;
  dealii::DataOutBase::write_pvd_record(pvd, records_);
  write_file_atomically(directory_ + "/" + name_ + ".pvd", pvd.str(), false);
}

} // namespace hamdyn
