#!/usr/bin/env python3
"""Frames of the deflected string or beam of a `hamdyn run`, as PNG (VTK only).

usage: scripts/paraview/deflection.py RESULTS_DIR OUT.png [--field NAME] [--scale S]
                                      [--every K | --last]

Reads RESULTS_DIR/solution.pvd and draws each snapshot as ParaView's Warp By Vector of
`deflection` would (the line lifted by S times the displacement; default S: the largest
displacement of the run is 15 % of the length), coloured by NAME (default: internal_force for a
string, bending_moment for a beam) on one colour scale for the whole run, with the undeformed
line in grey and the attachments (attachments.pvd) as dots. Writes OUT_00000.png, OUT_00001.png,
... (every K-th snapshot), or with --last the last snapshot as OUT.png.
Runs under ParaView's pvpython and under Debian's python3 (package python3-vtk9); without an X
display it restarts itself under xvfb-run (packages xvfb, xauth).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402
from vtkmodules.vtkCommonTransforms import vtkTransform  # noqa: E402
from vtkmodules.vtkFiltersGeneral import vtkTransformFilter  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("out")
    parser.add_argument("--field", default=None)
    parser.add_argument("--scale", type=float, default=None)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--last", action="store_true")
    args = parser.parse_args()
    snapshots = hv.series(args.results, "solution")
    if not snapshots:
        hv.fail("solution.pvd lists no snapshot")
    chosen = snapshots[-1:] if args.last else snapshots[::max(args.every, 1)]
    datasets = [(t, hv.read(path)) for t, path in chosen]
    first = datasets[0][1]
    colour_by = args.field
    if colour_by is None:
        colour_by = next(name for name in ("internal_force", "bending_moment", "displacement")
                         if hv.field(first, name)[0] is not None)
    if hv.field(first, colour_by)[0] is None:
        hv.fail("the snapshots have no field %r" % colour_by)

    x0, x1 = first.GetBounds()[0:2]
    length = x1 - x0
    w_max = max(hv.largest_magnitude(d.GetPointData().GetArray("displacement")) for _, d in datasets)
    scale = args.scale if args.scale else (0.15 * length / w_max if w_max > 0 else 1.0)
    table = hv.diverging_table(max(hv.largest_magnitude(hv.field(d, colour_by)[0])
                                   for _, d in datasets))
    attachments = {}
    if os.path.isfile(os.path.join(args.results, "attachments.pvd")):
        attachments = dict(hv.series(args.results, "attachments"))
    name = os.path.basename(os.path.abspath(args.results))
    base = args.out[:-4] if args.out.endswith(".png") else args.out
    for k, (t, data) in enumerate(datasets):
        window = hv.window(1000, 420)
        r = hv.renderer()
        window.AddRenderer(r)
        r.AddActor(hv.plain_actor(data, (0.6, 0.6, 0.6), 1.0))
        r.AddActor(hv.warped_line(data, scale, colour_by, table))
        if t in attachments:  # drawn where they move, lifted by the same scale
            r.AddActor(lifted_points(hv.read(attachments[t]), scale))
        r.AddActor2D(hv.scalar_bar(table, hv.titled(colour_by)))
        r.AddActor2D(hv.text("%s   t = %.6g s   (deflection x %.3g)" % (name, t, scale),
                             0.02, 0.92, 18))
        r.SetViewport(0.0, 0.0, 1.0, 1.0)
        hv.look_at(r, (x0, x1 + 0.2 * length, -0.2 * length, 0.2 * length))
        hv.save_png(window, args.out if args.last else "%s_%05d.png" % (base, k))


def lifted_points(attachments, scale):
    transform = vtkTransform()
    transform.Scale(1.0, scale, 1.0)
    lift = vtkTransformFilter()
    lift.SetTransform(transform)
    lift.SetInputData(attachments)
    lift.Update()
    return hv.plain_actor(lift.GetOutput(), (0.15, 0.15, 0.15), 9.0)


if __name__ == "__main__":
    main()
