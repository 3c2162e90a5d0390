"""What every plotting script of hamdyn shares: its command line, its look, the quantity and unit
of each column, and how a figure is written.

Command line (every scripts/plot_*.py):
  INPUT [INPUT ...]   one result (directory or file) or several drawn over each other
  --title TEXT        a title over the figure (none by default: a paper gives its own caption)
  --label TEXT        a name per INPUT for the legend (default: the directories' names)
  --columns A,B,...   the columns to draw (default: the script's choice, its --help says which)
  --output FILE       where to write, .png, .pdf or .svg (default: beside the first INPUT)

Units: hamdyn writes beside each table of numbers X.csv whose columns have units (history.csv,
frf.csv, psd.csv) a file X_units.csv: the same header and one row with each column's SI unit
(docs/user-guide/output-files.md). Every axis is labelled "quantity [unit]": the unit from that
file, the quantity from the column's name (the table below). A table without a units file (from
an older hamdyn, or written by hand) is labelled by quantity alone.
"""
import argparse
import csv
import math
import os
import re
import sys

FORMATS = (".png", ".pdf", ".svg")

# (pattern, quantity) of history.csv's columns, in the order they are tried; {} is the place
# (left/right end, x = X) or the name.
COLUMNS = (
    (r"time$", "time t"),
    (r"frequency$", "frequency f"),
    (r"u_(left|right)$", "displacement w at the {} end"),
    (r"v_(left|right)$", "velocity at the {} end"),
    (r"theta_(left|right)$", "rotation θ at the {} end"),
    (r"moment_reaction_(left|right)$", "moment reaction at the {} end"),
    (r"reaction_(left|right)$", "force reaction at the {} end"),
    (r"u@(.+)$", "displacement w at x = {} m"),
    (r"v@(.+)$", "velocity at x = {} m"),
    (r"theta@(.+)$", "rotation θ at x = {} m"),
    (r"oscillator_(\d+)$", "oscillator {} displacement"),
    (r"spring_force_(left|right)$", "spring force at the {} end"),
    (r"spring_moment_(left|right)$", "spring moment at the {} end"),
    (r"dashpot_force_(left|right)$", "dashpot force at the {} end"),
    (r"spring_force@(.+)$", "spring force at x = {} m"),
    (r"dashpot_force@(.+)$", "dashpot force at x = {} m"),
    (r"position_(.+)$", "position of {}"),
    (r"contact_force_(.+)$", "contact force of {}"),
    (r"contact_lost_(.+)$", "contact of {} lost (1)"),
    (r"vehicle_(.+)$", "displacement of vehicle {}"),
    (r"end_u_([xz])$", "end's displacement u_{}"),
    (r"end_([xz])$", "end's position {}"),
    (r"end_rotation$", "end's rotation θ"),
    (r"tension$", "tension"),
    (r"ground_(acceleration|velocity|displacement)$", "ground {}"),
    (r"base_shear$", "base shear"),
    (r"kinetic_energy$", "kinetic energy T"),
    (r"potential_energy$", "potential energy V"),
    (r"dissipated_energy$", "dissipated energy"),
    (r"external_work$", "external work"),
    (r"energy_error$", "energy error"),
)


def quantity(column):
    """What a column of hamdyn's CSV files is, in words ("displacement w at x = 5 m"); the name
    itself where the table does not know it (a discrete system's coordinates)."""
    if column.endswith("_abs_acc"):  # ground motion: a column's absolute acceleration
        of = quantity(column[:-len("_abs_acc")])
        what = "angular acceleration" if of.startswith("rotation") else "absolute acceleration"
        return what + (of[of.index(" at "):] if " at " in of else
                       " of " + of.replace(" displacement", ""))
    for pattern, words in COLUMNS:
        match = re.match(pattern, column)
        if match:
            return words.format(*match.groups())
    return column


def read_units(path):
    """{column: unit} of a table from the units file hamdyn writes beside it (history.csv:
    history_units.csv), units in print (m/s^2 as m/s²); {} where there is none."""
    units_path = path[:-len(".csv")] + "_units.csv" if path.endswith(".csv") else ""
    if not os.path.isfile(units_path):
        return {}
    with open(units_path) as f:
        rows = list(csv.reader(f))
    if len(rows) < 2:
        return {}
    return {name: unit.replace("^2", "²") for name, unit in zip(rows[0], rows[1])}


def axis_label(quantity, unit):
    return "%s [%s]" % (quantity, unit) if unit else quantity


def parser(doc, default_output, columns_help=None, many=True):
    """The shared command line; `doc` (the script's docstring) is its --help."""
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter,
                                usage="%%(prog)s INPUT%s [options]" % (" [INPUT ...]" if many else ""))
    p.add_argument("inputs", nargs="+" if many else 1, metavar="INPUT")
    p.add_argument("--title", default="", help="a title over the figure (default: none)")
    p.add_argument("--label", action="append", default=[],
                   help="a legend name per INPUT, in their order (default: their names)")
    if columns_help:
        p.add_argument("--columns", default="", help=columns_help)
    p.add_argument("--output", default="",
                   help="the file to write: .png, .pdf or .svg (default: %s beside the first "
                        "INPUT)" % default_output)
    p.set_defaults(default_output=default_output)
    return p


def parse(p, arguments=None):
    """Parses and checks the shared options: a bad one is one line and exit 2."""
    args = p.parse_args(arguments)
    if args.label and len(args.label) != len(args.inputs):
        p.error("--label given %d times for %d inputs: give one per input"
                % (len(args.label), len(args.inputs)))
    if args.output and os.path.splitext(args.output)[1].lower() not in FORMATS:
        p.error("--output %s: expected a file ending in %s" % (args.output, ", ".join(FORMATS)))
    for path in args.inputs:
        if not os.path.exists(path):
            p.error("%s does not exist" % path)
    args.names = args.label or [os.path.basename(os.path.abspath(path)) for path in args.inputs]
    if hasattr(args, "columns"):
        args.columns = [c.strip() for c in args.columns.split(",") if c.strip()]
    return args


def output_path(args):
    if args.output:
        return args.output
    first = args.inputs[0]
    directory = first if os.path.isdir(first) else os.path.dirname(os.path.abspath(first))
    return os.path.join(directory, args.default_output)


def style():
    """One look for every figure: serif-free sizes a journal column keeps legible, light grids."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "font.size": 10, "axes.titlesize": 10, "axes.labelsize": 10, "legend.fontsize": 8,
        "xtick.labelsize": 9, "ytick.labelsize": 9, "lines.linewidth": 1.2,
        "axes.grid": True, "grid.alpha": 0.3, "axes.grid.which": "major",
        "savefig.dpi": 150, "figure.dpi": 100,
        "svg.fonttype": "none",  # text stays text in an SVG, editable in a drawing program
        "pdf.fonttype": 42,      # TrueType in a PDF, as journals ask
    })
    import matplotlib.pyplot as plt
    return plt


def save(figure, args):
    """Writes the figure where --output says (its format from the extension) and says where."""
    if args.title:
        figure.suptitle(args.title)
    figure.tight_layout()
    out = output_path(args)
    figure.savefig(out, bbox_inches="tight")
    print("wrote", out)
    return out


def read_csv(path):
    """(header, {column: list of floats, nan where empty}, comment lines) of a hamdyn CSV file,
    whose first lines may be comments starting with '#'."""
    comments, lines = [], []
    with open(path) as f:
        for line in f:
            (comments if line.startswith("#") and not lines else lines).append(line)
    rows = list(csv.reader(lines))
    if not rows:
        sys.exit("%s: %s is empty" % (os.path.basename(sys.argv[0]), path))
    header = rows[0]

    def number(text):
        try:
            return float(text)
        except ValueError:
            return math.nan
    data = {name: [number(r[k]) if k < len(r) else math.nan for r in rows[1:]]
            for k, name in enumerate(header)}
    return header, data, comments


def pick(available, wanted, what):
    """The wanted columns among the available ones; an unknown one is one line and exit 2."""
    for name in wanted:
        if name not in available:
            sys.stderr.write("%s: --columns: no column %r in %s (it has: %s)\n"
                             % (os.path.basename(sys.argv[0]), name, what, ", ".join(available)))
            sys.exit(2)
    return list(wanted)


def tables(args, name, missing=""):
    """(directory, {column: values}, {column: unit}) of the table `name` (frf.csv, ...) of each
    INPUT, a result directory or the file itself; an input without it ends the script naming it
    (and `missing`, why it may be missing)."""
    found = []
    for directory in args.inputs:
        path = os.path.join(directory, name) if os.path.isdir(directory) else directory
        if not os.path.isfile(path):
            sys.exit("%s: no %s in %s%s" % (os.path.basename(sys.argv[0]), name, directory,
                                            missing))
        found.append((os.path.dirname(os.path.abspath(path)), read_csv(path)[1],
                      read_units(path)))
    return found


def drawn_columns(tables, suffix, wanted, what):
    """The columns to draw of per-column tables (frf.csv's c_abs, psd.csv's c_psd): `wanted`
    (--columns) where given, each checked; otherwise every column not zero at every frequency (a
    held end is) that all the tables share, in the first one's order."""
    present = [[k[:-len(suffix)] for k in data if k.endswith(suffix) and any(v > 0 for v in data[k])]
               for data in tables]
    shared = [c for c in present[0] if all(c in p for p in present[1:])]
    return pick(shared, wanted, what) if wanted else shared


def curve(plt, r, k, inputs, name, quantity):
    """(line style, colour, legend label) of column k of input r (named `name`) among `inputs`
    inputs: one input, a colour per column; several, a colour per input and a line style per
    column, the label led by the input's name."""
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    if inputs == 1:
        return "-", colours[k % len(colours)], quantity
    styles = ("-", "--", "-.", ":")
    return styles[k % len(styles)], colours[r % len(colours)], "%s: %s" % (name, quantity)


def units_of(units):
    """The distinct units among `units`, each once: metres first, then the others as they come
    (rotations)."""
    distinct = []
    for unit in units:
        if unit not in distinct:
            distinct.append(unit)
    return sorted(distinct, key=lambda u: u.split("²")[0] != "m")


def case_value(directory, section, key):
    """`set key = value` of `subsection section` in DIR/used_parameters.prm, or None."""
    current = []
    try:
        with open(os.path.join(directory, "used_parameters.prm")) as f:
            for line in f:
                words = line.strip()
                if words.startswith("subsection "):
                    current.append(words[len("subsection "):].strip())
                elif words == "end" and current:
                    current.pop()
                elif words.startswith("set ") and "/".join(current) == section:
                    name, value = (w.strip() for w in words[4:].split("=", 1))
                    if name == key:
                        return value.split("#")[0].strip()
    except OSError:
        pass
    return None
