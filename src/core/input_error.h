#pragma once
// Bad user input. The CLI turns it into one line on stderr and exit status 2, before anything
// is written, so that a wrong case file never leaves a half-written output directory.
#include "core/text.h"

#include <stdexcept>
#include <string>

namespace hamdyn {

class InputError : public std::runtime_error {
public:
  /// "Section/Key = 'value': what is allowed"
  InputError(const std::string& parameter, const std::string& value, const std::string& allowed)
      : std::runtime_error(parameter + " = '" + shortened(value) + "': " + allowed) {}
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace hamdyn
