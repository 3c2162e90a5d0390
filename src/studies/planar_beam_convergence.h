#pragma once
// `hamdyn converge` of a planar beam (Model/Type = planar beam): h or p refinement of its in-plane
// frequencies about the static state (or about steady rotation), of a history column of its run,
// dt refinement of the history, or h and dt, each against a Richardson limit. Expected orders: 2p
// in h for the frequencies of degree-p elements (the energy's first derivatives: Strang & Fix,
// An Analysis of the Finite Element Method, 1973, Thm. 6.1 with m = 1, as the Timoshenko beam's,
// which the planar beam's reduced-integration element is about the straight reference), 2 in dt
// for the midpoint rule and generalized alpha.
#include "studies/convergence_study.h"

namespace hamdyn {

class PlanarBeamConvergence : public ConvergenceSubject {
public:
  /// The case with its beam's Discretization/Elements and Degree as the levels'.
  CaseParameters prepared(const CaseParameters& c) const override;
  /// InputError where the finest level is beyond the modes' dense eigenvalues (frequencies) or
  /// the parser's element limit.
  void check(const CaseParameters& c) const override;
  ConvergenceLevel level(const CaseParameters& level_case, MPI_Comm comm) const override;
  double frequency_order(const CaseParameters& c) const override { return 2.0 * c.degree; }
  bool has_mesh() const override { return true; }
};

} // namespace hamdyn
