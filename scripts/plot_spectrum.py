#!/usr/bin/env python3
"""Plots what `hamdyn spectrum` wrote into DIR. Writes DIR/spectrum.png: the displacement Sd,
pseudo-velocity Sv and pseudo-acceleration Sa spectra against the period, one curve per damping
ratio of spectrum.csv.

usage: plot_spectrum.py DIR
Needs Debian's python3-matplotlib.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_python  # noqa: E402

hamdyn_python.require(["matplotlib"], "python3-matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PANELS = [("Sd", "Sd [m]"), ("Sv", "Sv = ω Sd [m/s]"), ("Sa", "Sa = ω² Sd [m/s²]")]


def main(directory):
    with open(os.path.join(directory, "spectrum.csv")) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    ratios = sorted({float(r["damping_ratio"]) for r in rows})
    figure, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for zeta in ratios:
        curve = [r for r in rows if float(r["damping_ratio"]) == zeta]
        period = [float(r["period"]) for r in curve]
        for axis, (key, label) in zip(axes, PANELS):
            axis.plot(period, [float(r[key]) for r in curve], label="ζ = %g" % zeta)
            axis.set_xlabel("period T [s]")
            axis.set_ylabel(label)
            axis.grid(True, alpha=0.3)
    axes[0].legend()
    figure.tight_layout()
    figure.savefig(os.path.join(directory, "spectrum.png"), dpi=150)


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
