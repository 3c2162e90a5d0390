#pragma once
// The in-plane natural frequencies of a shallow sagged cable between supports at one level
// (Irvine & Caughey, Proc. R. Soc. Lond. A 341:299-315, 1974; Irvine, Cable Structures, 1981,
// sec. 4.2): the antisymmetric modes leave the tension unchanged and are a taut string's,
//   omega_n = 2 n pi sqrt(H / m) / l,
// and the symmetric modes stretch the cable, their frequencies the roots of
//   tan(w / 2) = w / 2 - (4 / lambda^2) (w / 2)^3,   w = omega l / sqrt(H / m),
// with Irvine's parameter lambda^2 = (m g l / H)^2 l / (H L_e / EA), L_e = l (1 + 8 (d / l)^2).
// The first symmetric frequency crosses the first antisymmetric one at lambda^2 = 4 pi^2 (the
// modal crossover). The shallow theory neglects O((d / l)^2) against the catenary's own modes.
// Independent of the finite elements.
#include <vector>

namespace hamdyn::exact {

/// Irvine's lambda^2 of a cable of span l [m], horizontal tension H [N], weight m g per length
/// [N/m], axial stiffness EA [N] and midspan sag d [m].
double irvine_lambda_squared(double span, double horizontal_tension, double weight,
                             double axial_stiffness, double sag);

struct CableMode {
  double omega;   // rad/s
  bool symmetric; // about midspan
};

/// The n lowest in-plane modes' angular frequencies, ascending, of a shallow sagged cable of span
/// l, horizontal tension H, mass per length m [kg/m] and Irvine's lambda^2 (> 0). The symmetric
/// roots lie one on each branch (k pi - pi/2, k pi + pi/2) of tan(w/2), k >= 1, where
/// tan(y) - y + (4/lambda^2) y^3 increases strictly; each is bisected to round-off.
std::vector<CableMode> sagged_cable_modes(double span, double horizontal_tension,
                                          double mass_per_length, double lambda_squared,
                                          unsigned int n);

} // namespace hamdyn::exact
