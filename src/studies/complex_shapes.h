#pragma once
// A complex shape (an operating deflection shape, a damped mode) as one snapshot of a ParaView
// series: the real part, the imaginary part and the amplitude of w (and of a beam's rotation).
#include "output/vtu_series.h"
#include "studies/prepared_case.h"

namespace hamdyn {

/// Fields w_re, w_im, w_abs (beams also theta_re, theta_im, theta_abs) of the system vectors re
/// and im at `time` (ParaView's time axis: a frequency, a mode number), with `field_data`.
void write_complex_shape(const PreparedCase& pc, const LA::Vector& re, const LA::Vector& im,
                         double time, const FieldData& field_data, VtuSeries& series);

} // namespace hamdyn
