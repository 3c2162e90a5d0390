#!/usr/bin/env python3
"""Frames of a discrete system's points (Discrete system/Points) from a `hamdyn run`, as PNG (VTK only).

usage: scripts/paraview/points.py RESULTS_DIR OUT.png [--every K | --last | --time T] [--trail]

Reads RESULTS_DIR/points.pvd and draws each snapshot in the x-y plane: the point masses as red
dots, the massless points (a pivot, an anchor: Points = O: 0 @ 0, 0; ...) as smaller grey ones,
the links between consecutive points as dark lines, and with --trail the
path of the last point up to that snapshot (a double pendulum's tip). One view box for the
whole run, so that frames can be played as a film. Writes OUT_00000.png, OUT_00001.png, ...
(every K-th snapshot), or OUT.png alone: with --last the last snapshot, with --time T the one
nearest T seconds. Runs under pvpython and Debian's python3 (python3-vtk9), headless through
xvfb-run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402
from vtkmodules.vtkCommonCore import vtkPoints  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--last", action="store_true")
    parser.add_argument("--time", type=float, default=None)
    parser.add_argument("--trail", action="store_true")
    args = parser.parse_args()
    hv.check_output(args.out)
    if not os.path.isfile(os.path.join(args.results, "points.pvd")):
        hv.fail("%s has no points.pvd (a discrete case with Discrete system/Points writes it)"
                % args.results)
    snapshots = hv.series(args.results, "points")
    if not snapshots:
        hv.fail("points.pvd lists no snapshot")
    chosen, single = hv.chosen_frames(args, snapshots)
    # the view box and the tip's path over the whole run (the files are small)
    box = [0.0, 0.0, 0.0, 0.0]
    tip = []
    for t, path in snapshots:
        data = hv.read(path)
        x0, x1, y0, y1 = data.GetBounds()[0:4]
        box = [min(box[0], x0), max(box[1], x1), min(box[2], y0), max(box[3], y1)]
        tip.append((t, data.GetPoint(data.GetNumberOfPoints() - 1)))
    base, extension = os.path.splitext(args.out)
    window = hv.window(700, 700)  # one window for every frame: X servers limit GL contexts
    r = hv.renderer()
    window.AddRenderer(r)
    for k, (t, path) in enumerate(chosen):
        data = hv.read(path)
        r.RemoveAllViewProps()
        if args.trail:
            r.AddActor(hv.plain_actor(path_until(tip, t), (0.55, 0.7, 0.9), 1.5))
        r.AddActor(hv.plain_actor(data, (0.2, 0.2, 0.2), 3.0))
        masses, anchors = dots(data)
        for points, colour, size in ((anchors, (0.45, 0.45, 0.45), 10.0),
                                     (masses, (0.8, 0.2, 0.1), 16.0)):
            actor = hv.plain_actor(points, colour, size)
            actor.GetProperty().SetRepresentationToPoints()
            actor.GetProperty().RenderPointsAsSpheresOn()
            r.AddActor(actor)
        hv.axes(r, tuple(box), tuple(box), "x [m]", "y [m]", 14)
        r.AddActor2D(hv.text(hv.caption(args, "t = %.6g s" % t), 0.02, 0.95, 18))
        hv.look_at(r, tuple(box))
        hv.save_png(window, args.out if single else "%s_%05d%s" % (base, k, extension))


def dots(data):
    """The snapshot's points as vertices: (those with mass, the massless ones)."""
    mass = data.GetPointData().GetArray("mass")
    sets = (vtkPoints(), vtkPoints())
    for i in range(data.GetNumberOfPoints()):
        massless = mass is not None and mass.GetTuple1(i) == 0
        sets[int(massless)].InsertNextPoint(data.GetPoint(i))
    result = []
    for points in sets:
        vertices = vtkCellArray()
        for i in range(points.GetNumberOfPoints()):
            vertices.InsertNextCell(1)
            vertices.InsertCellPoint(i)
        polydata = vtkPolyData()
        polydata.SetPoints(points)
        polydata.SetVerts(vertices)
        result.append(polydata)
    return result


def path_until(tip, t):
    """The last point's positions up to time t, as one polyline."""
    points = vtkPoints()
    for time, p in tip:
        if time <= t:
            points.InsertNextPoint(p)
    line = vtkCellArray()
    n = points.GetNumberOfPoints()
    line.InsertNextCell(n)
    for i in range(n):
        line.InsertCellPoint(i)
    data = vtkPolyData()
    data.SetPoints(points)
    data.SetLines(line)
    return data


if __name__ == "__main__":
    main()
