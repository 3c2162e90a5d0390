#!/usr/bin/env python3
"""Frames of a cable (Model/Type = cable) from `hamdyn run`, `static`, `modes` or `response`, or of a
planar beam (Model/Type = planar beam) from `hamdyn static`, as PNG (VTK only).

usage: scripts/paraview/cable.py RESULTS_DIR OUT.png [--series solution|static|modes|response]
                                 [--every K | --last | --time T] [--z-scale F]
                                 [--shape-scale S] [--quantity NAME] [--title TEXT]

Reads RESULTS_DIR/solution.pvd (a run's snapshots; --series static: the static shape; --series
modes: the mode shapes about the equilibrium, one frame per mode, --time K the K-th; --series
response: the operating deflection shapes of `Shapes at`, one frame per frequency, --time F the one
nearest F Hz) and draws
each snapshot in the cable's plane, x to the right and z up, true to scale (--z-scale F: z
stretched F times, labelled in m as it is): the line coloured by
its tension (red in tension, blue in compression, grey where it carries nothing: a slack
tension-only segment), with a scale bar "tension [N]" over the whole run's range, the supports
as grey dots and the point masses as red ones. One view box for the whole run, so that frames
can be played as a film. A mode is drawn as the equilibrium (thin, grey) and the equilibrium
plus S times its shape (Warp By Vector of `deflection`, largest component 1; S defaults to a
tenth of the view's larger side), titled with its frequency; a response's shape is its real
part `deflection_re` (the motion at t = 0, u = Re(U e^{i omega t})) drawn likewise, S m at its
largest. Writes OUT_00000.png, OUT_00001.png, ... (every K-th snapshot), or
OUT.png alone: with --last the last snapshot, with --time T the one nearest T seconds. A planar
beam's line is coloured by its bending moment [N m] (--quantity axial_force or shear_force [N]:
those), each segment by the section forces at its sampling point. Runs under pvpython and
Debian's python3 (python3-vtk9), headless through xvfb-run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402
from vtkmodules.vtkCommonCore import vtkPoints  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--series", default="solution", choices=("solution", "static", "modes", "response"),
                        help="solution (a run's snapshots, the default), static, modes or "
                             "response")
    parser.add_argument("--shape-scale", type=float, default=None,
                        help="a mode's shape drawn S m at its largest (default: a tenth of the "
                             "view's larger side)")
    parser.add_argument("--quantity", default=None,
                        help="the cell data the line is coloured by: tension (a cable's, the "
                             "default), bending_moment (a planar beam's default), axial_force "
                             "or shear_force")
    parser.add_argument("--every", type=int, default=1, help="every K-th snapshot (default 1)")
    parser.add_argument("--last", action="store_true", help="the last snapshot alone")
    parser.add_argument("--time", type=float, default=None, help="the snapshot nearest T [s]")
    parser.add_argument("--z-scale", type=float, default=1.0,
                        help="z drawn F times larger than x (default 1: true to scale; a "
                             "shallow cable's sag shows at 5 or 10), the axis labelled in m")
    args = parser.parse_args()
    if not args.z_scale > 0:
        hv.fail("--z-scale %g: expected a number > 0" % args.z_scale)
    hv.check_output(args.out)
    snapshots = hv.series(args.results, args.series)
    if not snapshots:
        hv.fail("%s/%s.pvd lists no snapshot" % (args.results, args.series))
    chosen, single = hv.chosen_frames(args, snapshots)
    # the quantity: the series' active cell data unless one is asked for
    first = hv.read(snapshots[0][1])
    quantity = args.quantity
    if quantity is None:
        active = first.GetCellData().GetScalars()
        quantity = active.GetName() if active is not None else "tension"
    units = {"tension": "N", "axial_force": "N", "shear_force": "N", "bending_moment": "N m"}
    if quantity not in units:
        hv.fail("--quantity %s: expected one of %s" % (quantity, ", ".join(sorted(units))))
    # the view box and the quantity's range over the whole run (the files are small)
    box, largest = None, 0.0
    for _, path in snapshots:
        data = hv.read(path)
        if data.GetCellData().GetArray(quantity) is None:
            hv.fail("%s has no %s: not a cable's or a planar beam's series" % (path, quantity))
        x0, x1, y0, y1 = data.GetBounds()[0:4]
        box = [x0, x1, y0, y1] if box is None else [min(box[0], x0), max(box[1], x1),
                                                     min(box[2], y0), max(box[3], y1)]
        largest = max(largest, hv.largest_magnitude(data.GetCellData().GetArray(quantity)))
    table = hv.diverging_table(largest)
    base, extension = os.path.splitext(args.out)
    window = hv.window(900, 700)  # one window for every frame: X servers limit GL contexts
    r = hv.renderer((0.0, 0.0, 0.84, 1.0))  # the line; the tension's bar beside it
    side = hv.renderer((0.84, 0.0, 1.0, 1.0))
    bar = hv.scalar_bar(table, "%s [%s]" % (quantity.replace("_", " "), units[quantity]))
    bar.SetPosition(0.1, 0.15)
    bar.SetWidth(0.6)
    side.AddActor2D(bar)
    window.AddRenderer(r)
    window.AddRenderer(side)
    shape_scale = args.shape_scale
    shaped = args.series in ("modes", "response")
    if shaped:
        if shape_scale is None:
            shape_scale = 0.1 * max(box[1] - box[0], box[3] - box[2])
        elif not shape_scale > 0:
            hv.fail("--shape-scale %g: expected a number > 0" % shape_scale)
        # the view box holds the shapes too (each moves a point by at most shape_scale)
        box = [box[0] - shape_scale, box[1] + shape_scale, box[2] - shape_scale,
               box[3] + shape_scale]
    drawn = (box[0], box[1], args.z_scale * box[2], args.z_scale * box[3])
    for k, (t, path) in enumerate(chosen):
        data = hv.read(path)
        r.RemoveAllViewProps()
        # a mode's shape moves the points before z is stretched, as the axis labels read
        shape = None
        if args.series == "modes":
            shape = hv.warped(data, shape_scale)
        elif args.series == "response":  # the real part, S m at its largest
            re = data.GetPointData().GetArray("deflection_re")
            largest_re = hv.largest_magnitude(re) if re is not None else 0.0
            if not largest_re > 0:
                hv.fail("%s has no deflection_re: not a cable's response" % path)
            shape = hv.warped(data, shape_scale / largest_re, "deflection_re")
        if args.z_scale != 1:
            data = hv.stretched(data, args.z_scale)
            shape = hv.stretched(shape, args.z_scale) if shape is not None else None
        if shape is not None:
            r.AddActor(hv.plain_actor(data, (0.6, 0.6, 0.6), 1.5))
            r.AddActor(hv.plain_actor(shape, (0.2, 0.2, 0.2), 4.0, quantity, table))
        else:
            r.AddActor(hv.plain_actor(data, (0.2, 0.2, 0.2), 4.0, quantity, table))
        supports, masses = marked_points(data)
        r.AddActor(hv.sphere_points(supports, (0.45, 0.45, 0.45), 12.0))
        r.AddActor(hv.sphere_points(masses, (0.8, 0.2, 0.1), 16.0))
        hv.axes(r, drawn, tuple(box), "x [m]", "z [m]", 14)
        if args.series == "response":
            what = "operating deflection at %.6g Hz (real part)" % t
        elif args.series == "modes":
            frequency = data.GetFieldData().GetArray("frequency")
            what = "mode %d: %.6g Hz" % (round(t), frequency.GetTuple1(0)) if frequency \
                else "mode %d" % round(t)
        else:
            what = "static equilibrium" if args.series == "static" else "t = %.6g s" % t
        if args.z_scale != 1:
            what += ", z stretched %gx" % args.z_scale
        r.AddActor2D(hv.text(hv.caption(args, what), 0.02, 0.95, 18))
        hv.look_at(r, drawn)
        hv.save_png(window, args.out if single else "%s_%05d%s" % (base, k, extension))


def marked_points(data):
    """The supports and the point masses of a snapshot, each as vertices."""
    support = data.GetPointData().GetArray("support")
    mass = data.GetPointData().GetArray("point_mass")
    sets = (vtkPoints(), vtkPoints())
    for i in range(data.GetNumberOfPoints()):
        if support is not None and support.GetTuple1(i) > 0:
            sets[0].InsertNextPoint(data.GetPoint(i))
        if mass is not None and mass.GetTuple1(i) > 0:
            sets[1].InsertNextPoint(data.GetPoint(i))
    return [hv.vertices_of(points) for points in sets]


if __name__ == "__main__":
    main()
