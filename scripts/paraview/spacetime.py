#!/usr/bin/env python3
"""The x-t carpet of a `hamdyn run` (spacetime.vts) as a PNG with a colour bar and labelled axes.

usage: scripts/paraview/spacetime.py RESULTS_DIR OUT.png [--field NAME]

Colours the space-time grid (x to the right, t upwards) by NAME (default displacement) on a
blue-grey-red scale symmetric about zero. The grid's t axis is drawn stretched to a square-ish
picture; the axis labels carry the true x [m] and t [s]. In ParaView: open spacetime.vts, colour
by the field, and Transform with Scale 1 L/T 1 for the same aspect.
Runs under pvpython and Debian's python3 (python3-vtk9), headless through xvfb-run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_vtk as hv  # noqa: E402


def main():
    parser = hv.arguments(__doc__)
    parser.add_argument("--field", default="displacement")
    args = parser.parse_args()
    hv.check_output(args.out)
    grid = hv.read(os.path.join(args.results, "spacetime.vts"))
    values, _ = hv.field(grid, args.field)
    if values is None:
        hv.fail("spacetime.vts has no field %r" % args.field)
    x0, x1, t0, t1 = grid.GetBounds()[0:4]
    if not t1 > t0:
        hv.fail("spacetime.vts holds a single time; a carpet needs two snapshots or more")
    stretch = 0.8 * (x1 - x0) / (t1 - t0)  # drawn height 0.8 L
    drawn = hv.stretched(grid, stretch)
    table = hv.diverging_table(hv.largest_magnitude(values))

    window = hv.window(900, 760)
    r = hv.renderer()
    window.AddRenderer(r)
    r.AddActor(hv.plain_actor(drawn, (1, 1, 1), 1.0, args.field, table))
    # the labels' values: metres and seconds, not the drawn lengths
    y0, y1 = t0 * stretch, t1 * stretch
    hv.axes(r, (x0, x1, y0, y1), (x0, x1, t0, t1), "x [m]", "t [s]")
    r.AddActor2D(hv.scalar_bar(table, hv.titled(args.field)))
    r.AddActor2D(hv.text(hv.caption(args, "%s over x and t" % args.field), 0.5, 0.94, 20, True))
    hv.look_at(r, (x0 - 0.18 * (x1 - x0), x1 + 0.32 * (x1 - x0), y0 - 0.08 * (x1 - x0),
                   y1 + 0.08 * (x1 - x0)), 0.02)
    hv.save_png(window, args.out)


if __name__ == "__main__":
    main()
