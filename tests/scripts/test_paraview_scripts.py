#!/usr/bin/env python3
"""Runs the ParaView scripts (scripts/paraview/*.py, VTK only) and the history plot headless on
real hamdyn results, as a user starts them (their own `#!/usr/bin/env python3` line, no X
display: they restart themselves under Debian's python3 and xvfb-run), and checks that each
PNG is there, not empty, and has more than two colours (a picture, not a blank frame).

usage: test_paraview_scripts.py HAMDYN SOURCE_DIR
Exit 0 when every check passes, 1 otherwise, 77 (ctest: skipped) without python3-vtk9 or xvfb-run.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

try:
    from vtkmodules.vtkIOImage import vtkPNGReader
except ImportError:
    print("skipped: python3-vtk9 is not installed (apt-get install python3-vtk9)")
    sys.exit(77)
if shutil.which("xvfb-run") is None:
    print("skipped: xvfb-run is not installed (apt-get install xvfb xauth)")
    sys.exit(77)

hamdyn, source = sys.argv[1], sys.argv[2]
scripts = os.path.join(source, "scripts")


def colours(path):
    """The number of distinct RGB colours of a PNG (0 when it cannot be read)."""
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        return 0
    reader = vtkPNGReader()
    reader.SetFileName(path)
    reader.Update()
    image = reader.GetOutput()
    pixels = image.GetPointData().GetScalars()
    if pixels is None:
        return 0
    n, components = pixels.GetNumberOfTuples(), pixels.GetNumberOfComponents()
    return len({pixels.GetTuple(i)[:3] for i in range(0, n, 7)} if components >= 3 else
               {pixels.GetTuple(i) for i in range(0, n, 7)})


def has_black(path):
    """Whether the PNG has a pure black pixel: the first --with run's colour, which no single
    picture uses (its text is 10 % grey, its lines lighter)."""
    if not os.path.isfile(path):
        return False
    reader = vtkPNGReader()
    reader.SetFileName(path)
    reader.Update()
    pixels = reader.GetOutput().GetPointData().GetScalars()
    return any(pixels.GetTuple(i)[:3] == (0.0, 0.0, 0.0)
               for i in range(pixels.GetNumberOfTuples()))


def run(command, name):
    environment = dict(os.environ)
    environment.pop("DISPLAY", None)  # headless, as on a cluster node or in CI
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env=environment, timeout=300)
    check("%s exits 0" % name, done.returncode == 0, done.stdout[-2000:])
    return done.stdout


# Every drawing script answers --help with its usage (exit 0) before it reads anything.
drawing_scripts = sorted(glob.glob(os.path.join(scripts, "plot_*.py")) +
                         [p for p in glob.glob(os.path.join(scripts, "paraview", "*.py"))
                          if not p.endswith("hamdyn_vtk.py")])
for script in drawing_scripts:
    name = os.path.relpath(script, source)
    said = run([script, "--help"], name + " --help")
    check(name + " --help shows its usage", "usage" in said.lower(), said[-500:])


def picture(path, name):
    n = colours(path)
    check("%s: %s is a picture (%d colours sampled)" % (name, os.path.basename(path), n), n > 2)


work = tempfile.mkdtemp()
results, modes = os.path.join(work, "default"), os.path.join(work, "cantilever")
run([hamdyn, "run", "--output", results, "--set", "Time integration/Final time=0.02",
     "--set", "Output/Snapshot interval=20"], "hamdyn run")
run([hamdyn, "modes", os.path.join(source, "cases", "cantilever_tip_mass.prm"),
     "--output", modes], "hamdyn modes")

out = os.path.join(work, "deflection.png")
run([os.path.join(scripts, "paraview", "deflection.py"), results, out, "--last"], "deflection.py")
picture(out, "deflection.py --last")
frames = os.path.join(work, "frame.png")
run([os.path.join(scripts, "paraview", "deflection.py"), results, frames, "--every", "5"],
    "deflection.py frames")
written = sorted(glob.glob(os.path.join(work, "frame_*.png")))
check("deflection.py: every 5th of 11 snapshots", len(written) == 3, written)
for path in written:
    picture(path, "deflection.py frames")
# hamdyn static's shape: the cantilever under the 1.5 N tip force its initial shape is made of
static = os.path.join(work, "static")
run([hamdyn, "static", os.path.join(source, "cases", "cantilever_tip_mass.prm"),
     "--set", "Right end/Force=1.5", "--output", static], "hamdyn static")
out = os.path.join(work, "static.png")
run([os.path.join(scripts, "paraview", "deflection.py"), static, out, "--series", "static",
     "--last"], "deflection.py --series static")
picture(out, "deflection.py --series static")

out = os.path.join(work, "spacetime.png")
run([os.path.join(scripts, "paraview", "spacetime.py"), results, out], "spacetime.py")
picture(out, "spacetime.py")

out = os.path.join(work, "modes.png")
run([os.path.join(scripts, "paraview", "modes.py"), modes, out, "--modes", "4"], "modes.py")
picture(out, "modes.py")
# buckling shapes are drawn like the modes (buckling.pvd, titled with the critical force)
buckling = os.path.join(work, "buckling")
run([hamdyn, "buckling", os.path.join(source, "cases", "cantilever_tip_mass.prm"),
     "--set", "Output/Plots=false", "--output", buckling], "hamdyn buckling")
out = os.path.join(work, "buckling.png")
said = run([os.path.join(scripts, "paraview", "modes.py"), buckling, out, "--modes", "2"],
           "modes.py (buckling)")
picture(out, "modes.py (buckling)")

run([os.path.join(scripts, "plot_history.py"), results], "plot_history.py")
picture(os.path.join(results, "history.png"), "plot_history.py")

# a discrete system's history: its coordinates, rates and constraint forces get panels of their own
gear = os.path.join(work, "gear")
run([hamdyn, "run", os.path.join(source, "cases", "seeds", "gear_train.prm"), "--output", gear,
     "--set", "Time integration/Final time=0.05"], "hamdyn run (gear train)")
said = run([os.path.join(scripts, "plot_history.py"), gear], "plot_history.py (discrete)")
check("plot_history.py (discrete): coordinates, rates and lambda drawn",
      "coordinate q [m or rad]: th1, th2" in said and "v_th1, v_th2" in said
      and "constraint force lambda: lambda_mesh" in said, said)
picture(os.path.join(gear, "history.png"), "plot_history.py (discrete)")

# a discrete system's points: the double pendulum's links, frames and the tip's trail
pendulum = os.path.join(work, "pendulum")
run([hamdyn, "run", os.path.join(source, "cases", "seeds", "double_pendulum.prm"), "--output",
     pendulum, "--set", "Time integration/Final time=0.2", "--set", "Output/Snapshot interval=50"],
    "hamdyn run (double pendulum)")
out = os.path.join(work, "points.png")
run([os.path.join(scripts, "paraview", "points.py"), pendulum, out, "--last", "--trail"],
    "points.py")
picture(out, "points.py --last --trail")
frames = os.path.join(work, "swing.png")
run([os.path.join(scripts, "paraview", "points.py"), pendulum, frames, "--every", "2"],
    "points.py frames")
written = sorted(glob.glob(os.path.join(work, "swing_*.png")))
check("points.py: every 2nd of 5 snapshots", len(written) == 3, written)

# a cable: its static line coloured by the tension (z stretched), and a pendulum's frames
cable = os.path.join(work, "cable")
run([hamdyn, "static", os.path.join(source, "cases", "hanging_cable.prm"), "--output", cable,
     "--set", "Discretization/Elements=50"], "hamdyn static (cable)")
out = os.path.join(work, "cable.png")
run([os.path.join(scripts, "paraview", "cable.py"), cable, out, "--series", "static", "--last",
     "--z-scale", "5"], "cable.py --series static")
picture(out, "cable.py --series static")
cable_modes = os.path.join(work, "cable_modes")
run([hamdyn, "modes", os.path.join(source, "cases", "hanging_cable.prm"), "--output", cable_modes,
     "--set", "Discretization/Elements=50", "--set", "Modes/Number of modes=3"],
    "hamdyn modes (cable)")
frames = os.path.join(work, "cable_mode.png")
run([os.path.join(scripts, "paraview", "cable.py"), cable_modes, frames, "--series", "modes",
     "--z-scale", "3"], "cable.py --series modes")
written = sorted(glob.glob(os.path.join(work, "cable_mode_*.png")))
check("cable.py --series modes: a frame per mode", len(written) == 3, written)
for path in written:
    picture(path, "cable.py --series modes")
swing = os.path.join(work, "cable_pendulum")
run([hamdyn, "run", os.path.join(source, "cases", "cable_pendulum.prm"), "--output", swing,
     "--set", "Time integration/Final time=0.2", "--set", "Output/Snapshot interval=100"],
    "hamdyn run (cable pendulum)")
frames = os.path.join(work, "cable_swing.png")
run([os.path.join(scripts, "paraview", "cable.py"), swing, frames, "--every", "2"],
    "cable.py frames")
written = sorted(glob.glob(os.path.join(work, "cable_swing_*.png")))
check("cable.py: every 2nd of 5 snapshots", len(written) == 3, written)
for path in written:
    picture(path, "cable.py frames")

# another run drawn over the first (--with, --label), and a --label count that does not match
other = os.path.join(work, "damped")
run([hamdyn, "run", "--output", other, "--set", "Time integration/Final time=0.02",
     "--set", "Output/Snapshot interval=20", "--set", "Model/Viscous damping=5"], "hamdyn run (damped)")
out = os.path.join(work, "overlay.png")
run([os.path.join(scripts, "paraview", "deflection.py"), results, out, "--last", "--with", other,
     "--label", "as built", "--label", "damped"], "deflection.py --with")
picture(out, "deflection.py --with")
check("deflection.py --with: the other run drawn in its own colour (black)",
      has_black(out) and not has_black(os.path.join(work, "deflection.png")))
# the modes of the cantilever without its tip mass over those with it; a finer pendulum over
# the first (their own snapshots nearest in time)
bare = os.path.join(work, "bare")
run([hamdyn, "modes", os.path.join(source, "cases", "cantilever_tip_mass.prm"), "--output", bare,
     "--set", "Right end/Point mass=0"], "hamdyn modes (no tip mass)")
out = os.path.join(work, "modes_overlay.png")
said = run([os.path.join(scripts, "paraview", "modes.py"), modes, out, "--modes", "2", "--with",
            bare, "--label", "tip mass", "--label", "bare"], "modes.py --with")
picture(out, "modes.py --with")
check("modes.py --with: the other shapes drawn in their own colour (black)",
      has_black(out) and not has_black(os.path.join(work, "modes.png")))
finer = os.path.join(work, "pendulum_finer")
run([hamdyn, "run", os.path.join(source, "cases", "seeds", "double_pendulum.prm"), "--output",
     finer, "--set", "Time integration/Final time=0.2", "--set", "Output/Snapshot interval=20",
     "--set", "Discrete system/Initial displacements=th1: 1.2"], "hamdyn run (pendulum, higher)")
out = os.path.join(work, "points_overlay.png")
run([os.path.join(scripts, "paraview", "points.py"), pendulum, out, "--last", "--trail", "--with",
     finer], "points.py --with")
picture(out, "points.py --with")
check("points.py --with: the other run drawn in its own colour (black)",
      has_black(out) and not has_black(os.path.join(work, "points.png")))
for script, arguments in (("deflection.py", [results, out, "--last", "--with", other]),
                          ("modes.py", [modes, out, "--with", bare]),
                          ("points.py", [pendulum, out, "--last", "--with", finer])):
    done = subprocess.run([os.path.join(scripts, "paraview", script)] + arguments +
                          ["--label", "one"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=300)
    check(script + ": one --label for two runs is exit 2 in one line",
          done.returncode == 2 and "give one per run" in done.stdout, done.stdout[-300:])

# --title and a PDF (text as vectors, the rendered lines as an embedded image); another
# extension is one line and exit 2
for script, arguments in (("deflection.py", [results, "--last"]),
                          ("modes.py", [modes, "--modes", "2"]),
                          ("spacetime.py", [results]),
                          ("points.py", [pendulum, "--last"]),
                          ("cable.py", [swing, "--last"])):
    pdf = os.path.join(work, script.replace(".py", ".pdf"))
    path = os.path.join(scripts, "paraview", script)
    run([path, arguments[0], pdf] + arguments[1:] + ["--title", "A title"], script + " PDF")
    with open(pdf, "rb") if os.path.isfile(pdf) else open(os.devnull, "rb") as f:
        content = f.read()
    check(script + ": a PDF with its picture embedded and the title as text",
          content.startswith(b"%PDF") and b"/Image" in content and b"A title" in content,
          content[:40])
    done = subprocess.run([path, arguments[0], os.path.join(work, "x.jpg")] + arguments[1:],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    check(script + ": a .jpg is refused in one line, exit 2",
          done.returncode == 2 and "expected a file ending in .png or .pdf" in done.stdout,
          done.stdout[-300:])

shutil.rmtree(work)
finish()
