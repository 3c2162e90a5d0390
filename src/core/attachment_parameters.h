#pragma once
// A line model's Attachments section (point masses, springs, nonlinear springs, dashpots, forces,
// oscillators at positions x), declared and parsed here.
#include "core/case_parameters.h"

namespace hamdyn {

void declare_attachment_parameters(ParameterFile& f);
/// Fills c's attachment lists (c.length set).
void parse_attachment_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
