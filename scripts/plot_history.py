#!/usr/bin/env python3
"""Plots a hamdyn history.csv against time: one axis per unit, the energies on their own panel.

usage: scripts/plot_history.py RESULTS_DIR [COLUMN ...]
Writes RESULTS_DIR/history.png. Without COLUMNs: every displacement, rotation and velocity column
that is not zero throughout (held ends are). Panels, top to bottom, for the units present:
displacement [m] (u_*, u@x, oscillator_*), rotation [rad] (theta_*), velocity [m/s] (v_*),
force [N], moment [N m]; for a discrete system, its coordinates q, their rates v_q, the elements'
forces and the constraint forces lambda_* (by default the coordinates, rates and lambdas); then the energies [J]: kinetic T, potential V, T + V and dissipated;
and, when there is any, the external work beside T + V + dissipated - (T0 + V0), with the
ledger's energy_error on its own right-hand axis. The title names the results directory and
the model. Needs Debian's python3-matplotlib (and python3-numpy).
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_python  # noqa: E402

hamdyn_python.require(["matplotlib", "numpy"], "python3-matplotlib python3-numpy")

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

ENERGIES = ("kinetic_energy", "potential_energy", "dissipated_energy", "external_work",
            "energy_error")
# (panel, unit label, prefixes of the columns it takes), in drawing order.
UNITS = (("displacement", "displacement [m]", ("u_", "u@", "oscillator_")),
         ("rotation", "rotation [rad]", ("theta_",)),
         ("velocity", "velocity [m/s]", ("v_", "v@")),
         ("force", "force [N]", ("reaction_", "spring_force", "dashpot_force", "tension")),
         ("moment", "moment [N m]", ("moment_reaction_", "spring_moment")))


# A discrete system's columns (Model/Type = discrete): its coordinates are the names q with a
# rate column v_q; their units (m or rad) are the case's, so the labels say both.
DISCRETE_UNITS = (("coordinate", "coordinate q [m or rad]", ()),
                  ("rate", "rate dq/dt [m/s or rad/s]", ()),
                  ("force", "element force [N or N m]", ("force_", "dashpot_force_")),
                  ("constraint", "constraint force lambda", ("lambda_",)))


def units_for(header):
    """The panels for this history's columns, and a function naming a column's panel."""
    coordinates = {c for c in header if c != "time" and "v_" + c in header}
    if not coordinates:
        def unit_of(column):
            for panel, _, prefixes in UNITS:
                if column.startswith(prefixes):
                    return panel
            return None
        return UNITS, unit_of

    def discrete_unit_of(column):
        if column in coordinates:
            return "coordinate"
        if column.startswith("v_") and column[2:] in coordinates:
            return "rate"
        for panel, _, prefixes in DISCRETE_UNITS[2:]:
            if column.startswith(prefixes):
                return panel
        return None
    return DISCRETE_UNITS, discrete_unit_of


def model_name(results):
    """Model/Type from the run's used_parameters.prm, or ''."""
    try:
        with open(os.path.join(results, "used_parameters.prm")) as f:
            section = ""
            for line in f:
                words = line.split()
                if words[:1] == ["subsection"]:
                    section = " ".join(words[1:])
                elif section == "Model" and words[:2] == ["set", "Type"]:
                    return line.split("=", 1)[1].split("#")[0].strip()
    except OSError:
        pass
    return ""


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    results = sys.argv[1]
    path = os.path.join(results, "history.csv")
    if not os.path.isfile(path):
        sys.exit("plot_history.py: no history.csv in %s" % results)
    with open(path) as f:
        header = next(csv.reader(f))
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    if data.shape[0] == 0:
        sys.exit("plot_history.py: history.csv has no rows")
    if data.shape[0] > 200000:  # a long run: every k-th row keeps the plot quick and readable
        data = data[::data.shape[0] // 100000]
    column = {name: data[:, k] for k, name in enumerate(header)}
    wanted = sys.argv[2:]
    for name in wanted:
        if name not in column:
            sys.exit("plot_history.py: no column %r (have: %s)" % (name, ", ".join(header)))
    units, unit_of = units_for(header)
    if not wanted:
        wanted = [c for c in header if unit_of(c) in ("displacement", "rotation", "velocity",
                                                      "coordinate", "rate", "constraint")
                  and np.any(column[c] != 0)]
    panels = [(label, [c for c in wanted if unit_of(c) == panel]) for panel, label, _ in units]
    panels = [(label, names) for label, names in panels if names]
    others = [c for c in wanted if unit_of(c) is None and c not in ENERGIES and c != "time"]
    if others:
        panels.append(("", others))
    has_work = "external_work" in column and np.any(column["external_work"] != 0)
    n = len(panels) + 1 + int(has_work)
    fig, axes = plt.subplots(n, 1, sharex=True, figsize=(11, 2.3 * n + 0.6), squeeze=False)
    axes = axes[:, 0]
    t = column["time"]
    for ax, (label, names) in zip(axes, panels):
        for c in names:
            ax.plot(t, column[c], label=c, linewidth=1)
        ax.set_ylabel(label)
        ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
        ax.grid(alpha=0.3)
    ax = axes[len(panels)]
    kinetic, potential = column["kinetic_energy"], column["potential_energy"]
    ax.plot(t, kinetic, label="kinetic T", linewidth=1)
    ax.plot(t, potential, label="potential V", linewidth=1)
    ax.plot(t, kinetic + potential, label="T + V", linewidth=1.5, color="k")
    if np.any(column["dissipated_energy"] != 0):
        ax.plot(t, column["dissipated_energy"], label="dissipated", linewidth=1)
    ax.set_ylabel("energy [J]")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    ax.grid(alpha=0.3)
    if has_work:
        ax = axes[-1]
        stored = kinetic + potential + column["dissipated_energy"] - kinetic[0] - potential[0]
        ax.plot(t, column["external_work"], label="external work", linewidth=1.5)
        ax.plot(t, stored, "--", label="T + V + dissipated - (T0 + V0)", linewidth=1)
        ax.set_ylabel("work [J]")
        ax.grid(alpha=0.3)
        error = ax.twinx()
        error.plot(t, column["energy_error"], color="tab:red", linewidth=0.8, label="energy_error")
        error.set_ylabel("energy_error [J]", color="tab:red")
        lines = ax.get_lines() + error.get_lines()
        ax.legend(lines, [line.get_label() for line in lines], loc="center left",
                  bbox_to_anchor=(1.12, 0.5), fontsize=8)
    axes[-1].set_xlabel("time [s]")
    name = os.path.basename(os.path.abspath(results))
    model = model_name(results)
    fig.suptitle("%s%s: history" % (name, " (%s)" % model if model else ""))
    fig.tight_layout()
    out = os.path.join(results, "history.png")
    fig.savefig(out, dpi=110)
    print("wrote", out)
    for label, names in panels:
        print("  %s: %s" % (label or "other", ", ".join(names)))


if __name__ == "__main__":
    hamdyn_python.exit_on_help(__doc__)
    main()
