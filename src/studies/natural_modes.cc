#include "studies/natural_modes.h"

#include "core/input_error.h"
#include "core/text.h"
#include "studies/memory.h"
#include "studies/precision_floor.h"
#include "studies/progress.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace hamdyn {

void refuse_modes_beyond_memory(const PreparedCase& pc, unsigned int n,
                                const std::string& parameter, double dense_n_by_n) {
  const double dofs = double(pc.system.locally_owned.size()),
               ncv = double(krylov_basis_size(n, pc.system.locally_owned.size())),
               pairs = 2 * double(n); // the pairs the refinement takes (modal/eigen_solver.cc)
  // SLEPc's basis, the pairs extracted and its projected problem; then, SLEPc gone, the
  // refinement's pairs, corrections and the pairs before its last step, and its two dense
  // Rayleigh-Ritz pencils (modal/mode_refinement.cc: 5 pairs^2 doubles)
  const double eigensolver = 8 * dofs * (ncv + pairs) + 4 * 8 * ncv * ncv,
               refinement = 8 * dofs * 3 * pairs + 5 * 8 * pairs * pairs;
  refuse_beyond_memory(parameter, std::to_string(n),
                       std::max(eigensolver, refinement) + dense_n_by_n * 8 * double(n) * n,
                       std::to_string(n) + " modes of " +
                           std::to_string(pc.system.locally_owned.size()) + " DoFs",
                       pc.comm);
}

namespace {
// The refinement cannot reach its tolerance when K's condition, which grows as N^(2m) (m = 1 for
// strings and Timoshenko beams, 2 for cubic Hermite beams: 1e20 at 10^5 of them), passes what
// its double-precision solves resolve. An eigenvalue's relative error is about its residual
// squared (modal/mode_refinement.h), so a residual above 1e-5 may cost digits beyond the tenth:
// said once on stderr, so that no such value passes unnoticed.
void warn_beyond_resolution(const Modes& modes, MPI_Comm comm) {
  constexpr double worth_a_warning = 1e-5;
  if (modes.residual.empty() || dealii::Utilities::MPI::this_mpi_process(comm) != 0)
    return;
  const auto worst = std::max_element(modes.residual.begin(), modes.residual.end());
  if (!(*worst > worth_a_warning))
    return;
  const auto above = std::count_if(modes.residual.begin(), modes.residual.end(),
                                   [&](double r) { return !(r <= worth_a_warning); });
  std::fprintf(stderr,
               "hamdyn: warning: %ld of the %zu eigenpairs kept residuals above %.0e (largest "
               "%.2e, pair %ld: its eigenvalue may be off by about %.1e relative): %s\n",
               long(above), modes.residual.size(), worth_a_warning, *worst,
               long(worst - modes.residual.begin()) + 1, *worst * *worst,
               finer_than_double_precision);
}
} // namespace

Modes natural_modes(const SecondOrderSystem& system, const CaseParameters& c, unsigned int n,
                    double scale, bool report) {
  // Any negative shift lies below every omega^2 >= 0 and keeps K - shift M definite even for a
  // free-free string; its size only sets the conditioning of the shifted solves.
  try {
    // thousands of modes take minutes: the pairs converged so far, on rank 0
    Progress progress(report && dealii::Utilities::MPI::this_mpi_process(system.comm) == 0, n, 0, 0,
                      "eigenpairs converged", nullptr);
    const auto start = std::chrono::steady_clock::now();
    Modes modes = compute_modes(
        system, n, -0.01 * scale * scale,
        [&](unsigned long k) { progress.update(std::min<unsigned long>(k, n), 0); },
        [&](std::size_t pairs) {
          // said only after a long eigensolver phase, whose refinement takes as long again
          progress.end_line();
          if (std::chrono::steady_clock::now() - start > std::chrono::seconds(10) && report &&
              dealii::Utilities::MPI::this_mpi_process(system.comm) == 0) {
            std::printf("  refining %zu eigenpairs in extended precision (Rayleigh-Ritz steps)\n",
                        pairs);
            std::fflush(stdout);
          }
        });
    progress.end_line();
    warn_beyond_resolution(modes, system.comm);
    return modes;
  } catch (const UnstableSystem&) {
    // a compression anywhere along the beam
    if (!(c.axial_force_extremes().min < 0))
      throw;
    throw InputError("Model/Axial force", c.axial_force_text(),
                     "this compression is at or beyond the beam's first buckling load (`hamdyn "
                     "buckling` with Axial force = 0 gives it): the beam is unstable, a mode has "
                     "omega^2 < 0; expected a compression below the buckling load");
  }
}

} // namespace hamdyn
