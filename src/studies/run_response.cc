#include "studies/run_response.h"

#include "core/input_error.h"
#include "core/text.h"
#include "output/vtu_series.h"
#include "studies/complex_shapes.h"
#include "studies/frequency_response.h"
#include "studies/frf_tables.h"
#include "studies/memory.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
// The operating deflection shapes, one snapshot per frequency, ParaView's time axis being the
// frequency [Hz].
// The response's memory, refused up front (before the mesh is built). Measured peaks (resident
// set of each rank, a string of degree 2 at one frequency): 1.69 and 3.20 GB on 1 rank at 10^6
// and 2 10^6 DoFs, 2.39 and 4.42 GB summed over 2 ranks. Every rank holds 168 MB and 527 bytes a
// DoF of the whole line (parallel::shared replicates the mesh and its DoF numbering), the job 990
// bytes a DoF of the distributed matrices and the complex factorization; the generic estimate
// (studies/memory.h: check_memory) left out the replicated part and said 3.2 GB for 4.4.
void refuse_response_beyond_memory(const CaseParameters& c, MPI_Comm comm) {
  const double ranks = dealii::Utilities::MPI::n_mpi_processes(comm),
               dofs = dof_count(c, double(c.n_elements));
  refuse_beyond_memory("Discretization/Elements", std::to_string(c.n_elements),
                       ranks * (168e6 + 527 * dofs) + 990 * dofs,
                       "the response of " + std::to_string(static_cast<unsigned long long>(dofs)) +
                           " DoFs on " + std::to_string(static_cast<int>(ranks)) + " rank(s)",
                       comm);
}

void write_shapes(const PreparedCase& pc, const FrequencyResponse& r) {
  VtuSeries series(pc.parameters.output_directory, "response", pc.comm);
  for (std::size_t j = 0; j < r.shape_frequencies.size(); ++j)
    write_complex_shape(pc, r.shapes_re[j], r.shapes_im[j], r.shape_frequencies[j],
                        {{"frequency", r.shape_frequencies[j]}}, series);
}
} // namespace

NamedValues run_response(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report) {
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  std::vector<std::string> notes;
  const CaseParameters h = harmonic_load_case(c, notes);
  const std::vector<double> psd =
      c.response.load_psd ? load_psd_values(c.response) : std::vector<double>{};
  refuse_response_beyond_memory(c, comm);
  PreparedCase pc(h, comm);
  check_free_dofs(pc);
  if (!pc.system.load) {
    std::string left_out;
    for (const std::string& note : notes)
      left_out += (left_out.empty() ? " (" : "; ") + note;
    throw InputError("Frequency response/Forces", "",
                     "the case has no load that does not depend on t to take as the harmonic "
                     "amplitude" +
                         (left_out.empty() ? std::string() : left_out + ")") +
                         "; expected Frequency response/Forces or Distributed force");
  }
  if (c.response.method == ResponseParameters::Method::modal)
    check_number_of_modes(pc);
  const std::size_t linearized = linearize_about_undeformed_state(pc.system);
  if (root) {
    for (const std::string& note : notes)
      std::printf("%s\n", note.c_str());
    if (linearized > 0)
      std::printf("the response of the system linearized about the undeformed state (%zu "
                  "nonlinear springs and dashpots: each spring's slope at zero extension, each "
                  "dashpot of degree 2 as viscous)\n",
                  linearized);
    if (c.axial_stiffness > 0)
      std::printf("the large-amplitude string responds with its tension alone: Axial stiffness "
                  "enters only finite motions\n");
  }
  const FrequencyResponse r = frequency_response(pc, report);
  const auto output = prepare_output_directory(c.output_directory, file, comm);

  NamedValues results = write_frf_tables(c.output_directory, r, psd, comm, root);
  if (!r.shape_frequencies.empty())
    write_shapes(pc, r);
  if (root && c.response.method == ResponseParameters::Method::modal)
    std::printf("modal superposition of %u modes%s\n", r.n_modes,
                r.static_correction ? " with the static correction of the others" : "");
  return results;
}

} // namespace hamdyn
