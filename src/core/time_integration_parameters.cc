#include "core/time_integration_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"

#include <deal.II/base/patterns.h>

namespace hamdyn {

namespace P = dealii::Patterns;

void declare_time_integration_parameters(ParameterFile& f) {
  f.declare("Time integration", "Scheme", "generalized alpha",
            P::Selection("generalized alpha|central difference|modal"),
            "generalized alpha | central difference | modal",
            "generalized alpha: implicit, Chung & Hulbert (1993). central difference: explicit, "
            "lumped mass, conditionally stable. modal: superposition of the first Modes/Number "
            "of modes natural modes with the case's damping projected on them in full, each "
            "step exact for a load linear over the step, plus the static correction of the "
            "modes left out (linear line models only; no stability limit, no numerical "
            "dissipation).");
  f.declare("Time integration", "Spectral radius", "1", P::Double(), "a real number in [0, 1]",
            "rho_inf of generalized alpha; 1 = Newmark average acceleration (no numerical "
            "dissipation; for a cable and a planar beam the energy-consistent midpoint rule), 0 = "
            "asymptotic annihilation.");
  f.declare("Time integration", "Time step", "1e-4", P::Double(), positive_text,
            "Time step. Units: s.");
  f.declare("Time integration", "Final time", "0.1", P::Double(), nonnegative_text,
            "End of the simulated interval. Units: s.");
  f.declare("Time integration", "Nonlinear tolerance", "1e-10", P::Double(),
            "a real number in (0, 1e-2]",
            "Newton's iterations on a step with nonlinear elements stop when both the residual "
            "and the increment, relative to the largest of the elements' forces, fall below "
            "this (a case without nonlinear elements takes one iteration and ignores it). "
            "Dimensionless.");
  f.declare("Time integration", "Maximum Newton iterations", "20", P::Integer(),
            "an integer from 1 to 1000",
            "A step whose Newton iterations have not converged after this many is retried as "
            "two steps of half the size, down to 1/1024 of Time step; a step that fails even "
            "then stops the run (exit 1) naming the time and the element.");
}

void parse_time_integration_parameters(const ParameterFile& f, CaseParameters& c) {
  const std::string scheme = f.get("Time integration", "Scheme");
  c.scheme = scheme == "central difference" ? Scheme::central_difference
             : scheme == "modal"            ? Scheme::modal
                                            : Scheme::generalized_alpha;
  c.spectral_radius = f.get_double("Time integration", "Spectral radius");
  if (!(c.spectral_radius >= 0 && c.spectral_radius <= 1))
    throw InputError("Time integration/Spectral radius",
                     f.get("Time integration", "Spectral radius"),
                     "expected a real number in [0, 1]");
  c.time_step = positive_value(f, "Time integration", "Time step");
  c.final_time = nonnegative_value(f, "Time integration", "Final time");
  c.nonlinear_tolerance = f.get_double("Time integration", "Nonlinear tolerance");
  if (!(c.nonlinear_tolerance > 0 && c.nonlinear_tolerance <= 1e-2))
    throw InputError("Time integration/Nonlinear tolerance",
                     f.get("Time integration", "Nonlinear tolerance"),
                     "expected a real number in (0, 1e-2]");
  const long iterations = f.get_integer("Time integration", "Maximum Newton iterations");
  if (iterations < 1 || iterations > 1000)
    throw InputError("Time integration/Maximum Newton iterations",
                     f.get("Time integration", "Maximum Newton iterations"),
                     "expected an integer from 1 to 1000");
  c.max_newton_iterations = static_cast<unsigned>(iterations);
  if (c.cable && c.scheme != Scheme::generalized_alpha)
    throw InputError("Time integration/Scheme", scheme,
                     "a cable steps by generalized alpha (the energy-consistent midpoint rule at "
                     "Spectral radius = 1)");
  if (c.planar_beam && c.scheme != Scheme::generalized_alpha)
    throw InputError("Time integration/Scheme", scheme,
                     "a planar beam steps by the energy- and momentum-conserving midpoint rule "
                     "('generalized alpha' at Spectral radius = 1)");
  if (c.scheme == Scheme::central_difference && c.discrete)
    throw InputError("Time integration/Scheme", f.get("Time integration", "Scheme"),
                     "a discrete system is integrated with 'generalized alpha' (its springs, "
                     "dashpots and constraints are solved implicitly)");
  if (c.scheme == Scheme::modal && c.discrete)
    throw InputError("Time integration/Scheme", scheme,
                     "modal superposition is for the line models; a discrete system is "
                     "integrated with 'generalized alpha'");
  if (c.scheme == Scheme::modal && c.has_nonlinear_elements()) {
    const auto [parameter, value] = first_nonlinear_element(c);
    throw InputError(parameter, value,
                     "Time integration/Scheme = modal superposes the modes of a linear "
                     "structure; with a nonlinear element use 'generalized alpha'");
  }
  if (c.scheme == Scheme::central_difference && c.mass_matrix != MassMatrix::lumped)
    throw InputError("Discretization/Mass matrix", f.get("Discretization", "Mass matrix"),
                     "central difference is explicit and needs 'lumped'");
}

} // namespace hamdyn
