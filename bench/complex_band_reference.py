#!/usr/bin/env python3
"""The reference a direct frequency response is measured against (bench/frequency_response.sh):
one complex banded LU with partial pivoting and one solve (LAPACK zgbsv through scipy) of a system
of the benchmark's size and half-bandwidth, the time per system as the median of RUNS.

Usage: complex_band_reference.py UNKNOWNS HALF_BANDWIDTH [RUNS]"""
import sys
import time

import numpy as np
from scipy.linalg import lapack

n, b = int(sys.argv[1]), int(sys.argv[2])
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
rng = np.random.default_rng(49)
# LAPACK's band storage with the b extra rows zgbtrf fills: a random band, its diagonal made
# indefinite and not dominant (as K - omega^2 M above the first resonance)
band = np.zeros((3 * b + 1, n), dtype=complex)
band[b:, :] = rng.standard_normal((2 * b + 1, n)) + 1j * rng.standard_normal((2 * b + 1, n))
rhs = rng.standard_normal(n) + 0j
times = []
for _ in range(runs):
    a = band.copy()
    start = time.perf_counter()
    lu, piv, x, info = lapack.zgbsv(b, b, a, rhs)
    times.append(time.perf_counter() - start)
    assert info == 0
times.sort()
print(f"reference: complex banded LU and solve (LAPACK zgbsv via scipy), {n} unknowns, half-bandwidth"
      f" {b}: median {1e3 * times[len(times) // 2]:.1f} ms (min {1e3 * times[0]:.1f}, max"
      f" {1e3 * times[-1]:.1f}) of {runs}")
