#include "time/scheme_parameters.h"

#include "time/newmark_scheme.h"

namespace hamdyn {

NewmarkParameters newmark_parameters(const CaseParameters& c) {
  NewmarkParameters p = c.scheme == Scheme::central_difference
                            ? central_difference_parameters()
                            : generalized_alpha_parameters(c.spectral_radius);
  p.nonlinear_tolerance = c.nonlinear_tolerance;
  p.max_newton_iterations = c.max_newton_iterations;
  return p;
}

} // namespace hamdyn
