#!/usr/bin/env python3
"""Reads every ParaView output of `hamdyn run` and `hamdyn modes` with VTK's own XML readers
(python3-vtk9) and checks it against what hamdyn computes by another path: history.csv's
columns are linear functionals of the state (end values, probes, oscillator DoFs), the
snapshots and spacetime.vts sample the finite-element fields cell by cell, and modes.csv holds
the eigenvalues the mode files must name.

usage: test_paraview_outputs.py HAMDYN SOURCE_DIR N_RANKS
Exit 0 when every check passes, 1 otherwise, 77 (ctest: skipped) without python3-vtk9.
"""
import csv
import math
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

try:
    from vtkmodules.vtkCommonCore import vtkObject
    from vtkmodules.vtkIOXML import (vtkXMLPolyDataReader, vtkXMLPUnstructuredGridReader,
                                     vtkXMLStructuredGridReader)
except ImportError:
    print("skipped: python3-vtk9 is not installed (apt-get install python3-vtk9)")
    sys.exit(77)

vtkObject.GlobalWarningDisplayOff()
hamdyn, source, ranks = sys.argv[1], sys.argv[2], int(sys.argv[3])


def close(a, b, relative=1e-12):
    return abs(a - b) <= relative * max(abs(a), abs(b)) or a == b


def run_hamdyn(*arguments):
    command = ["mpirun", "--oversubscribe", "-np", str(ranks), hamdyn] + list(arguments)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        print(done.stdout)
        sys.exit("hamdyn %s failed with exit %d" % (arguments[0], done.returncode))
    return done.stdout


def read(reader_type, path):
    reader = reader_type()
    reader.SetFileName(path)
    reader.Update()
    return reader.GetOutput()


def pvd_records(path):
    root = ElementTree.parse(path).getroot()
    return [(float(d.get("timestep")), d.get("file")) for d in root.iter("DataSet")]


def field_data_number(data, name):
    array = data.GetFieldData().GetArray(name)
    return None if array is None else array.GetValue(0)


def values_at(data, array, x):
    """The array's values at the points (point data) whose x is `x`."""
    return [array.GetValue(i) for i in range(data.GetNumberOfPoints())
            if abs(data.GetPoint(i)[0] - x) < 1e-12]


# A string with every kind of attachment (at the right end and inside), probes at each interior
# attachment, P2 elements, 23 steps with a snapshot every 5.
CASE = """
subsection Model
  set Type = string
  set Length = 2
  set Mass per length = 0.02
  set Tension = 50
end
subsection Left end
  set Support = fixed
end
subsection Right end
  set Support = free
  set Point mass = 0.01
  set Spring = 500
  set Dashpot = 0.1
end
subsection Attachments
  set Point masses = 0.5:0.003
  set Springs = 1.2:200
  set Dashpots = 0.9:0.05
  set Forces = 0.3:sin(100*t)
  set Oscillators = 1.5:0.004,300,0.02
end
subsection Initial conditions
  set Displacement = 0.01*sin(pi*x/4)
end
subsection Discretization
  set Elements = 40
  set Degree = 2
end
subsection Time integration
  set Time step = 1e-4
  set Final time = 0.0023
end
subsection Output
  set Snapshot interval = 5
  set Probes = 0.3, 0.5, 0.9, 1.2, 1.5
end
"""
# (x, kind code, mass, stiffness, damping) of each attachment, in attachments.vtp's order (the
# right end's first, then the interior's by kind: masses, springs, dashpots, forces, oscillators).
ATTACHMENTS = [(2.0, 0, 0.01, 0, 0), (2.0, 1, 0, 500, 0), (2.0, 2, 0, 0, 0.1),
               (0.5, 0, 0.003, 0, 0), (1.2, 1, 0, 200, 0), (0.9, 2, 0, 0, 0.05),
               (0.3, 3, 0, 0, 0), (1.5, 4, 0.004, 300, 0.02)]
ELEMENTS, DEGREE, SNAPSHOT_STEPS = 40, 2, [0, 5, 10, 15, 20, 23]

work = tempfile.mkdtemp()
case = os.path.join(work, "attached.prm")
with open(case, "w") as f:
    f.write(CASE)
results = os.path.join(work, "run")
run_hamdyn("run", case, "--output", results)
rows = list(csv.reader(open(os.path.join(results, "history.csv"))))
header, history = rows[0], [list(map(float, r)) for r in rows[1:]]
column = {name: k for k, name in enumerate(header)}
snapshot_rows = [history[n] for n in SNAPSHOT_STEPS]

# solution.pvd and the .pvtu files: the snapshot times, each .pvtu carrying its own TimeValue.
records = pvd_records(os.path.join(results, "solution.pvd"))
check("solution.pvd lists every snapshot", len(records) == len(SNAPSHOT_STEPS), len(records))
for (t, name), row in zip(records, snapshot_rows):
    check("solution.pvd time %s is history.csv's" % name, t == row[0], (t, row[0]))
    pvtu = ElementTree.parse(os.path.join(results, name)).getroot()
    time_value = [float(a.text) for a in pvtu.iter("DataArray") if a.get("Name") == "TimeValue"]
    check("%s carries TimeValue in its own XML" % name, time_value == [row[0]], time_value)
    pieces = [p.get("Source") for p in pvtu.iter("Piece")]
    check("%s has one piece per rank" % name, len(pieces) == ranks, pieces)

for (t, name), row in zip(records, snapshot_rows):
    grid = read(vtkXMLPUnstructuredGridReader, os.path.join(results, name))
    points, cells = grid.GetNumberOfPoints(), grid.GetNumberOfCells()
    check("%s: cells" % name, cells == ELEMENTS * DEGREE, cells)
    check("%s: points (each element's own)" % name, points == ELEMENTS * (DEGREE + 1), points)
    point_data = grid.GetPointData()
    names = sorted(point_data.GetArrayName(i) for i in range(point_data.GetNumberOfArrays()))
    check("%s: point fields" % name, names == sorted(
        ["displacement", "velocity", "acceleration", "internal_force", "deflection"]), names)
    for i in range(point_data.GetNumberOfArrays()):
        check("%s: %s is Float64" % (name, point_data.GetArrayName(i)),
              point_data.GetArray(i).GetDataTypeAsString() == "double")
    check("%s: TimeValue read by VTK" % name, field_data_number(grid, "TimeValue") == row[0])
    u, v = point_data.GetArray("displacement"), point_data.GetArray("velocity")
    probes = [(2.0, "u_right", u), (2.0, "v_right", v)]
    for x in (0.3, 0.5, 0.9, 1.2, 1.5):
        probes += [(x, "u@%g" % x, u), (x, "v@%g" % x, v)]
    for x, label, array in probes:
        at = values_at(grid, array, x)
        expected = row[column[label]]
        check("%s: %s equals history.csv" % (name, label),
              at and all(close(w, expected) for w in at), (at, expected))
    deflection = point_data.GetArray("deflection")
    check("%s: deflection = (0, u, 0)" % name, all(
        deflection.GetTuple3(i) == (0.0, u.GetValue(i), 0.0) for i in range(points)))

# spacetime.vts: 501 positions by the snapshot times; at a vertex x, the snapshot's value there.
grid = read(vtkXMLStructuredGridReader, os.path.join(results, "spacetime.vts"))
nx, nt, nz = grid.GetDimensions()
check("spacetime.vts: 501 x snapshots", (nx, nt, nz) == (501, len(SNAPSHOT_STEPS), 1),
      (nx, nt, nz))
u = grid.GetPointData().GetArray("displacement")
check("spacetime.vts: Float64", u.GetDataTypeAsString() == "double")
check("spacetime.vts: the string's fields", all(
    grid.GetPointData().GetArray(n) is not None
    for n in ("displacement", "velocity", "acceleration", "internal_force")))
check("spacetime.vts: times are the snapshots'",
      [grid.GetPoint(j * nx)[1] for j in range(nt)] == [r[0] for r in snapshot_rows])
i, j = 250, 3  # x = 1.0 m: position 250 of 501 spread over 41 vertices is vertex 20
x = grid.GetPoint(j * nx + i)[0]
snapshot = read(vtkXMLPUnstructuredGridReader, os.path.join(results, records[j][1]))
at = values_at(snapshot, snapshot.GetPointData().GetArray("displacement"), x)
check("spacetime.vts at (x = %g, t = %g) equals the snapshot's value" % (x, records[j][0]),
      abs(x - 1.0) < 1e-12 and at and all(close(u.GetValue(j * nx + i), w) for w in at),
      (x, u.GetValue(j * nx + i), at))
for label, x in (("u_right", 2.0), ("u@0.5", 0.5)):
    i = min(range(nx), key=lambda i: abs(grid.GetPoint(i)[0] - x))
    check("spacetime.vts: %s at every time" % label, abs(grid.GetPoint(i)[0] - x) < 1e-12 and all(
        close(u.GetValue(j * nx + i), snapshot_rows[j][column[label]]) for j in range(nt)))

# attachments.vtp at rest, and attachments.pvd moving with the string.
rest = read(vtkXMLPolyDataReader, os.path.join(results, "attachments.vtp"))
check("attachments.vtp: one vertex each", rest.GetNumberOfPoints() == len(ATTACHMENTS) and
      rest.GetNumberOfVerts() == len(ATTACHMENTS), rest.GetNumberOfPoints())
data = rest.GetPointData()
for k, (x, kind, mass, stiffness, damping) in enumerate(ATTACHMENTS):
    got = (rest.GetPoint(k), data.GetArray("kind").GetValue(k), data.GetArray("mass").GetValue(k),
           data.GetArray("stiffness").GetValue(k), data.GetArray("damping").GetValue(k))
    check("attachments.vtp: attachment %d" % k,
          got == ((x, 0.0, 0.0), kind, mass, stiffness, damping), got)
names = rest.GetFieldData().GetAbstractArray("kind_names")
check("attachments.vtp: kind_names", names is not None and names.GetValue(4) == "oscillator")
moving = pvd_records(os.path.join(results, "attachments.pvd"))
check("attachments.pvd: the snapshot times",
      [t for t, _ in moving] == [t for t, _ in records], moving)
for (t, name), row in zip(moving, snapshot_rows):
    data = read(vtkXMLPolyDataReader, os.path.join(results, name))
    check("%s: TimeValue" % name, field_data_number(data, "TimeValue") == row[0])
    for k, (x, kind, _, _, _) in enumerate(ATTACHMENTS):
        label = "oscillator_1" if kind == 4 else "u_right" if x == 2.0 else "u@%g" % x
        px, py, pz = data.GetPoint(k)
        check("%s: attachment %d at (x, %s, 0)" % (name, k, label),
              px == x and pz == 0 and close(py, row[column[label]]), (px, py, row[column[label]]))
    force = data.GetPointData().GetArray("force").GetValue(6)
    check("%s: the force's value F(t)" % name, close(force, math.sin(100 * t), 1e-14), force)

# An Euler-Bernoulli beam's resultants are cell data, one value per cell.
beam = os.path.join(work, "beam")
run_hamdyn("run", os.path.join(source, "cases", "cantilever_tip_mass.prm"), "--output", beam,
           "--set", "Time integration/Final time=0.002")
snapshot = read(vtkXMLPUnstructuredGridReader, os.path.join(beam, "solution_00000.pvtu"))
cell_data = snapshot.GetCellData()
for name in ("bending_moment", "shear_force"):
    array = cell_data.GetArray(name)
    check("beam snapshot: %s is cell data, one per cell" % name,
          array is not None and array.GetNumberOfTuples() == snapshot.GetNumberOfCells())

# hamdyn modes of two beams: mode_w scaled to a largest |w| of 1 (a mode without transverse
# motion, as the stocky Timoshenko beam's 7th: mode_theta to a largest |theta| of 1, said by
# scaled_by_rotation), omega and frequency from modes.csv, TimeValue the mode number.
# Modes with a participation factor are signed so that it is positive: then the shape's own
# Gamma = int rho A w dx + (tip mass) w(L), by the trapezoidal rule on the snapshot's points, is
# positive; a mode without one (an antisymmetric mode) has its largest entry positive.
MASSES = {"cantilever_tip_mass": (0.8, 0.2), "stocky_timoshenko": (78.5, 0.0)}


def check_modes(case):
    directory = os.path.join(work, "modes_" + case)
    run_hamdyn("modes", os.path.join(source, "cases", case + ".prm"), "--output", directory)
    rows = list(csv.reader(open(os.path.join(directory, "modes.csv"))))[1:]
    table = [list(map(float, r))[:3] for r in rows]
    participation = [float(r[4]) for r in rows]
    records = pvd_records(os.path.join(directory, "modes.pvd"))
    check("%s: modes.pvd has one file per mode" % case, len(records) == len(table) > 0)
    rotation_scaled = 0
    for (number, name), (mode, omega, frequency), gamma in zip(records, table, participation):
        grid = read(vtkXMLPUnstructuredGridReader, os.path.join(directory, name))
        w, theta = (grid.GetPointData().GetArray(n) for n in ("mode_w", "mode_theta"))
        check("%s %s: mode_w and mode_theta, Float64" % (case, name), w is not None and
              theta is not None and w.GetDataTypeAsString() == "double")
        largest = lambda a: max(abs(a.GetValue(i)) for i in range(a.GetNumberOfTuples()))
        if field_data_number(grid, "scaled_by_rotation") == 1:
            rotation_scaled += 1
            check("%s %s: no transverse motion, largest |theta| 1" % (case, name),
                  abs(largest(theta) - 1) <= 1e-12 and largest(w) <= 1e-10)
        else:
            check("%s %s: largest |w| is 1" % (case, name), abs(largest(w) - 1) <= 1e-12,
                  largest(w))
        field = theta if field_data_number(grid, "scaled_by_rotation") == 1 else w
        points = sorted((grid.GetPoint(i)[0], field.GetValue(i))
                        for i in range(field.GetNumberOfTuples()))
        if abs(gamma) > 1e-8:
            rho_a, tip = MASSES[case]
            own = sum(0.5 * (a[1] + b[1]) * (b[0] - a[0]) for a, b in zip(points, points[1:]))
            own = rho_a * own + tip * points[-1][1]
            check("%s %s: signed by its participation factor" % (case, name), gamma > 0 and
                  own > 0, (gamma, own))
        else:  # the largest entry positive (the first along x where several share it)
            top = max(abs(v) for _, v in points)
            first = next(v for _, v in points if abs(v) >= (1 - 1e-9) * top)
            check("%s %s: the largest entry is positive" % (case, name), first > 0, first)
        check("%s %s: omega and frequency" % (case, name),
              close(field_data_number(grid, "omega"), omega) and
              close(field_data_number(grid, "frequency"), frequency), (omega, frequency))
        check("%s %s: TimeValue is the mode number" % (case, name),
              number == mode and field_data_number(grid, "TimeValue") == mode)
    return directory, rotation_scaled


modes, _ = check_modes("cantilever_tip_mass")
_, rotation_scaled = check_modes("stocky_timoshenko")
check("stocky_timoshenko: one mode without transverse motion", rotation_scaled == 1,
      rotation_scaled)
rest = read(vtkXMLPolyDataReader, os.path.join(modes, "attachments.vtp"))
kinds = [rest.GetPointData().GetArray("kind").GetValue(k) for k in range(rest.GetNumberOfPoints())]
check("modes: attachments.vtp has the tip mass and rotary inertia at x = L", kinds == [0, 7] and all(
    rest.GetPoint(k)[0] == 1.0 for k in range(2)), kinds)

# points.pvd of a discrete system with Points: the double pendulum's points where history.csv's
# angles put them, r1 = (sin th1, -cos th1), r2 = r1 + 0.5 (sin th2, -cos th2), with their
# velocities, masses and the link between them.
pendulum = os.path.join(work, "pendulum")
run_hamdyn("run", os.path.join(source, "cases", "seeds", "double_pendulum.prm"), "--output",
           pendulum, "--set", "Time integration/Final time=0.1", "--set",
           "Output/Snapshot interval=20")
with open(os.path.join(pendulum, "history.csv")) as f:
    rows = {float(r["time"]): r for r in csv.DictReader(f)}
records = pvd_records(os.path.join(pendulum, "points.pvd"))
check("points.pvd: steps 0, 20, ..., 100", [t for t, _ in records] ==
      [0.0, 0.02, 0.04, 0.06, 0.08, 0.1], records)
for t, name in records:
    data = read(vtkXMLPolyDataReader, os.path.join(pendulum, name))
    r = rows[min(rows, key=lambda time: abs(time - t))]
    a, b = float(r["th1"]), float(r["th2"])
    va, vb = float(r["v_th1"]), float(r["v_th2"])
    expected = [(math.sin(a), -math.cos(a), 0.0),
                (math.sin(a) + 0.5 * math.sin(b), -math.cos(a) - 0.5 * math.cos(b), 0.0)]
    velocity = [(math.cos(a) * va, math.sin(a) * va, 0.0),
                (math.cos(a) * va + 0.5 * math.cos(b) * vb,
                 math.sin(a) * va + 0.5 * math.sin(b) * vb, 0.0)]
    got = [data.GetPoint(i) for i in range(data.GetNumberOfPoints())]
    speeds = data.GetPointData().GetArray("velocity")
    check("points.pvd t = %g: the points where the angles put them" % t, len(got) == 2 and all(
        abs(g - e) <= 1e-12 for p, q in zip(got, expected) for g, e in zip(p, q)), (got, expected))
    check("points.pvd t = %g: velocities" % t, all(
        abs(g - e) <= 1e-12 for i in range(2) for g, e in zip(speeds.GetTuple3(i), velocity[i])),
        velocity)
    masses = data.GetPointData().GetArray("mass")
    names = data.GetFieldData().GetAbstractArray("point_names")
    check("points.pvd t = %g: masses, names, one link, TimeValue" % t,
          [masses.GetValue(i) for i in range(2)] == [1.0, 2.0] and names.GetValue(1) == "m2" and
          data.GetNumberOfLines() == 1 and field_data_number(data, "TimeValue") == t)


# Moving loads in attachments.pvd: a force (kind 11) at x = 0.5 t with its amplitude, and a
# vehicle (kind 13) coming from the ground at x = -0.2 + 0.5 t, at (x, vehicle_car, 0).
moving_run = os.path.join(work, "moving")
run_hamdyn("run", "--set", "Moving loads/Forces=P: -2 @ 0.5*t", "--set",
           "Moving loads/Oscillators=car: 0.01, 20, 0.1 @ -0.2 + 0.5*t", "--set",
           "Moving loads/Gravity=9.81", "--set", "Time integration/Final time=0.8", "--set",
           "Output/Snapshot interval=500", "--output", moving_run)
with open(os.path.join(moving_run, "history.csv")) as f:
    rows = {float(r["time"]): r for r in csv.DictReader(f)}
records = pvd_records(os.path.join(moving_run, "attachments.pvd"))
check("attachments.pvd with moving loads: snapshots", len(records) >= 3, records)
for t, name in records:
    data = read(vtkXMLPolyDataReader, os.path.join(moving_run, name))
    kinds = data.GetPointData().GetArray("kind")
    points = {kinds.GetValue(i): data.GetPoint(i) for i in range(data.GetNumberOfPoints())}
    r = rows[min(rows, key=lambda time: abs(time - t))]
    force = data.GetPointData().GetArray("force")
    forces = [force.GetValue(i) for i in range(data.GetNumberOfPoints()) if kinds.GetValue(i) == 11]
    check("%s: the moving force at x = 0.5 t, -2 N" % name,
          11 in points and close(points[11][0], 0.5 * t) and forces == [-2.0], (points, forces))
    x = -0.2 + 0.5 * t
    check("%s: the vehicle at (x(t), vehicle_car)" % name,
          13 in points and close(points[13][0], x) and close(points[13][1], float(r["vehicle_car"])),
          (points.get(13), x, r["vehicle_car"]))
names = read(vtkXMLPolyDataReader, os.path.join(moving_run, "attachments.vtp")).GetFieldData()
check("attachments.vtp: kind_names of the moving loads", [
    names.GetAbstractArray("kind_names").GetValue(k) for k in (11, 12, 13)] == [
        "moving force", "moving mass", "vehicle"])

shutil.rmtree(work)
finish(" (%d ranks)" % ranks)
