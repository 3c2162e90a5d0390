#include "studies/prepared_case.h"

#include "core/input_error.h"
#include "core/text.h"
#include "mesh/line_mesh.h"
#include "models/element_scale.h"
#include "storage/atomic_file.h"
#include "studies/memory.h"
#include "studies/study_table.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

namespace hamdyn {

PreparedCase::PreparedCase(const CaseParameters& c, MPI_Comm comm_, Matrices matrices,
                           MassForm form)
    : parameters(c), comm(comm_),
      triangulation(std::make_unique<dealii::parallel::shared::Triangulation<1>>(
          comm_, dealii::Triangulation<1>::none, false,
          dealii::parallel::shared::Triangulation<1>::partition_zorder)) {
  const auto start = std::chrono::steady_clock::now();
  check_memory(c, comm);
  make_line_mesh(line_vertices(c), *triangulation);
  {
    // every rank holds every cell: the same verdicts
    double h_min = std::numeric_limits<double>::infinity(), h_max = 0;
    std::vector<double> vertices;
    for (const auto& cell : triangulation->active_cell_iterators()) {
      h_min = std::min(h_min, cell->diameter());
      h_max = std::max(h_max, cell->diameter());
      vertices.push_back(cell->vertex(0)[0]);
    }
    vertices.push_back(c.length);
    check_element_scale(c, h_min, h_max);
    check_expressions_finite(c, vertices);
  }
  trim_freed_memory(); // the mesh description's per-cell vectors are freed: return them
  model = make_model(c, *triangulation, comm);
  model->assemble(system, matrices, form);
  // The sparsity pattern's many small blocks are free now; hand them back to the system so they
  // do not add to the peak of the solver set-up that follows (glibc keeps them otherwise).
  trim_freed_memory();
  setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void PreparedCase::release_mesh() {
  system.keep_cells_only();
  system.load = nullptr; // it samples the model's cells
  model.reset();
  triangulation.reset();
  trim_freed_memory();
}

namespace {
// DoFs that are not held by a support, over all ranks.
dealii::types::global_dof_index free_dofs(const PreparedCase& pc) {
  return pc.system.locally_owned.size() -
         dealii::Utilities::MPI::sum(pc.system.held_dofs.size(), pc.comm);
}
} // namespace

void check_expressions_finite(const CaseParameters& c, const std::vector<double>& points) {
  auto check = [&](const std::string& parameter, const ExpressionPtr& e, bool in_x) {
    if (!e || e->is_zero())
      return;
    for (double x : in_x ? points : std::vector<double>{0.0})
      if (!std::isfinite((*e)(x, 0.0)))
        throw InputError(parameter, e->text(),
                         "is not finite at t = 0" + (in_x ? " and x = " + text_of(x) : "") +
                             "; expected an expression finite over the whole line [0, L] and "
                             "the whole run");
  };
  check("Load/Distributed force", c.distributed_force, true);
  check("Initial conditions/Displacement", c.initial_displacement, true);
  check("Initial conditions/Velocity", c.initial_velocity, true);
  check("Frequency response/Distributed force", c.response.distributed_force, true);
  check("Ground motion/Acceleration", c.ground_motion.acceleration, false);
  for (const auto* end : {&c.left, &c.right}) {
    const std::string name = end == &c.left ? "Left end/" : "Right end/";
    check(name + "Force", end->force, false);
    check(name + "Moment", end->moment, false);
  }
  for (const Attachment& a : c.forces)
    if (!std::isfinite((*a.expression)(a.x, 0.0)))
      throw InputError("Attachments/Forces", a.expression->text(),
                       "is not finite at t = 0; expected an expression finite over the whole run");
}

void check_free_dofs(const PreparedCase& pc) {
  if (free_dofs(pc) == 0)
    throw InputError("Discretization/Elements", std::to_string(pc.parameters.n_elements),
                     "leaves no free DoF between the held ends (Degree " +
                         std::to_string(pc.parameters.degree) +
                         "); expected more elements or a higher degree");
}

void check_number_of_modes(const PreparedCase& pc) {
  check_number_of_modes(pc, pc.parameters.n_modes, "Modes/Number of modes");
}

void check_number_of_modes(const PreparedCase& pc, unsigned int n, const std::string& parameter) {
  const auto n_free = free_dofs(pc);
  if (n > n_free)
    throw InputError(parameter, std::to_string(n),
                     "this discretization has only " + std::to_string(n_free) +
                         " free DoFs; expected at most that many");
}

std::unique_ptr<OutputDirectory>
prepare_output_directory(const std::string& directory, const ParameterFile& file, MPI_Comm comm) {
  auto output = std::make_unique<OutputDirectory>(
      directory, comm, OutputDirectory::Use::new_results, is_study_output);
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::ostringstream text;
    file.write(text);
    write_file_atomically(directory + "/used_parameters.prm", text.str());
  }
  MPI_Barrier(comm);
  return output;
}

} // namespace hamdyn
