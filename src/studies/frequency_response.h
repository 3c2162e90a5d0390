#pragma once
// The steady harmonic response of a line model at a list of frequencies, directly or by modal
// superposition, at the displacement columns of history.csv (probes, ends, rotations,
// oscillators), and the full response at a few frequencies for the operating deflection shapes.
#include "studies/prepared_case.h"

#include <complex>
#include <string>
#include <vector>

namespace hamdyn {

/// The case whose load is the harmonic amplitude `hamdyn response` applies: Frequency
/// response/Forces and Distributed force when either is set (the case's own loads are then left
/// out), else the case's loads that do not depend on t. `notes` gets one line for each load left
/// out. A dashpot law of degree p != 2 (or dry friction) has no linearization: InputError naming
/// it.
CaseParameters harmonic_load_case(const CaseParameters& c, std::vector<std::string>& notes);

/// InputError naming the first dashpot law of degree p != 2 (or dry friction) of the case:
/// `study` (a frequency response, damped modes) needs a linear dashpot.
void refuse_nonviscous_dashpots(const CaseParameters& c, const std::string& study);

/// Adds each nonlinear spring's slope at zero extension to K and each dashpot of degree 2 to C
/// (the linearization about the undeformed state), in `s` with assembled matrices; returns how
/// many elements it linearized. Collective.
std::size_t linearize_about_undeformed_state(SecondOrderSystem& s);

struct FrequencyResponse {
  std::vector<double> frequencies;  // Hz
  std::vector<std::string> columns; // history.csv's displacement columns
  std::vector<std::string> units;   // theirs ("m", "rad")
  /// values[k][c]: column c's complex amplitude at frequencies[k] (u = Re(U e^{i omega t}))
  std::vector<std::vector<std::complex<double>>> values;
  /// the full response at shape_frequencies[j] (one of `frequencies`): real and imaginary parts
  std::vector<double> shape_frequencies;
  std::vector<std::size_t> shape_at; // their indices in `frequencies`
  std::vector<LA::Vector> shapes_re, shapes_im;
  unsigned int n_modes = 0;       // modal method: the modes superposed
  bool static_correction = false; // modal method: whether the correction was added
  /// the largest relative size of the solves' last refinement steps: about what the response may
  /// still be off by (and at which frequency, direct method)
  double uncertainty = 0, uncertain_frequency = 0;
};

/// The index in `frequencies` of the one nearest each of `wanted` (Frequency response/Shapes at).
std::vector<std::size_t> nearest_frequencies(const std::vector<double>& frequencies,
                                             const std::vector<double>& wanted);

/// The response of pc (built from harmonic_load_case, linearized) to its load at t = 0 as the
/// harmonic amplitude, with the case's Frequency response parameters. `report`: progress and
/// notes on rank 0. InputError naming Frequency response/Frequencies when the dynamic stiffness
/// is singular at one of them (an undamped resonance). Collective.
FrequencyResponse frequency_response(const PreparedCase& pc, bool report);

} // namespace hamdyn
