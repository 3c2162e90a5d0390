#pragma once
// The sum of term(k) for k in [first, last) in four running sums, one for each k - first modulo
// 4, added at the end as (s0 + s1) + (s2 + s3): a fixed order, so the same terms give the same
// sum run after run (and a resumed run the same as an unbroken one).
// Why not one running sum: each addition waits for the one before (four cycles), and a cable
// run's energies for its history row (a term per node and per element at every step) were a
// tenth of a 5e4-element cable's step (perf), spent waiting; four sums overlap their additions.
#include <cstddef>

namespace hamdyn {

template <class Term>
double sum_in_four(std::size_t first, std::size_t last, const Term& term) {
  double s[4] = {0, 0, 0, 0};
  std::size_t k = first;
  for (; k + 4 <= last; k += 4)
    for (std::size_t j = 0; j < 4; ++j)
      s[j] += term(k + j);
  for (std::size_t j = 0; k < last; ++k, ++j)
    s[j] += term(k);
  return (s[0] + s[1]) + (s[2] + s[3]);
}

} // namespace hamdyn
