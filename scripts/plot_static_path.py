#!/usr/bin/env python3
"""Plots a planar beam's static path (`hamdyn static`, its static_path.csv): the load factor
lambda (the loads are lambda times the case's) against the end's displacement components, one
curve per component that moves (end_u_x, end_u_z; --columns picks). With Static/Path = arc
length the path passes limit points: where lambda falls while the end goes on, the equilibria
are unstable (a snap-through under a load held by gravity or a dead weight).

Several result directories are drawn over each other, a colour each (--label names them).

Writes static_path.png beside the first INPUT (a result directory or its static_path.csv), or
--output FILE (.png, .pdf, .svg). Needs Debian's python3-matplotlib.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402


def main():
    p = hamdyn_plot.parser(__doc__, "static_path.png",
                           "the displacement columns to draw (default: end_u_x and end_u_z where "
                           "they move)")
    args = hamdyn_plot.parse(p)
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    found = hamdyn_plot.tables(args, "static_path.csv",
                               " (hamdyn static of a Model/Type = planar beam case writes it)")
    plt = hamdyn_plot.style()
    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    for r, ((_, data, units), name) in enumerate(zip(found, args.names)):
        moving = [c for c in ("end_u_x", "end_u_z") if any(v != 0 for v in data[c])]
        columns = hamdyn_plot.pick(list(data), args.columns, name) if args.columns else moving
        for k, c in enumerate(columns):
            style, colour, label = hamdyn_plot.curve(plt, r, k, len(found), name,
                                                     hamdyn_plot.quantity(c))
            axes.plot(data[c], data["load_factor"], style, color=colour, marker=".", label=label)
    unit = hamdyn_plot.units_of([found[0][2].get(c, "m") for c in ("end_u_x", "end_u_z")])
    axes.set_xlabel(hamdyn_plot.axis_label("end displacement", ", ".join(unit)))
    axes.set_ylabel("load factor λ (loads = λ × the case's)")
    axes.axhline(1, color="0.5", linewidth=0.8)
    axes.axhline(0, color="0.5", linewidth=0.5)
    axes.legend()
    hamdyn_plot.save(figure, args)


if __name__ == "__main__":
    main()
