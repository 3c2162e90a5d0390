#pragma once
// The exact step of a small linear system M q'' + C q' + K q = p(t) whose load is linear over the
// step (M, C, K dense n x n, M invertible; C and K need not be symmetric or diagonal, so a
// non-proportional damping keeps its coupling of the modes). With y = [q; q'; p; p'] the system is
// y' = E y, E = [0 I 0 0; -M^-1 K  -M^-1 C  M^-1 0; 0 0 0 I; 0 0 0 0], and the step is
// y(h) = e^{E h} y(0): exact for a load linear over the step, whatever omega h (the
// piecewise-linear load of Nigam & Jennings, J. Eng. Mech. Div. ASCE 95:103-122, 1969, for a
// coupled system). The energy the damping dissipates, int q'^T C q' dt, and the work of the load,
// int q'^T p dt, are quadratic forms in y(0) with the integrals of time/matrix_exponential.h, so
// the energy balance of the step is kept to round-off, not to the order of a quadrature.
#include "time/matrix_exponential.h"

#include <deal.II/lac/full_matrix.h>

#include <vector>

namespace hamdyn {

class ExactModalStep {
public:
  ExactModalStep(const dealii::FullMatrix<double>& m, const dealii::FullMatrix<double>& c,
                 const dealii::FullMatrix<double>& k);

  unsigned int size() const { return n_; }
  /// Advances (q, v = q') by h with the load going linearly from p0 to p1; adds the step's
  /// int q'^T C q' dt to `dissipated` and int q'^T p dt to `work`. Forms e^{E h} and the
  /// integrals the first time a step size is used (a run has two: its step and its last).
  void step(std::vector<double>& q, std::vector<double>& v, const std::vector<double>& p0,
            const std::vector<double>& p1, double h, double& dissipated, double& work);
  /// q'' = M^-1 (p - C q' - K q).
  std::vector<double> acceleration(const std::vector<double>& q, const std::vector<double>& v,
                                   const std::vector<double>& p) const;

private:
  struct Propagator {
    double h;
    DenseMatrix exponential, dissipation, work;
  };
  const Propagator& propagator(double h);

  unsigned int n_;
  dealii::FullMatrix<double> m_inverse_, c_, k_;
  DenseMatrix e_;
  std::vector<Propagator> propagators_;
};

} // namespace hamdyn
