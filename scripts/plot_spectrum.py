#!/usr/bin/env python3
"""Plots what `hamdyn spectrum` wrote into DIR (its spectrum.csv): the displacement Sd,
pseudo-velocity Sv and pseudo-acceleration Sa spectra against the period, one curve per damping
ratio. Several DIRs (records, sites) are drawn over each other, a line style each (--label names
them). --columns picks the panels among Sd, Sv, Sa.

Writes DIR/spectrum.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402

PANELS = {"Sd": "spectral displacement Sd [m]", "Sv": "pseudo-velocity Sv = ω Sd [m/s]",
          "Sa": "pseudo-acceleration Sa = ω² Sd [m/s²]"}


def main():
    args = hamdyn_plot.parse(hamdyn_plot.parser(__doc__, "spectrum.png",
                                                "the panels, among Sd, Sv, Sa (default: all)"))
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    plt = hamdyn_plot.style()
    panels = hamdyn_plot.pick(list(PANELS), args.columns, "the spectra") if args.columns \
        else list(PANELS)
    figure, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.2), squeeze=False)
    axes = axes[0]
    styles = ("-", "--", "-.", ":")
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for r, ((_, data, _), name) in enumerate(zip(hamdyn_plot.tables(args, "spectrum.csv"),
                                              args.names)):
        ratios = sorted(set(data["damping_ratio"]))
        for k, zeta in enumerate(ratios):
            rows = [i for i, z in enumerate(data["damping_ratio"]) if z == zeta]
            period = [data["period"][i] for i in rows]
            label = "ζ = %g" % zeta if len(args.inputs) == 1 else "%s, ζ = %g" % (name, zeta)
            for axis, key in zip(axes, panels):
                axis.plot(period, [data[key][i] for i in rows], styles[r % len(styles)],
                          color=colours[k % len(colours)], label=label)
    for axis, key in zip(axes, panels):
        axis.set_xlabel(hamdyn_plot.axis_label("period T", "s"))
        axis.set_ylabel(PANELS[key])
    axes[0].legend()
    hamdyn_plot.save(figure, args)


if __name__ == "__main__":
    main()
