#!/usr/bin/env python3
"""Plots the dynamic amplification of a speed sweep (`hamdyn batch` of a case with moving loads,
its summary.csv): every daf_<column> against the swept column, or against it over the critical
speed with --critical-speed. Writes daf.png beside summary.csv.

usage: plot_daf.py SUMMARY.csv [--critical-speed V_CR]
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


def main(arguments):
    if not arguments:
        print(__doc__)
        return 2
    path, critical = arguments[0], None
    if len(arguments) == 3 and arguments[1] == "--critical-speed":
        critical = float(arguments[2])
    elif len(arguments) != 1:
        sys.stderr.write("plot_daf.py: expected SUMMARY.csv [--critical-speed V_CR]\n")
        return 2
    with open(path) as f:
        rows = [r for r in csv.DictReader(f) if r["status"] == "ok"]
    if not rows:
        sys.stderr.write("plot_daf.py: %s has no finished member\n" % path)
        return 1
    columns = list(rows[0])
    swept = columns[columns.index("seconds") + 1]  # the first swept parameter
    dafs = [c for c in columns if c.startswith("daf_")]
    if not dafs:
        sys.stderr.write("plot_daf.py: %s has no daf_ column (a case without moving loads?)\n"
                         % path)
        return 1
    x = [float(r[swept]) / (critical or 1) for r in rows]
    figure, axes = plt.subplots(figsize=(6.4, 4.0))
    for c in dafs:
        points = sorted((xi, float(r[c])) for xi, r in zip(x, rows) if r[c])
        axes.plot([p[0] for p in points], [p[1] for p in points], "o-", label=c[len("daf_"):])
    axes.set_xlabel("%s / v_cr" % swept if critical else swept)
    axes.set_ylabel("dynamic amplification (largest |w| / static)")
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize="small")
    figure.tight_layout()
    out = os.path.join(os.path.dirname(os.path.abspath(path)), "daf.png")
    figure.savefig(out, dpi=150)
    print("wrote", out)
    return 0


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    sys.exit(main(sys.argv[1:]))
