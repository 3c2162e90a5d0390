"""Render the deflected string of a hamdyn run to PNG frames (ParaView's pvpython).

usage: pvpython scripts/paraview/deflection.py RESULTS_DIR [--scale S] [--frames N]

Opens RESULTS_DIR/solution.pvd, lifts the line y = 0 by the displacement (Warp By Scalar along
+y, scaled by S, default so that the largest deflection is 20% of the length) and writes
RESULTS_DIR/deflection_XXXX.png for N evenly spaced snapshots (default 5). The same two filters
in the ParaView GUI: open solution.pvd, Filters > Warp By Scalar (Scalars: displacement,
Normal 0 1 0, tick Use Normal), colour by internal_force.
"""
import argparse
import os
import sys

from paraview import simple as pv


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--scale", type=float, default=None)
    parser.add_argument("--frames", type=int, default=5)
    args = parser.parse_args()
    pvd = os.path.join(args.results, "solution.pvd")
    if not os.path.isfile(pvd):
        sys.exit("deflection.py: no solution.pvd in %s" % args.results)

    reader = pv.PVDReader(FileName=pvd)
    times = list(reader.TimestepValues) or [0.0]
    reader.UpdatePipeline(times[0])
    x_range = reader.GetDataInformation().GetBounds()[0:2]
    length = x_range[1] - x_range[0]
    u_range = reader.PointData["displacement"].GetRange()
    largest = max(abs(u_range[0]), abs(u_range[1])) or 1.0
    scale = args.scale if args.scale is not None else 0.2 * length / largest

    warp = pv.WarpByScalar(Input=reader, Scalars=["POINTS", "displacement"])
    warp.ScaleFactor = scale
    warp.Normal = [0.0, 1.0, 0.0]
    warp.UseNormal = 1
    view = pv.CreateView("RenderView")
    view.ViewSize = [1200, 500]
    view.OrientationAxesVisibility = 0
    display = pv.Show(warp, view)
    display.LineWidth = 4.0
    pv.ColorBy(display, ("POINTS", "internal_force"))
    display.SetScalarBarVisibility(view, True)
    view.CameraPosition = [0.5 * (x_range[0] + x_range[1]), 0.0, 3.0 * length]
    view.CameraFocalPoint = [0.5 * (x_range[0] + x_range[1]), 0.0, 0.0]
    view.CameraViewUp = [0.0, 1.0, 0.0]
    pv.SetActiveView(view)

    n = max(1, min(args.frames, len(times)))
    picks = [times[round(i * (len(times) - 1) / max(1, n - 1))] for i in range(n)]
    for i, t in enumerate(picks):
        view.ViewTime = t
        display.RescaleTransferFunctionToDataRange(False, True)
        view.ResetCamera()
        pv.GetActiveCamera().Zoom(2.2)
        out = os.path.join(args.results, "deflection_%04d.png" % i)
        pv.SaveScreenshot(out, view, ImageResolution=[1200, 500])
        print("wrote %s (t = %g s, displacement x %g)" % (out, t, scale))


if __name__ == "__main__":
    main()
