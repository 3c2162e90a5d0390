#!/usr/bin/env python3
"""Plots what `hamdyn converge` wrote into DIR: the error of every quantity against the size it
is refined in (h, dt, or 1/DoFs for p refinement) on log-log axes, one line per quantity, with a
reference slope of the expected order where theory gives one. Writes DIR/convergence.png.

Needs Debian's python3-matplotlib.
usage: plot_convergence.py DIR
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


def size_of(row, refine):
    if refine == "p":
        return 1.0 / float(row["dofs"])
    if refine == "dt":
        return float(row["time_step"])
    return 1.0 / float(row["elements"])


def main(directory):
    with open(directory + "/convergence.csv") as f:
        rows = list(csv.DictReader(f))
    refine = "h"
    with open(directory + "/used_parameters.prm") as f:
        section = ""
        for line in f:
            words = line.strip()
            if words.startswith("subsection "):
                section = words[len("subsection "):]
            elif section == "Convergence" and words.startswith("set Refine"):
                refine = words.split("=", 1)[1].split("#")[0].strip()
    label = {"p": "1 / DoFs", "dt": "dt [s]"}.get(refine, "h (relative element size)")
    fig, ax = plt.subplots(figsize=(7, 5))
    quantities = []
    for r in rows:
        if r["quantity"] not in quantities:
            quantities.append(r["quantity"])
    for q in quantities:
        points = [(size_of(r, refine), float(r["error"])) for r in rows
                  if r["quantity"] == q and float(r["error"]) > 0]
        if not points:
            continue
        kind = next(r["reference_kind"] for r in rows if r["quantity"] == q)
        line, = ax.loglog(*zip(*points), marker="o", label="%s (%s)" % (q, kind))
        expected = next(r["expected_order"] for r in rows if r["quantity"] == q)
        if expected:
            p = float(expected)
            x0, e0 = points[0]
            xs = [x for x, _ in points]
            ax.loglog(xs, [e0 * (x / x0) ** p for x in xs], linestyle=":",
                      color=line.get_color(), label="slope %g" % p)
    ax.set_xlabel(label)
    ax.set_ylabel("error")
    ax.set_title("convergence (refine %s)" % refine)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(directory + "/convergence.png", dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
