#include "studies/natural_modes.h"

#include "core/input_error.h"
#include "core/text.h"
#include "studies/memory.h"

namespace hamdyn {

void refuse_modes_beyond_memory(const PreparedCase& pc, unsigned int n,
                                const std::string& parameter) {
  const double dofs = double(pc.system.locally_owned.size()),
               ncv = double(krylov_basis_size(n, pc.system.locally_owned.size()));
  refuse_beyond_memory(
      parameter, std::to_string(n), 8 * dofs * (ncv + 2 * double(n)) + 4 * 8 * ncv * ncv,
      std::to_string(n) + " modes of " + std::to_string(pc.system.locally_owned.size()) + " DoFs",
      pc.comm);
}

Modes natural_modes(const SecondOrderSystem& system, const CaseParameters& c, unsigned int n,
                    double scale) {
  // Any negative shift lies below every omega^2 >= 0 and keeps K - shift M definite even for a
  // free-free string; its size only sets the conditioning of the shifted solves.
  try {
    return compute_modes(system, n, -0.01 * scale * scale);
  } catch (const UnstableSystem&) {
    if (!(c.axial_force < 0))
      throw;
    throw InputError("Model/Axial force", text_of(c.axial_force),
                     "this compression is at or beyond the beam's first buckling load (`hamdyn "
                     "buckling` with Axial force = 0 gives it): the beam is unstable, a mode has "
                     "omega^2 < 0; expected a compression below the buckling load");
  }
}

} // namespace hamdyn
