#pragma once
// What `hamdyn spectrum` writes for any structure, a line model's or a cable's: the ground
// motion's elastic response spectra (spectrum.csv) and each quantity's peak by modal combination
// (SRSS; CQC with Der Kiureghian's correlation) beside the peak of a run under the same ground
// motion (spectrum_response.csv), from the modes' frequencies, damping ratios, participation
// factors and values (Chopra, Dynamics of Structures, 4th ed., 2012, ch. 13).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

/// The excitation, its spectral values at the modes, the modes' values of each quantity and
/// their participation: everything but the time history, computed (with every check) before
/// anything is written.
struct ModalPeaks {
  std::vector<double> t, a; // the excitation's samples
  double until = 0;         // the end of the oscillators' motion: Final time or the record's end
  /// The quantities (history.csv's columns), then base_shear when `base_shear` (its modal
  /// value effective_mass Sa, no shape column).
  std::vector<std::string> quantities;
  bool base_shear = true;
  std::vector<double> omega, zeta, sd, sa;
  std::vector<std::vector<double>> shape_columns; // [mode][quantity]: the mode's value of each
  std::vector<double> factor, effective_mass;     // the modes' participation
  std::vector<std::string> overdamped;            // a line for each overdamped mode

  /// The excitation of c: its record's samples, or its expression's at the case's steps.
  explicit ModalPeaks(const CaseParameters& c);
  /// Mode k's frequency [rad/s] and damping ratio, with its spectral values (an overdamped mode,
  /// zeta >= 1, still responds to the record: its oscillator's peak, and a line saying so).
  void add_mode(double omega, double zeta);
};

/// InputError naming Ground motion/Acceleration when the case has no ground motion (a line
/// model's spectrum and a cable's).
void check_ground_motion_given(const CaseParameters& c);

/// spectrum.csv (the oscillators shared among the ranks), then spectrum_response.csv: each
/// quantity's SRSS and CQC beside `time_history_peak` of it; prints the table with `report`.
NamedValues write_spectra(const CaseParameters& c, const ModalPeaks& m,
                          const std::function<double(const std::string&)>& time_history_peak,
                          MPI_Comm comm, bool report);

/// Der Kiureghian's correlation coefficient of modes i and j (Earthquake Eng. Struct. Dyn. 9,
/// 1981, eq. 11): 8 sqrt(zi zj) (zi + r zj) r^1.5 / ((1 - r^2)^2 + 4 zi zj r (1 + r^2) +
/// 4 (zi^2 + zj^2) r^2), r = wj / wi; 1 for i = j.
double cqc_correlation(double wi, double zi, double wj, double zj);

} // namespace hamdyn
