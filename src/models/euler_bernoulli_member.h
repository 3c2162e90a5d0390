#pragma once
// A straight linear Euler-Bernoulli member in the plane, on the planar beam element's nodes (the
// p + 1 Gauss-Lobatto points of degree p, each with x, z and theta), so that it joins the other
// members at points as any does. In the member's axes (t0 = (cos alpha, sin alpha), n0 = J t0,
// alpha its reference angle) the axial displacement u is interpolated by the degree p Lagrange
// basis of the nodes' r . t0, and the transverse w by the Hermite basis of degree 2 p + 1 of the
// nodes' values r . n0 and slopes phi = psi - alpha (psi the section's angle): w' = phi at every
// node, the Euler-Bernoulli beam's constraint, and with p = 1 the classical cubic frame element
// (Przemieniecki, Theory of Matrix Structural Analysis, 1968, sec. 5.4). Its energy
//   V = int (EA u'^2 + EI w''^2) / 2 ds
// is integrated exactly (2 p Gauss points), quadratic in the DoFs, without shear strain (kGA
// unused). Its buckling is linearized about the reference with the classical geometric stiffness
// int N w' dw' ds (N = EA u' of the linear solution; the second-order part of the axial strain,
// u' + w'^2 / 2: Przemieniecki sec. 15.3), integrated exactly by 3 p points; the tangent itself
// has none (the energy's Hessian).
//
// The kinetic energy is consistent with these fields: int (rho A (u'^2 + w'^2) + rho I w_t'^2) / 2
// ds (rates ( )' here; the rotary inertia of Rayleigh's beam, w_t the slope), exact by 2 p + 2
// Gauss points, so that w's and phi's rates are coupled (coupled_mass()); in the director form
// of the energy-conserving step phi's rate is n0 . dt/dt (linear theory: t stays near t0), the
// matrix T^T M T with T mapping (x', z', t_x', t_z') to (x', z', phi'). Point masses and rotary
// inertias are the planar beam element's (at the nodes, where frames put them, the same).
//
// The section forces: N = EA u', M = EI w'' and Q = -M' = -EI w''' (equilibrium of a section
// without distributed moment, in the sign of the Reissner element's Q = kGA G2).
#include "models/planar_beam_element.h"

#include <vector>

namespace hamdyn {

class EulerBernoulliMember : public PlanarBeamElement {
public:
  EulerBernoulliMember(unsigned degree, double length, double reference_angle,
                       const PlanarBeamSection& section,
                       PlanarBeamInterpolation interpolation = PlanarBeamInterpolation::rotations);
  std::unique_ptr<PlanarBeamElement> clone() const override {
    return std::make_unique<EulerBernoulliMember>(*this);
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
  /// (u' along the member, 0, w'').
  PlanarBeamStrains strains(const double* q, double xi) const override;
  std::array<double, 3> section_forces(const double* q, double xi) const override;
  bool coupled_mass() const override { return true; }
  void mass(double* m) const override;
  void director_mass(double* m) const override;

private:
  // at a point: the weight (Gauss weight times L) and per node the Lagrange basis' s-derivative
  // N_a' and the Hermite basis' s-derivatives 1 to 3 of the value's (H) and the slope's (G)
  // functions
  struct HermitePoint {
    double weight = 0;
    std::vector<double> n, dn, h, dh, ddh, dddh, g, dg, ddg, dddg;
  };
  // the Hermite basis: per node the coefficients of H_a and G_a in powers of x = 2 s / L - 1
  std::vector<std::vector<double>> value_basis_, slope_basis_;
  std::vector<HermitePoint> bending_points_, geometric_points_, inertia_points_;
  HermitePoint hermite_point(double xi, double weight) const;
  // u' (the strain u' = r' . t0 - 1), w' and w'' and w''' at a point
  struct Fields {
    double axial = 0, slope = 0, curvature = 0, curvature_rate = 0;
  };
  Fields fields(const HermitePoint& g, const double* q) const;
  // the rows d(axial, w'', w') / dq_i at a point
  void rows(const HermitePoint& g, std::vector<std::array<double, 3>>& b) const;
};

} // namespace hamdyn
