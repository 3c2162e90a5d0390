#pragma once
// `hamdyn converge` of a cable (Model/Type = cable): h refinement of its in-plane frequencies about
// the static equilibrium and of a history column of its run, dt refinement of the history, or
// both (linear elements: order 2 in h for the frequencies, Strang & Fix Thm 6.1 with m = 1; the
// midpoint rule: order 2 in dt), each against a Richardson limit.
#include "studies/convergence_study.h"

namespace hamdyn {

class CableConvergence : public ConvergenceSubject {
public:
  /// The case with its cable's Discretization/Elements as the levels' element count.
  CaseParameters prepared(const CaseParameters& c) const override;
  /// InputError for p refinement (the cable's elements are linear) and for frequencies at a
  /// finest level past the dense eigenvalues' 2000 elements.
  void check(const CaseParameters& c) const override;
  ConvergenceLevel level(const CaseParameters& level_case, MPI_Comm comm) const override;
  double frequency_order(const CaseParameters& /*c*/) const override { return 2; }
  bool has_mesh() const override { return true; }
};

} // namespace hamdyn
