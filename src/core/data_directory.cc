#include "core/data_directory.h"

#include <filesystem>
#include <system_error>

namespace hamdyn {

std::string data_directory(const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path dir = fs::read_symlink("/proc/self/exe", error).parent_path();
  if (error)
    return "";
  for (int level = 0; level < 4 && !dir.empty(); ++level, dir = dir.parent_path()) {
    for (const fs::path& candidate : {dir / name, dir / "share" / "hamdyn" / name})
      if (fs::is_directory(candidate, error))
        return candidate.string();
    if (dir == dir.root_path())
      break;
  }
  return "";
}

} // namespace hamdyn
