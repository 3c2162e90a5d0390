#!/usr/bin/env python3
"""Frames of a discrete system's points (Discrete system/Points) from a `hamdyn run`, as PNG (VTK only).

usage: scripts/paraview/points.py RESULTS_DIR OUT.png [--every K | --last | --time T] [--trail]
                                  [--with OTHER_DIR ... --label NAME ...] [--title TEXT]

Reads RESULTS_DIR/points.pvd and draws each snapshot in the x-y plane: the point masses as red
dots, the massless points (a pivot, an anchor: Points = O: 0 @ 0, 0; ...) as smaller grey ones,
the links between consecutive points as dark lines, and with --trail the
path of the last point up to that snapshot (a double pendulum's tip). One view box for the
whole run, so that frames can be played as a film. Writes OUT_00000.png, OUT_00001.png, ...
(every K-th snapshot), or OUT.png alone: with --last the last snapshot, with --time T the one
nearest T seconds. --with OTHER_DIR (repeated) draws other runs' points, links and trails over
them at the same times (their snapshots nearest to each time), each in a plain colour of its own,
named by --label (one per run, RESULTS_DIR's first) in a legend: two double pendulums started a
hair apart, parting ways. Runs under pvpython and Debian's python3 (python3-vtk9), headless through
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
    parser.add_argument("--every", type=int, default=1, help="every K-th snapshot (default 1)")
    parser.add_argument("--last", action="store_true", help="the last snapshot alone")
    parser.add_argument("--time", type=float, default=None, help="the snapshot nearest T [s]")
    parser.add_argument("--trail", action="store_true", help="the last point's path so far")
    hv.overlay_arguments(parser, "points")
    args = parser.parse_args()
    hv.check_output(args.out)
    names = hv.overlay_names(args)
    runs = [snapshots_of(run) for run in [args.results] + args.others]
    snapshots = runs[0]
    chosen, single = hv.chosen_frames(args, snapshots)
    # the view box over every run, and each run's tip path (the files are small)
    box = [0.0, 0.0, 0.0, 0.0]
    tips = []
    for run in runs:
        tips.append([])
        for t, path in run:
            data = hv.read(path)
            x0, x1, y0, y1 = data.GetBounds()[0:4]
            box = [min(box[0], x0), max(box[1], x1), min(box[2], y0), max(box[3], y1)]
            tips[-1].append((t, data.GetPoint(data.GetNumberOfPoints() - 1)))
    base, extension = os.path.splitext(args.out)
    window = hv.window(700, 700)  # one window for every frame: X servers limit GL contexts
    r = hv.renderer()
    window.AddRenderer(r)
    for k, (t, path) in enumerate(chosen):
        data = hv.read(path)
        r.RemoveAllViewProps()
        for j, run in enumerate(runs[1:]):  # the other runs at the nearest time, plain colours
            colour = hv.overlay_colour(j)
            if args.trail:
                r.AddActor(hv.plain_actor(path_until(tips[j + 1], t), colour, 1.0))
            near = hv.read(hv.nearest(run, t))
            r.AddActor(hv.plain_actor(near, colour, 2.0))
            for points in dots(near):
                r.AddActor(hv.sphere_points(points, colour, 10.0))
        if args.trail:
            r.AddActor(hv.plain_actor(path_until(tips[0], t), (0.55, 0.7, 0.9), 1.5))
        r.AddActor(hv.plain_actor(data, (0.2, 0.2, 0.2), 3.0))
        masses, anchors = dots(data)
        r.AddActor(hv.sphere_points(anchors, (0.45, 0.45, 0.45), 10.0))
        r.AddActor(hv.sphere_points(masses, (0.8, 0.2, 0.1), 16.0))
        hv.overlay_legend(r, names, "red masses, dark links", 0.89)
        hv.axes(r, tuple(box), tuple(box), "x [m]", "y [m]", 14)
        r.AddActor2D(hv.text(hv.caption(args, "t = %.6g s" % t), 0.02, 0.95, 18))
        hv.look_at(r, tuple(box))
        hv.save_png(window, args.out if single else "%s_%05d%s" % (base, k, extension))


def snapshots_of(results):
    """(time, path) of each snapshot in results/points.pvd."""
    if not os.path.isfile(os.path.join(results, "points.pvd")):
        hv.fail("%s has no points.pvd (a discrete case with Discrete system/Points writes it)"
                % results)
    found = hv.series(results, "points")
    if not found:
        hv.fail("%s/points.pvd lists no snapshot" % results)
    return found


def dots(data):
    """The snapshot's points as vertices: (those with mass, the massless ones)."""
    mass = data.GetPointData().GetArray("mass")
    sets = (vtkPoints(), vtkPoints())
    for i in range(data.GetNumberOfPoints()):
        massless = mass is not None and mass.GetTuple1(i) == 0
        sets[int(massless)].InsertNextPoint(data.GetPoint(i))
    return [hv.vertices_of(points) for points in sets]


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
