// The one line a failure prints (core/failure_message.h): deal.II's report of an exception
// shortened to its message, and for a check of deal.II's that carries no message of its own
// ("Additional information: (none)", as a user once saw it) the check's condition and place.
#include "core/failure_message.h"

#include <deal.II/base/exceptions.h>

#include <functional>
#include <stdexcept>

#include <gtest/gtest.h>

namespace {
using namespace hamdyn;

// an exception of deal.II's kind with no message of its own
DeclException0(ExcSilent);

std::string message_of(const std::function<void()>& fail) {
  try {
    fail();
  } catch (const std::exception& e) {
    return failure_message(e);
  }
  return "";
}

TEST(FailureMessage, DealIIMessageIsKeptOnOneLine) {
  const std::string line =
      message_of([] { AssertThrow(1 + 1 == 3, dealii::ExcMessage("the sum\nis off")); });
  EXPECT_EQ(line, "the sum is off");
}

TEST(FailureMessage, ACheckWithoutMessageIsNamed) {
  const std::string line = message_of([] { AssertThrow(1 + 1 == 3, ExcSilent()); });
  EXPECT_EQ(line.find("(none)"), std::string::npos) << line;
  EXPECT_NE(line.find("test_failure_message.cc:"), std::string::npos) << line;
  EXPECT_NE(line.find("1 + 1 == 3"), std::string::npos) << line;
}

TEST(FailureMessage, AnEmptyMessageIsSaid) {
  EXPECT_EQ(message_of([] { throw std::runtime_error(""); }), "unknown failure");
}
} // namespace
