#pragma once
// The static equilibrium of a line model, K u + B F(B^T u) = f(t_s): its loads' expressions taken
// at one time t_s and held (dead loads), its nonlinear springs' forces F at their DoFs B, solved
// with K's banded factorization and refined with residuals whose K products come from the element
// strains (system/refined_static_solve.h). The ends' values, the support reactions and the probes
// are the history row's functionals at the equilibrium: a reaction is K u - f on a held row, the
// force the support applies.
#include "studies/prepared_case.h"

#include <string>
#include <vector>

namespace hamdyn {

struct StaticEquilibrium {
  LA::Vector u; // the displacement, distributed like the system's rows
  /// The history's columns that depend on u (the ends' displacements, rotations and support
  /// reactions, the probes, the oscillators' displacements) at u, on every rank: name, SI unit
  /// and value.
  std::vector<std::string> names, units;
  std::vector<double> values;
  /// The last refinement step's size relative to u: what u may still be off by.
  double uncertainty = 0;
  /// Whether u = 0 (every load 0 at the load time, no spring law with a force at rest).
  bool unloaded = false;
  /// The nonlinear springs' forces at u, their load steps and Newton iterations in all.
  std::vector<double> spring_forces;
  unsigned int load_steps = 0, newton_iterations = 0;
};

/// Throws InputError, before anything is solved, for a case the equilibrium cannot take: the
/// large-amplitude string, dry friction, a moving load or mass, a ground motion, a rigid motion
/// that no support or linear spring stops.
void check_static_case(const CaseParameters& c);

/// The equilibrium of `pc` (a case check_static_case accepts) under its loads at
/// c.statics.load_time; nonlinear springs by Newton's method with load stepping on their
/// extensions (static_equilibrium.cc), their forces as columns after the history's. Throws
/// CollectiveFailure when the load steps cannot reach the full load. Throws InputError naming Left
/// end/Support when K is singular (a rigid motion that no support or spring stops). Collective.
StaticEquilibrium static_equilibrium(const PreparedCase& pc);

} // namespace hamdyn
