#!/usr/bin/python3
"""The yardstick of `hamdyn bench --study modes`: the lowest modes of the same P1 string
(L = 1 m, tau = 100 N, rho = 0.01 kg/m, both ends fixed, consistent mass) by scipy's eigsh
(ARPACK's implicitly restarted Lanczos, SuperLU shift-and-invert), the whole process timed from
outside. Prints the relative error of each omega against the exact k pi sqrt(tau/rho) / L of
the continuum and of the discrete P1 chain (the latter isolates the solver's round-off).
Usage: eigsh_string_modes.py [ELEMENTS] [MODES]   (Debian: python3-scipy)"""
import sys

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import eigsh

elements = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
modes = int(sys.argv[2]) if len(sys.argv) > 2 else 10
length, tension, density = 1.0, 100.0, 0.01
h = length / elements
n = elements - 1  # the interior nodes: both ends are held
ones = np.ones(n)
K = sp.diags([-ones[1:], 2 * ones, -ones[1:]], [-1, 0, 1], format="csc") * (tension / h)
M = sp.diags([ones[1:], 4 * ones, ones[1:]], [-1, 0, 1], format="csc") * (density * h / 6)
c = np.sqrt(tension / density)
# shift-and-invert about 0 (K is definite with both ends held), eigenvectors included as a modal
# solver returns them
values, vectors = eigsh(K, k=modes, M=M, sigma=0.0, which="LM")
values = np.sort(values)
omega = np.sqrt(values)
k = np.arange(1, modes + 1)
exact = k * np.pi * c / length
# the P1 chain's own eigenvalues: lambda = (6 c^2 / h^2) (1 - cos t) / (2 + cos t), t = k pi h / L,
# with 1 - cos t = 2 sin^2(t / 2) (no cancellation at small t)
t = k * np.pi * h / length
chain = np.sqrt(6 * c**2 / h**2 * 2 * np.sin(t / 2) ** 2 / (2 + np.cos(t)))
print("%6s %22s %12s %12s" % ("mode", "omega [rad/s]", "vs exact", "vs P1 chain"))
for i in range(modes):
    print("%6d %22.15g %12.2e %12.2e" % (i + 1, omega[i], omega[i] / exact[i] - 1,
                                         omega[i] / chain[i] - 1))
