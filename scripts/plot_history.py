#!/usr/bin/env python3
"""Plots a hamdyn history.csv against time: one axis per unit and, for one result without
--columns, the energies on their own panels.

Without --columns: every displacement, rotation and velocity column of the structure that is not
zero throughout (held ends are; a moving load's position and the ground's motion are drawn when
named). Panels, top to bottom, for the units present, each column's unit read from
history_units.csv: displacement [m] (u_*, u@x, oscillator_*), rotation [rad] (theta_*), velocity
[m/s] (v_*), acceleration [m/s²] (*_abs_acc), force [N], moment [N m] (a cable's: position
[m], tension [N]); for a
discrete system, its coordinates q, their rates v_q, the elements' forces and the constraint
forces lambda_* (by default the coordinates, rates and lambdas); then (one result, no --columns,
or --energies) the energies [J]: kinetic T, potential V, T + V and dissipated; and, when there is
any, the external work beside T + V + dissipated - (T0 + V0), with the ledger's energy_error on
its own right-hand axis.

Several results are drawn over each other, a colour each (--label names them); the columns
drawn are then those they share. The old form `plot_history.py DIR COLUMN ...` still works.

Writes DIR/history.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib and python3-numpy.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402

ENERGIES = ("kinetic_energy", "potential_energy", "dissipated_energy", "external_work",
            "energy_error")
# (unit as history_units.csv gives it, the quantity its panel is labelled with), in drawing
# order; a column's panel is its unit's.
UNITS = (("m", "displacement"),
         ("rad", "rotation"),
         ("m/s", "velocity"),
         ("m/s²", "acceleration"),
         ("rad/s²", "angular acceleration"),
         ("N", "force"),
         ("N m", "moment"))
# Columns of a length that are not the structure's response, drawn only when asked for.
PRESCRIBED = ("position_", "ground_")


# A discrete system's columns (Model/Type = discrete): its coordinates are the names q with a
# rate column v_q; their units (m or rad) are the case's, so the labels say both.
DISCRETE_UNITS = (("coordinate", "coordinate q [m or rad]", ()),
                  ("rate", "rate dq/dt [m/s or rad/s]", ()),
                  ("force", "element force [N or N m]", ("force_", "dashpot_force_")),
                  ("constraint", "constraint force lambda", ("lambda_",)))


def units_for(header, units):
    """The panels (panel, label) for this history's columns, and a function naming a column's
    panel (None: none of them). A line model's panel is its column's unit (the known ones in
    UNITS' order, any other after them); a discrete system's, its kind of column."""
    coordinates = {c for c in header if c != "time" and "v_" + c in header}
    if not coordinates:
        present = [units[c] for c in header if units.get(c) and c not in ENERGIES and c != "time"]
        # a cable's history (Model/Type = cable) holds positions in the plane and tensions
        words_of = dict(UNITS)
        if "midspan_x" in header and "left_tension" in header:
            words_of.update({"m": "position", "N": "tension"})
        panels = [(unit, hamdyn_plot.axis_label(words_of[unit], unit)) for unit, _ in UNITS]
        panels += [(unit, "[%s]" % unit) for unit in hamdyn_plot.units_of(present)
                   if unit not in [p for p, _ in panels]]

        def unit_of(column):
            return units.get(column) or None
        return panels, unit_of

    def discrete_unit_of(column):
        if column in coordinates:
            return "coordinate"
        if column.startswith("v_") and column[2:] in coordinates:
            return "rate"
        for panel, _, prefixes in DISCRETE_UNITS[2:]:
            if column.startswith(prefixes):
                return panel
        return None
    return [(panel, label) for panel, label, _ in DISCRETE_UNITS], discrete_unit_of


def read(results):
    """history.csv of a result directory (or the file itself): header and columns as arrays."""
    import numpy as np
    path = os.path.join(results, "history.csv") if os.path.isdir(results) else results
    if not os.path.isfile(path):
        sys.exit("plot_history.py: no history.csv in %s" % results)
    with open(path) as f:
        header = next(csv.reader(f))
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    if data.shape[0] == 0:
        sys.exit("plot_history.py: %s has no rows" % path)
    if data.shape[0] > 200000:  # a long run: every k-th row keeps the plot quick and readable
        data = data[::data.shape[0] // 100000]
    return header, {name: data[:, k] for k, name in enumerate(header)}, hamdyn_plot.read_units(path)


def energy_panels(axes, t, column, colour=None, prefix=""):
    """The ledger's panels: T, V, T + V and dissipated; then the work and the energy error."""
    ax = axes[0]
    kinetic, potential = column["kinetic_energy"], column["potential_energy"]
    ax.plot(t, kinetic, label=prefix + "kinetic T")
    ax.plot(t, potential, label=prefix + "potential V")
    ax.plot(t, kinetic + potential, label=prefix + "T + V", linewidth=1.5, color="k")
    if (column["dissipated_energy"] != 0).any():
        ax.plot(t, column["dissipated_energy"], label=prefix + "dissipated")
    ax.set_ylabel(hamdyn_plot.axis_label("energy", "J"))
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    if len(axes) < 2:
        return
    ax = axes[1]
    stored = kinetic + potential + column["dissipated_energy"] - kinetic[0] - potential[0]
    ax.plot(t, column["external_work"], label="external work", linewidth=1.5)
    ax.plot(t, stored, "--", label="T + V + dissipated - (T0 + V0)")
    ax.set_ylabel(hamdyn_plot.axis_label("work", "J"))
    error = ax.twinx()
    error.grid(False)
    error.plot(t, column["energy_error"], color="tab:red", linewidth=0.8, label="energy_error")
    error.set_ylabel(hamdyn_plot.axis_label("energy error", "J"), color="tab:red")
    lines = ax.get_lines() + error.get_lines()
    ax.legend(lines, [line.get_label() for line in lines], loc="center left",
              bbox_to_anchor=(1.12, 0.5))


def main():
    p = hamdyn_plot.parser(__doc__, "history.png",
                           "history.csv columns to draw, e.g. u@0.5,theta_right (default: above)")
    p.add_argument("--energies", action="store_true",
                   help="add the energy panels (drawn by default for one result without --columns)")
    arguments = sys.argv[1:]
    # the old form DIR COLUMN ...: a directory, then column names
    if len(arguments) > 1 and os.path.isdir(arguments[0]) and not any(
            a.startswith("-") for a in arguments) and not any(
            os.path.exists(a) for a in arguments[1:]):
        arguments = [arguments[0], "--columns", ",".join(arguments[1:])]
    args = hamdyn_plot.parse(p, arguments)
    hamdyn_python.require(["matplotlib", "numpy"], "python3-matplotlib python3-numpy")
    plt = hamdyn_plot.style()
    runs = [read(results) for results in args.inputs]
    header = [c for c in runs[0][0] if all(c in h for h, _, _ in runs[1:])]
    column = runs[0][1]
    units, unit_of = units_for(header, runs[0][2])
    also = {}  # a column drawn -> the columns equal to it left out
    if args.columns:
        wanted = hamdyn_plot.pick(header, args.columns, "history.csv")
    else:
        # a line model's history without its units file (no column has a panel): every column
        # but the time and the energies
        drawn = ("m", "rad", "m/s", "coordinate", "rate", "constraint") + (
            () if runs[0][2] else (None,))
        wanted = [c for c in header if unit_of(c) in drawn and not c.startswith(PRESCRIBED)
                  and c not in ENERGIES and c != "time"
                  and any((data[c] != 0).any() for _, data, _ in runs)]
    # a probe at an end repeats the end's column: one curve, both names in its legend entry
    for c in list(wanted):
        same = next((d for d in wanted if d != c and d not in also.get(c, []) and
                     all((data[d] == data[c]).all() for _, data, _ in runs)), None)
        if same is not None and wanted.index(same) < wanted.index(c):
            wanted.remove(c)
            also.setdefault(same, []).append(c)
    panels = [(label, [c for c in wanted if unit_of(c) == panel]) for panel, label in units]
    panels = [(label, names) for label, names in panels if names]
    others = [c for c in wanted if unit_of(c) is None and c not in ENERGIES and c != "time"]
    if others:
        panels.append(("", others))
    energies = "kinetic_energy" in column and (args.energies or (len(runs) == 1 and not args.columns))
    has_work = energies and len(runs) == 1 and "external_work" in column and (
        column["external_work"] != 0).any()
    n = len(panels) + int(energies) + int(has_work)
    if n == 0:
        sys.exit("plot_history.py: nothing to draw (every column is zero throughout)")
    fig, axes = plt.subplots(n, 1, sharex=True, figsize=(9, 2.3 * n + 0.6), squeeze=False)
    axes = axes[:, 0]
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    styles = ("-", "--", "-.", ":")
    for r, ((_, data, _), name) in enumerate(zip(runs, args.names)):
        t = data["time"]
        for ax, (label, names) in zip(axes, panels):
            for k, c in enumerate(names):
                quantity = c if unit_of(c) in ("coordinate", "rate", "constraint") else \
                    hamdyn_plot.quantity(c)
                for same in also.get(c, []):
                    quantity += " (= %s)" % hamdyn_plot.quantity(same).split(" at ")[-1]
                if len(runs) == 1:
                    ax.plot(t, data[c], label=quantity)
                else:
                    ax.plot(t, data[c], styles[k % len(styles)], color=colours[r % len(colours)],
                            label="%s: %s" % (name, quantity))
        if energies and len(runs) > 1:
            axes[len(panels)].plot(t, data["kinetic_energy"] + data["potential_energy"],
                                   color=colours[r % len(colours)], label="%s: T + V" % name)
    for ax, (label, names) in zip(axes, panels):
        ax.set_ylabel(label)
        ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    if energies and len(runs) == 1:
        energy_panels(axes[len(panels):], column["time"], column)
    elif energies:
        axes[len(panels)].set_ylabel(hamdyn_plot.axis_label("energy", "J"))
        axes[len(panels)].legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    axes[-1].set_xlabel(hamdyn_plot.axis_label("time t", "s"))
    hamdyn_plot.save(fig, args)
    for label, names in panels:
        print("  %s: %s" % (label or "other", ", ".join(names)))


if __name__ == "__main__":
    main()
