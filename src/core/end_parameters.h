#pragma once
// A line model's end (Left end, Right end): its support and the attachments acting in the
// directions the support leaves free, declared, parsed and checked for unused keys here.
#include "core/case_parameters.h"

#include <string>
#include <vector>

namespace hamdyn {

/// The section's keys, with `support` its default Support.
void declare_end_parameters(ParameterFile& f, const std::string& section,
                            const std::string& support);
EndParameters parse_end_parameters(const ParameterFile& f, const std::string& section,
                                   const ModelKind& kind);
/// The end's keys the case sets that its support or model does not use (warnings).
std::vector<std::string> unused_end_warnings(const ParameterFile& f, const std::string& section,
                                             const EndParameters& end, const ModelKind& kind);

} // namespace hamdyn
