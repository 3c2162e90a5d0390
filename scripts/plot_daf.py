#!/usr/bin/env python3
"""Plots the dynamic amplification of a speed sweep (`hamdyn batch` of a case with moving loads,
its summary.csv): each daf_<column> (the largest |value| of the column over the largest static
one of the loads on their path: a displacement's or a rotation's alike) against the swept
parameter, or against it over the critical speed with --critical-speed.

Without --columns: every daf_ column of the summary. Several summaries are drawn over each other,
a colour each (--label names them).

Writes daf.png beside the first SUMMARY.csv, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402


def read(path):
    """The finished members of a summary.csv: (swept column, its values, {daf column: values})."""
    import csv
    with open(path) as f:
        rows = [r for r in csv.DictReader(f) if r["status"] == "ok"]
    if not rows:
        sys.exit("plot_daf.py: %s has no finished member" % path)
    columns = list(rows[0])
    swept = columns[columns.index("seconds") + 1]  # the first swept parameter
    dafs = [c[len("daf_"):] for c in columns if c.startswith("daf_")]
    if not dafs:
        sys.exit("plot_daf.py: %s has no daf_ column (a case without moving loads?)" % path)
    order = sorted(range(len(rows)), key=lambda i: float(rows[i][swept]))
    x = [float(rows[i][swept]) for i in order]
    return swept, x, {c: [float(rows[i]["daf_" + c]) if rows[i]["daf_" + c] else float("nan")
                          for i in order] for c in dafs}


def main():
    p = hamdyn_plot.parser(__doc__, "daf.png",
                           "the columns whose amplification to draw, without daf_ (e.g. u@10)")
    p.add_argument("--critical-speed", type=float, default=0, metavar="V_CR",
                   help="divide the swept speed by V_CR [m/s] (the axis then reads v / v_cr)")
    p.add_argument("--xlabel", default="",
                   help="the horizontal axis' label (default: the swept parameter's name; a "
                        "Variables entry has no unit hamdyn knows)")
    args = hamdyn_plot.parse(p)
    if args.critical_speed < 0:
        p.error("--critical-speed %g: expected a speed > 0" % args.critical_speed)
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    plt = hamdyn_plot.style()
    sweeps = [read(path) for path in args.inputs]
    columns = hamdyn_plot.pick(list(sweeps[0][2]), args.columns, args.inputs[0]) if \
        args.columns else [c for c in sweeps[0][2] if all(c in s[2] for s in sweeps[1:])]
    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    markers = ("o", "s", "^", "v", "D", "x")
    for r, ((swept, x, dafs), name) in enumerate(zip(sweeps, args.names)):
        xs = [v / (args.critical_speed or 1) for v in x]
        for k, c in enumerate(columns):
            quantity = hamdyn_plot.quantity(c)
            one = len(sweeps) == 1
            axes.plot(xs, dafs[c], "-", marker=markers[k % len(markers)],
                      color=colours[(k if one else r) % len(colours)],
                      label=quantity if one else "%s: %s" % (name, quantity))
    swept = sweeps[0][0].split("/")[-1]
    axes.set_xlabel(args.xlabel or ("%s / v_cr" % swept if args.critical_speed else swept))
    axes.set_ylabel("dynamic amplification\n(largest |dynamic| / largest static)")
    axes.axhline(1, color="0.5", linewidth=0.8)
    axes.legend()
    hamdyn_plot.save(figure, args)


if __name__ == "__main__":
    main()
