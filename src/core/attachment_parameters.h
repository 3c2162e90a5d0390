#pragma once
// A line model's Attachments section (point masses, springs, nonlinear springs, dashpots, forces,
// oscillators at positions x), declared and parsed here.
#include "core/case_parameters.h"

namespace hamdyn {

/// What follows the colon of one "x:value" entry: a number >= 0, a dashpot's "c" or "c,p", an
/// expression in t (forces), a law in e (nonlinear springs), "mass,stiffness,damping"
/// (oscillators), or a constant (a harmonic force's amplitude, any sign).
enum class AttachmentValue { number, dashpot, expression, law, oscillator, constant };

/// "x:value; x:value" of section/key -> attachments with x in [0, length]; InputError naming the
/// key and the entry otherwise.
std::vector<Attachment> parse_attachment_list(const ParameterFile& f, const std::string& section,
                                              const std::string& key, double length,
                                              AttachmentValue kind);

void declare_attachment_parameters(ParameterFile& f);
/// Fills c's attachment lists (c.length set).
void parse_attachment_parameters(const ParameterFile& f, CaseParameters& c);

} // namespace hamdyn
