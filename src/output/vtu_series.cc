#include "output/vtu_series.h"

#include "output/series_index.h"
#include "storage/atomic_file.h"

#include <deal.II/base/mpi.h>

namespace hamdyn {

VtuSeries::VtuSeries(const std::string& directory, const std::string& name, MPI_Comm comm)
    : directory_(directory), name_(name), comm_(comm) {}

void VtuSeries::write(const OutputFields& fields, unsigned int subdivisions, double time,
                      const std::function<void(LineVtuPiece&)>& fill, bool single_precision,
                      const FieldData& field_data) {
  const std::string type = single_precision ? "Float32" : "Float64";
  const unsigned rank = dealii::Utilities::MPI::this_mpi_process(comm_);
  const unsigned n_ranks = dealii::Utilities::MPI::n_mpi_processes(comm_);
  const std::string base = series_file_base(name_, records_.size());
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
                     "<PUnstructuredGrid GhostLevel=\"0\">\n" +
                     field_data_xml(time, field_data) + "<PPointData>\n";
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
  append_series_record(directory_, name_, records_);
}

void VtuSeries::restore(const Records& records) {
  records_ = records;
  if (dealii::Utilities::MPI::this_mpi_process(comm_) != 0)
    return;
  remove_series_files_from(directory_, name_, records_.size());
  write_series_index(directory_, name_, records_);
}

} // namespace hamdyn
