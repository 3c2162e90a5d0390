#include "output/vtu_series.h"

#include <deal.II/base/mpi.h>

#include <fstream>

namespace hamdyn {

VtuSeries::VtuSeries(const std::string& directory, const std::string& name, MPI_Comm comm)
    : directory_(directory), name_(name), comm_(comm) {}

void VtuSeries::write(dealii::DataOut<1>& out, double time) {
  dealii::DataOutBase::VtkFlags flags;
  flags.compression_level = dealii::DataOutBase::VtkFlags::best_speed;
  out.set_flags(flags);
  const std::string pvtu = out.write_vtu_with_pvtu_record(
      directory_ + "/", name_, static_cast<unsigned int>(records_.size()), comm_, 5);
  records_.emplace_back(time, pvtu);
  if (dealii::Utilities::MPI::this_mpi_process(comm_) == 0) {
    std::ofstream pvd(directory_ + "/" + name_ + ".pvd");
    dealii::DataOutBase::write_pvd_record(pvd, records_);
  }
}

} // namespace hamdyn
