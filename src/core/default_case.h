#pragma once
// The built-in example case, cases/default.prm, embedded into the program at build time. It is
// read only when no case file is given; a case file starts from the declared defaults.

namespace hamdyn {

/// The text of cases/default.prm.
const char* default_case_text();

/// How messages name it (in place of a file path).
inline const char* const default_case_name = "built-in default case (cases/default.prm)";

} // namespace hamdyn
