#pragma once
// A mode's shape (natural or buckling) as one snapshot of a ParaView series.
#include "output/line_vtu_piece.h"
#include "output/vtu_series.h"
#include "studies/prepared_case.h"

namespace hamdyn {

/// Mode `number`'s shape as the fields mode_w (and a beam's mode_theta), scaled so that the
/// largest |w| at the sampled points is 1 (a mode without transverse motion: the largest |theta|,
/// and the field data scaled_by_rotation = 1 says so) and signed so that this largest entry is
/// positive (where several points share it, as in an antisymmetric mode, the first along x: a
/// rule every rank count applies alike), with `field_data` (omega and frequency of a natural
/// mode, the critical force of a buckling mode) before scaled_by_rotation; ParaView's time axis
/// is the mode number.
/// With `keep_sign` the mode is only scaled, its sign left as given (natural modes signed by
/// their participation factor).
void write_mode_shape(const PreparedCase& pc, const LA::Vector& mode, unsigned int number,
                      const FieldData& field_data, VtuSeries& series, bool keep_sign = false);

} // namespace hamdyn
