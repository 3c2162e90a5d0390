#pragma once
// The tables of a frequency response, a line model's (studies/run_response.cc) and a cable's
// (studies/run_cable_response.cc) alike: frf.csv and frf_units.csv (each column's complex
// amplitude as re, im, abs and phase), and with a Load PSD psd.csv, psd_units.csv and psd_rms.csv.
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "studies/frequency_response.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <string>
#include <vector>

namespace hamdyn {

/// S(f) [1/Hz] of Frequency response/Load PSD at each of the frequencies; InputError naming the
/// key where it is not a finite density >= 0.
std::vector<double> load_psd_values(const ResponseParameters& p);

/// "left: 0, 0.01 m; right: ..." of a support motion (the log's words).
std::string support_motion_text(const std::vector<HarmonicSupportMotion>& motion);

/// The InputError naming Frequency response/Frequencies where a `model`'s ("cable") linearized
/// dynamic stiffness is singular at f [Hz] (an undamped resonance), naming its `dashpots` key.
InputError resonance_refusal(double f, const std::string& model, const std::string& dashpots);

/// Writes the tables of r (its frequencies, columns, units and values) into `directory`, the PSD
/// tables when `psd` (one density per frequency) is not empty; returns each column's peak |U|
/// and its frequency (peak_<column>, peak_frequency_<column>) and with a PSD its RMS
/// (rms_<column>). `root`: prints them. Collective.
NamedValues write_frf_tables(const std::string& directory, const FrequencyResponse& r,
                             const std::vector<double>& psd, MPI_Comm comm, bool root);

} // namespace hamdyn
