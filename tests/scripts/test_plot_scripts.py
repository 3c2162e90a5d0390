#!/usr/bin/env python3
"""Runs every matplotlib drawing script (scripts/plot_*.py) on real hamdyn results as a user
starts them, and checks what the issue of the manual's pictures asks of each: it writes a
non-empty PNG, PDF and SVG (--output), draws several results over each other with --label, keeps
only --columns, and refuses a bad option in one line with exit 2. The SVGs keep their text
(svg.fonttype none), so the axis labels are read back from them: quantity and unit, a
per-newton receptance where the load is one point force, the unwrapped phase, readable curve
names instead of column names.

usage: test_plot_scripts.py HAMDYN SOURCE_DIR
Exit 0 when every check passes, 1 otherwise, 77 (ctest: skipped) without python3-matplotlib.
"""
import csv
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

if importlib.util.find_spec("matplotlib") is None:
    print("skipped: python3-matplotlib is not installed")
    sys.exit(77)

hamdyn, source = sys.argv[1], os.path.abspath(sys.argv[2])
scripts = os.path.join(source, "scripts")
cases = os.path.join(source, "cases")
work = tempfile.mkdtemp()


def run(command, name, expect=0):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=300)
    check("%s exits %d" % (name, expect), done.returncode == expect,
          (done.stdout + done.stderr)[-2000:])
    return done


def solve(arguments, name):
    directory = os.path.join(work, name)
    run([hamdyn] + arguments + ["--output", directory, "--set", "Output/Plots=false"],
        "hamdyn " + name)
    return directory


def written(path, name, magic):
    ok = os.path.isfile(path) and os.path.getsize(path) > 0
    with open(path, "rb") if ok else open(os.devnull, "rb") as f:
        head = f.read(200)
    check("%s writes %s (%s)" % (name, os.path.basename(path), magic.decode()),
          ok and magic in head, head[:40])


def svg_text(path):
    if not os.path.isfile(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def formats(script, inputs, name, extra=()):
    """The default PNG beside the first input, then PDF and SVG by --output; the SVG's text."""
    command = [os.path.join(scripts, script)] + inputs + list(extra)
    run(command, name)
    for extension, magic in ((".pdf", b"%PDF"), (".svg", b"<svg")):
        out = os.path.join(work, name + extension)
        run(command + ["--output", out], name + " --output " + extension)
        written(out, name, magic)
    return svg_text(os.path.join(work, name + ".svg"))


def refuses(script, inputs, name):
    """A bad option is one line on stderr and exit 2, nothing drawn."""
    for bad in (["--columns", "no_such_column"], ["--output", os.path.join(work, "x.jpg")],
                ["--label", "a", "--label", "b", "--label", "c"]):
        done = run([os.path.join(scripts, script)] + inputs + bad, "%s %s" % (name, bad[0]), 2)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        check("%s %s: says why in its last line, no traceback" % (name, bad[0]),
              lines and "Traceback" not in done.stderr, done.stderr[-500:])


# frequency response: a beam with and without its tuned-mass damper, one point force of 1 N
tmd = os.path.join(cases, "tuned_mass_damper.prm")
band = ["--set", "Frequency response/Frequencies=3:0.05:9",
        "--set", "Frequency response/Forces=7.5:1"]
with_tmd = solve(["response", tmd] + band, "frf_with")
without_tmd = solve(["response", tmd] + band + ["--set", "Attachments/Oscillators="], "frf_without")
text = formats("plot_frf.py", [with_tmd], "plot_frf")
written(os.path.join(with_tmd, "frf.png"), "plot_frf.py", b"PNG")
check("plot_frf.py: a response to one point force of 1 N is per newton [m/N]",
      "receptance |U|/F [m/N]" in text and "[rad/N]" in text, text[:0])
check("plot_frf.py: the phase is unwrapped and says so", "phase (unwrapped) [deg]" in text)
check("plot_frf.py: curves named by quantity and place",
      "displacement w at x = 7.5 m" in text and "oscillator 1 displacement" in text)
text = formats("plot_frf.py", [without_tmd, with_tmd], "plot_frf_overlay",
               ["--label", "without TMD", "--label", "with TMD", "--columns", "u@5"])
check("plot_frf.py overlay: both inputs named, the column kept alone",
      "without TMD: displacement w at x = 5 m" in text and "with TMD: displacement w at x = 5 m"
      in text and "x = 7.5 m" not in text)
refuses("plot_frf.py", [with_tmd], "plot_frf.py")
# a load of 100 N is drawn as given, in m
hundred = solve(["response", tmd, "--set", "Frequency response/Frequencies=3:0.5:9",
                 "--set", "Frequency response/Forces=7.5:100; 2.5:50"], "frf_two_forces")
text = formats("plot_frf.py", [hundred], "plot_frf_as_given")
check("plot_frf.py: two forces are drawn as given, in m", "amplitude |U| [m]" in text
      and "/N]" not in text)

# response PSD: a white load factor on the tuned-mass-damper beam, with and without the damper
white = band + ["--set", "Frequency response/Load PSD=0.01"]
psd_with = solve(["response", tmd] + white, "psd_with")
psd_without = solve(["response", tmd] + white + ["--set", "Attachments/Oscillators="],
                    "psd_without")
text = formats("plot_psd.py", [psd_with], "plot_psd")
written(os.path.join(psd_with, "psd.png"), "plot_psd.py", b"PNG")
with open(os.path.join(psd_with, "psd_rms.csv")) as f:
    rms = {row["quantity"]: float(row["rms"]) for row in csv.DictReader(
        line for line in f if not line.startswith("#"))}
check("plot_psd.py: PSD axes per unit, each curve named with its RMS from psd_rms.csv",
      "one-sided PSD [m²/Hz]" in text and "one-sided PSD [rad²/Hz]" in text
      and "displacement w at x = 7.5 m, RMS %.4g m" % rms["u@7.5"] in text, text[:0])
text = formats("plot_psd.py", [psd_without, psd_with], "plot_psd_overlay",
               ["--label", "without TMD", "--label", "with TMD", "--columns", "u@7.5"])
check("plot_psd.py overlay: both inputs named, the column kept alone",
      "without TMD: displacement w at x = 7.5 m" in text and "with TMD: displacement w at x = "
      "7.5 m" in text and "rad²/Hz" not in text)
refuses("plot_psd.py", [psd_with], "plot_psd.py")
done = run([os.path.join(scripts, "plot_psd.py"), with_tmd], "plot_psd.py without a Load PSD", 1)
check("plot_psd.py: a response without a Load PSD is said so",
      "sets no Frequency response/Load PSD" in done.stderr, done.stderr[-300:])

# history: units on every axis, the energies for one run, an overlay without them
history = solve(["run", os.path.join(cases, "cantilever_tip_mass.prm"),
                 "--set", "Time integration/Final time=0.02"], "history")
text = formats("plot_history.py", [history], "plot_history")
check("plot_history.py: time, displacement and energy axes with units",
      "time t [s]" in text and "displacement [m]" in text and "energy [J]" in text)
check("plot_history.py: a probe at the end is one curve, both named",
      "displacement w at the right end (= x = 1.0 m)" in text)
check("plot_history.py: no title unless asked", "history.png" not in text and "cantilever" not in
      text)
text = formats("plot_history.py", [history, history], "plot_history_overlay",
               ["--label", "first", "--label", "second", "--columns", "u@0.5",
                "--title", "Two runs"])
check("plot_history.py overlay: labels, the column alone, the title, no energy panel",
      "first: displacement w at x = 0.5 m" in text and "second:" in text and "Two runs" in text
      and "energy [J]" not in text and "rotation" not in text)
refuses("plot_history.py", [history], "plot_history.py")

# the units come from hamdyn's units file beside the table, not from a table in the scripts: a
# copy whose history_units.csv says mm for u@0.5 is drawn in mm, one without the file by quantity
relabelled = os.path.join(work, "history_relabelled")
shutil.copytree(history, relabelled)
with open(os.path.join(history, "history_units.csv")) as f:
    names, units = list(csv.reader(f))
check("history_units.csv: a unit for every column of history.csv, in its order",
      open(os.path.join(history, "history.csv")).readline().strip() == ",".join(names)
      and len(units) == len(names), names)
units[names.index("u@0.5")] = "mm"
with open(os.path.join(relabelled, "history_units.csv"), "w") as f:
    csv.writer(f, lineterminator="\n").writerows([names, units])
text = formats("plot_history.py", [relabelled], "plot_history_relabelled",
               ["--columns", "u@0.5,theta_right"])
check("plot_history.py: each panel's unit is the units file's (u@0.5 in mm, theta_right in rad)",
      "displacement w at x = 0.5 m" in text and ">[mm]<" in text
      and "displacement [m]" not in text and "rotation [rad]" in text, text[-3000:])
# a base-shaken run: accelerations and forces on panels of their own, named by place
shaken = solve(["run", os.path.join(cases, "cantilever_tip_mass.prm"),
                "--set", "Time integration/Final time=0.02",
                "--set", "Ground motion/Acceleration=sin(30*t)"], "shaken")
text = formats("plot_history.py", [shaken], "plot_history_shaken",
               ["--columns", "u_right_abs_acc,theta_right_abs_acc,base_shear"])
check("plot_history.py: a ground motion's columns with the units hamdyn gives them",
      "acceleration [m/s²]" in text and "angular acceleration [rad/s²]" in text
      and "force [N]" in text and "absolute acceleration at the right end" in text
      and "angular acceleration at the right end" in text, text[-3000:])
os.remove(os.path.join(relabelled, "history_units.csv"))
text = formats("plot_history.py", [relabelled], "plot_history_no_units",
               ["--columns", "u@0.5"])
check("plot_history.py: a history without its units file is drawn, the unit left unsaid",
      "displacement w at x = 0.5 m" in text and "[m]" not in text and "time t [s]" in text)
# a discrete system (its coordinates have no unit hamdyn knows): drawn by default with and
# without its units file
pendulum = solve(["run", os.path.join(source, "docs", "examples", "double_pendulum.prm"),
                  "--set", "Time integration/Final time=0.2"], "pendulum")
check("a discrete run writes history_units.csv",
      os.path.isfile(os.path.join(pendulum, "history_units.csv")))
for name in ("plot_history_discrete", "plot_history_discrete_no_units"):
    text = formats("plot_history.py", [pendulum], name)
    check("%s: the coordinates and their rates on their panels" % name,
          "coordinate q [m or rad]" in text and "rate dq/dt [m/s or rad/s]" in text
          and ">th1<" in text, text[-3000:])
    if os.path.isfile(os.path.join(pendulum, "history_units.csv")):
        os.remove(os.path.join(pendulum, "history_units.csv"))

# response spectrum of a sine ground acceleration, two damping ratios
spectrum = solve(["spectrum", tmd, "--set", "Ground motion/Acceleration=1.5*sin(20*t)",
                  "--set", "Attachments/Forces=", "--set", "Time integration/Final time=1",
                  "--set", "Response spectrum/Periods=0.05:0.05:2",
                  "--set", "Response spectrum/Damping ratios=0.02, 0.05"], "spectrum")
text = formats("plot_spectrum.py", [spectrum], "plot_spectrum")
check("plot_spectrum.py: Sd, Sv, Sa with units, a curve per damping ratio",
      "spectral displacement Sd [m]" in text and "[m/s²]" in text and "ζ = 0.05" in text)
text = formats("plot_spectrum.py", [spectrum, spectrum], "plot_spectrum_overlay",
               ["--label", "A", "--label", "B", "--columns", "Sa"])
check("plot_spectrum.py overlay: one panel, both named",
      "A, ζ = 0.02" in text and "B, ζ = 0.05" in text and "Sd [m]" not in text)
refuses("plot_spectrum.py", [spectrum], "plot_spectrum.py")

# convergence: ticks at the sizes run, the slope guide labelled
converge = solve(["converge", os.path.join(cases, "cantilever_tip_mass.prm")], "converge")
text = formats("plot_convergence.py", [converge], "plot_convergence")
check("plot_convergence.py: h in m, ticks at the element sizes, the slope guide labelled",
      "element size h [m]" in text and "0.025" in text and "0.003125" in text
      and "slope 4" in text)
text = formats("plot_convergence.py", [converge, converge], "plot_convergence_overlay",
               ["--label", "P", "--label", "Q", "--columns", "omega_2"])
check("plot_convergence.py overlay: the quantity of each input",
      "P: omega_2" in text and "Q: omega_2" in text and "omega_3" not in text)
refuses("plot_convergence.py", [converge], "plot_convergence.py")

# compare: the methods kept by --columns
compare = solve(["compare", "--set", "Time integration/Final time=0.02"], "compare")
text = formats("plot_compare.py", [compare], "plot_compare", ["--columns", "exact,primal_fe"])
check("plot_compare.py: the methods asked for, axes with units",
      "primal FE" in text and "discrete chain" not in text and "time t [s]" in text)
done = run([os.path.join(scripts, "plot_compare.py"), compare, "--columns", "nothing"],
           "plot_compare.py --columns nothing", 2)

# dynamic amplification of a speed sweep: readable names, not column names
sweep_case = os.path.join(work, "sweep.prm")
with open(sweep_case, "w") as f:
    f.write("subsection Batch\n  set Case = %s\n  set Values = Variables/v = 30, 80\nend\n"
            "subsection Output\n  set Snapshot interval = 0\n  set Space-time points = 0\nend\n"
            % os.path.join(cases, "bridge_vehicle.prm"))
sweep = os.path.join(work, "sweep")
run([hamdyn, "batch", sweep_case, "--output", sweep], "hamdyn batch (speed sweep)")
summary = os.path.join(sweep, "summary.csv")
text = formats("plot_daf.py", [summary], "plot_daf", ["--critical-speed", "99.3"])
written(os.path.join(sweep, "daf.png"), "plot_daf.py", b"PNG")
check("plot_daf.py: curves by quantity and place, the axis over v_cr, no internal names",
      "displacement w at x = 10 m" in text and "rotation θ at the left end" in text
      and "v / v_cr" in text and "daf_" not in text and "Variables/" not in text)
refuses("plot_daf.py", [summary], "plot_daf.py")

# a planar beam's static path through a limit point: the load factor against the apex's drop
snap = solve(["static", os.path.join(cases, "snap_through.prm")], "snap_through")
text = formats("plot_static_path.py", [snap], "plot_static_path")
written(os.path.join(snap, "static_path.png"), "plot_static_path.py", b"PNG")
check("plot_static_path.py: the moving component named, the axes with units, the held one left",
      "end's displacement u_z" in text and "end displacement [m]" in text and
      "load factor" in text and "u_x" not in text)
refuses("plot_static_path.py", [snap], "plot_static_path.py")

shutil.rmtree(work)
finish()
