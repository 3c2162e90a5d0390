#!/usr/bin/env python3
"""Plots what `hamdyn converge` wrote into DIR as a paper would print it: the relative error
(unitless) of every quantity against h [m] or dt [s] on log-log axes, one reference-slope line per
expected order (not one per quantity), levels at the round-off floor or before the asymptotic range
drawn hollow. p refinement is drawn against the degree on a linear axis with a log error axis
(its convergence is exponential: an algebraic "order" in 1/DoFs means nothing there).
Writes DIR/convergence.png.

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


def read_refine(directory):
    """Convergence/Refine and Model/Length from used_parameters.prm. A length written with the
    case's Variables (set Length = L) has its value in hamdyn's note "# Length = L = 2"."""
    refine, length, noted, section = "h", "1", None, ""
    with open(directory + "/used_parameters.prm") as f:
        for line in f:
            words = line.strip()
            if words.startswith("subsection "):
                section = words[len("subsection "):]
            elif words.startswith("set "):
                key, value = (w.strip() for w in words[4:].split("=", 1))
                value = value.split("#")[0].strip()
                if section == "Convergence" and key == "Refine":
                    refine = value
                elif section == "Model" and key == "Length":
                    length = value
            elif section == "Model" and words.startswith("# Length =") and words.count("=") == 2:
                noted = words.rsplit("=", 1)[1].strip()
    try:
        return refine, float(length)
    except ValueError:
        if noted is None:
            sys.exit("plot_convergence.py: Model/Length = %r in used_parameters.prm has no noted "
                     "value" % length)
        return refine, float(noted)


def main(directory):
    with open(directory + "/convergence.csv") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    refine, length = read_refine(directory)

    def size_of(row):
        if refine == "p":
            return float(row["degree"])
        if refine == "dt":
            return float(row["time_step"])
        return length / float(row["elements"])

    label = {"p": "element degree p", "dt": "time step dt [s]"}.get(refine, "element size h [m]")
    fig, ax = plt.subplots(figsize=(7, 5))
    quantities = []
    for r in rows:
        if r["quantity"] not in quantities:
            quantities.append(r["quantity"])
    slopes = {}  # expected order -> (x, error) of its first asymptotic point
    for q in quantities:
        mine = [r for r in rows if r["quantity"] == q and float(r["relative_error"]) > 0]
        if not mine:
            continue
        kind = mine[0]["reference_kind"]
        xs = [size_of(r) for r in mine]
        es = [float(r["relative_error"]) for r in mine]
        line, = ax.plot(xs, es, "-", label="%s (%s)" % (q, kind))
        for x, e, r in zip(xs, es, mine):
            hollow = r["regime"] != "asymptotic"
            ax.plot([x], [e], "o", color=line.get_color(),
                    markerfacecolor="none" if hollow else line.get_color())
        expected = mine[0]["expected_order"]
        if expected and refine != "p":
            first = next(((x, e) for x, e, r in zip(xs, es, mine)
                          if r["regime"] == "asymptotic"), (xs[0], es[0]))
            slopes.setdefault(float(expected), (first, xs))
    for p, ((x0, e0), xs) in sorted(slopes.items()):
        ax.plot(xs, [e0 * (x / x0) ** p for x in xs], linestyle=":", color="0.4",
                label="slope %g" % p)
    if refine == "p":
        ax.set_yscale("log")
    else:
        ax.set_xscale("log")
        ax.set_yscale("log")
    ax.plot([], [], "o", color="0.3", markerfacecolor="none",
            label="round-off or pre-asymptotic level")
    ax.set_xlabel(label)
    ax.set_ylabel("relative error")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(directory + "/convergence.png", dpi=150)


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
