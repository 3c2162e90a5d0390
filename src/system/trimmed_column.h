#pragma once
// A long vector of which only a stretch matters: the solution of a line's banded system for a
// unit load at one DoF (J^-1 e_k, A_II^-1 A_IG) decays away from that DoF, and entries below
// round-off of its largest cannot change what it is added to. Keeping only the stretch from the
// first to the last entry above that makes adding it local, and keeps the arithmetic clear of the
// subnormal numbers the decay reaches (a hundred times slower on x86).
#include <cmath>
#include <cstddef>
#include <vector>

namespace hamdyn {

struct TrimmedColumn {
  TrimmedColumn() = default;
  /// x[0 .. n) from its first to its last entry of magnitude above `negligible`.
  TrimmedColumn(const double* x, std::size_t n, double negligible) {
    std::size_t end = n;
    while (begin < end && std::abs(x[begin]) <= negligible)
      ++begin;
    while (end > begin && std::abs(x[end - 1]) <= negligible)
      --end;
    values.assign(x + begin, x + end);
  }
  /// y -= c x, y indexed as x was.
  void subtract_from(double* y, double c) const {
    double* target = y + begin;
    for (std::size_t i = 0; i < values.size(); ++i)
      target[i] -= c * values[i];
  }
  /// x_i (0 outside the stretch).
  double operator()(std::size_t i) const {
    return i >= begin && i < begin + values.size() ? values[i - begin] : 0.0;
  }

  std::size_t begin = 0;
  std::vector<double> values;
};

} // namespace hamdyn
