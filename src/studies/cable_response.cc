#include "studies/cable_response.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
constexpr std::size_t half_width = 3; // a node's two DoFs and its neighbours'
constexpr std::size_t row_width = 2 * half_width + 1;

// A matrix in the chain's numbering stored by rows of its band (add_element_block's a(i, j)).
struct RowBand {
  std::vector<double>& v;
  double& operator()(std::size_t i, std::size_t j) { return v[row_width * i + half_width + j - i]; }
};
} // namespace

ChainHarmonicResponse::ChainHarmonicResponse(const CableChain& chain, const CableMass& mass)
    : n_dofs_(2 * chain.nodes.size()) {
  k_.assign(row_width * n_dofs_, 0.0);
  m_ = c_ = k_;
  RowBand k{k_}, m{m_}, c{c_};
  add_tangent_stiffness(k, chain);
  add_mass_matrix(m, mass, 1.0);
  for (std::size_t e = 0; e < chain.elements.size(); ++e) { // for the tension amplitudes
    const Vector2 d = chord(chain.nodes, e);
    tangents_.push_back(chain.elements[e].tangent(d));
    const double l = std::hypot(d.x, d.z);
    directions_.push_back({d.x / l, d.z / l});
  }
  for (std::size_t e = 0; e < chain.elements.size(); ++e) { // c_a / L e e^T (Kelvin-Voigt)
    const CableElement& element = chain.elements[e];
    const Vector2 d = chord(chain.nodes, e);
    const bool slack = element.tension_only && !(std::hypot(d.x, d.z) > element.rest_length);
    const double factor = slack ? 0 : element.axial_damping / element.rest_length;
    damping_factors_.push_back(factor);
    const Vector2& u = directions_[e];
    if (factor > 0)
      add_element_block(
          c, e,
          Matrix2{factor * u.x * u.x, factor * u.x * u.z, factor * u.z * u.x, factor * u.z * u.z});
  }
  for (const NodeDashpot& dashpot : chain.dashpots)
    for (std::size_t a : {0, 1})
      c(2 * dashpot.node + a, 2 * dashpot.node + a) += dashpot.damping;
  if (chain.mass_damping > 0)
    add_mass_matrix(c, mass, chain.mass_damping);
  for (const bool held : chain.held)
    held_dof_.insert(held_dof_.end(), {held, held});
  lu_.reinit(n_dofs_, half_width);
}

std::vector<ChainHarmonicResponse::Complex>
ChainHarmonicResponse::solve(double omega, double eta,
                             const std::vector<HeldNodeMotion>& motion) const {
  std::vector<Complex> u(n_dofs_, 0.0), rhs(n_dofs_, 0.0);
  for (const HeldNodeMotion& h : motion) {
    u[2 * h.node] = h.x;
    u[2 * h.node + 1] = h.z;
  }
  // A with the held DoFs' rows and columns made identity (the free rows' couplings to them
  // moved to the right-hand side, -A_fh U_h), so that the factored matrix stays symmetric and
  // its columns' scales are the free DoFs' own
  lu_.clear();
  Complex* band = lu_.data();
  for (std::size_t r = 0; r < n_dofs_; ++r) {
    if (held_dof_[r]) {
      band[lu_.index(r, r)] = 1.0;
      continue;
    }
    for (std::size_t col = r >= half_width ? r - half_width : 0;
         col <= std::min(n_dofs_ - 1, r + half_width); ++col) {
      const std::size_t p = row_width * r + half_width + col - r;
      const Complex a(k_[p] - omega * omega * m_[p], eta * k_[p] + omega * c_[p]);
      if (held_dof_[col])
        rhs[r] -= a * u[col];
      else
        band[lu_.index(r, col)] = a;
    }
  }
  if (!lu_.factorize())
    return {};
  lu_.solve(rhs.data());
  for (std::size_t r = 0; r < n_dofs_; ++r)
    if (!held_dof_[r])
      u[r] = rhs[r];
  return u;
}

ChainHarmonicResponse::Complex ChainHarmonicResponse::tension(std::size_t k,
                                                              const std::vector<Complex>& u,
                                                              double eta, double omega) const {
  const Complex dx = u[2 * (k + 1)] - u[2 * k], dz = u[2 * (k + 1) + 1] - u[2 * k + 1];
  const Matrix2& t = tangents_[k];
  const Vector2& e = directions_[k];
  const Complex elastic = e.x * (t.xx * dx + t.xz * dz) + e.z * (t.zx * dx + t.zz * dz);
  const Complex viscous = damping_factors_[k] * (e.x * dx + e.z * dz);
  return Complex(1, eta) * elastic + Complex(0, omega) * viscous;
}

double ChainHarmonicResponse::form(Part a, const std::vector<double>& u,
                                   const std::vector<double>& v) const {
  const std::vector<double>& band = a == Part::stiffness ? k_ : a == Part::mass ? m_ : c_;
  double sum = 0;
  for (std::size_t r = 0; r < n_dofs_; ++r)
    for (std::size_t col = r >= half_width ? r - half_width : 0;
         col <= std::min(n_dofs_ - 1, r + half_width); ++col)
      sum += u[r] * band[row_width * r + half_width + col - r] * v[col];
  return sum;
}

} // namespace hamdyn
