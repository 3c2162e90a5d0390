#!/usr/bin/env python3
"""Plot columns of a hamdyn history.csv against time (matplotlib, Debian's python3-matplotlib).

usage: scripts/plot_history.py RESULTS_DIR [COLUMN ...]   (default: u_right and the energies)
Writes RESULTS_DIR/history.png.
"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    results = sys.argv[1]
    with open(os.path.join(results, "history.csv")) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit("plot_history.py: history.csv is empty")
    columns = sys.argv[2:] or ["u_right"]
    energies = ["kinetic_energy", "potential_energy", "dissipated_energy", "external_work"]
    for c in columns + energies:
        if c not in rows[0]:
            sys.exit("plot_history.py: no column %r (have: %s)" % (c, ", ".join(rows[0])))
    t = [float(r["time"]) for r in rows]
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 6))
    for c in columns:
        top.plot(t, [float(r[c]) for r in rows], label=c)
    top.set_ylabel("displacement [m] / velocity [m/s]")
    top.legend()
    for c in energies:
        bottom.plot(t, [float(r[c]) for r in rows], label=c)
    bottom.set_xlabel("time [s]")
    bottom.set_ylabel("energy [J]")
    bottom.legend()
    out = os.path.join(results, "history.png")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print("wrote", out)


if __name__ == "__main__":
    main()
