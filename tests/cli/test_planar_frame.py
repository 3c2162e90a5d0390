#!/usr/bin/env python3
"""A frame of planar beam members through the command line (Geometry section, cases/portal_frame.prm)
as a user runs it; the frequencies and the buckling load are asserted against exact references in
studies_planar_frame_line. Here:
  - hamdyn static: the feet's reactions balance the push (sum of forces, and of moments about A
    at the deformed joints), and with a spring for a foot the spring's force -k u does; the hinged frame (Geometry/Hinges = B, C) sways more, and its joints'
    turns differ from its columns' tops by the hinges' release (the beam's ends turn apart);
  - hamdyn modes writes a ParaView series of the whole frame: every element's segments as line
    cells between the frame's nodes; masses and rotary inertias at the joints lower the sway
    frequency (Rayleigh's bounds);
  - hamdyn response to the ground moving both feet alike: at a low frequency the frame follows
    rigidly (every point's u_x the ground's, to the quasi-static (omega/omega_1)^2);
  - hamdyn spectrum: a one-column frame shaken across is the Timoshenko cantilever (modal peaks
    and the run's peak); the portal's table the same on 2 ranks, its run's ledger closing;
  - hamdyn buckling: the sway load between the columns' Euler loads of a free-to-sway and a
    fixed column, pi^2 EI / (4 h^2) .. 4 pi^2 EI / h^2;
  - hamdyn run of the push stepped on, a dashpot at a joint: the energy ledger closes (T + V + D - W
    to Newton's tolerance);
  - hamdyn run with a follower force at a joint (Geometry/Follower forces): its work closes the
    ledger;
  - hamdyn converge refines every member alike: the frequencies' observed order 2p;
  - a Gmsh mesh (meshes/portal_frame.msh, formats 4.1 and 2.2) naming the members by physical
    curves and the points by physical points: the Points and Members frame's modes and statics;
  - the same static state on 2 ranks;
  - linear Timoshenko and Euler-Bernoulli members (Geometry/Member model): the unloaded frame's
    frequencies are the planar beam members' (Timoshenko), their statics proportional to the load,
    the Euler-Bernoulli portal the Timoshenko one's limit of a stiff shear, a frame of the three kinds runs
    with its ledger closing; a member model for a line is exit 2;
  - bad input (an unknown member model, a member naming an unknown point, a point on no member, two members between the
    same points, a hinge at one member's end, hinges that make a mechanism, an unknown support, a
    line's key given with a frame, a support motion at a point that is no support) exits 2 with
    one line naming the key and writes nothing.
usage: test_planar_frame.py HAMDYN SOURCE_DIR
"""
import csv
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402
from hamdyn_cli import Hamdyn, ledger, measured, sets, spectrum_rows, table  # noqa: E402
from reference_cases import TIMOSHENKO_CANTILEVER, write_case  # noqa: E402

hamdyn, source = sys.argv[1], os.path.abspath(sys.argv[2])
portal = os.path.join(source, "cases", "portal_frame.prm")
hamdyn_run = Hamdyn(hamdyn, tempfile.mkdtemp()).run
push, ei, height = 1e5, 4e7, 4.0

# --- static: the reactions balance the push ----------------------------------------------------
directory, _ = hamdyn_run(["static", portal], "portal static")
s = {k: v[0] for k, v in table(os.path.join(directory, "static.csv")).items()}
sum_x = s["A_reaction_x"] + s["D_reaction_x"] + push
sum_z = s["A_reaction_z"] + s["D_reaction_z"]
# moments about A with the joints where they went (the push acts at B's deformed place)
b_x, b_z = 0 + s["B_u_x"], 4 + s["B_u_z"]
sum_m = (s["A_reaction_moment"] + s["D_reaction_moment"] + 6 * s["D_reaction_z"] -
         b_z * push + b_x * 0)
measured("portal: reactions' sums %.3g N, %.3g N, %.3g N m; B sways %.6g m" %
         (sum_x, sum_z, sum_m, s["B_u_x"]))
check("static: the reactions balance the push in x", abs(sum_x) < 1e-9 * push)
check("static: and in z", abs(sum_z) < 1e-9 * push)
check("static: and their moments about A", abs(sum_m) < 1e-9 * push * height)
check("static: the frame sways with the push", s["B_u_x"] > 0 and s["C_u_x"] > 0)
hinged_directory, _ = hamdyn_run(["static", portal] + sets(["Geometry/Hinges=B, C"]),
                                 "portal static hinged")
h = {k: v[0] for k, v in table(os.path.join(hinged_directory, "static.csv")).items()}
measured("hinged portal sways %.6g m (rigid %.6g m)" % (h["B_u_x"], s["B_u_x"]))
check("static: pinned joints sway more than rigid ones", h["B_u_x"] > 1.5 * s["B_u_x"])

# a spring holds the frame where a support was: the pinned foot's reaction and the spring's
# force -k u at the other balance the push
k_spring = 1e8
sprung_directory, _ = hamdyn_run(["static", portal] + sets(
    ["Geometry/Supports=A: pinned", "Geometry/Springs=D: %g" % k_spring]), "portal on a spring")
p = {k: v[0] for k, v in table(os.path.join(sprung_directory, "static.csv")).items()}
spring_x = -k_spring * p["D_u_x"]
spring_z = -k_spring * p["D_u_z"]
measured("portal on a spring: D moves %.6g m, %.6g m; sums %.3g N, %.3g N" %
         (p["D_u_x"], p["D_u_z"], p["A_reaction_x"] + spring_x + push,
          p["A_reaction_z"] + spring_z))
check("static: a pinned foot and a spring balance the push in x",
      abs(p["A_reaction_x"] + spring_x + push) < 1e-9 * push)
check("static: and in z", abs(p["A_reaction_z"] + spring_z) < 1e-9 * push)

# --- modes: the frame's series ---------------------------------------------------------------------
modes_directory, _ = hamdyn_run(["modes", portal], "portal modes")
try:
    import vtk
    reader = vtk.vtkXMLPolyDataReader()
    reader.SetFileName(os.path.join(modes_directory, "modes_00000.vtp"))
    reader.Update()
    data = reader.GetOutput()
    # 3 members of 8 cubic elements: 72 segments; nodes 4 points + 3 (8 * 3 - 1) interior
    check("modes.pvd: the frame's 72 segments as line cells", data.GetNumberOfLines() == 72,
          str(data.GetNumberOfLines()))
    check("modes.pvd: its 73 nodes", data.GetNumberOfPoints() == 73, str(data.GetNumberOfPoints()))
    ends = set()
    lines = data.GetLines()
    lines.InitTraversal()
    ids = vtk.vtkIdList()
    while lines.GetNextCell(ids):
        a, b = data.GetPoint(ids.GetId(0)), data.GetPoint(ids.GetId(1))
        ends.add(round(math.hypot(a[0] - b[0], a[1] - b[1]), 9))
    check("modes.pvd: each segment inside one element (shorter than the longest, 0.75 m)",
          max(ends) < 0.75, str(max(ends)))
except ImportError:
    check("python3-vtk9 present to read modes.pvd", False)
frequencies = table(os.path.join(modes_directory, "modes.csv"))
first = frequencies["omega"][0]
heavy_directory, _ = hamdyn_run(["modes", portal] + sets(
    ["Geometry/Point masses=B: 500; C: 500", "Geometry/Point rotary inertias=B: 50; C: 50"]),
    "portal modes with masses at the joints")
heavy = table(os.path.join(heavy_directory, "modes.csv"))["omega"]
measured("portal sway frequency %.9g rad/s, with 500 kg and 50 kg m^2 at each top joint %.9g"
         % (first, heavy[0]))
# added mass lowers every frequency (Rayleigh); and since K(u) >= omega_1^2 M(u) for any u, the
# new sway frequency is at least omega_1 / sqrt(1 + 1000 u_J^2 / M(u)), M(u) >= 900 u_J^2 (the
# beam moving with its joints; the rotary inertias' share, 100 theta_J^2, is of order 1 %)
check("modes: masses at the joints lower the sway frequency",
      first / math.sqrt(1 + 1000 / 900) < heavy[0] < first)

# --- response: the ground moves both feet alike ---------------------------------------------------
low = first / (2 * math.pi) / 100  # [Hz]
response_directory, _ = hamdyn_run(
    ["response", portal] + sets(["Frequency response/Support motion=A: 0.01, 0; D: 0.01, 0",
                                 "Frequency response/Frequencies=%.17g" % low]),
    "portal response")
r = table(os.path.join(response_directory, "frf.csv"))
for point in "BC":
    ratio = r[point + "_u_x_abs"][0] / 0.01
    measured("response at %.3g Hz: %s moves %.9f times the ground" % (low, point, ratio))
    check("response: %s follows the ground at a low frequency" % point,
          abs(ratio - 1) < 3 * (1 / 100) ** 2)
check("response: A moves with the ground exactly", r["A_u_x_abs"][0] == 0.01)

# --- spectrum: the ground shaken sideways under the feet ------------------------------------------
# A one-member frame, a 10 m column clamped at A and shaken in x (across it: its member turned by
# 90 degrees, Ground motion direction = x), is the Timoshenko cantilever of the same elements
# shaken across: the modal peaks of its top's sway equal that beam's tip's (participation,
# frequencies and shapes the same in the small) and the runs' peaks agree to the linearization's
# order. The portal's spectrum: the same table on 2 ranks, and its run's ledger closes with the
# ground's work.
shaken = ["Ground motion/Acceleration=0.002*sin(3*t)", "Time integration/Time step=0.01",
          "Time integration/Final time=5", "Modes/Number of modes=6"]
work = tempfile.mkdtemp()
cantilever = write_case(work, "cantilever.prm", TIMOSHENKO_CANTILEVER)
column = ["Geometry/Points=A: 0, 0; B: 0, 10", "Geometry/Members=column: A B",
          "Geometry/Supports=A: clamped", "Geometry/Forces=", "Planar beam/Axial stiffness=1e6",
          "Planar beam/Shear stiffness=1e4", "Planar beam/Bending stiffness=100",
          "Planar beam/Mass per length=2", "Planar beam/Rotary inertia=0.05",
          "Discretization/Elements=10", "Discretization/Degree=2"]
straight_directory, _ = hamdyn_run(["spectrum", cantilever] + sets(shaken),
                                   "Timoshenko cantilever spectrum")
column_directory, _ = hamdyn_run(["spectrum", portal] + sets(column + shaken),
                                 "one-column frame spectrum")
straight_rows, column_rows = spectrum_rows(straight_directory), spectrum_rows(column_directory)
if "u_right" in straight_rows and "end_x" in column_rows:
    a, b = column_rows["end_x"], straight_rows["u_right"]
    modal = max(abs(float(a[k]) / float(b[k]) - 1) for k in ("srss", "cqc"))
    history = abs(float(a["time_history"]) / float(b["time_history"]) - 1)
    measured("a column frame shaken across / the Timoshenko cantilever - 1: SRSS and CQC %.3g, "
             "the runs' peaks %.3g" % (modal, history))
    check("spectrum: a column frame's modal peaks are the Timoshenko cantilever's (1e-9)",
          modal < 1e-9, "%.3g" % modal)
    check("spectrum: its run's peak is the cantilever's to the linearization's order",
          history < 1e-6, "%.3g" % history)
else:
    check("spectrum: both tables written", False, "%s / %s" % (column_rows, straight_rows))
portal_spectrum = ["Ground motion/Acceleration=2*sin(40*t)", "Time integration/Time step=1e-3",
                   "Time integration/Final time=0.5"]
spectrum_directory, _ = hamdyn_run(["spectrum", portal] + sets(portal_spectrum), "portal spectrum")
spectrum_directory2, _ = hamdyn_run(["spectrum", portal] + sets(portal_spectrum),
                                    "portal spectrum on 2 ranks", ranks=2)
rows = spectrum_rows(spectrum_directory)
check("spectrum: the portal's sway peak", "end_x" in rows and float(rows["end_x"]["srss"]) > 0,
      rows)
with open(os.path.join(spectrum_directory, "spectrum_response.csv")) as a, \
        open(os.path.join(spectrum_directory2, "spectrum_response.csv")) as b:
    check("spectrum: 2 ranks write the same spectrum_response.csv", a.read() == b.read())
history = table(os.path.join(spectrum_directory, "history.csv"))
work = max(abs(v) for v in history["external_work"])
error = max(abs(v) for v in history["energy_error"])
measured("portal spectrum's run: the ground's work up to %.6g J, the ledger's imbalance %.3g J" %
         (work, error))
check("spectrum: the portal's run closes its ledger with the ground's work", work > 0 and
      error < 1e-8 * work, "%.3g of %.3g" % (error, work))

# --- buckling: between the columns' Euler loads ------------------------------------------------
buckling_directory, _ = hamdyn_run(
    ["buckling", portal] + sets(["Geometry/Forces=B: 0, -1000; C: 0, -1000"]), "portal buckling")
factor = table(os.path.join(buckling_directory, "buckling.csv"))["load_factor"][0] * 1000
measured("portal sway buckling load %.9g N per column" % factor)
check("buckling: between a sway and a fixed column's Euler loads",
      math.pi ** 2 * ei / (4 * height ** 2) < factor < 4 * math.pi ** 2 * ei / height ** 2)

# --- run: the push stepped on, the ledger closes ----------------------------------------------------
run_directory, _ = hamdyn_run(["run", portal] + sets(["Time integration/Time step=1e-3",
                                                      "Time integration/Final time=0.1",
                                                      "Geometry/Dashpots=C: 1e5"]),
                              "portal run")
history = table(os.path.join(run_directory, "history.csv"))
largest = max(abs(v) for v in history["kinetic_energy"])
error = max(abs(v) for v in history["energy_error"])
dissipated = history["dissipated_energy"][-1]
measured("portal run: energy error %.3g J of kinetic energies up to %.6g J, %.6g J dissipated"
         % (error, largest, dissipated))
check("run: the frame moves", largest > 0)
check("run: the dashpot at C takes energy", dissipated > 1e-3 * largest)
check("run: the energy ledger closes", error < 1e-8 * largest)

# a follower force at C (turning with the joint) instead of the dashpot, and a follower pressure
# on every member (Planar beam/Distributed force follows) with a hinge at B: each node's share acts
# on its joint's x and z and turns with its own member's section (the hinge's two member ends turn
# apart). Their work, at the step's middle rotation, closes the ledger, which it would not if the
# hinged member's shares were lost on its tied rows.
for label, loads in (("a follower force at C", ["Geometry/Follower forces=C: 0, -1e5"]),
                     ("a follower pressure on every member, hinged at B",
                      ["Geometry/Hinges=B", "Planar beam/Distributed force=0, -2e4",
                       "Planar beam/Distributed force follows=true"])):
    loaded_run, _ = hamdyn_run(["run", portal] + sets(
        ["Time integration/Time step=1e-3", "Time integration/Final time=0.1"] + loads),
        "portal run with " + label)
    work, error = ledger(loaded_run)
    measured("portal run with %s: its work up to %.6g J, energy error %.3g J" %
             (label, work, error))
    check("run: %s, its work closes the ledger" % label, work > 0 and error < 1e-8 * work,
          "%.3g of %.3g" % (error, work))

# --- a hub (Geometry/Hub): the line's hub keys turn a frame about the point ---------------------
# A frame of one member clamped at its hub A is the planar beam clamped at Start: turned by
# Start rotation = 3 t^2 its run is the line's (the nodes numbered otherwise: round-off), and
# about Steady rotation = 5 rad/s its modes are the line's.
pendulum = os.path.join(source, "cases", "planar_beam_pendulum.prm")
one_member = ["Planar beam/Start support=clamped", "Geometry/Points=A: 0, 0; B: 1, 0",
              "Geometry/Members=bar: A B", "Geometry/Supports=A: clamped", "Geometry/Hub=A"]
hub_run = ["Time integration/Final time=0.8", "Planar beam/Bending stiffness=50",
           "Planar beam/Start rotation=3*t^2", "Planar beam/Start support=clamped"]
line_directory, _ = hamdyn_run(["run", pendulum] + sets(hub_run), "a line turned by its hub")
frame_directory, _ = hamdyn_run(["run", pendulum] + sets(hub_run + one_member),
                                "a one-member frame turned by its hub")
line_history = table(os.path.join(line_directory, "history.csv"))
frame_history = table(os.path.join(frame_directory, "history.csv"))
gap = max(max(abs(a - b) for a, b in zip(line_history[key], frame_history[key]))
          for key in ("end_x", "end_z", "end_rotation"))
measured("a one-member frame on a hub (Start rotation 3 t^2) against the line: %.3g; the hub's "
         "work %.9g J against %.9g J" % (gap, frame_history["external_work"][-1],
                                          line_history["external_work"][-1]))
check("hub: the frame's run is the line's", len(line_history["end_x"]) == 801 and gap < 1e-10,
      "%.3g" % gap)
check("hub: the frame's ledger closes with the hub's work",
      max(abs(v) for v in frame_history["energy_error"]) < 1e-9 * frame_history["external_work"][-1])
spin = ["Planar beam/Bending stiffness=50", "Planar beam/Steady rotation=5",
        "Planar beam/Start support=clamped", "Planar beam/Gravity=0", "Modes/Number of modes=4"]
line_directory, _ = hamdyn_run(["modes", pendulum] + sets(spin), "a line about steady rotation")
frame_directory, _ = hamdyn_run(["modes", pendulum] + sets(spin + one_member),
                                "a one-member frame about steady rotation")
line_omega = table(os.path.join(line_directory, "modes.csv"))["omega"]
frame_omega = table(os.path.join(frame_directory, "modes.csv"))["omega"]
gap = max(abs(a / b - 1) for a, b in zip(frame_omega, line_omega))
measured("a one-member frame about steady rotation on its hub, modes against the line's: %.3g"
         % gap)
check("hub: the frame's modes about steady rotation are the line's",
      len(frame_omega) == 4 and gap < 1e-12, "%.3g" % gap)

# --- converge: each member refined alike --------------------------------------------------------
converge_directory, _ = hamdyn_run(["converge", portal] + sets(
    ["Discretization/Elements=4", "Discretization/Degree=1", "Convergence/Levels=4",
     "Convergence/Number of frequencies=3", "Output/Plots=false"]), "portal converge")
with open(os.path.join(converge_directory, "convergence.csv")) as f:
    rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
orders = [float(r["order"]) for r in rows if r["order"] not in ("", "nan")]
measured("portal converge h, linear elements: observed orders %s" % ["%.3f" % o for o in orders])
check("converge: the frame's frequencies at order 2 for linear elements (each member refined)",
      len(orders) == 9 and all(abs(o - 2) < 0.15 for o in orders), orders)

# --- 2 ranks ------------------------------------------------------------------------------------------
directory2, _ = hamdyn_run(["static", portal], "portal static on 2 ranks", ranks=2)
with open(os.path.join(directory, "static.csv")) as a, \
        open(os.path.join(directory2, "static.csv")) as b:
    check("2 ranks write the same static.csv", a.read() == b.read())

# --- a Gmsh mesh (meshes/portal_frame.msh, format 4.1): the portal of 2, 3 and 2 line elements
# with physical points A..D and curves left, top, right. With Discretization/Elements = 4 each line
# element is 4 planar beam elements: the frame of Points and Members with 8, 12 and 8 elements a
# member, the same nodes (Gmsh's interior nodes within 1e-11 m of the thirds and halves), so the
# same modes and static state to that order; the same mesh in format 2.2 gives the same numbers.
mesh_sets = ["Geometry/Points=", "Geometry/Members=", "Geometry/Mesh file=portal_frame.msh",
             "Discretization/Elements=4"]
members_sets = ["Geometry/Member properties=left: elements = 8; top: elements = 12; "
                "right: elements = 8"]
results = {}
for label, pairs in (("mesh", mesh_sets), ("members", members_sets)):
    modes_dir, _ = hamdyn_run(["modes", portal] + sets(pairs), "portal modes from " + label)
    static_dir, _ = hamdyn_run(["static", portal] + sets(pairs), "portal static from " + label)
    results[label] = (table(os.path.join(modes_dir, "modes.csv")).get("omega", []),
                      table(os.path.join(static_dir, "static.csv")))
(mesh_omega, mesh_static), (members_omega, members_static) = results["mesh"], results["members"]
if len(mesh_omega) == 6 and len(members_omega) == 6:
    difference = max(abs(a / b - 1) for a, b in zip(mesh_omega, members_omega))
    sway = abs(mesh_static["B_u_x"][0] / members_static["B_u_x"][0] - 1)
    measured("portal from meshes/portal_frame.msh against Points and Members: modes %.3g, "
             "B's sway %.3g (relative)" % (difference, sway))
    check("mesh file: the portal's modes are the Points and Members frame's", difference < 1e-9,
          "%.3g" % difference)
    check("mesh file: its static state too, and the outputs name the physical points alone",
          sway < 1e-9 and sorted(mesh_static) == sorted(members_static),
          "%.3g; %s" % (sway, sorted(mesh_static)))
else:
    check("mesh file: six modes each", False, "%s / %s" % (mesh_omega, members_omega))
# unloaded, the history follows the first named point without a support (B), not a foot: a
# spectrum of the mesh portal shaken sideways reports B's sway
unloaded, _ = hamdyn_run(["spectrum", portal] + sets(mesh_sets + [
    "Geometry/Forces=", "Ground motion/Acceleration=2*sin(40*t)",
    "Time integration/Time step=1e-3", "Time integration/Final time=0.2"]),
    "unloaded mesh portal's spectrum")
rows = spectrum_rows(unloaded)
check("an unloaded frame's history follows a point that moves (B's sway)",
      "end_x" in rows and float(rows["end_x"]["srss"]) > 0 and
      float(rows["end_x"]["time_history"]) > 0, rows)
work = tempfile.mkdtemp()
with open(os.path.join(source, "meshes", "portal_frame.msh")) as f:
    text41 = f.read()
# the same mesh as Gmsh writes it in format 2.2 (gmsh -1 -format msh22 portal_frame.geo)
text22 = """$MeshFormat
2.2 0 8
$EndMeshFormat
$PhysicalNames
7
0 1 "A"
0 2 "B"
0 3 "C"
0 4 "D"
1 5 "left"
1 6 "top"
1 7 "right"
$EndPhysicalNames
$Nodes
8
1 0 0 0
2 0 4 0
3 6 4 0
4 6 0 0
5 0 1.999999999994768 0
6 1.99999999999205 4 0
7 3.999999999992323 4 0
8 6 2.000000000008238 0
$EndNodes
$Elements
11
1 15 2 1 1 1
2 15 2 2 2 2
3 15 2 3 3 3
4 15 2 4 4 4
5 1 2 5 1 1 5
6 1 2 5 1 5 2
7 1 2 6 2 2 6
8 1 2 6 2 6 7
9 1 2 6 2 7 3
10 1 2 7 3 3 8
11 1 2 7 3 8 4
$EndElements
"""
with open(os.path.join(work, "portal22.msh"), "w") as f:
    f.write(text22)
modes22, _ = hamdyn_run(["modes", portal] + sets(mesh_sets[:2] + [
    "Geometry/Mesh file=" + os.path.join(work, "portal22.msh"), "Discretization/Elements=4"]),
    "portal modes from a format 2.2 mesh")
check("mesh file: format 2.2 gives the same modes as 4.1",
      table(os.path.join(modes22, "modes.csv")).get("omega") == mesh_omega)
mesh_bad = {
    "second-order lines": text22.replace("5 1 2 5 1 1 5", "5 8 2 5 1 1 5 2"),
    "a node off the plane": text22.replace("8 6 2.000000000008238 0", "8 6 2 0.5"),
    "a physical point on no line": text22.replace("4 6 0 0\n", "4 6 0 0\n9 9 9 0\n").replace(
        "$Nodes\n8", "$Nodes\n9").replace("4 15 2 4 4 4", "4 15 2 4 4 9"),
    "a surface element": text22.replace("$Elements\n11", "$Elements\n12").replace(
        "$EndElements", "12 2 2 5 1 1 2 3\n$EndElements"),
    "a binary file": text22.replace("2.2 0 8", "2.2 1 8"),
}
for label, text in mesh_bad.items():
    path = os.path.join(work, label.replace(" ", "_") + ".msh")
    with open(path, "w") as f:
        f.write(text)
    directory, done = hamdyn_run(["static", portal] + sets(mesh_sets[:2] + [
        "Geometry/Mesh file=" + path]), "bad mesh: " + label, expect=2)
    lines = done.stderr.strip().splitlines()
    check("bad mesh: %s names Geometry/Mesh file in one line" % label,
          len(lines) == 1 and "Geometry/Mesh file" in lines[0], done.stderr)
    check("bad mesh: %s writes nothing" % label, not os.path.exists(directory))

# --- linear members (Geometry/Member model = timoshenko beam) ------------------------------------
# Unloaded, a linear Timoshenko member's stiffness is the planar beam's tangent at the reference:
# the same frequencies. Loaded, its statics are linear: twice the push sways twice as far, to
# round-off (the planar beam's sway is not proportional), and the reactions balance the push with
# their moments about A taken at the undeformed joints (linear theory). Members of both kinds in
# one frame (Member properties' model): its run's ledger closes.
linear = ["Geometry/Member model=timoshenko beam"]
frequencies = {}
for label, pairs in (("planar beam", []), ("timoshenko beam", linear)):
    d, _ = hamdyn_run(["modes", portal] + sets(pairs + ["Geometry/Forces="]),
                      "portal modes, members " + label)
    frequencies[label] = table(os.path.join(d, "modes.csv"))["frequency"]
gap = max(abs(a - b) / b for a, b in zip(frequencies["timoshenko beam"], frequencies["planar beam"]))
measured("linear members: unloaded frequencies %.3g off the planar beam members'" % gap)
check("linear members: the unloaded frame's frequencies are the planar beam's", gap < 1e-12)
sways = {}
for factor in (1, 2):
    d, _ = hamdyn_run(["static", portal] + sets(linear + ["Geometry/Forces=B: %g, 0" %
                                                           (factor * push)]),
                      "linear portal static x%d" % factor)
    sways[factor] = {k: v[0] for k, v in table(os.path.join(d, "static.csv")).items()}
linear_static = sways[1]
proportional = abs(sways[2]["B_u_x"] - 2 * sways[1]["B_u_x"]) / sways[1]["B_u_x"]
exact_proportional = abs(sways[2]["B_u_z"] - 2 * sways[1]["B_u_z"]) / abs(sways[1]["B_u_z"])
moment = (linear_static["A_reaction_moment"] + linear_static["D_reaction_moment"] +
          6 * linear_static["D_reaction_z"] - 4 * push)
measured("linear portal: B sways %.9g m (planar beam members %.9g m); twice the push %.3g, %.3g "
         "off proportional in B's x, z; moments about A %.3g N m" %
         (linear_static["B_u_x"], s["B_u_x"], proportional, exact_proportional, moment))
# (B's u_z, the columns' axial shortening, is 1e-3 of u_x: its round-off is relatively larger)
check("linear members: twice the push sways twice as far", proportional < 1e-12 and
      exact_proportional < 1e-8)
check("linear members: moments about A at the undeformed joints balance",
      abs(moment) < 1e-9 * push * height)
check("linear members: the sway is the exact members' to the deformation's order",
      abs(linear_static["B_u_x"] - s["B_u_x"]) < 1e-2 * s["B_u_x"] and
      linear_static["B_u_x"] != s["B_u_x"])
mixed_run, done = hamdyn_run(["run", portal] + sets(linear + [
    "Geometry/Member properties=top: model = planar beam; right: model = euler bernoulli beam",
    "Time integration/Time step=1e-3", "Time integration/Final time=0.1"]),
    "portal run, linear columns (Timoshenko and Euler-Bernoulli) under an exact beam")
history = table(os.path.join(mixed_run, "history.csv"))
largest = max(abs(v) for v in history["kinetic_energy"])
error = max(abs(v) for v in history["energy_error"])
measured("linear columns (Timoshenko, Euler-Bernoulli) under an exact beam, run: energy error "
         "%.3g J of %.6g J" % (error, largest))
check("linear members: a mixed frame's run closes its ledger", largest > 0 and
      error < 1e-8 * largest)
check("linear members: the run's summary counts the linear elements",
      "16 of them of linear members" in done.stdout, done.stdout)

# Euler-Bernoulli members: the portal's statics proportional to the push too, its sway below the
# Timoshenko members' (their shear adds to it) and theirs in the limit of a stiff shear
eb = {}
for factor in (1, 2):
    d, _ = hamdyn_run(["static", portal] + sets(["Geometry/Member model=euler bernoulli beam",
                                                 "Geometry/Forces=B: %g, 0" % (factor * push)]),
                      "Euler-Bernoulli portal static x%d" % factor)
    eb[factor] = {k: v[0] for k, v in table(os.path.join(d, "static.csv")).items()}
eb_proportional = abs(eb[2]["B_u_x"] - 2 * eb[1]["B_u_x"]) / eb[1]["B_u_x"]
measured("Euler-Bernoulli portal: B sways %.9g m (linear Timoshenko members %.9g m), twice the "
         "push %.3g off proportional" % (eb[1]["B_u_x"], linear_static["B_u_x"], eb_proportional))
check("Euler-Bernoulli members: twice the push sways twice as far", eb_proportional < 1e-12)
d, _ = hamdyn_run(["static", portal] + sets(linear + ["Planar beam/Shear stiffness=1e15"]),
                  "linear Timoshenko portal, shear stiffness 1e15")
stiff_shear = {k: v[0] for k, v in table(os.path.join(d, "static.csv")).items()}
gap = abs(stiff_shear["B_u_x"] - eb[1]["B_u_x"]) / eb[1]["B_u_x"]
measured("Euler-Bernoulli portal's sway against linear Timoshenko members with kGA = 1e15: %.3g"
         % gap)
check("Euler-Bernoulli members: stiffer than Timoshenko ones by the shear's share",
      eb[1]["B_u_x"] < linear_static["B_u_x"])
check("Euler-Bernoulli members: the Timoshenko members' limit of a stiff shear", gap < 1e-6)
d, done = hamdyn_run(["static", os.path.join(source, "cases", "planar_beam_pendulum.prm")] +
                     sets(["Geometry/Member model=euler bernoulli beam"]),
                     "a member model for a line", expect=2)
check("bad: a member model for a line (no Members) names Geometry/Member model in one line",
      len(done.stderr.strip().splitlines()) == 1 and "Geometry/Member model" in done.stderr,
      done.stderr)
check("bad: a member model for a line writes nothing", not os.path.exists(d))

# --- bad input ---------------------------------------------------------------------------------
bad = {
    "an unknown member model": (["Geometry/Member model=steel"], "Geometry/Member model"),
    "a member's unknown model": (["Geometry/Member properties=top: model = rope"],
                                 "Geometry/Member properties"),
    "a member naming an unknown point": (["Geometry/Members=left: A B; top: B X; right: C D"],
                                         "Geometry/Members"),
    "a point on no member": (["Geometry/Points=A: 0, 0; B: 0, 4; C: 6, 4; D: 6, 0; E: 9, 9"],
                             "Geometry/Points"),
    "two members between the same points": (
        ["Geometry/Members=left: A B; top: B C; right: C D; again: C B"], "Geometry/Members"),
    "a hinge at one member's end": (["Geometry/Hinges=A"], "Geometry/Hinges"),
    "hinges that make a mechanism": (["Geometry/Supports=A: pinned; D: pinned",
                                      "Geometry/Hinges=B, C"], "Geometry/Hinges"),
    "supports that leave a rigid motion": (["Geometry/Supports=A: pinned"], "Geometry/Supports"),
    "an unknown support": (["Geometry/Supports=A: glued; D: clamped"], "Geometry/Supports"),
    "a line's key with a frame": (["Planar beam/End moment=3"], "Planar beam/End moment"),
    "a member property of text": (["Geometry/Member properties=top: EI = stiff"],
                                  "Geometry/Member properties"),
    "a mesh file with Points and Members": (["Geometry/Mesh file=portal_frame.msh"],
                                            "Geometry/Mesh file"),
    "a mesh file that is not there": (["Geometry/Points=", "Geometry/Members=",
                                       "Geometry/Mesh file=no_such.msh"], "Geometry/Mesh file"),
    "response under a follower force": (["Geometry/Follower forces=B: 0, -1000"],
                                        "Geometry/Follower forces"),
    "response at a point that is no support": (
        ["Frequency response/Support motion=B: 0.01, 0"], "Frequency response/Support motion"),
    "compare of a frame (its bar chain not built yet)": ([], "Geometry/Members"),
    "a hub's rotation without Geometry/Hub": (["Planar beam/Start rotation=t^2"],
                                              "Planar beam/Start rotation"),
    "a hub that is no point": (["Geometry/Hub=E"], "Geometry/Hub"),
    "a steady rotation about a pinned hub": (["Geometry/Hub=B", "Planar beam/Steady rotation=2"],
                                             "Planar beam/Steady rotation"),
}
for label, (pairs, key) in bad.items():
    study = label.split()[0] if label.split()[0] in ("response", "compare") else "static"
    directory, done = hamdyn_run([study, portal] + sets(pairs), "bad: " + label, expect=2)
    lines = done.stderr.strip().splitlines()
    check("bad: %s names %s in one line" % (label, key), len(lines) == 1 and key in lines[0],
          done.stderr)
    check("bad: %s writes nothing" % label, not os.path.exists(directory))

finish()
