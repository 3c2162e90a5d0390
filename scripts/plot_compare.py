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

--columns picks the methods drawn (exact, primal_fe, chain, dual, dual_fe) or, for a discrete
system, the coordinates. Writes DIR/compare.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib.
"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402

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


def discrete(plt, args, directory, modes, history):
    """modes is None where compare left the impulse dual out (energies or links as expressions)."""
    coordinates = [k[len("primal_"):] for k in history if k.startswith("primal_")]
    if args.columns:
        coordinates = hamdyn_plot.pick(coordinates, args.columns, "compare_history.csv")
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
        left.legend()
    else:
        left.axis("off")
        left.text(0.5, 0.5, "no impulse dual: the case is outside its assumptions\n"
                            "(hamdyn compare's log says which)", ha="center", va="center")
    t = history["time"]
    for q in coordinates:
        middle.plot(t, history["primal_" + q], linewidth=1, label=q)
    middle.set_xlabel(hamdyn_plot.axis_label("time t", "s"))
    middle.set_ylabel("coordinate (its units)")
    middle.set_title("histories (primal, multipliers)")
    middle.legend()
    middle.grid(alpha=0.3)
    for q in coordinates:
        log_differences(right, t, history["gibbs_appell_" + q], history["primal_" + q],
                        "Gibbs-Appell - primal: " + q)
        if "dual_" + q in history:
            log_differences(right, t, history["dual_" + q], history["primal_" + q],
                            "impulse dual - primal: " + q)
    right.set_xlabel(hamdyn_plot.axis_label("time t", "s"))
    right.set_ylabel("|difference|")
    right.set_title("differences between the methods")
    right.legend()
    right.grid(alpha=0.3, which="both")
    hamdyn_plot.save(fig, args)


def main():
    args = hamdyn_plot.parse(hamdyn_plot.parser(
        __doc__, "compare.png", "methods (or a discrete system's coordinates) to draw", many=False))
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    plt = hamdyn_plot.style()
    directory = args.inputs[0]
    history = read(os.path.join(directory, "compare_history.csv"))
    frequencies = os.path.join(directory, "compare.csv")
    modes = read(frequencies) if os.path.exists(frequencies) else None
    if "primal_fe" not in history:
        return discrete(plt, args, directory, modes, history)
    methods = ("exact", "primal_fe", "chain", "dual", "dual_fe")
    if args.columns:
        methods = hamdyn_plot.pick(methods, args.columns, "compare.csv")
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.8))
    if modes is None:
        # no frequencies: a beam its supports do not hold (a pendulum) has no static state
        left.text(0.5, 0.5, "no frequencies: the case has no static state\n"
                  "(hamdyn compare's log says why)", ha="center", va="center",
                  transform=left.transAxes)
        left.set_axis_off()
    else:
        reference_name = "exact" if present(modes["exact"]) else "primal_fe"
        reference = modes[reference_name]
        for name in ("primal_fe", "chain", "dual", "dual_fe"):
            if name == reference_name or name not in methods:
                continue
            points = [(m, abs(v - r) / r)
                      for m, v, r in zip(modes["mode"], modes[name], reference)
                      if not math.isnan(v) and not math.isnan(r) and r > 0 and v != r]
            if points:
                colour, line, marker = STYLE[name]
                left.semilogy(*zip(*points), color=colour, linestyle=line, marker=marker,
                              label=NAMES[name])
        left.set_xlabel("mode")
        left.set_ylabel("|omega - omega_ref| / omega_ref")
        left.set_title("frequency errors against the %s frequencies" % NAMES[reference_name])
        left.legend()
        left.grid(alpha=0.3, which="both")

    t = history["time"]
    for name in methods:
        if present(history[name]):
            colour, line, _ = STYLE[name]
            middle.plot(t, history[name], color=colour, linestyle=line, label=NAMES[name],
                        linewidth=1)
    middle.set_xlabel(hamdyn_plot.axis_label("time t", "s"))
    middle.set_ylabel(hamdyn_plot.axis_label("displacement w", "m"))
    middle.set_title("displacement histories")
    middle.legend()
    middle.grid(alpha=0.3)

    for a, b in PAIRS:
        if a in methods and b in methods and present(history[a]) and present(history[b]):
            log_differences(right, t, history[a], history[b], "%s - %s" % (NAMES[a], NAMES[b]),
                            STYLE[a][0] if a != "primal_fe" else STYLE[b][0])
    right.set_xlabel(hamdyn_plot.axis_label("time t", "s"))
    right.set_ylabel(hamdyn_plot.axis_label("|difference|", "m"))
    right.set_title("differences between the methods")
    right.legend()
    right.grid(alpha=0.3, which="both")
    hamdyn_plot.save(fig, args)


if __name__ == "__main__":
    main()
