#!/usr/bin/env python3
"""The first n mode shapes of `hamdyn modes` (or buckling shapes of `hamdyn buckling`) as one
panel PNG, each titled with its frequency (or critical force).

usage: scripts/paraview/modes.py RESULTS_DIR OUT.png [--modes N] [--field mode_w|mode_theta]
                                 [--with OTHER_DIR ... --label NAME ...] [--title TEXT]

Reads RESULTS_DIR/modes.pvd, or buckling.pvd where there is no modes.pvd (ParaView's time axis
there is the mode number), and draws mode k's
shape as Warp By Vector of `deflection` (the largest |w| of each mode is 1, drawn as a quarter of
the length), coloured by the field (default mode_w), one panel per mode (default the first 6),
titled with the mode's frequency and angular frequency (a buckling shape's critical axial force,
compression positive) from its field data; the attachments
(attachments.vtp) as dots on the undeformed line. --with OTHER_DIR (repeated) draws other
results' shapes of the same mode numbers over each panel (a finer mesh, the structure without an
attachment), each in a plain colour of its own with its frequency under the panel's title, named
by --label (one per result, RESULTS_DIR's first) in a legend. Shapes are signed by their
participation factor (where it vanishes, by their largest |w|), so the same mode of two results
points the same way.
Runs under pvpython and Debian's python3 (python3-vtk9), headless through xvfb-run.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--modes", type=int, default=6, help="how many shapes (default 6)")
    parser.add_argument("--field", default="mode_w",
                        help="the field colouring the shapes: mode_w, or a beam's mode_theta")
    hv.overlay_arguments(parser, "mode shapes")
    args = parser.parse_args()
    hv.check_output(args.out)
    names = hv.overlay_names(args)
    modes = shapes(args.results, args.modes)
    others = [shapes(other, args.modes) for other in args.others]
    # one colour scale for every panel: the fields are scaled to a largest |w| of 1, so a mode
    # whose field is round-off (|w| ~ 1e-16 in a mode without transverse motion) stays grey
    # instead of being stretched to full colour
    datasets = [hv.read(path) for _, path in modes]
    for (_, path), data in zip(modes, datasets):
        if hv.field(data, args.field)[0] is None:
            hv.fail("%s has no field %r" % (path, args.field))
    scale = max(hv.largest_magnitude(hv.field(d, args.field)[0]) for d in datasets)
    table = hv.diverging_table(scale)
    at_rest = os.path.join(args.results, "attachments.vtp")
    attachments = hv.read(at_rest) if os.path.isfile(at_rest) else None
    columns = 1 if len(modes) <= 3 else 2
    rows = int(math.ceil(len(modes) / columns))
    window = hv.window(620 * columns, 320 * rows)
    for k, ((number, path), data) in enumerate(zip(modes, datasets)):
        row, column = divmod(k, columns)
        viewport = (column / columns, 1.0 - (row + 1) / rows,
                    (column + 1) / columns, 1.0 - row / rows)
        r = hv.renderer(viewport)
        window.AddRenderer(r)
        x0, x1 = data.GetBounds()[0:2]
        length = x1 - x0
        r.AddActor(hv.plain_actor(data, (0.6, 0.6, 0.6), 1.0))
        r.AddActor(hv.warped_line(data, 0.25 * length, args.field, table, 3.0))
        if attachments is not None:
            r.AddActor(hv.plain_actor(attachments, (0.15, 0.15, 0.15), 8.0))
        title = shape_title(data, number)
        r.AddActor2D(hv.text(hv.caption(args, title) if k == 0 else title, 0.5, 0.9, 15, True))
        for j, other in enumerate(others):  # the same mode of the other results, plain colours
            if k < len(other):
                shape = hv.read(other[k][1])
                line = hv.warped_line(shape, 0.25 * length, None, None, 2.0)
                line.GetProperty().SetColor(*hv.overlay_colour(j))
                r.AddActor(line)
                below = hv.text("%s: %s" % (names[j + 1], shape_title(shape, other[k][0])), 0.5,
                                0.83 - 0.06 * j, 12, True)
                below.GetTextProperty().SetColor(*hv.overlay_colour(j))
                r.AddActor2D(below)
        # x along the line, and the shape as drawn: scaled to a largest |w| of 1 (every panel has
        # the same ranges and ticks; VTK 9.1's cube axes label them in one viewport of several)
        hv.axes(r, (x0, x1, -0.25 * length, 0.25 * length), (x0, x1, -1.0, 1.0), "x [m]",
                "w / max |w|", 12)
        if k == 0:  # one colour scale for every panel, and the legend of an overlay
            r.AddActor2D(hv.scalar_bar(table, "mode_w (scaled)"))
            hv.overlay_legend(r, names, "coloured by %s" % args.field, 0.12, 12)
        # room above the largest deflection (0.25 L) for the title, left of and below the axes
        # for their labels, right of the line for the colour bar
        hv.look_at(r, (x0 - 0.12 * length, x1 + 0.16 * length, -0.42 * length, 0.42 * length),
                   0.02)
    hv.save_png(window, args.out)


def shapes(results, count):
    """(number, path) of the first `count` shapes in results/modes.pvd, or buckling.pvd where
    there is no modes.pvd (hamdyn buckling's shapes, drawn like the modes)."""
    name = "modes"
    if not os.path.isfile(os.path.join(results, "modes.pvd")) and os.path.isfile(
            os.path.join(results, "buckling.pvd")):
        name = "buckling"
    found = hv.series(results, name)[:max(count, 1)]
    if not found:
        hv.fail("%s/%s.pvd lists no mode" % (results, name))
    return found


def shape_title(data, number):
    """What a shape is, from its field data: the mode's frequency, or its critical load."""
    fields = data.GetFieldData()
    if fields.GetArray("critical_force"):
        title = "buckling mode %d: P_cr = %.6g N" % (
            round(number), fields.GetArray("critical_force").GetValue(0))
    elif fields.GetArray("critical_factor"):
        title = "buckling mode %d: %.6g x Model/Axial force" % (
            round(number), fields.GetArray("critical_factor").GetValue(0))
    else:
        title = "mode %d: f = %.6g Hz (omega = %.6g rad/s)" % (
            round(number), fields.GetArray("frequency").GetValue(0),
            fields.GetArray("omega").GetValue(0))
    if fields.GetArray("scaled_by_rotation") and fields.GetArray("scaled_by_rotation").GetValue(0):
        title += ", no transverse motion"
    return title


if __name__ == "__main__":
    main()
