#pragma once
// Lagrange's equations of a discrete system given by its energies (Goldstein, Poole & Safko,
// Classical Mechanics, 3rd ed., eqs. 1.53 and 1.70; Meirovitch, Methods of Analytical Dynamics,
// sec. 4.3): point masses at positions r(q, t) in a gravity field g, a kinetic energy T(q, q', t)
// at most quadratic in the rates, a potential V(q, t), a dissipation function D(q, q', t) and
// generalized forces Q(q, q', t):
//   d/dt dT/dq' - dT/dq + dV/dq + dD/dq' = Q,   T += 1/2 sum m |r'|^2,   V -= sum m g . r,
// written M(q, t) q'' + g_c(q, q', t) + g_d(q, q', t) - Q = 0 with
//   M = d^2T/dq'dq',  g_c = (d^2T/dq'dq) q' + d^2T/dq'dt - dT/dq + dV/dq,  g_d = dD/dq'
// (g_c holds the gyroscopic, centrifugal and transport terms of T = T2 + T1 + T0). Every
// derivative is exact: GiNaC differentiates the case's texts once (core/ginac_text.h) and the
// results are compiled to muparser's bytecode (core/compiled_expressions.h), so a step
// evaluates them and never differentiates or interprets symbols.
#include "core/compiled_expressions.h"
#include "core/symbolic_reader.h"

#include <string>
#include <vector>

namespace hamdyn {

struct PointMass {
  std::string name;
  double mass;                        // kg
  std::vector<EnergyText> components; // x, y[, z] of its position [m]: expressions in q, t
};
struct CoordinateForce {
  std::string name;
  EnergyText force;       // an expression in q, v_q, t [N or N m]
  std::size_t coordinate; // the coordinate it does work on
};

struct EnergyDefinition {
  std::vector<std::string> coordinates;
  std::vector<PointMass> points;
  std::vector<double> gravity; // m/s^2, one per position component (empty: none)
  std::vector<EnergyText> kinetic, potential, dissipation; // at most one each
  std::vector<CoordinateForce> forces;
  bool empty() const {
    return points.empty() && kinetic.empty() && potential.empty() && dissipation.empty() &&
           forces.empty();
  }
};

class LagrangeEquations {
public:
  /// Derives and compiles the equations; InputError (naming the parameter and the entry) for an
  /// expression that uses a name it may not (a rate in a position or in V, an unknown name), one
  /// that is not differentiable (muparser's min, max, rint, comparisons) and a T that is not at
  /// most quadratic in the rates (naming the rate).
  explicit LagrangeEquations(const EnergyDefinition& definition);

  std::size_t n() const { return n_; }
  /// Whether t appears (a rheonomic system, or a time-dependent force or dissipation).
  bool depends_on_time() const { return depends_on_time_; }
  /// Whether T or V depends on t (a rheonomic system: its energy function is Jacobi's h).
  bool is_rheonomic() const { return rheonomic_; }
  /// Whether T = 1/2 q-dot^T M(q) q-dot and V(q) alone (T1 = T0 = 0, L free of t): a natural
  /// system, whose T + V an energy-consistent step can keep exactly.
  bool is_natural() const { return natural_; }
  /// Whether coordinate i is cyclic (ignorable: Meirovitch, Methods of Analytical Dynamics, sec.
  /// 4.8): q_i is in none of T, V, D and the generalized forces (core/ginac_text.h, depends_on),
  /// and neither D nor a generalized force acts along it, so its momentum dT/dq-dot_i is kept.
  bool is_cyclic(std::size_t i) const { return cyclic_[i]; }
  /// The momenta dT/dq-dot and dL/dq at (q, v, t), n values each.
  void momenta(const double* q, const double* v, double t, std::vector<double>& momentum,
               std::vector<double>& gradient) const;

  /// M a, g_c, g_d and Q at (q, v, a, t), each n values.
  struct Forces {
    std::vector<double> inertia, conservative, dissipative, applied;
  };
  void forces(const double* q, const double* v, const double* a, double t, Forces& f) const;
  /// M, d(M a)/dq, dG/dq and dG/dv with G = g_c + g_d - Q, each n x n row by row.
  struct Tangents {
    std::vector<double> mass, inertia_q, forces_q, forces_v;
  };
  void tangents(const double* q, const double* v, const double* a, double t, Tangents& d) const;
  /// T(q, v, t) and V(q, t) as the case gives them (points included).
  double kinetic_energy(const double* q, const double* v, double t) const;
  double potential_energy(const double* q, double t) const;
  /// T split by degree in the rates, T = T2 + T1 + T0 (Meirovitch, Methods of Analytical
  /// Dynamics, sec. 4.5: T0 = T at zero rates, T1 linear, T2 quadratic), V and dL/dt: Jacobi's
  /// energy function h = T2 - T0 + V changes at dh/dt = -dL/dt + (Q - dD/dq-dot) . q-dot (the
  /// nonconservative forces' power), so it is constant in a conservative system with L free of t
  /// even where T + V is not (a bead on a hoop turning at a fixed rate).
  struct EnergyParts {
    double t0, t1, t2, v, dl_dt;
  };
  EnergyParts energy_parts(const double* q, const double* v, double t) const;

  /// The Points (for ParaView): their names, masses, number of position components, and their
  /// positions r(q, t) and velocities dr/dt at (q, v, t), point by point, `dimension()` each.
  const std::vector<std::string>& point_names() const { return point_names_; }
  const std::vector<double>& point_masses() const { return point_masses_; }
  std::size_t dimension() const { return dimension_; }
  void points(const double* q, const double* v, double t, std::vector<double>& positions,
              std::vector<double>& velocities) const;

private:
  void derive(const EnergyDefinition& definition);
  const double* evaluate(const CompiledExpressions& e, const double* q, const double* v,
                         const double* a, double t) const;
  std::size_t n_;
  bool depends_on_time_ = false, rheonomic_ = false, natural_ = false;
  std::vector<bool> cyclic_;
  mutable std::vector<double> values_; // q, v, a, t
  std::unique_ptr<CompiledExpressions> forces_, tangents_, energies_, points_, momenta_;
  std::vector<std::string> point_names_;
  std::vector<double> point_masses_;
  std::size_t dimension_ = 0;
};

} // namespace hamdyn
