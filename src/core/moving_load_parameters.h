#pragma once
// The `Moving loads` section: forces, masses and vehicles (sprung masses) travelling along the
// line, each at a position in t (a vehicle's axles, a train of them), and the gravity that acts
// on the masses and vehicles.
#include "core/case_parameters.h"

#include <string>

namespace hamdyn {

void declare_moving_load_parameters(ParameterFile& f);
void parse_moving_load_parameters(const ParameterFile& f, CaseParameters& c);

/// InputError when the case's moving masses or vehicles meet what cannot carry them yet: a
/// nonlinear element or the large-amplitude string (their Newton iterations and the masses'
/// low-rank update are not solved together), or a rigid mass on a C0 element of degree 1 (no
/// w_xx inside it). After the model, discretization and attachments are parsed.
void check_moving_bodies(const CaseParameters& c);

/// InputError naming the first key of the Moving loads section the case uses, when it has moving
/// loads: `study` (modes, a frequency response) has no place for a load that moves.
void refuse_moving_loads(const CaseParameters& c, const std::string& study);
/// InputError naming Moving loads/Masses or Oscillators when the case has moving masses or
/// vehicles: `what` cannot carry them (why, in its words).
void refuse_moving_bodies(const CaseParameters& c, const std::string& what);

} // namespace hamdyn
