#include "studies/natural_modes.h"

#include "core/input_error.h"
#include "core/text.h"

namespace hamdyn {

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
                     "buckling` gives it): the beam is unstable, a mode has omega^2 < 0 and no "
                     "natural frequency; expected a compression below the buckling load");
  }
}

} // namespace hamdyn
