#pragma once
// `hamdyn converge` of a discrete system: dt refinement of a history column (it has no mesh, and
// its frequencies do not depend on the time step), against a Richardson limit.
#include "studies/convergence_study.h"

namespace hamdyn {

class DiscreteConvergence : public ConvergenceSubject {
public:
  void check(const CaseParameters& c) const override;
  /// Its history column at every step (generalized-alpha, Newton).
  ConvergenceLevel level(const CaseParameters& level_case, MPI_Comm comm) const override;
  /// 2, generalized-alpha's; 1 with a dashpot of degree p < 2, which takes Moreau's first-order
  /// impulse h G1 over a step.
  double time_order(const CaseParameters& c) const override;
  bool has_mesh() const override { return false; }
};

} // namespace hamdyn
