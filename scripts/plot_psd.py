#!/usr/bin/env python3
"""Plots the response power spectral densities that `hamdyn response` wrote into DIR when its case
sets Frequency response/Load PSD (psd.csv: one-sided, |U(f)|^2 S(f)): one panel per unit (m, rad),
the PSD against frequency on log-log axes, each curve named with its RMS over the band
(psd_rms.csv, sqrt of the PSD's integral by the trapezoidal rule).

Several DIRs are drawn over each other (a structure with and without a damper, two load spectra),
each in a colour of its own; --label names them. Without --columns: every column of psd.csv that
is not zero at every frequency (a held end is), for one DIR; the columns the DIRs share, for
several.

Writes DIR/psd.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402


def band_rms(directory):
    """{column: RMS} of DIR/psd_rms.csv ({} where there is none)."""
    path = os.path.join(directory, "psd_rms.csv")
    if not os.path.isfile(path):
        return {}
    with open(path) as f:
        return {row["quantity"]: float(row["rms"])
                for row in csv.DictReader(line for line in f if not line.startswith("#"))}


def main():
    args = hamdyn_plot.parse(hamdyn_plot.parser(
        __doc__, "psd.png", "columns of psd.csv without their _psd suffix, e.g. u@1,u_right"))
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    plt = hamdyn_plot.style()
    runs = hamdyn_plot.tables(args, "psd.csv", " (the case sets no Frequency response/Load PSD)")
    columns = hamdyn_plot.drawn_columns([data for _, data, _ in runs], "_psd", args.columns,
                                        "psd.csv")
    if not columns:
        sys.exit("plot_psd.py: no column to draw (every one is zero, or the inputs share none)")
    def unit(c):  # of column c's PSD, from psd_units.csv (the column's unit squared per Hz)
        return runs[0][2].get(c + "_psd", "")
    units = hamdyn_plot.units_of(unit(c) for c in columns)
    figure, axes = plt.subplots(1, len(units), figsize=(6.4 * len(units), 4.2), squeeze=False)
    axes = axes[0]
    for r, ((directory, data, _), name) in enumerate(zip(runs, args.names)):
        rms = band_rms(directory)
        for k, c in enumerate(columns):
            quantity = hamdyn_plot.quantity(c)
            axis = axes[units.index(unit(c))]
            style, colour, label = hamdyn_plot.curve(plt, r, k, len(runs), name, quantity)
            if c in rms:
                label += ", RMS %.4g %s" % (rms[c], unit(c)[:-len("²/Hz")])
            axis.loglog(data["frequency"], data[c + "_psd"], style, color=colour, label=label)
            axis.set_ylabel(hamdyn_plot.axis_label("one-sided PSD", unit(c)))
    for axis in axes:
        axis.set_xlabel(hamdyn_plot.axis_label("frequency f", "Hz"))
        axis.legend()
    hamdyn_plot.save(figure, args)


if __name__ == "__main__":
    main()
