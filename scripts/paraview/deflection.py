#!/usr/bin/env python3
"""Frames of the deflected string or beam of a `hamdyn run`, as PNG (VTK only).

usage: scripts/paraview/deflection.py RESULTS_DIR OUT.png [--field NAME] [--scale S]
                                      [--every K | --last | --time T] [--series NAME]
                                      [--with OTHER_DIR ... --label NAME ...] [--title TEXT]

Reads RESULTS_DIR/solution.pvd (--series static: hamdyn static's static.pvd) and draws each snapshot as ParaView's Warp By Vector of
`deflection` would (the line lifted by S times the displacement; default S: the largest
displacement of the run is 15 % of the length), coloured by NAME (default: internal_force for a
string, bending_moment for a beam) on one colour scale for the whole run, with the undeformed
line in grey and the attachments (attachments.pvd) as dots where they are (a tuned mass
damper's mass, swinging wider than its host, can leave the picture: a smaller S brings it in).
Writes OUT_00000.png, OUT_00001.png, ... (every K-th snapshot), or OUT.png alone: with --last
the last snapshot, with --time T the snapshot nearest to T seconds. --with OTHER_DIR (repeated)
draws other runs' deflected lines over it at the same times (their snapshots nearest to each
time), each in a plain colour of its own, named by --label (one per run, RESULTS_DIR's first)
in a legend.
Runs under pvpython and Debian's python3 (python3-vtk9), headless through xvfb-run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--field", default=None)
    parser.add_argument("--scale", type=float, default=None)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--last", action="store_true")
    parser.add_argument("--time", type=float, default=None)
    parser.add_argument("--series", default="solution")
    hv.overlay_arguments(parser, "deflected lines")
    args = parser.parse_args()
    hv.check_output(args.out)
    names = hv.overlay_names(args)
    others = [hv.series(run, args.series) for run in args.others]
    snapshots = hv.series(args.results, args.series)
    if not snapshots:
        hv.fail("%s.pvd lists no snapshot" % args.series)
    chosen, single = hv.chosen_frames(args, snapshots)
    first = hv.read(chosen[0][1])
    colour_by = args.field
    if colour_by is None:
        colour_by = next(name for name in ("internal_force", "bending_moment", "displacement")
                         if hv.field(first, name)[0] is not None)
    if hv.field(first, colour_by)[0] is None:
        hv.fail("the snapshots have no field %r" % colour_by)

    x0, x1 = first.GetBounds()[0:2]
    length = x1 - x0
    w_max, f_max = largest(args.results if args.series == "solution" else None, chosen,
                           colour_by)
    scale = args.scale if args.scale else (0.15 * length / w_max if w_max > 0 else 1.0)
    table = hv.diverging_table(f_max)
    attachments = {}
    if os.path.isfile(os.path.join(args.results, "attachments.pvd")):
        attachments = dict(hv.series(args.results, "attachments"))
    base, extension = os.path.splitext(args.out)
    window = hv.window(1000, 420)  # one window for every frame: X servers limit GL contexts
    r = hv.renderer()
    window.AddRenderer(r)
    for k, (t, path) in enumerate(chosen):  # one snapshot in memory at a time
        data = first if k == 0 else hv.read(path)
        r.RemoveAllViewProps()
        r.AddActor(hv.plain_actor(data, (0.6, 0.6, 0.6), 1.0))
        r.AddActor(hv.warped_line(data, scale, colour_by, table))
        for j, series in enumerate(others):  # the other runs at the nearest time, plain colours
            line = hv.warped_line(hv.read(hv.nearest(series, t)), scale, None, None, 2.5)
            line.GetProperty().SetColor(*hv.overlay_colour(j))
            r.AddActor(line)
        hv.overlay_legend(r, names, "coloured by %s" % colour_by)
        if t in attachments:  # drawn where they move, lifted by the same scale
            r.AddActor(hv.plain_actor(hv.stretched(hv.read(attachments[t]), scale),
                                       (0.15, 0.15, 0.15), 9.0))
        r.AddActor2D(hv.scalar_bar(table, hv.titled(colour_by)))
        # the length along the line and the deflection in its own metres (drawn times the scale)
        hv.axes(r, (x0, x1, -0.15 * length, 0.15 * length),
                (x0, x1, -0.15 * length / scale, 0.15 * length / scale), "x [m]", "w [m]", 14)
        r.AddActor2D(hv.text(hv.caption(args, "t = %.6g s   (deflection x %.3g)" % (t, scale)),
                             0.02, 0.92, 18))
        hv.look_at(r, (x0, x1 + 0.2 * length, -0.2 * length, 0.2 * length))
        hv.save_png(window, args.out if single else "%s_%05d%s" % (base, k, extension))


def largest(results, chosen, colour_by):
    """The largest |displacement| and |colour_by| over the run: from spacetime.vts when it has
    the field (501 positions at every snapshot: cheap, and close enough for a scale), else by
    reading every frame once."""
    path = os.path.join(results, "spacetime.vts") if results else None
    if path and os.path.isfile(path):
        grid = hv.read(path)
        w, f = (grid.GetPointData().GetArray(n) for n in ("displacement", colour_by))
        if w is not None and f is not None:
            return hv.largest_magnitude(w), hv.largest_magnitude(f)
    w_max = f_max = 0.0
    for _, frame in chosen:
        data = hv.read(frame)
        w_max = max(w_max, hv.largest_magnitude(data.GetPointData().GetArray("displacement")))
        f_max = max(f_max, hv.largest_magnitude(hv.field(data, colour_by)[0]))
    return w_max, f_max


if __name__ == "__main__":
    main()
