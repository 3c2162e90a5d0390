#include "studies/modal_participation.h"

#include <cmath>
#include <limits>

namespace hamdyn {

namespace {
double total_mass(const CaseParameters& c) {
  double m = c.mass_per_length * c.length + c.left.point_mass + c.right.point_mass;
  for (const auto* list : {&c.point_masses, &c.oscillators})
    for (const Attachment& a : *list)
      m += a.value;
  return m;
}
} // namespace

ModalParticipation modal_participation(const PreparedCase& pc, Modes& modes) {
  const SecondOrderSystem& s = pc.system;
  ModalParticipation p;
  p.total_mass = total_mass(pc.parameters);
  LA::Vector m_r(s.locally_owned, pc.comm);
  pc.model->translation_inertia(m_r);
  // Gamma_n below this is round-off of a factor that vanishes (sum_n Gamma_n^2 <= total mass)
  const double round_off = 1e-10 * std::sqrt(p.total_mass);
  for (LA::Vector& mode : modes.shapes) {
    double gamma = mode * m_r;
    const bool by_factor = std::abs(gamma) > round_off;
    if (by_factor && gamma < 0) {
      mode *= -1;
      gamma = -gamma;
    }
    p.factor.push_back(gamma);
    p.effective_mass.push_back(gamma * gamma);
    p.signed_by_factor.push_back(by_factor);
  }
  return p;
}

ModalParticipation damped_modal_participation(const PreparedCase& pc,
                                              std::vector<LA::Vector>& shapes_re,
                                              std::vector<LA::Vector>& shapes_im) {
  const SecondOrderSystem& s = pc.system;
  ModalParticipation p;
  p.total_mass = total_mass(pc.parameters);
  LA::Vector m_r(s.locally_owned, pc.comm), m_x(s.locally_owned, pc.comm);
  pc.model->translation_inertia(m_r);
  const double round_off = 1e-10 * std::sqrt(p.total_mass);
  for (std::size_t k = 0; k < shapes_re.size(); ++k) {
    if (!(shapes_im[k].l2_norm() <= 1e-8 * shapes_re[k].l2_norm())) {
      p.factor.push_back(std::numeric_limits<double>::quiet_NaN());
      p.effective_mass.push_back(std::numeric_limits<double>::quiet_NaN());
      p.signed_by_factor.push_back(false);
      continue;
    }
    s.mass.vmult(m_x, shapes_re[k]);
    double gamma = (shapes_re[k] * m_r) / std::sqrt(shapes_re[k] * m_x);
    const bool by_factor = std::abs(gamma) > round_off;
    if (by_factor && gamma < 0) {
      shapes_re[k] *= -1;
      shapes_im[k] *= -1;
      gamma = -gamma;
    }
    p.factor.push_back(gamma);
    p.effective_mass.push_back(gamma * gamma);
    p.signed_by_factor.push_back(by_factor);
  }
  return p;
}

} // namespace hamdyn
