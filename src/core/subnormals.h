#pragma once
// Subnormal numbers (below 2.2e-308 in magnitude) flushed to zero, as results and as operands.
//
// Why: a wave run's unknowns ahead of its fronts, and every undamped run's tails, decay through the
// subnormal range, where x86 (and many ARM cores) take a microcode assist of ~100 cycles per
// operation: an undamped 10^6-unknown string ran 12x slower with them (issue 49). A value below
// 2.2e-308 is zero to every result hamdyn reports, and the mode is the same on every run and
// every rank, so checkpoints still resume bit for bit.
//
// Header-only so that programs that link nothing of hamdyn (bench/reference_newmark_loop.cc) set
// the same mode. Called first thing in main, before MPI, PETSc or any thread starts: a thread
// inherits its creator's floating-point environment (pthread_create(3)), so every thread hamdyn's
// libraries start later gets it too.
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace hamdyn {

// True where the architecture has the mode and it is now set; false where subnormals stay (the
// manual says which architectures these are: docs/theory.md).
inline bool flush_subnormals_to_zero() {
#if defined(__SSE2__)
  // MXCSR bit 15 flush-to-zero (results), bit 6 denormals-are-zero (operands): Intel SDM vol. 1,
  // sec. 10.2.3.
  _mm_setcsr(_mm_getcsr() | 0x8040u);
  return true;
#elif defined(__aarch64__)
  // FPCR bit 24 (FZ) flushes both operands and results: Arm ARM, FPCR.
  unsigned long fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
  fpcr |= 1ul << 24;
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
  return true;
#else
  return false;
#endif
}

/// Whether x is subnormal, read from its bits: with denormals-are-zero set, every comparison (and
/// std::fpclassify, which GCC expands into comparisons) sees a subnormal operand as 0, so
/// `x != 0 && |x| < DBL_MIN` no longer finds one (the input checks refuse them as values).
inline bool is_subnormal(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return (bits & 0x7ff0000000000000u) == 0 && (bits & 0x000fffffffffffffu) != 0;
}

} // namespace hamdyn
