#!/usr/bin/env python3
"""The first n mode shapes of `hamdyn modes` (or buckling shapes of `hamdyn buckling`) as one
panel PNG, each titled with its frequency (or critical force).

usage: scripts/paraview/modes.py RESULTS_DIR OUT.png [--modes N] [--field mode_w|mode_theta]

Reads RESULTS_DIR/modes.pvd, or buckling.pvd where there is no modes.pvd (ParaView's time axis
there is the mode number), and draws mode k's
shape as Warp By Vector of `deflection` (the largest |w| of each mode is 1, drawn as a quarter of
the length), coloured by the field (default mode_w), one panel per mode (default the first 6),
titled with the mode's frequency and angular frequency (a buckling shape's critical axial force,
compression positive) from its field data; the attachments
(attachments.vtp) as dots on the undeformed line.
Runs under pvpython and Debian's python3 (python3-vtk9), headless through xvfb-run.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--modes", type=int, default=6)
    parser.add_argument("--field", default="mode_w")
    args = parser.parse_args()
    hv.check_output(args.out)
    name = "modes"
    if not os.path.isfile(os.path.join(args.results, "modes.pvd")) and os.path.isfile(
            os.path.join(args.results, "buckling.pvd")):
        name = "buckling"  # hamdyn buckling's shapes, drawn like the modes
    modes = hv.series(args.results, name)[:max(args.modes, 1)]
    if not modes:
        hv.fail("%s.pvd lists no mode" % name)
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
        fields = data.GetFieldData()
        if fields.GetArray("critical_force"):
            title = "buckling mode %d: P_cr = %.6g N" % (
                round(number), fields.GetArray("critical_force").GetValue(0))
        elif fields.GetArray("critical_factor"):
            title = "buckling mode %d: %.6g x Model/Axial force" % (
                round(number), fields.GetArray("critical_factor").GetValue(0))
        else:
            frequency = fields.GetArray("frequency").GetValue(0)
            omega = fields.GetArray("omega").GetValue(0)
            title = "mode %d: f = %.6g Hz (omega = %.6g rad/s)" % (round(number), frequency,
                                                                   omega)
        if fields.GetArray("scaled_by_rotation") and fields.GetArray("scaled_by_rotation").GetValue(0):
            title += ", no transverse motion"
        r.AddActor2D(hv.text(hv.caption(args, title) if k == 0 else title, 0.5, 0.9, 15, True))
        # x along the line, and the shape as drawn: scaled to a largest |w| of 1 (every panel has
        # the same ranges and ticks; VTK 9.1's cube axes label them in one viewport of several)
        hv.axes(r, (x0, x1, -0.25 * length, 0.25 * length), (x0, x1, -1.0, 1.0), "x [m]",
                "w / max |w|", 12)
        if k == 0:  # one colour scale for every panel
            r.AddActor2D(hv.scalar_bar(table, "mode_w (scaled)"))
        # room above the largest deflection (0.25 L) for the title, left of and below the axes
        # for their labels, right of the line for the colour bar
        hv.look_at(r, (x0 - 0.12 * length, x1 + 0.16 * length, -0.42 * length, 0.42 * length),
                   0.02)
    hv.save_png(window, args.out)


if __name__ == "__main__":
    main()
