#!/usr/bin/env python3
"""Plots what `hamdyn converge` wrote into DIR as a paper would print it: the relative error
(unitless) of every quantity against h [m] or dt [s] on log-log axes, ticks at the sizes run,
one reference-slope guide per expected order (not one per quantity; each its own line style,
labelled with its slope at its end), levels at the round-off floor or before the asymptotic range
drawn hollow. p refinement is drawn against the degree on a linear axis with a log error axis
(its convergence is exponential: an algebraic "order" in 1/DoFs means nothing there).

--columns picks quantities (convergence.csv's `quantity`); several DIRs (the same study of two
formulations) are drawn over each other, a marker each (--label names them).

Writes DIR/convergence.png, or --output FILE (.png, .pdf, .svg).
Needs Debian's python3-matplotlib.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_plot  # noqa: E402
import hamdyn_python  # noqa: E402


def read_refine(directory):
    """Convergence/Refine and Model/Length from used_parameters.prm. A length written with the
    case's Variables (set Length = L) has its value in hamdyn's note "# Length = L = 2"."""
    refine, length, noted, section = "h", "1", None, ""
    with open(directory + "/used_parameters.prm") as f:
        for line in f:
            words = line.strip()
            if words.startswith("subsection "):
                section = words[len("subsection "):]
            elif words.startswith("set "):
                key, value = (w.strip() for w in words[4:].split("=", 1))
                value = value.split("#")[0].strip()
                if section == "Convergence" and key == "Refine":
                    refine = value
                elif section == "Model" and key == "Length":
                    length = value
            elif section == "Model" and words.startswith("# Length =") and words.count("=") == 2:
                noted = words.rsplit("=", 1)[1].strip()
    try:
        return refine, float(length)
    except ValueError:
        if noted is None:
            sys.exit("plot_convergence.py: Model/Length = %r in used_parameters.prm has no noted "
                     "value" % length)
        return refine, float(noted)


def main():
    args = hamdyn_plot.parse(hamdyn_plot.parser(
        __doc__, "convergence.png", "quantities of convergence.csv to draw (default: all)"))
    hamdyn_python.require(["matplotlib"], "python3-matplotlib")
    plt = hamdyn_plot.style()
    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    slopes = {}  # expected order -> (x, error) of its first asymptotic point, and the sizes
    sizes, refines = set(), set()
    markers = ("o", "s", "^", "D")
    for r, (directory, name) in enumerate(zip(args.inputs, args.names)):
        with open(directory + "/convergence.csv") as f:
            rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
        refine, length = read_refine(directory)
        refines.add(refine)

        def size_of(row):
            if refine == "p":
                return float(row["degree"])
            if refine == "dt":
                return float(row["time_step"])
            return length / float(row["elements"])

        quantities = []
        for row in rows:
            if row["quantity"] not in quantities:
                quantities.append(row["quantity"])
        if args.columns:
            quantities = hamdyn_plot.pick(quantities, args.columns, directory + "/convergence.csv")
        for q in quantities:
            mine = [row for row in rows if row["quantity"] == q
                    and float(row["relative_error"]) > 0]
            if not mine:
                continue
            kind = mine[0]["reference_kind"]
            xs = [size_of(row) for row in mine]
            es = [float(row["relative_error"]) for row in mine]
            sizes.update(xs)
            label = "%s (%s)" % (q, kind) if len(args.inputs) == 1 else "%s: %s" % (name, q)
            line, = ax.plot(xs, es, "-", label=label)
            marker = markers[r % len(markers)]
            for x, e, row in zip(xs, es, mine):
                hollow = row["regime"] != "asymptotic"
                ax.plot([x], [e], marker, color=line.get_color(),
                        markerfacecolor="none" if hollow else line.get_color())
            expected = mine[0]["expected_order"]
            if expected and refine != "p":
                first = next(((x, e) for x, e, row in zip(xs, es, mine)
                              if row["regime"] == "asymptotic"), (xs[0], es[0]))
                slopes.setdefault(float(expected), (first, xs))
    if len(refines) > 1:
        sys.exit("plot_convergence.py: the inputs refine different things (%s): one axis cannot "
                 "show them" % ", ".join(sorted(refines)))
    refine = refines.pop()
    guides = ("--", ":", "-.", (0, (5, 1, 1, 1)))
    for k, (p, ((x0, e0), xs)) in enumerate(sorted(slopes.items())):
        # a third below the point it starts from, so that it does not hide the curve it fits
        ys = [e0 / 3 * (x / x0) ** p for x in xs]
        ax.plot(xs, ys, linestyle=guides[k % len(guides)], color="0.35", linewidth=1,
                label="slope %g" % p)
        end = max(range(len(xs)), key=lambda i: xs[i])
        ax.annotate(" slope %g" % p, (xs[end], ys[end]), color="0.35", fontsize=8, va="center")
    ax.set_yscale("log")
    if refine != "p":
        ax.set_xscale("log")
    # ticks at the sizes run: a study spanning less than a decade would show one tick otherwise
    ticks = sorted(sizes)
    if len(ticks) <= 12:
        ax.set_xticks(ticks)
        ax.set_xticks([], minor=True)
        ax.set_xticklabels(["%g" % t for t in ticks])
    ax.plot([], [], "o", color="0.3", markerfacecolor="none",
            label="round-off or pre-asymptotic level")
    ax.set_xlabel({"p": "element degree p", "dt": "time step Δt [s]"}.get(refine,
                                                                        "element size h [m]"))
    ax.set_ylabel("relative error")
    ax.legend()
    hamdyn_plot.save(fig, args)


if __name__ == "__main__":
    main()
