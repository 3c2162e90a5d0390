#pragma once
// Where hamdyn's own data (meshes/, scripts/) are, found at run time from the executable's
// location (/proc/self/exe), so that a build directory that was moved, or an installed copy,
// finds its files, and no path fixed at build time is ever consulted.
#include <string>

namespace hamdyn {

/// The directory `name` ("meshes", "scripts") of this hamdyn: <dir>/<name> or
/// <dir>/share/hamdyn/<name> for the executable's directory and up to three of its parents (a
/// build tree's bin/ inside the source tree; an installation's <prefix>/bin). Empty when none.
std::string data_directory(const std::string& name);

} // namespace hamdyn
