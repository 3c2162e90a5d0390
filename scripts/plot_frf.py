#!/usr/bin/env python3
"""Plots what `hamdyn response` wrote into DIR (its frf.csv): for each unit a panel of the
amplitude |U| against frequency on a log axis and, below it, the phase in degrees, unwrapped
along the frequencies (a lag is negative; no jump from -180 to +180 at a resonance).

The amplitudes are the response to the load of the case as given. Where that load is one point
force (Frequency response/Forces = x:F), they are drawn per newton, |U|/F [m/N] (a receptance);
otherwise in the column's own unit for the load as given, which the axis says.

Several DIRs are drawn over each other (a beam with and without a tuned-mass damper), each in a
colour of its own; --label names them. Without --columns: every column of frf.csv that is not
zero at every frequency (a held end is), for one DIR; the columns the DIRs share, for several.

Writes DIR/frf.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib and python3-numpy.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402


def unit_force(directory):
    """F of a single point force `x:F` in Frequency response/Forces, or None."""
    forces = hamdyn_plot.case_value(directory, "Frequency response", "Forces") or ""
    entries = [e for e in forces.split(";") if e.strip()]
    if len(entries) != 1 or ":" not in entries[0]:
        return None
    try:
        return float(entries[0].split(":", 1)[1])
    except ValueError:  # an amplitude written as an expression: drawn as given
        return None


def main():
    args = hamdyn_plot.parse(hamdyn_plot.parser(
        __doc__, "frf.png", "columns of frf.csv without their _abs suffix, e.g. u@7.5,oscillator_1"))
    hamdyn_python.require(["matplotlib", "numpy"], "python3-matplotlib python3-numpy")
    import numpy as np
    plt = hamdyn_plot.style()
    runs = hamdyn_plot.tables(args, "frf.csv")
    columns = hamdyn_plot.drawn_columns([data for _, data, _ in runs], "_abs", args.columns,
                                        "frf.csv")
    if not columns:
        sys.exit("plot_frf.py: no column to draw (every one is zero, or the inputs share none)")
    def unit(c):  # of the amplitude U of column c, from frf_units.csv
        return runs[0][2].get(c + "_abs", "")
    units = hamdyn_plot.units_of(unit(c) for c in columns)
    figure, axes = plt.subplots(2, len(units), figsize=(6.4 * len(units), 6.4), sharex=True,
                                squeeze=False)
    # per newton only when every input is driven by one point force
    forces = [unit_force(directory) for directory, _, _ in runs]
    per_newton = all(forces)
    for r, ((directory, data, _), name) in enumerate(zip(runs, args.names)):
        force = forces[r] if per_newton else None
        f = np.array(data["frequency"])
        for k, c in enumerate(columns):
            quantity = hamdyn_plot.quantity(c)
            j = units.index(unit(c))
            amplitude = np.array(data[c + "_abs"])
            if force:
                amplitude = amplitude / abs(force)
            style, colour, label = hamdyn_plot.curve(plt, r, k, len(runs), name, quantity)
            axes[0][j].semilogy(f, amplitude, style, color=colour, label=label)
            phase = np.degrees(np.unwrap(np.radians(np.array(data[c + "_phase_deg"]))))
            axes[1][j].plot(f, phase, style, color=colour, label=label)
            per = ("%s/N" % unit(c)) if force else unit(c)
            axes[0][j].set_ylabel(hamdyn_plot.axis_label(
                "receptance |U|/F" if force else "amplitude |U|", per))
    for j, unit in enumerate(units):
        axes[1][j].set_ylabel("phase (unwrapped) [deg]")
        axes[1][j].set_xlabel(hamdyn_plot.axis_label("frequency f", "Hz"))
        axes[0][j].legend()
    hamdyn_plot.save(figure, args)


if __name__ == "__main__":
    main()
