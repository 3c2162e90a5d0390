// Subnormal arithmetic is off in every program of the project (core/subnormals.h): the test main
// sets the mode as hamdyn's does, and the input checks still find a subnormal value from its bits.
#include "core/subnormals.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <limits>

using hamdyn::is_subnormal;

TEST(Subnormals, FlushedToZeroInThisProcess) {
#if defined(__SSE2__) || defined(__aarch64__)
  volatile double smallest_normal = DBL_MIN, half = 0.5;
  // a product below DBL_MIN is flushed (FTZ) ...
  EXPECT_EQ(smallest_normal * half, 0.0);
  // ... and a subnormal operand is read as zero (DAZ; on aarch64, FZ does both)
  volatile double subnormal = std::numeric_limits<double>::denorm_min();
  EXPECT_TRUE(subnormal == 0.0);
#else
  GTEST_SKIP() << "no flush-to-zero mode on this architecture";
#endif
}

TEST(Subnormals, FoundFromTheirBitsWhateverTheMode) {
  EXPECT_TRUE(is_subnormal(std::numeric_limits<double>::denorm_min()));
  EXPECT_TRUE(is_subnormal(-std::numeric_limits<double>::denorm_min()));
  EXPECT_TRUE(is_subnormal(1e-310)); // the literal's bits: the compiler rounds it, not the FPU
  EXPECT_FALSE(is_subnormal(DBL_MIN));
  EXPECT_FALSE(is_subnormal(0.0));
  EXPECT_FALSE(is_subnormal(-0.0));
  EXPECT_FALSE(is_subnormal(1.0));
  EXPECT_FALSE(is_subnormal(std::numeric_limits<double>::infinity()));
}
