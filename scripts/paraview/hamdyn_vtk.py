"""What the ParaView scripts share: reading hamdyn's outputs and drawing them off screen to PNG.

Written against VTK's Python API only (vtkmodules), so the same scripts run under ParaView's
pvpython and under Debian's python3 with python3-vtk9 (Debian 12 cannot install ParaView beside
libvtk9-dev). Debian packages: python3-vtk9; xvfb and xauth where there is no X display.
"""
import argparse
import os
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import hamdyn_python  # noqa: E402

hamdyn_python.require(["vtkmodules"], "python3-vtk9")
hamdyn_python.with_display()

import vtkmodules.vtkRenderingFreeType  # noqa: E402,F401  (text rendering)
import vtkmodules.vtkRenderingOpenGL2  # noqa: E402,F401  (the render window's back end)
from vtkmodules.vtkCommonCore import vtkLookupTable, vtkObject  # noqa: E402
from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData  # noqa: E402
from vtkmodules.vtkCommonTransforms import vtkTransform  # noqa: E402
from vtkmodules.vtkFiltersGeneral import vtkTransformFilter, vtkWarpVector  # noqa: E402
from vtkmodules.vtkIOImage import vtkPNGWriter  # noqa: E402
from vtkmodules.vtkIOXML import (  # noqa: E402
    vtkXMLPolyDataReader, vtkXMLPUnstructuredGridReader, vtkXMLStructuredGridReader,
    vtkXMLUnstructuredGridReader)
from vtkmodules.vtkRenderingAnnotation import vtkCubeAxesActor, vtkScalarBarActor  # noqa: E402
from vtkmodules.vtkRenderingCore import (  # noqa: E402
    vtkActor, vtkDataSetMapper, vtkRenderWindow, vtkRenderer, vtkTextActor,
    vtkWindowToImageFilter)

# Units of hamdyn's fields, for colour-bar titles.
UNITS = {
    "displacement": "m", "velocity": "m/s", "acceleration": "m/s^2", "internal_force": "N",
    "rotation": "rad", "angular_velocity": "rad/s", "angular_acceleration": "rad/s^2",
    "bending_moment": "N m", "shear_force": "N", "mode_w": "1", "mode_theta": "1/m",
}


def arguments(doc):
    """The command line every script starts from: RESULTS_DIR and OUT.png, its docstring as help."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", help="a hamdyn results directory")
    parser.add_argument("out", help="the picture to write: .png, or .pdf (through GL2PS: text "
                                    "and axes as vectors, the rendered lines as an embedded "
                                    "image)")
    parser.add_argument("--title", default="",
                        help="a title before the picture's own caption (default: none; the "
                             "caption says what is drawn)")
    return parser


def overlay_arguments(parser, what):
    """--with OTHER_DIR (repeated) and --label NAME (one per run, RESULTS_DIR's first): other
    runs drawn over the first, each in a plain colour of its own, named in a legend."""
    parser.add_argument("--with", dest="others", action="append", default=[],
                        help="another run's results directory whose %s are drawn over this "
                             "one's (repeat for more)" % what)
    parser.add_argument("--label", action="append", default=[],
                        help="a legend name per run, RESULTS_DIR's first (default: their names)")


def overlay_names(args):
    """The legend's names of RESULTS_DIR and the --with runs; a --label count that does not
    match the runs is one line and exit 2."""
    runs = [args.results] + args.others
    if args.label and len(args.label) != len(runs):
        sys.stderr.write("%s: --label given %d times for %d runs: give one per run\n"
                         % (os.path.basename(sys.argv[0]), len(args.label), len(runs)))
        sys.exit(2)
    return args.label or [os.path.basename(os.path.abspath(run)) for run in runs]


# matplotlib's tab10 colours after the first (the first run is drawn in its own colours)
OVERLAY_COLOURS = ((0.0, 0.0, 0.0), (0.17, 0.63, 0.17), (0.58, 0.40, 0.74), (1.0, 0.50, 0.05))


def overlay_colour(j):
    """The plain colour of the j-th --with run."""
    return OVERLAY_COLOURS[j % len(OVERLAY_COLOURS)]


def nearest(series, t):
    """The path of the snapshot of `series` ((time, path) pairs) nearest to time t: another run's
    frame drawn beside this one's."""
    return min(series, key=lambda snapshot: abs(snapshot[0] - t))[1]


def overlay_legend(r, names, first, top=0.84, size=14):
    """The legend of an overlay in renderer r: the first run described by `first` (how it is
    drawn), the others in their colours; nothing for a single run."""
    if len(names) < 2:
        return
    r.AddActor2D(text("%s (%s)" % (names[0], first), 0.02, top, size))
    for j, name in enumerate(names[1:]):
        label = text(name, 0.02, top - 0.06 * (j + 1), size)
        label.GetTextProperty().SetColor(*overlay_colour(j))
        r.AddActor2D(label)


def caption(args, what):
    """The picture's caption: --title, then what is drawn."""
    return "%s   %s" % (args.title, what) if args.title else what


def fail(message):
    sys.exit("%s: %s" % (os.path.basename(sys.argv[0]), message))


def titled(name):
    unit = UNITS.get(name)
    return "%s [%s]" % (name, unit) if unit else name


def series(results, name):
    """(time, path) of each file that results/name.pvd indexes, in order (the .pvd is plain XML;
    VTK itself has no .pvd reader, ParaView's is not in vtkmodules)."""
    path = os.path.join(results, name + ".pvd")
    if not os.path.isfile(path):
        fail("no %s.pvd in %s" % (name, results))
    root = ElementTree.parse(path).getroot()
    return [(float(d.get("timestep")), os.path.join(results, d.get("file")))
            for d in root.iter("DataSet")]


def chosen_frames(args, snapshots):
    """The snapshots a frame script draws, and whether it writes one file: --time T the nearest,
    --last the last, else every --every K-th."""
    if args.time is not None:
        return [min(snapshots, key=lambda snapshot: abs(snapshot[0] - args.time))], True
    if args.last:
        return snapshots[-1:], True
    return snapshots[::max(args.every, 1)], False


def read(path):
    """The dataset in a .pvtu, .vtu, .vts or .vtp file, read by VTK's own XML reader."""
    readers = {".pvtu": vtkXMLPUnstructuredGridReader, ".vtu": vtkXMLUnstructuredGridReader,
               ".vts": vtkXMLStructuredGridReader, ".vtp": vtkXMLPolyDataReader}
    extension = os.path.splitext(path)[1]
    if extension not in readers or not os.path.isfile(path):
        fail("cannot read %s" % path)
    reader = readers[extension]()
    reader.SetFileName(path)
    reader.Update()
    return reader.GetOutput()


def field(data, name):
    """(array, 'points' | 'cells') of the named field, or (None, None)."""
    array = data.GetPointData().GetArray(name)
    if array is not None:
        return array, "points"
    array = data.GetCellData().GetArray(name)
    return (array, "cells") if array is not None else (None, None)


def largest_magnitude(array):
    low, high = array.GetRange(-1) if array.GetNumberOfComponents() > 1 else array.GetRange()
    return max(abs(low), abs(high))


def diverging_table(limit):
    """Blue - grey - red, symmetric about 0 over [-limit, limit] (a signed field's natural map).
    The middle is a mid grey, not white: a line coloured by a field near zero stays visible on
    the white background."""
    table = vtkLookupTable()
    table.SetNumberOfTableValues(256)
    blue, grey, red = (0.17, 0.27, 0.80), (0.58, 0.58, 0.58), (0.80, 0.10, 0.10)
    for i in range(256):
        s = i / 255.0
        a, b, f = (blue, grey, 2.0 * s) if s < 0.5 else (grey, red, 2.0 * s - 1.0)
        table.SetTableValue(i, *(a[c] + f * (b[c] - a[c]) for c in range(3)), 1.0)
    limit = limit if limit > 0 else 1.0
    table.SetTableRange(-limit, limit)
    table.Build()
    return table


def axes(r, drawn, labelled, x_title, y_title, font_size=16):
    """Labelled x and y axes (ParaView's Cube Axes in 2D) on the drawn box `drawn` (x0, x1, y0,
    y1), whose labels run over `labelled` (the quantities' own ranges, when the drawing is
    stretched or warped by a scale)."""
    a = vtkCubeAxesActor()
    a.SetBounds(drawn[0], drawn[1], drawn[2], drawn[3], 0.0, 0.0)
    a.SetXAxisRange(labelled[0], labelled[1])
    a.SetYAxisRange(labelled[2], labelled[3])
    a.SetXTitle(x_title)
    a.SetYTitle(y_title)
    a.SetZAxisVisibility(False)
    a.SetFlyModeToClosestTriad()
    a.SetUse2DMode(True)
    a.SetCamera(r.GetActiveCamera())
    for i in range(2):
        for p in (a.GetTitleTextProperty(i), a.GetLabelTextProperty(i)):
            p.SetColor(0.1, 0.1, 0.1)
            p.SetFontSize(font_size)
    a.GetXAxesLinesProperty().SetColor(0.1, 0.1, 0.1)
    a.GetYAxesLinesProperty().SetColor(0.1, 0.1, 0.1)
    a.XAxisMinorTickVisibilityOff()
    a.YAxisMinorTickVisibilityOff()
    r.AddActor(a)
    return a


def stretched(data, y_factor):
    """`data` with every y multiplied by `y_factor` (ParaView's Transform, Scale 1 y_factor 1)."""
    transform = vtkTransform()
    transform.Scale(1.0, y_factor, 1.0)
    stretch = vtkTransformFilter()
    stretch.SetTransform(transform)
    stretch.SetInputData(data)
    stretch.Update()
    return stretch.GetOutput()


def warped(data, scale, vector="deflection"):
    """`data` with each point moved by `scale` times its `vector` (ParaView's Warp By Vector)."""
    warp = vtkWarpVector()
    warp.SetInputData(data)
    warp.SetInputArrayToProcess(0, 0, 0, 0, vector)  # 0: point data
    warp.SetScaleFactor(scale)
    warp.Update()
    return warp.GetOutput()


def warped_line(data, scale, colour_by, table, width=4.0):
    """An actor of the line lifted by `scale` times its `deflection` vector (ParaView's Warp By
    Vector), coloured by the field `colour_by` through `table` (None: plain)."""
    warp = vtkWarpVector()
    warp.SetInputData(data)
    warp.SetInputArrayToProcess(0, 0, 0, 0, "deflection")  # 0: point data
    warp.SetScaleFactor(scale)
    mapper = vtkDataSetMapper()
    mapper.SetInputConnection(warp.GetOutputPort())
    if colour_by:
        _colour(mapper, data, colour_by, table)
    else:  # a plain line, coloured by the caller
        mapper.ScalarVisibilityOff()
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.GetProperty().SetLineWidth(width)
    actor.GetProperty().SetPointSize(width)
    return actor


def plain_actor(data, rgb, width=1.0, colour_by=None, table=None):
    mapper = vtkDataSetMapper()
    mapper.SetInputData(data)
    if colour_by:
        _colour(mapper, data, colour_by, table)
    else:
        mapper.ScalarVisibilityOff()
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.GetProperty().SetColor(*rgb)
    actor.GetProperty().SetLineWidth(width)
    actor.GetProperty().SetPointSize(width)
    return actor


def _colour(mapper, data, name, table):
    _, where = field(data, name)
    if where == "cells":
        mapper.SetScalarModeToUseCellFieldData()
    else:
        mapper.SetScalarModeToUsePointFieldData()
    mapper.SelectColorArray(name)
    mapper.SetLookupTable(table)
    mapper.SetUseLookupTableScalarRange(True)
    mapper.ScalarVisibilityOn()


def scalar_bar(table, title, horizontal=False):
    bar = vtkScalarBarActor()
    bar.SetLookupTable(table)
    bar.SetTitle(title)
    bar.SetNumberOfLabels(5)
    bar.SetLabelFormat("%-#8.3g")
    for p in (bar.GetTitleTextProperty(), bar.GetLabelTextProperty()):
        p.SetColor(0.1, 0.1, 0.1)
        p.SetFontSize(14)
        p.BoldOff()
        p.ItalicOff()
        p.ShadowOff()
    if horizontal:
        bar.SetOrientationToHorizontal()
        bar.SetPosition(0.25, 0.02)
        bar.SetWidth(0.5)
        bar.SetHeight(0.12)
    else:
        bar.SetPosition(0.86, 0.15)
        bar.SetWidth(0.12)
        bar.SetHeight(0.7)
    return bar


def text(content, x, y, size=16, centred=False):
    """A line of text at (x, y) in normalized viewport coordinates."""
    actor = vtkTextActor()
    actor.SetInput(content)
    actor.GetPositionCoordinate().SetCoordinateSystemToNormalizedViewport()
    actor.GetPositionCoordinate().SetValue(x, y)
    p = actor.GetTextProperty()
    p.SetFontSize(size)
    p.SetColor(0.1, 0.1, 0.1)
    if centred:
        p.SetJustificationToCentered()
    return actor


def vertices_of(points):
    """Poly data drawing each of the vtkPoints `points` as a vertex."""
    vertices = vtkCellArray()
    for i in range(points.GetNumberOfPoints()):
        vertices.InsertNextCell(1)
        vertices.InsertCellPoint(i)
    polydata = vtkPolyData()
    polydata.SetPoints(points)
    polydata.SetVerts(vertices)
    return polydata


def sphere_points(points, colour, size):
    """An actor drawing the vertices of the poly data `points` as shaded dots."""
    actor = plain_actor(points, colour, size)
    actor.GetProperty().SetRepresentationToPoints()
    actor.GetProperty().RenderPointsAsSpheresOn()
    return actor


def renderer(viewport=(0.0, 0.0, 1.0, 1.0)):
    r = vtkRenderer()
    r.SetBackground(1.0, 1.0, 1.0)
    r.SetViewport(*viewport)
    return r


def look_at(r, bounds, margin=0.08):
    """A parallel projection down -z onto the x-y box `bounds` (x0, x1, y0, y1), with a margin."""
    x0, x1, y0, y1 = bounds
    camera = r.GetActiveCamera()
    camera.ParallelProjectionOn()
    cx, cy = 0.5 * (x0 + x1), 0.5 * (y0 + y1)
    camera.SetFocalPoint(cx, cy, 0.0)
    camera.SetPosition(cx, cy, 10.0 * max(x1 - x0, y1 - y0, 1e-30))
    camera.SetViewUp(0.0, 1.0, 0.0)
    x_min, y_min, x_max, y_max = r.GetViewport()
    window = r.GetRenderWindow()
    width, height = window.GetSize() if window else (1, 1)
    aspect = ((x_max - x_min) * width) / max((y_max - y_min) * height, 1e-30)
    half_height = 0.5 * max(y1 - y0, (x1 - x0) / aspect) * (1.0 + 2.0 * margin)
    camera.SetParallelScale(half_height)
    r.ResetCameraClippingRange()


def window(width, height):
    vtkObject.GlobalWarningDisplayOff()
    w = vtkRenderWindow()
    w.SetOffScreenRendering(1)
    w.SetSize(width, height)
    return w


# PDF only: Debian's GL2PS is built without PNG support, so the rendered geometry, which GL2PS
# embeds as an image, cannot go into an SVG (it writes the text alone) and an EPS is untested.
VECTOR_FORMATS = (".pdf",)


def check_output(path):
    """The output's format from its extension: one line and exit 2 for another."""
    extension = os.path.splitext(path)[1].lower()
    if extension != ".png" and extension not in VECTOR_FORMATS:
        sys.stderr.write("%s: %s: expected a file ending in .png or .pdf\n"
                         % (os.path.basename(sys.argv[0]), path))
        sys.exit(2)


def save_png(w, path):
    """Writes the window as `path`: a PNG, or a PDF through GL2PS (its text and axes as
    vectors), by its extension."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)  # frames/x.png into a frames/ not made yet
    w.Render()
    extension = os.path.splitext(path)[1].lower()
    if extension in VECTOR_FORMATS:
        # the OpenGL2 override of the exporter registers with this module's import
        import vtkmodules.vtkRenderingGL2PSOpenGL2  # noqa: F401
        from vtkmodules.vtkIOExportGL2PS import vtkGL2PSExporter
        exporter = vtkGL2PSExporter()
        exporter.SetRenderWindow(w)
        exporter.SetFileFormatToPDF()
        exporter.SetFilePrefix(path[:-len(extension)])
        exporter.CompressOff()
        exporter.Write()
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            fail("could not write %s" % path)
        print("wrote", path)
        return
    grab = vtkWindowToImageFilter()
    grab.SetInput(w)
    grab.ReadFrontBufferOff()
    grab.Update()
    writer = vtkPNGWriter()
    writer.SetFileName(path)
    writer.SetInputConnection(grab.GetOutputPort())
    writer.Write()
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        fail("could not write %s" % path)
    print("wrote", path)
