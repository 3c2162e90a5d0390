#pragma once
// Exact natural frequencies of a uniform Euler-Bernoulli beam with classical supports at both
// ends and nothing attached (e.g. Blevins, "Formulas for Natural Frequency and Mode Shape",
// 1979, table 8-1), independent of the finite elements.
#include <string>
#include <vector>

namespace hamdyn::exact {

/// Supports: "free", "pinned", "clamped" or "sliding". The n lowest angular frequencies
/// omega = (beta L)^2 sqrt(EI / (rho A L^4)), the rigid-body modes (omega = 0) first. The elastic
/// ones are the roots of the 4x4 determinant of the end conditions on
/// w = A cos bx + B sin bx + C cosh bx + D sinh bx, bracketed on a grid in bL and bisected.
std::vector<double> beam_frequencies(const std::string& left, const std::string& right,
                                     double length, double bending_stiffness,
                                     double mass_per_length, unsigned int n);

} // namespace hamdyn::exact
