#include "studies/prepared_case.h"

#include "mesh/line_mesh.h"

#include <deal.II/base/mpi.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace hamdyn {

PreparedCase::PreparedCase(const CaseParameters& c, MPI_Comm comm_)
    : parameters(c), comm(comm_),
      triangulation(comm_, dealii::Triangulation<1>::none, false,
                    dealii::parallel::shared::Triangulation<1>::partition_zorder) {
  const auto start = std::chrono::steady_clock::now();
  make_line_mesh(line_vertices(c), triangulation);
  model = std::make_unique<StringModel>(c, triangulation, comm);
  model->assemble(system);
  setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void prepare_output_directory(const std::string& directory, const ParameterFile& file,
                              MPI_Comm comm) {
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::filesystem::create_directories(directory);
    std::ofstream out(directory + "/used_parameters.prm");
    file.write(out);
  }
  MPI_Barrier(comm);
}

} // namespace hamdyn
