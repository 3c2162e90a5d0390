#!/usr/bin/env python3
"""Plots what `hamdyn response` wrote into DIR. Writes DIR/frf.png: for each unit (displacements
in m, rotations in rad) a panel of amplitudes |U| against frequency on a log axis and, below it,
the phases in degrees (a lag is negative), one curve per column of frf.csv.

usage: plot_frf.py DIR
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


def read(path):
    """frf.csv's columns by name (its first line is a comment)."""
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return {k: [float(r[k]) for r in rows] for k in rows[0]}


def unit(column):
    return "rad" if column.startswith("theta") else "m"


def main(directory):
    data = read(os.path.join(directory, "frf.csv"))
    f = data["frequency"]
    columns = [k[:-len("_abs")] for k in data if k.endswith("_abs")]
    # a held end's column is zero at every frequency: nothing to draw on a log axis
    columns = [c for c in columns if any(v > 0 for v in data[c + "_abs"])]
    units = sorted({unit(c) for c in columns}, key=lambda u: u != "m") or ["m"]
    figure, axes = plt.subplots(2, len(units), figsize=(6.5 * len(units), 7), sharex=True,
                                squeeze=False)
    for j, u in enumerate(units):
        for c in (c for c in columns if unit(c) == u):
            axes[0][j].semilogy(f, data[c + "_abs"], label=c)
            axes[1][j].plot(f, data[c + "_phase_deg"], label=c)
        axes[0][j].set_ylabel("amplitude |U| [%s]" % u)
        axes[1][j].set_ylabel("phase [deg]")
        axes[1][j].set_xlabel("frequency [Hz]")
        axes[1][j].set_ylim(-185, 185)
        axes[0][j].legend(fontsize="small")
        for a in axes[:, j]:
            a.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(os.path.join(directory, "frf.png"), dpi=150)


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
