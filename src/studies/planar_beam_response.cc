#include "studies/planar_beam_response.h"

#include "system/complex_band_lu.h"

#include <algorithm>

namespace hamdyn {

PlanarBeamHarmonicResponse::PlanarBeamHarmonicResponse(const PlanarBeamLine& line,
                                                       const std::vector<double>& q)
    : line_(line), nd_(3 * (line.degree() + 1)) {
  const std::size_t block = std::size_t(nd_) * nd_, n_elements = line.elements.size();
  stiffness_.resize(block * n_elements);
  mass_.resize(block * n_elements);
  damping_.resize(block * n_elements);
  std::vector<double> qe(nd_);
  for (std::size_t e = 0; e < n_elements; ++e) {
    element_dofs(line, e, q, qe.data());
    line.elements[e].tangent(qe.data(), &stiffness_[e * block]);
    line.elements[e].mass(&mass_[e * block]);
    line.elements[e].damping(&damping_[e * block]);
  }
}

std::vector<PlanarBeamHarmonicResponse::Complex>
PlanarBeamHarmonicResponse::solve(double omega, double eta,
                                  const std::vector<std::pair<std::size_t, Complex>>& moved) const {
  const std::size_t n = line_.n_dofs(), block = std::size_t(nd_) * nd_;
  const unsigned band = line_.band();
  ComplexBandLU a;
  a.reinit(n, band);
  Complex* data = a.data();
  const Complex k_factor(1, eta), c_factor(0, omega);
  const double m_factor = -omega * omega;
  for (std::size_t e = 0; e < line_.elements.size(); ++e) {
    for (unsigned i = 0; i < nd_; ++i)
      for (unsigned j = 0; j < nd_; ++j) {
        const std::size_t k = e * block + i * nd_ + j;
        data[a.index(line_.row(line_.dof(e, i / 3, i % 3)),
                     line_.row(line_.dof(e, j / 3, j % 3)))] +=
            k_factor * stiffness_[k] + m_factor * mass_[k] + c_factor * damping_[k];
      }
  }
  // the held DoFs' columns times their amplitudes onto the right-hand side, then their rows and
  // columns the identity's with the amplitude as its right-hand side
  std::vector<Complex> u(n, 0.0), held_value(n, 0.0);
  for (const auto& [dof, value] : moved)
    held_value[dof] = value;
  for (std::size_t j = 0; j < n; ++j) {
    if (line_.tied(j)) { // u_j - u_i = 0 (its column is empty: its terms are at its tie's)
      data[a.index(j, j)] = 1;
      data[a.index(j, line_.row(j))] = -1;
      continue;
    }
    if (!line_.held[j])
      continue;
    const std::size_t low = j >= band ? j - band : 0, high = std::min(n - 1, j + band);
    for (std::size_t i = low; i <= high; ++i) {
      if (!line_.held[i])
        u[i] -= data[a.index(i, j)] * held_value[j];
      data[a.index(i, j)] = 0;
      data[a.index(j, i)] = 0;
    }
    data[a.index(j, j)] = 1;
    u[j] = held_value[j];
  }
  if (!a.factorize())
    return {};
  a.solve(u.data());
  return u;
}

} // namespace hamdyn
