#!/usr/bin/python3
"""Plots what `hamdyn compare` wrote into DIR (dual: the chain's impulse dual; dual_fe: the
string's continuum impulse dual): relative frequency errors against mode number
(against the exact frequencies, or the primal FE ones where there is no exact solution) and the
displacement histories. Writes DIR/compare.png.

usage: plot_compare.py DIR
"""
import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) if r[k] != "" else math.nan for r in rows] for k in rows[0]}


def main(directory):
    modes = read(directory + "/compare.csv")
    history = read(directory + "/compare_history.csv")
    reference_name = "exact" if not all(math.isnan(v) for v in modes["exact"]) else "primal_fe"
    reference = modes[reference_name]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    for name, marker in (("primal_fe", "o"), ("chain", "s"), ("dual", "x"), ("dual_fe", "^")):
        if name == reference_name:
            continue
        points = [(m, abs(v - r) / r) for m, v, r in zip(modes["mode"], modes[name], reference)
                  if not math.isnan(v) and not math.isnan(r) and r > 0 and v != r]
        if points:
            left.semilogy(*zip(*points), marker=marker, linestyle="-", label=name)
    left.set_xlabel("mode")
    left.set_ylabel("|omega - omega_%s| / omega_%s" % (reference_name, reference_name))
    left.set_title("frequency errors")
    left.legend()
    for name in ("exact", "primal_fe", "chain", "dual", "dual_fe"):
        if not all(math.isnan(v) for v in history[name]):
            right.plot(history["time"], history[name], label=name,
                       linestyle="--" if name.startswith("dual") else "-")
    right.set_xlabel("t [s]")
    right.set_ylabel("displacement [m]")
    right.set_title("displacement history")
    right.legend()
    fig.tight_layout()
    fig.savefig(directory + "/compare.png", dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
