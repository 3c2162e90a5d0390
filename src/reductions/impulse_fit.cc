#include "reductions/impulse_fit.h"

namespace hamdyn {

using dealii::FullMatrix;
using dealii::Vector;

ImpulseFit::ImpulseFit(const FullMatrix<double>& mass, const FullMatrix<double>& constraints) {
  const std::size_t n = mass.m(), l = constraints.m();
  FullMatrix<double> mass_inverse(n, n);
  mass_inverse.invert(mass);
  projection_ = mass_inverse;
  correction_.reinit(n, l);
  if (l > 0) { // W = M^-1 C^T (C M^-1 C^T)^-1, P = M^-1 - W C M^-1
    const FullMatrix<double>& c = constraints;
    FullMatrix<double> mct(n, l), cmct(l, l), cmct_inverse(l, l), wc(n, n), wcm(n, n);
    mass_inverse.mTmult(mct, c);
    c.mmult(cmct, mct);
    cmct_inverse.invert(cmct);
    mct.mmult(correction_, cmct_inverse);
    correction_.mmult(wc, c);
    wc.mmult(wcm, mass_inverse);
    projection_.add(-1.0, wcm);
  }
}

FullMatrix<double> ImpulseFit::susceptance(const FullMatrix<double>& incidence) const {
  FullMatrix<double> dp(incidence.m(), n()), b(incidence.m(), incidence.m());
  incidence.mmult(dp, projection_);
  dp.mTmult(b, incidence);
  return b;
}

Vector<double> ImpulseFit::velocities(const Vector<double>& momentum,
                                      const Vector<double>& constraint_rates) const {
  Vector<double> v(n());
  projection_.vmult(v, momentum);
  if (correction_.n() > 0) {
    Vector<double> correction(n());
    correction_.vmult(correction, constraint_rates);
    v -= correction;
  }
  return v;
}

} // namespace hamdyn
