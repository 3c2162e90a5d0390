#include "terms/term_table.h"

#include "terms/axial_tension_term.h"
#include "terms/moving_body_term.h"
#include "terms/nodal_force_term.h"

namespace hamdyn {

const std::vector<TermKind>& term_kinds() {
  static const std::vector<TermKind> kinds{
      {"large-amplitude string tension", make_axial_tension_term},
      {"nonlinear springs, dashpots and friction at points", make_nodal_force_term},
      // last: its correction is exact on the linear step only
      {"moving masses and vehicles", make_moving_body_term},
  };
  return kinds;
}

} // namespace hamdyn
