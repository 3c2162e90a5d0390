#pragma once
// The elastic catenary: a cable of axial stiffness EA and weight w per unstretched length hanging
// between two supports under its own weight, in closed form (Irvine, Cable Structures, MIT Press
// 1981, sec. 2.2, eqs. (2.25)-(2.27); O'Brien & Francis, J. Struct. Div. ASCE 90, 1964), as the
// static reference the finite-element cable is tested against and the start a case's geometry
// asks for. Independent of the finite elements.
//
// Evaluated as means over the segment's T_z/H (elastic_catenary.cc), the closed form keeps its
// digits down to the taut limit w -> 0, where (H / w) [...] would lose them all.
//
// The left support is at (0, 0), the right at (span, rise), z up; s in [0, L0] is the unstretched
// (Lagrangian) coordinate from the left support. The tension's horizontal component H is
// constant and its vertical component grows with the weight carried, T_z(s) = V + w s (V = T_z(0),
// negative where the cable descends from the left support), T = sqrt(H^2 + T_z^2), and the
// strain is T / EA (Hooke's law on the unstretched length). Integrating dx/ds = H/T + H/EA and
// dz/ds = T_z/T + T_z/EA:
//   x(s) = H s / EA + (H / w) [asinh(T_z(s)/H) - asinh(V/H)],
//   z(s) = (V s + w s^2 / 2) / EA + (H / w) [sqrt(1 + (T_z(s)/H)^2) - sqrt(1 + (V/H)^2)].
// The supports' conditions x(L0) = span, z(L0) = rise and one of L0, H or the sag fix H, V and L0;
// each is found by Newton's method on the closed form and its exact derivatives.
namespace hamdyn::exact {

/// A point or force in the plane, z up.
struct PlaneVector {
  double x, z;
};

struct CableSpan {
  double span;            // horizontal distance of the supports [m], > 0
  double rise;            // height of the right support above the left [m]
  double axial_stiffness; // EA [N], > 0
  double weight;          // w = rho A g per unstretched length [N/m], >= 0 (0: a straight cable)
};

class ElasticCatenary {
public:
  /// The cable of unstretched length L0 [m] (shorter than the chord: a taut, stretched cable).
  static ElasticCatenary with_length(const CableSpan& c, double unstretched_length);
  /// The cable whose tension has horizontal component H [N].
  static ElasticCatenary with_horizontal_tension(const CableSpan& c, double horizontal_tension);
  /// The cable that hangs `sag` [m] below the chord at midspan (x = span / 2).
  static ElasticCatenary with_sag(const CableSpan& c, double sag);

  double horizontal_tension() const { return h_; }
  /// T_z at the left support [N]: negative where the cable descends from it.
  double left_vertical_tension() const { return v_; }
  double unstretched_length() const { return l0_; }
  /// (x, z) of the point at unstretched coordinate s [m].
  PlaneVector position(double s) const;
  /// The tension T(s) [N].
  double tension(double s) const;
  /// The unstretched coordinate of the point at x (x in [0, span]).
  double coordinate_at(double x) const;
  /// The depth of the cable below the chord at midspan [m].
  double sag() const;
  /// The force each support exerts on the cable (x, z) [N]: (-H, -V) at the left,
  /// (H, V + w L0) at the right.
  PlaneVector left_reaction() const { return {-h_, -v_}; }
  PlaneVector right_reaction() const { return {h_, v_ + c_.weight * l0_}; }

private:
  ElasticCatenary(const CableSpan& c, double h, double v, double l0)
      : c_(c), h_(h), v_(v), l0_(l0) {}
  /// x(L0) - span and z(L0) - rise, and their derivatives with respect to H, V and L0.
  struct Ends;
  static Ends ends(const CableSpan& c, double h, double v, double l0);

  CableSpan c_;
  double h_, v_, l0_;
};

} // namespace hamdyn::exact
