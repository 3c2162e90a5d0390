#!/usr/bin/env python3
"""Plots what `hamdyn compare` wrote into DIR. Writes DIR/compare.png with three panels:

- frequency errors against mode number (relative to the exact frequencies, or to the primal FE
  ones where there is no exact solution), log scale;
- the displacement histories of every method;
- the differences between the methods against time, |a - b| on a log scale: the chain against
  the FE, the chain dual against its chain, the continuum dual against the FE, the FE against
  the exact solution (the pairs `hamdyn compare` prints the largest of), so that differences of
  1e-16 and 1e-6 m are both seen where the histories lie on top of each other.

For a discrete system (Model/Type = discrete) the panels are the frequencies' differences
between the primal and the impulse dual, each coordinate's history by the primal, and the
differences of Gibbs-Appell and of the dual from the primal on a log scale (without the dual's
where compare left it out: no compare.csv then).

usage: plot_compare.py DIR
Needs Debian's python3-matplotlib.
"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_python  # noqa: E402

hamdyn_python.require(["matplotlib"], "python3-matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# compare.csv's columns, as a reader knows them.
NAMES = {"exact": "exact", "primal_fe": "primal FE", "chain": "discrete chain",
         "dual": "chain dual (impulses)", "dual_fe": "continuum dual (impulse field)"}
STYLE = {"exact": ("k", "-", None), "primal_fe": ("tab:blue", "-", "o"),
         "chain": ("tab:orange", "-", "s"), "dual": ("tab:green", "--", "x"),
         "dual_fe": ("tab:purple", "--", "^")}
# The differences `hamdyn compare` reports, (a, b): |a - b|.
PAIRS = (("chain", "primal_fe"), ("dual", "chain"), ("dual_fe", "primal_fe"),
         ("primal_fe", "exact"))


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) if r[k] != "" else math.nan for r in rows] for k in rows[0]}


def present(values):
    return not all(math.isnan(v) for v in values)


def log_differences(axis, t, a, b, label, colour=None):
    """|a - b| against t on a log scale, or "identical" in the legend when they are."""
    points = [(s, abs(x - y)) for s, x, y in zip(t, a, b)
              if not math.isnan(x) and not math.isnan(y) and x != y]
    if points:
        axis.semilogy(*zip(*points), color=colour, linewidth=1, label=label)
    else:  # equal to the last digit: said in the legend, nothing to draw on a log scale
        axis.plot([], [], color=colour, label=label + ": identical")


def discrete(directory, modes, history):
    """modes is None where compare left the impulse dual out (energies or links as expressions)."""
    coordinates = [k[len("primal_"):] for k in history if k.startswith("primal_")]
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.8))
    if modes is not None:
        points = [(m, abs(d - p) / p)
                  for m, p, d in zip(modes["mode"], modes["primal"], modes["dual"])
                  if not math.isnan(p) and not math.isnan(d) and p > 0 and d != p]
        if points:
            left.semilogy(*zip(*points), marker="x", label="impulse dual - primal")
        left.plot([], [], label="(frequencies linearized about the initial state)")
        left.set_xlabel("mode")
        left.set_ylabel("|omega_dual - omega_primal| / omega_primal")
        left.set_title("frequencies: primal and impulse dual")
        left.legend(fontsize=8)
    else:
        left.axis("off")
        left.text(0.5, 0.5, "no impulse dual: the case is outside its assumptions\n"
                            "(hamdyn compare's log says which)", ha="center", va="center")
    t = history["time"]
    for q in coordinates:
        middle.plot(t, history["primal_" + q], linewidth=1, label=q)
    middle.set_xlabel("t [s]")
    middle.set_ylabel("coordinate (its units)")
    middle.set_title("histories (primal, multipliers)")
    middle.legend(fontsize=8)
    middle.grid(alpha=0.3)
    for q in coordinates:
        log_differences(right, t, history["gibbs_appell_" + q], history["primal_" + q],
                        "Gibbs-Appell - primal: " + q)
        if "dual_" + q in history:
            log_differences(right, t, history["dual_" + q], history["primal_" + q],
                            "impulse dual - primal: " + q)
    right.set_xlabel("t [s]")
    right.set_ylabel("|difference|")
    right.set_title("differences between the methods")
    right.legend(fontsize=8)
    right.grid(alpha=0.3, which="both")
    fig.suptitle("%s: hamdyn compare (discrete system)" % os.path.basename(os.path.abspath(directory)))
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "compare.png"), dpi=110)


def main(directory):
    history = read(os.path.join(directory, "compare_history.csv"))
    frequencies = os.path.join(directory, "compare.csv")
    modes = read(frequencies) if os.path.exists(frequencies) else None
    if "primal_fe" not in history:
        return discrete(directory, modes, history)
    reference_name = "exact" if present(modes["exact"]) else "primal_fe"
    reference = modes[reference_name]
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.8))
    for name in ("primal_fe", "chain", "dual", "dual_fe"):
        if name == reference_name:
            continue
        points = [(m, abs(v - r) / r) for m, v, r in zip(modes["mode"], modes[name], reference)
                  if not math.isnan(v) and not math.isnan(r) and r > 0 and v != r]
        if points:
            colour, line, marker = STYLE[name]
            left.semilogy(*zip(*points), color=colour, linestyle=line, marker=marker,
                          label=NAMES[name])
    left.set_xlabel("mode")
    left.set_ylabel("|omega - omega_ref| / omega_ref")
    left.set_title("frequency errors against the %s frequencies" % NAMES[reference_name])
    left.legend(fontsize=8)
    left.grid(alpha=0.3, which="both")

    t = history["time"]
    for name in ("exact", "primal_fe", "chain", "dual", "dual_fe"):
        if present(history[name]):
            colour, line, _ = STYLE[name]
            middle.plot(t, history[name], color=colour, linestyle=line, label=NAMES[name],
                        linewidth=1)
    middle.set_xlabel("t [s]")
    middle.set_ylabel("displacement [m]")
    middle.set_title("displacement histories")
    middle.legend(fontsize=8)
    middle.grid(alpha=0.3)

    for a, b in PAIRS:
        if present(history[a]) and present(history[b]):
            log_differences(right, t, history[a], history[b], "%s - %s" % (NAMES[a], NAMES[b]),
                            STYLE[a][0] if a != "primal_fe" else STYLE[b][0])
    right.set_xlabel("t [s]")
    right.set_ylabel("|difference| [m]")
    right.set_title("differences between the methods")
    right.legend(fontsize=8)
    right.grid(alpha=0.3, which="both")
    fig.suptitle("%s: hamdyn compare" % os.path.basename(os.path.abspath(directory)))
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "compare.png"), dpi=110)


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
