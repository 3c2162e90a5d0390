#pragma once
// `hamdyn converge` of a line model: h, p, dt or h and dt refinement, frequencies from the modal
// solver and a history column from the transient, against the exact frequencies and string
// history where they exist (studies/compare_methods.h).
#include "studies/convergence_study.h"

namespace hamdyn {

class LineConvergence : public ConvergenceSubject {
public:
  /// With a probe for a history column u@x or v@x the case does not record yet.
  CaseParameters prepared(const CaseParameters& c) const override;
  void check(const CaseParameters& c) const override;
  std::vector<double> exact_frequencies(const CaseParameters& c, unsigned int n) const override;
  bool has_exact_history(const CaseParameters& c) const override;
  std::vector<double> exact_history(const CaseParameters& c,
                                    const std::vector<double>& times) const override;
  ConvergenceLevel level(const CaseParameters& level_case, MPI_Comm comm) const override;
  /// 2 (p + 1 - m) for degree-p elements and strains of order m.
  double frequency_order(const CaseParameters& c) const override;
  unsigned int strain_order(const CaseParameters& c) const override;
  bool has_mesh() const override { return true; }
  /// The finest level is the peak (the levels run one after the other), with check_memory's
  /// 1.6 kB per DoF.
  void refuse_beyond_memory(const CaseParameters& c, MPI_Comm comm) const override;
};

} // namespace hamdyn
