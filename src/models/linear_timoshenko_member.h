#pragma once
// A straight linear Timoshenko member in the plane: Reissner's strains (models/
// planar_beam_element.h) linearized about the straight reference at angle alpha,
//   G1 = r' . t0 - 1,   G2 = r' . n0 - (psi - alpha),   K = psi',
// t0 = (cos alpha, sin alpha), n0 = J t0, psi the section's angle. With r = X + u (X' = t0) these
// are u_s', w' - phi and phi' of Timoshenko's beam in the member's axes (s along it, w across,
// phi = psi - alpha the section's turn): the linear frame member with shear flexibility
// (Przemieniecki, Theory of Matrix Structural Analysis, 1968, sec. 5.6). Its energy is quadratic in
// the DoFs. The interpolation, the reduced rule (no shear locking), the mass, the loads and the
// point terms are the Reissner element's, and so its stiffness is the Reissner element's tangent
// at the reference (tests/models asserts it): a frame may join members of both kinds.
//
// Its buckling is linearized about the reference (Bathe, Finite Element Procedures, 1996, sec.
// 6.8.2): tangent_parts' geometric part is the Reissner element's geometric stiffness at the
// reference with the section forces N = EA G1, Q = kGA G2 of this member's linear strains,
//   K_g: (x_a, theta_b) N_a' N_b (-N s0 - Q c0),  (z_a, theta_b) N_a' N_b (N c0 - Q s0),
//        (theta_a, theta_b) -N_a N_b N,
// and the tangent itself has none (the energy's Hessian: the modes are the linear frame's).
#include "models/planar_beam_element.h"

namespace hamdyn {

class LinearTimoshenkoMember : public PlanarBeamElement {
public:
  using PlanarBeamElement::PlanarBeamElement;
  std::unique_ptr<PlanarBeamElement> clone() const override {
    return std::make_unique<LinearTimoshenkoMember>(*this);
  }
  bool quadratic_energy() const override { return true; }
  double energy(const double* q) const override;
  void forces(const double* q, double* f) const override;
  /// The material stiffness alone (the energy's Hessian, constant; tangent_parts' k, without
  /// forming its geometric part).
  void tangent(const double* q, double* k) const override;
  void tangent_parts(const double* q, double* k, double* geometric) const override;
  void tangent_forms(const double* q, const double* u, double& material,
                     double& geometric) const override;
  PlanarBeamStrains strains(const double* q, double xi) const override;

private:
  /// The linear strains at a point, and the rows of B = dE/dq there (constant) into b when given.
  PlanarBeamStrains linear_strains(const Point& g, const double* q) const;
  void strain_rows(const Point& g, std::vector<std::array<double, 3>>& b) const;
};

} // namespace hamdyn
