#include "studies/modal_participation.h"

#include <cmath>
#include <initializer_list>
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

// Records the factor gamma of a shape (its parts: real, or real and imaginary) with its effective
// mass; beyond round-off the shape is signed so that gamma > 0 (the manual's convention:
// docs/user-guide/output-files.md).
void add_signed(ModalParticipation& p, double gamma, double round_off,
                std::initializer_list<LA::Vector*> parts) {
  const bool by_factor = std::abs(gamma) > round_off;
  if (by_factor && gamma < 0) {
    for (LA::Vector* x : parts)
      *x *= -1;
    gamma = -gamma;
  }
  p.factor.push_back(gamma);
  p.effective_mass.push_back(gamma * gamma);
  p.signed_by_factor.push_back(by_factor);
}
} // namespace

LA::Vector translation_inertia(const PreparedCase& pc) {
  LA::Vector m_r(pc.system.locally_owned, pc.comm);
  pc.model->translation_inertia(m_r);
  return m_r;
}

ModalParticipation modal_participation(const PreparedCase& pc, Modes& modes) {
  return modal_participation(pc.parameters, translation_inertia(pc), modes);
}

ModalParticipation modal_participation(const CaseParameters& c, const LA::Vector& m_r,
                                       Modes& modes) {
  ModalParticipation p;
  p.total_mass = total_mass(c);
  // Gamma_n below this is round-off of a factor that vanishes (sum_n Gamma_n^2 <= total mass)
  const double round_off = 1e-10 * std::sqrt(p.total_mass);
  for (LA::Vector& mode : modes.shapes)
    add_signed(p, mode * m_r, round_off, {&mode});
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
    add_signed(p, (shapes_re[k] * m_r) / std::sqrt(shapes_re[k] * m_x), round_off,
               {&shapes_re[k], &shapes_im[k]});
  }
  return p;
}

} // namespace hamdyn
