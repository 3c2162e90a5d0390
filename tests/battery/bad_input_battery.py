#!/usr/bin/env python3
"""The bad-input battery: hundreds of wrong inputs to every command, section and file hamdyn reads.

Every input must give exit 2 and exactly one line on stderr that starts "hamdyn" and names what
is wrong (the parameter or the file), at most 1000 printable characters, within 60 s, with nothing
written (no output directory; a resumed directory exactly as it was). A crash, a hang, a stack
trace, exit 0 or 1, a second line or a file written is a defect, listed by name.

Categories: every case parameter with the wrong values for its kind (numbers out of range, not
numbers, not finite; integers past int; expressions that do not parse, name unknown variables or
are not finite; malformed attachment lists; unknown selections), messages (a 1 MB value, binary
garbage, NUL bytes), damaged and foreign checkpoints, mesh files, batch sweeps and tables, discrete
systems, initial shapes of absurd scale, and studies too big for the machine's memory.

Usage: bad_input_battery.py HAMDYN SOURCE_DIR [CATEGORY...]
"""
import concurrent.futures
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import tempfile

hamdyn, source = sys.argv[1], os.path.abspath(sys.argv[2])
only = set(sys.argv[3:])
work = tempfile.mkdtemp(prefix="hamdyn-battery-")
os.chdir(work)
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMP_NUM_THREADS="1")

results = {}  # category -> [handled, total]
defects = []


def snapshot(path):
    """A directory's files with their sizes and contents' hashes (for "nothing written")."""
    if not os.path.lexists(path):
        return None
    if not os.path.isdir(path) or os.path.islink(path):
        return ("file", os.lstat(path).st_mode)
    entries = {}
    for root, dirs, files in os.walk(path):
        for name in files + dirs:
            p = os.path.join(root, name)
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    entries[os.path.relpath(p, path)] = hash(f.read())
            else:
                entries[os.path.relpath(p, path)] = stat.S_IFMT(st.st_mode)
    return entries


def evaluate(category, name, args, names=None, watch=None, stdin=None, ranks=1):
    """Runs hamdyn ARGS; exit 2, one line naming `names` (a substring, or a list of which one must
    appear), nothing written into `watch` (default: the directory out/). Returns the problems."""
    watch = watch or "out"
    if watch.startswith("out"):
        shutil.rmtree(watch, ignore_errors=True)
    before = snapshot(watch)
    # (mpirun's own banner after a non-zero exit is the launcher's, not hamdyn's: --quiet)
    command = [hamdyn] + args if ranks == 1 else \
        ["mpirun", "--quiet", "--oversubscribe", "-np", str(ranks), hamdyn] + args
    problems = []
    try:
        p = subprocess.run(command, capture_output=True, timeout=60, env=env, stdin=stdin)
        err = p.stderr.decode("utf-8", "replace")
        # warnings about unused keys may come first; the error is the one line that is not one
        lines = [l for l in err.splitlines() if l.strip() and not l.startswith("hamdyn: warning:")]
        if p.returncode != 2:
            problems.append(f"exit {p.returncode}")
        if len(lines) != 1:
            problems.append(f"{len(lines)} lines on stderr")
        elif not lines[0].startswith("hamdyn"):
            problems.append("the line does not start with 'hamdyn'")
        elif len(lines[0]) > 1000:
            problems.append(f"a line of {len(lines[0])} characters")
        elif any(ord(c) < 32 or c == "\ufffd" for c in lines[0]):
            problems.append("unprintable characters")
        wanted = names if isinstance(names, list) else [names] if names else []
        if wanted and lines and not any(w in err for w in wanted):
            problems.append(f"names none of {wanted}")
        if snapshot(watch) != before:
            problems.append(f"{watch} was changed")
    except subprocess.TimeoutExpired:
        problems.append("hang (60 s)")
        err = ""
    return category, name, problems, err


def record(category, name, problems, err):
    counts = results.setdefault(category, [0, 0])
    counts[1] += 1
    if problems:
        defects.append(f"{category}: {name}: {', '.join(problems)}: {err.strip()[:300]!r}")
    else:
        counts[0] += 1


def expect_bad(category, name, args, names=None, watch=None, stdin=None, ranks=1):
    if not only or category in only:
        record(*evaluate(category, name, args, names, watch, stdin, ranks))


def out(*args):
    return list(args) + ["--output", "out"]


# --- every case parameter with wrong values for its kind ------------------------------------------
def parameter_table():
    text = subprocess.run([hamdyn, "parameters"], capture_output=True, text=True, env=env).stdout
    table, section = [], None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Sweep-file parameters"):
            break
        m = re.match(r"^subsection (.*)$", line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r"^  (\S.*?) = ?(.*)$", line)
        if m and section and i + 1 < len(lines) and "allowed:" in lines[i + 1]:
            table.append((section, m.group(1), lines[i + 1].split("allowed:", 1)[1].strip()))
    return table


not_numbers = ["abc", "nan", "inf", "-inf", "1e400", "", "1,2", "--1", "1e", "0.5.5"]
expression_bad = ["1/", "sin(", "(1", "1+*2", "unknown_variable", "1/0", "sqrt(-1)", "1e400*2"]
list_bad = ["0.5", "2:1", "-0.5:1", "0.5:1;;0.6:1", "a:b", "0.5:nan", "0.5:1:2", ";",
            "0.5:inf", "nan:1", "0.5:", "0.5:1;"]


def bad_values(allowed):
    """The values out of the kind's range (every one is tried on every parameter of the kind) and
    the values that are not of the kind at all (read by the one parser of the kind: each parameter
    gets a few of them, see `rotated`)."""
    a = allowed
    if a.startswith("a real number >= 0"):
        return ["-1", "-1e-300"], not_numbers
    if a.startswith("a real number > 0"):
        return ["0", "-1", "-0"], not_numbers
    if a.startswith("a real number in (-1, 0.5]"):
        return ["-1", "0.6"], not_numbers
    if a == "a real number" or a.startswith("a real number ("):
        return [], not_numbers
    if a.startswith("a real number, or an expression in x"):  # not finite somewhere on [0, L]
        return ["1/x", "sqrt(x - 0.5)", "1/0"], not_numbers
    if a.startswith("a real number in [0, 1]"):
        return ["-0.1", "1.1"], not_numbers
    if a.startswith("a real number in (0, 1e-2]"):
        return ["0", "0.1", "-1"], not_numbers
    if a.startswith("an integer from 1 to 4"):
        return ["0", "5", "1.5", "2147483648", "abc", ""], []
    if a.startswith("an integer from 1 to 1000"):
        return ["0", "1001", "1.5", "abc", ""], []
    if a.startswith("an integer from 2 to 12"):
        return ["1", "13", "1.5", "abc", ""], []
    if a.startswith("an integer >= 1"):
        return ["0", "-1", "1.5", "2147483648", "99999999999999999999", "abc", ""], []
    if a.startswith("an integer >= 0"):
        return ["-1", "1.5", "99999999999999999999", "abc", ""], []
    if a.startswith("0 or an integer from 2 to 1000000"):
        return ["1", "-1", "1000001", "abc", ""], []
    if a.startswith("an expression"):
        return [], expression_bad
    if a.startswith("';'-separated"):  # a negative number is bad, a negative law or force is not
        return (["0.5:-1"] if "value >= 0" in a or "mass > 0" in a else []), list_bad
    if a.startswith("empty or comma-separated positions"):
        return ["2", "-1", "a", "0.5,,0.6", "nan", "0.5,"], []
    if " | " in a and ":" not in a:
        return ["bogus", "String"], []  # a selection (case matters)
    return [], []


# Each input costs about a second of MPI and PETSc start-up, and a kind's malformed values all go
# through that kind's one parser: the n-th parameter of a kind gets `per_parameter` of them,
# starting `per_parameter` further along the list than the parameter before, so every malformed
# value still meets several parameters of its kind.
per_parameter = 3


def rotated(values, n):
    if not values:
        return []
    start = n * per_parameter
    return [values[(start + j) % len(values)] for j in range(min(per_parameter, len(values)))]


def parameter_context(section, key, allowed):
    """The command and base case in which `section/key` is read."""
    if section in ("Discrete system", "Constraints"):
        return "run", [os.path.join(source, "cases/seeds/gear_train.prm")]
    if section == "Cable":
        return "static", [os.path.join(source, "cases/hanging_cable.prm")]
    if section == "Planar beam" or (section, key) in (("Static", "Path"),
                                                      ("Static", "Arc length steps")):
        return "static", [os.path.join(source, "cases/roll_up.prm")]
    if (section, key) == ("Frequency response", "Support motion"):  # a cable's
        return "response", [os.path.join(source, "cases/hanging_cable.prm")]
    if section == "Frequency response":  # what `response` reads (a PSD's values: at its frequencies)
        return "response", []
    if section == "Section":  # read with a shape that uses the key: a tube, or a rectangle
        tube = ["modes", os.path.join(source, "cases/steel_tube_cantilever.prm")]
        if key in ("Width", "Height"):
            return tube[0], tube[1:] + ["--set", "Section/Shape=rectangle", "--set", "Section/Width=0.05",
                                        "--set", "Section/Height=0.1"]
        return tube[0], tube[1:]
    beam_key = "(beams)" in allowed or key in (
        "Rotary inertia", "Rotational spring", "Rotational dashpot", "Moment",
        "Rotational spring law", "Rotary inertia per length")
    if section.endswith(" end"):  # an end's devices act only where its support leaves it free
        beam = ["--set", "Model/Type=euler bernoulli beam"] if beam_key else []
        other = "Right end" if section == "Left end" else "Left end"
        return "run", beam + ["--set", f"{section}/Support=free", "--set",
                              f"{other}/Support={'clamped' if beam_key else 'fixed'}"]
    if beam_key:
        return "run", ["--set", "Model/Type=euler bernoulli beam", "--set", "Left end/Support=clamped",
                       "--set", "Right end/Support=free"]
    if "(Timoshenko" in allowed:
        return "run", ["--set", "Model/Type=timoshenko beam"]
    if section == "Modes":
        return "modes", []
    if section == "Convergence":
        return "converge", []
    return "run", []


# Each input takes about a second (the MPI and PETSc start-up): two at a time, each into its own
# output directory.
jobs = []
seen_of_kind = {}  # id of a list of malformed values -> parameters that got some of them
for section, key, allowed in parameter_table() if not only or "parameters" in only else []:
    if (section, key) in (("Output", "Directory"),):
        continue
    command, base = parameter_context(section, key, allowed)
    out_of_range, malformed = bad_values(allowed)
    n = seen_of_kind.get(id(malformed), 0)
    seen_of_kind[id(malformed)] = n + 1
    for value in out_of_range + rotated(malformed, n):
        directory = f"out_{len(jobs)}"
        jobs.append(("parameters", f"{section}/{key} = {value!r}",
                     [command, *base, "--set", f"{section}/{key}={value}", "--output", directory],
                     [f"{section}/{key}", key], directory))
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for result in pool.map(lambda job: evaluate(*job), jobs):
        record(*result)

# --- messages ------------------------------------------------------------------------------------
expect_bad("messages", "a 100 kB value", out("run", "--set", "Model/Tension=" + "1" * 100000 + "x"),
           "Model/Tension")
expect_bad("messages", "binary garbage in a value",
           out("run", "--set", "Model/Tension=\x01\x02\x7f\xc3\x28\xff"), "Model/Tension")
for i, garbage in enumerate([b"\x00\x01\x02subsection Model\n", b"subsection Model\n set Tension = 1\x00 0\nend\n",
                             bytes(range(256)) * 4, b"\xff\xfe" + "subsection".encode("utf-16-le"),
                             b"subsection Model\n  set Tension = " + b"9" * 1000000 + b"x\nend\n"]):
    with open(f"garbage{i}.prm", "wb") as f:
        f.write(garbage)
    expect_bad("messages", f"garbage case file {i}", out("run", f"garbage{i}.prm"),
               [f"garbage{i}.prm", "Model/Tension"])
expect_bad("messages", "Elements = 2147483648",
           out("run", "--set", "Discretization/Elements=2147483648"), "Discretization/Elements")
expect_bad("messages", "2 ranks: one line per job",
           out("run", "--set", "Model/Tension=-1"), "Model/Tension", ranks=2)
expect_bad("messages", "unknown command", ["runn"], "runn")
expect_bad("messages", "missing case file", out("run", "nowhere.prm"), "nowhere.prm")
os.makedirs("a_directory.prm", exist_ok=True)
expect_bad("messages", "case file is a directory", out("run", "a_directory.prm"), "a_directory.prm")
if not os.path.exists("a_fifo.prm"):
    os.mkfifo("a_fifo.prm")
expect_bad("messages", "case file is a FIFO", out("run", "a_fifo.prm"), "a_fifo.prm")

# --- damaged and foreign checkpoints -------------------------------------------------------------
MAGIC = b"hamdyn checkpoint 2\n"


def fnv(data):
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def read_records(data):
    body = data[len(MAGIC):-8]
    pos, records = 0, []
    while body[pos:pos + 1] != b"E":
        kind = body[pos:pos + 1]
        pos += 1
        n = struct.unpack_from("<Q", body, pos)[0]
        pos += 8
        name = body[pos:pos + n].decode()
        pos += n
        n = struct.unpack_from("<Q", body, pos)[0]
        pos += 8
        size = n * 8 if kind == b"N" else n
        payload = body[pos:pos + size]
        pos += size
        records.append([kind, name, n, payload])
    return records


def write_records(records, count=None):
    body = MAGIC
    for kind, name, n, payload in records:
        body += kind + struct.pack("<Q", len(name)) + name.encode() + struct.pack("<Q", n) + payload
    body += b"E" + struct.pack("<Q", len(records) if count is None else count)
    return body + struct.pack("<Q", fnv(body))


def finished_run(directory, args):
    """A run of the built-in example, 400 steps: its checkpoint is the end state (a resume of it
    has nothing to do and exits 0, so every refusal below is the damage's)."""
    shutil.rmtree(directory, ignore_errors=True)
    subprocess.run([hamdyn, "run", *args, "--set", "Time integration/Final time=0.04", "--output", directory],
                   capture_output=True, env=env, check=True)
    return directory


def set_number(records, name, values):
    for r in records:
        if r[1] == name:
            r[2] = len(values)
            r[3] = struct.pack(f"<{len(values)}d", *values)
            return records
    raise KeyError(name)


def damaged(category, label, mutate, names=("checkpoint.bin",), base="line", extra=()):
    if only and category not in only:
        return
    template = {"line": "line_run", "discrete": "discrete_run"}[base]
    d = f"resume_{len(results.get(category, [0, 0]))}_{results.get(category, [0, 0])[1]}"
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(template, d, symlinks=True)
    mutate(d)
    expect_bad(category, label, ["run", "--resume", d, *extra], list(names), watch=d)
    shutil.rmtree(d, ignore_errors=True)


if not only or "checkpoints" in only:
    finished_run("line_run", [])
    with open("line_run/checkpoint.bin", "rb") as f:
        good = f.read()
    shutil.rmtree("discrete_run", ignore_errors=True)
    subprocess.run([hamdyn, "run", os.path.join(source, "cases/seeds/two_masses_inertial.prm"),
                    "--set", "Time integration/Final time=1", "--output", "discrete_run"],
                   capture_output=True, env=env, check=True)
    with open("discrete_run/checkpoint.bin", "rb") as f:
        good_discrete = f.read()

    def write_checkpoint(d, data):
        with open(os.path.join(d, "checkpoint.bin"), "wb") as f:
            f.write(data)

    def records_edit(edit, data=None):
        def mutate(d):
            records = read_records(data or good)
            result = edit(records)
            write_checkpoint(d, result if isinstance(result, bytes) else write_records(records))
        return mutate

    for cut in [0, 5, 19, 20, 21, 30, 100, len(good) // 2, len(good) - 9, len(good) - 1]:
        damaged("checkpoints", f"cut to {cut} bytes",
                lambda d, cut=cut: write_checkpoint(d, good[:cut]))
    for at in [25, 40, 200, len(good) // 3, len(good) // 2, len(good) - 20, len(good) - 3]:
        damaged("checkpoints", f"byte {at} flipped",
                lambda d, at=at: write_checkpoint(d, good[:at] + bytes([good[at] ^ 0x5A]) + good[at + 1:]))
    damaged("checkpoints", "a directory", lambda d: (os.remove(f"{d}/checkpoint.bin"),
                                                     os.mkdir(f"{d}/checkpoint.bin")))
    damaged("checkpoints", "a FIFO", lambda d: (os.remove(f"{d}/checkpoint.bin"),
                                                os.mkfifo(f"{d}/checkpoint.bin")))
    damaged("checkpoints", "missing", lambda d: os.remove(f"{d}/checkpoint.bin"))
    damaged("checkpoints", "empty", lambda d: write_checkpoint(d, b""))
    damaged("checkpoints", "format 1", lambda d: write_checkpoint(d, b"hamdyn checkpoint 1\n" + good[20:]))
    damaged("checkpoints", "format 99", lambda d: write_checkpoint(d, b"hamdyn checkpoint 99\n" + good[20:]))
    damaged("checkpoints", "a text file", lambda d: write_checkpoint(d, b"hello\n"))
    damaged("checkpoints", "huge name length (checksum fixed)", records_edit(
        lambda r: MAGIC + b"N" + struct.pack("<Q", 2**62) + b"x" * 16 + b"E" + struct.pack("<Q", 1)
        + struct.pack("<Q", fnv(MAGIC + b"N" + struct.pack("<Q", 2**62) + b"x" * 16 + b"E"
                                + struct.pack("<Q", 1)))))
    damaged("checkpoints", "wrong record count", records_edit(lambda r: write_records(r, 3)))
    for step in [1e6, -5, 2.5, 1001, float("nan")]:
        damaged("checkpoints", f"step {step}", records_edit(lambda r, s=step: set_number(r, "step", [s])))
    for t in [-1e300, 1e300, 0.5]:
        damaged("checkpoints", f"time {t}", records_edit(lambda r, t=t: set_number(r, "time", [t])))
    damaged("checkpoints", "NaN in u", records_edit(
        lambda r: [x for x in r if x[1] == "u"] and set_number(
            r, "u", [float("nan")] + list(struct.unpack(f"<{next(x for x in r if x[1] == 'u')[2]}d",
                                                        next(x for x in r if x[1] == 'u')[3]))[1:])))
    damaged("checkpoints", "an infinite ledger sum", records_edit(
        lambda r: set_number(r, "ledger", [float("inf")] * 8)))
    damaged("checkpoints", "u of another length", records_edit(lambda r: set_number(r, "u", [0.0] * 7)))
    damaged("checkpoints", "ledger of 3 sums", records_edit(lambda r: set_number(r, "ledger", [0.0] * 3)))
    damaged("checkpoints", "largest of 2", records_edit(lambda r: set_number(r, "largest", [0.0] * 2)))
    damaged("checkpoints", "step record missing", records_edit(
        lambda r: write_records([x for x in r if x[1] != "step"])))
    damaged("checkpoints", "a discrete run's checkpoint", lambda d: write_checkpoint(d, good_discrete))
    damaged("checkpoints", "a line run's checkpoint in a discrete run",
            lambda d: write_checkpoint(d, good), base="discrete")
    for key, value in [("Discretization", "Elements = 400"), ("Discretization", "Degree = 3"),
                       ("Time integration", "Time step = 5e-5"), ("Model", "Type = euler bernoulli beam"),
                       ("Output", "Probes = 0.25")]:
        def edit_prm(d, key=key, value=value):
            path = f"{d}/used_parameters.prm"
            text = open(path).read()
            name = value.split(" = ")[0]
            text = re.sub(rf"(set {re.escape(name)}\s*=).*", f"set {value}", text, count=1)
            open(path, "w").write(text)
        damaged("checkpoints", f"used_parameters.prm changed: {value}", edit_prm,
                names=["checkpoint", "used_parameters.prm", "Time step", "Type"])
    damaged("checkpoints", "history.csv missing", lambda d: os.remove(f"{d}/history.csv"),
            names=["history.csv"])
    damaged("checkpoints", "history.csv cut", lambda d: open(f"{d}/history.csv", "r+").truncate(100),
            names=["history.csv"])
    damaged("checkpoints", "spacetime.bin missing", lambda d: os.remove(f"{d}/spacetime.bin"),
            names=["spacetime.bin"])
    damaged("checkpoints", "used_parameters.prm missing", lambda d: os.remove(f"{d}/used_parameters.prm"),
            names=["used_parameters.prm"])
    expect_bad("checkpoints", "--resume of a missing directory", ["run", "--resume", "nowhere"],
               "nowhere", watch="nowhere")
    for cut in [25, 60, 500]:
        damaged("checkpoints", f"discrete: cut to {cut} bytes",
                lambda d, cut=cut: write_checkpoint(d, good_discrete[:cut]), base="discrete")
    for step in [1e6, -5]:
        damaged("checkpoints", f"discrete: step {step}", records_edit(
            lambda r, s=step: set_number(r, "step", [s]), good_discrete), base="discrete")

# --- mesh files ----------------------------------------------------------------------------------
good_mesh = open(os.path.join(source, "meshes/string_graded.msh")).read()
meshes = {
    "empty": "",
    "format 4.1 header on a 2.2 body": good_mesh.replace("2.2 0 8", "4.1 0 8"),
    "binary flag on an ASCII body": good_mesh.replace("2.2 0 8", "2.2 1 8"),
    "no nodes section": re.sub(r"\$Nodes.*?\$EndNodes\n", "", good_mesh, flags=re.S),
    "node count too large": good_mesh.replace("$Nodes\n121", "$Nodes\n1000000000000"),
    "node count negative": good_mesh.replace("$Nodes\n121", "$Nodes\n-3"),
    "a negative node id": good_mesh.replace("\n3 0.02194276585264933 0 0", "\n-3 0.02194276585264933 0 0"),
    "a line along y = x": re.sub(r"^(\d+) (\S+) 0 0$", r"\1 \2 \2 0", good_mesh, flags=re.M),
    "a NaN coordinate": good_mesh.replace("\n3 0.02194276585264933 0 0", "\n3 nan 0 0"),
    "a duplicate node": good_mesh.replace("\n4 0.04344667652114935 0 0", "\n3 0.04344667652114935 0 0"),
    "truncated": good_mesh[: len(good_mesh) // 2],
    "garbage": "\x00\x01binary",
    "a 2D mesh": open(os.path.join(source, "meshes/square_2d.msh")).read(),
    "elements naming missing nodes": re.sub(r"(\$Elements\n\d+\n\d+ \d+ \d+ \d+ \d+ )\d+", r"\g<1>99999",
                                            good_mesh),
}
for label, text in meshes.items():
    path = f"mesh_{len(results.get('meshes', [0, 0]))}_{results.get('meshes', [0, 0])[1]}.msh"
    with open(path, "w") as f:
        f.write(text)
    expect_bad("meshes", label, out("run", "--set", f"Discretization/Mesh file={os.path.abspath(path)}"),
               ["Discretization/Mesh file", "msh"])
os.makedirs("mesh_dir.msh", exist_ok=True)
expect_bad("meshes", "a directory", out("run", "--set", f"Discretization/Mesh file={work}/mesh_dir.msh"),
           ["Discretization/Mesh file", "mesh_dir.msh"])
if not os.path.exists("mesh_fifo.msh"):
    os.mkfifo("mesh_fifo.msh")
expect_bad("meshes", "a FIFO", out("run", "--set", f"Discretization/Mesh file={work}/mesh_fifo.msh"),
           ["Discretization/Mesh file", "mesh_fifo.msh"])
expect_bad("meshes", "missing", out("run", "--set", "Discretization/Mesh file=nowhere.msh"),
           ["Discretization/Mesh file", "nowhere.msh"])

# --- batch sweeps ----------------------------------------------------------------------------------
def sweep(category, label, text, names, extra=(), table=None):
    if table is not None:
        with open("table.csv", "w") as f:
            f.write(table)
    with open("sweep.prm", "w") as f:
        f.write(text)
    expect_bad(category, label, ["batch", "sweep.prm", "--output", "out", *extra], names)


with open("base.prm", "w") as f:
    f.write("subsection Model\n set Tension = -5\nend\n")
sweep("batch", "bad value in the base case", "subsection Batch\n set Case = base.prm\nend\n",
      ["Model/Tension", "base.prm"])
sweep("batch", "bad value in the sweep's overrides",
      "subsection Batch\nend\nsubsection Model\n set Tension = -5\nend\n", "Model/Tension")
sweep("batch", "bad value in --set", "subsection Batch\nend\n", "Model/Tension",
      ["--set", "Model/Tension=-5"])
sweep("batch", "a bad member value", "subsection Batch\n set Values = Model/Tension = 1, -5\nend\n",
      "Model/Tension")
sweep("batch", "the same key twice in Values",
      "subsection Batch\n set Values = Model/Tension = 1, 2; Model/Tension = 3\nend\n", "Model/Tension")
sweep("batch", "a duplicated Table column", "subsection Batch\n set Table = table.csv\nend\n",
      "Model/Tension", table="Model/Tension,Model/Tension\n1,2\n")
sweep("batch", "a 1 MB table cell", "subsection Batch\n set Table = table.csv\nend\n",
      "Model/Tension", table="Model/Tension\n" + "1" * 1000000 + "x\n")
sweep("batch", "an empty Values list", "subsection Batch\n set Values = Model/Tension = \nend\n",
      "Batch/Values")
sweep("batch", "Values without '='", "subsection Batch\n set Values = Model/Tension\nend\n",
      "Batch/Values")
sweep("batch", "an unterminated quote in Values",
      "subsection Batch\n set Values = Attachments/Oscillators = \"10:400,1e4,30\nend\n", "Batch/Values")
sweep("batch", "10^9 combinations",
      "subsection Batch\n set Values = " + "; ".join(
          f"{k} = " + ", ".join(str(1 + i) for i in range(32)) for k in
          ["Model/Tension", "Model/Length", "Model/Mass per length", "Right end/Point mass",
           "Right end/Spring", "Model/Viscous damping"]) + "\nend\n",
      ["Batch/Values"])
if not os.path.exists("table_fifo.csv"):
    os.mkfifo("table_fifo.csv")
sweep("batch", "a Table that is a FIFO", "subsection Batch\n set Table = table_fifo.csv\nend\n",
      ["Batch/Table", "table_fifo.csv"])
sweep("batch", "a Table that is a directory", "subsection Batch\n set Table = .\nend\n", "Batch/Table")
with open("sweep.prm", "w") as f:
    f.write("subsection Batch\nend\n")
expect_bad("batch", "--merge on a missing directory",
           ["batch", "sweep.prm", "--output", "nowhere_dir", "--merge"], "nowhere_dir",
           watch="nowhere_dir")
expect_bad("batch", "a missing sweep file", ["batch", "nowhere.prm", "--output", "out"], "nowhere.prm")
sweep("batch", "a binary sweep file", "\x00\x01\x02", "sweep.prm")

# --- discrete systems ----------------------------------------------------------------------------
seed = os.path.join(source, "cases/seeds/two_masses_inertial.prm")
gear = os.path.join(source, "cases/seeds/gear_train.prm")
seed_text = open(seed).read()
for label, key, value in [
    ("a stray operator in a combination", "Inertias", "M1: 1 @ y1 +* y2; M2: 0.5 @ y2"),
    ("a dashpot with three numbers", "Dashpots", "C1: 1, 2, 3 @ y1"),
    ("an unknown coordinate", "Springs", "K1: 10*e @ y9"),
    ("a spring law 1e400*e", "Springs", "K1: 1e400*e @ y1"),
    ("a force 1/t", "Forces", "F: 1/t @ y1"),
    ("a NaN force", "Forces", "F: sqrt(-1) @ y1"),
    ("a negative inertia", "Inertias", "M1: -1 @ y1; M2: 0.5 @ y2"),
    ("an empty name", "Springs", ": 10*e @ y1"),
    ("an empty entry", "Springs", "K1: 400*e @ y1;; K3: 300*e @ y2"),
    ("a coordinate twice", "Coordinates", "y1, y1"),
    ("a coordinate named t", "Coordinates", "t, y2"),
    ("an initial displacement of an unknown coordinate", "Initial displacements", "y7: 1"),
]:
    expect_bad("discrete", label, out("run", seed, "--set", f"Discrete system/{key}={value}"),
               f"Discrete system/{key}")
expect_bad("discrete", "a spring named like an inertia",
           out("run", gear, "--set", "Discrete system/Springs=J1: 10*e @ th1"), "Discrete system/Springs")
disk = os.path.join(source, "cases/seeds/rolling_disk.prm")
for label, key, value, names in [
    ("a rate squared in a non-holonomic link", "Nonholonomic", "roll_x: v_x^2 - 0.1*v_phi; roll_y: v_y",
     "Constraints/Nonholonomic"),
    ("a rate in a holonomic link", "Holonomic", "h: x - v_y", "Constraints/Holonomic"),
    ("a holonomic link the initial positions break", "Holonomic", "h: x - 1",
     "Discrete system/Initial displacements"),
    ("a link 1e400*x", "Holonomic", "h: 1e400*x", "Constraints/Holonomic"),
    ("a holonomic link named like a non-holonomic one", "Holonomic", "roll_x: x",
     "Constraints/Nonholonomic"),
]:
    expect_bad("discrete", label, out("run", disk, "--set", f"Constraints/{key}={value}"), names)
expect_bad("discrete", "modes of a non-holonomic system", out("modes", disk), "Constraints/Nonholonomic")
expect_bad("discrete", "a constraint d(t) = 1/t",
           out("run", gear, "--set", "Constraints/Equations=mesh: 1/t @ th2 - (20/40)*th1"),
           "Constraints/Equations")

# --- parameters of absurd scale -------------------------------------------------------------------
for key in ("Displacement", "Velocity"):
    expect_bad("scale", f"Initial conditions/{key} = 1e200*x",
               out("run", "--set", f"Initial conditions/{key}=1e200*x"), f"Initial conditions/{key}")
pinned_beam = ["--set", "Left end/Support=pinned", "--set", "Right end/Support=pinned"]
for label, args, name in [
    ("Tension 1e308", ["--set", "Model/Tension=1e308"], "Model/Tension"),
    ("Mass per length 1e-307", ["--set", "Model/Mass per length=1e-307"], "Model/Mass per length"),
    ("Mass per length 1e308", ["--set", "Model/Mass per length=1e308"], "Model/Mass per length"),
    ("Grading 1e300", ["--set", "Discretization/Grading=1e300"], "Discretization/Grading"),
    ("Grading 1e-300", ["--set", "Discretization/Grading=1e-300"], "Discretization/Grading"),
    ("Bending stiffness 1e308", ["--set", "Model/Type=euler bernoulli beam", *pinned_beam,
                                 "--set", "Model/Bending stiffness=1e308"], "Model/Bending stiffness"),
    ("Shear stiffness 1e300", ["--set", "Model/Type=timoshenko beam", *pinned_beam,
                               "--set", "Model/Shear stiffness=1e300"], "Model/Shear stiffness"),
    ("a load 1/x", ["--set", "Load/Distributed force=1/x"], "Load/Distributed force"),
    ("an initial shape log(x)", ["--set", "Initial conditions/Displacement=log(x)"],
     "Initial conditions/Displacement"),
    ("an initial shape 1/(x-0.5)", ["--set", "Initial conditions/Displacement=1/(x-0.5)"],
     "Initial conditions/Displacement"),
]:
    for command in ("run", "modes"):
        expect_bad("scale", f"{command}: {label}", out(command, *args), name)

# --- studies too big for this machine's memory ------------------------------------------------------
for label, args, names in [
    ("converge: 12 levels of 200 000 elements",
     ["converge", "--set", "Discretization/Elements=200000", "--set", "Convergence/Levels=12"], "needs about"),
    ("modes: 19 999 modes of 20 000 elements",
     ["modes", "--set", "Discretization/Elements=20000", "--set", "Modes/Number of modes=19999"], "needs about"),
    ("space-time: 10^6 points by 10^6 snapshots",
     ["run", "--set", "Output/Space-time points=1000000", "--set", "Output/Snapshot interval=1",
      "--set", "Time integration/Final time=100"], "needs about"),
    ("10^9 elements", ["run", "--set", "Discretization/Elements=1000000000"], "needs about"),
    ("response, modal: 10^4 modes of 10^4 elements",
     ["response", "--set", "Frequency response/Method=modal", "--set", "Modes/Number of modes=10000",
      "--set", "Discretization/Elements=10000", "--set", "Frequency response/Forces=0.5:1"],
     ["Modes/Number of modes", "needs about"]),
    ("response: 10^7 elements at one frequency",
     ["response", "--set", "Discretization/Elements=10000000", "--set", "Frequency response/Frequencies=10",
      "--set", "Frequency response/Forces=0.5:1"], ["Discretization/Elements", "needs about"]),
]:
    expect_bad("memory", label, out(*args), names)
# a discrete system of 10^5 coordinates (dense matrices: 80 GB each), refused before its elements
# are parsed (it once grew past 3 GB doing that)
with open("big_discrete.prm", "w") as f:
    n = 100000
    f.write("subsection Model\n  set Type = discrete\nend\nsubsection Discrete system\n")
    f.write("  set Coordinates = " + ", ".join(f"q{i}" for i in range(n)) + "\n")
    f.write("  set Inertias = " + "; ".join(f"M{i}: 1 @ q{i}" for i in range(n)) + "\n")
    f.write("  set Springs = " + "; ".join(f"K{i}: 100*e @ q{i}" for i in range(n)) + "\nend\n")
expect_bad("memory", "a discrete system of 10^5 coordinates", out("run", "big_discrete.prm"),
           "Discrete system/Coordinates")

# --- records, expressions, lists and discrete states (issue 48) ------------------------------------
if not os.path.exists("record_fifo.AT2"):
    os.mkfifo("record_fifo.AT2")
if not os.path.lexists("record_loop.csv"):
    os.symlink("record_loop.csv", "record_loop.csv")
with open("npts.AT2", "w") as f:
    f.write("PEER\nsynthetic\nUNITS OF G\nNPTS= 9223372036854775808, DT= .01 SEC\n0.1 0.2\n")
for label, path in [("a FIFO", "record_fifo.AT2"), ("a symlink loop", "record_loop.csv"),
                    ("NPTS past a long", "npts.AT2")]:
    expect_bad("records", f"Ground motion/Acceleration file: {label}",
               out("run", "--set", f"Ground motion/Acceleration file={work}/{path}"),
               "Ground motion/Acceleration file")
for label, args, names in [
    ("a ',' in a moving force", ["--set", "Moving loads/Forces=P: 1, 2 @ t"], "Moving loads/Forces"),
    ("a ',' in a load", ["--set", "Load/Distributed force=1, 2"], "Load/Distributed force"),
    ("Frequencies = 0x10", ["--set", "Frequency response/Frequencies=0x10"],
     "Frequency response/Frequencies"),
    ("Definitions with ';;'", ["--set", "Variables/Definitions=a = 1;; b = 2"], "Variables/Definitions"),
    ("Definitions ending in ';'", ["--set", "Variables/Definitions=a = 1;"], "Variables/Definitions"),
    ("a subnormal definition", ["--set", "Variables/Definitions=a = 1e-320"], "Variables/Definitions"),
    ("a moving mass at sqrt(t)", ["--set", "Moving loads/Masses=m: 1 @ sqrt(t)"], "Moving loads/Masses"),
    ("Rayleigh stiffness coefficient 1e300",
     ["--set", "Model/Type=euler bernoulli beam", "--set", "Right end/Support=pinned",
      "--set", "Left end/Support=pinned", "--set", "Model/Rayleigh stiffness coefficient=1e300"],
     "Model/Rayleigh stiffness coefficient"),
    ("Rayleigh mass coefficient 1e300", ["--set", "Model/Rayleigh mass coefficient=1e300"],
     "Model/Rayleigh mass coefficient"),
]:
    command = "response" if "Frequencies" in label else "run"
    expect_bad("expressions", label, out(command, *args), names)
# 10^4 chained Variables (once quadratic in their count: 1000 took 4.3 s) before a bad Tension
with open("chained.prm", "w") as f:
    f.write("subsection Variables\n set Definitions = a1 = 1; "
            + "; ".join(f"a{i} = a{i - 1} + 1" for i in range(2, 10001)) + "\nend\n"
            + "subsection Model\n set Tension = -a10000\nend\n")
expect_bad("expressions", "10^4 chained Variables and a bad Tension", out("run", "chained.prm"),
           "Model/Tension")


def discrete_case(name, coordinates, **keys):
    with open(name, "w") as f:
        f.write("subsection Model\n set Type = discrete\nend\nsubsection Discrete system\n")
        f.write(f" set Coordinates = {coordinates}\n")
        for key, value in keys.items():
            if key != "Holonomic":
                f.write(f" set {key.replace('_', ' ')} = {value}\n")
        f.write("end\n")
        if "Holonomic" in keys:
            f.write(f"subsection Constraints\n set Holonomic = {keys['Holonomic']}\nend\n")
    return name


n = 60
for label, path, names in [
    ("a mass matrix singular at the start", discrete_case(
        "singular.prm", "th", Kinetic_energy="0.5*cos(th)^2*v_th^2", Initial_displacements="th: pi/2"),
     "Discrete system/Kinetic energy"),
    ("a negative-definite kinetic energy", discrete_case(
        "negative.prm", "th", Kinetic_energy="-0.5*v_th^2", Potential_energy="th^2"),
     "Discrete system/Kinetic energy"),
    ("a link whose gradient vanishes at the start", discrete_case(
        "rod.prm", "x, y", Kinetic_energy="0.5*(v_x^2+v_y^2)", Potential_energy="9.81*y",
        Initial_displacements="x: 1", Holonomic="rod: (x^2+y^2-1)^2"), "rod"),
    ("Points at sqrt(th1 - 1) from th1 = 1", discrete_case(
        "points.prm", "th1", Points="m1: 1 @ sqrt(th1-1), 0", Initial_displacements="th1: 1"),
     "Discrete system/Points"),
    ("a kinetic energy 1/(th1 - 1) at th1 = 1", discrete_case(
        "pole.prm", "th1", Kinetic_energy="0.5*v_th1^2/(th1-1)", Initial_displacements="th1: 1"),
     "Discrete system/Kinetic energy"),
    ("a potential 1/x at x = 0", discrete_case(
        "inverse.prm", "x", Kinetic_energy="0.5*v_x^2", Potential_energy="1/x"),
     "Discrete system/Potential energy"),
    ("a potential log(x) at x = 0", discrete_case(
        "log.prm", "x", Kinetic_energy="0.5*v_x^2", Potential_energy="log(x)"),
     "Discrete system/Potential energy"),
    ("a potential of sin( nested 3000 deep", discrete_case(
        "deep.prm", "x", Kinetic_energy="0.5*v_x^2", Potential_energy="sin(" * 3000 + "x" + ")" * 3000),
     "Discrete system/Potential energy"),
    ("a kinetic energy holding a product of 60 coordinates", discrete_case(
        "product.prm", ", ".join(f"q{i}" for i in range(n)),
        Kinetic_energy="0.5*(" + "+".join(f"v_q{i}^2" for i in range(n)) + ")*("
        + "*".join(f"(1+q{i})" for i in range(n)) + ")"), "Discrete system/Kinetic energy"),
    ("1000 coordinates by their energies (n^2 symbolic forms)", discrete_case(
        "chain.prm", ", ".join(f"q{i}" for i in range(1000)),
        Kinetic_energy="0.5*(" + "+".join(f"v_q{i}^2" for i in range(1000)) + ")"),
     "Discrete system/Coordinates"),
]:
    expect_bad("discrete", label, out("run", path), names)

# a resumed directory whose used_parameters.prm was edited after the run started
if not only or "checkpoints" in only:
    def edit_rayleigh(d):
        path = f"{d}/used_parameters.prm"
        text = re.sub(r"(set Viscous damping\s*=).*", r"\1 1e300", open(path).read(), count=1)
        open(path, "w").write(text)
    damaged("checkpoints", "used_parameters.prm changed: Viscous damping = 1e300", edit_rayleigh,
            names=["Model/Viscous damping"])

# a batch whose members fail a check only their study makes: each a bad input row, said on stderr
for label, text, names in [
    ("spectrum without ground motion", "subsection Batch\n set Study = spectrum\nend\n", "Ground motion"),
    ("buckling of a string", "subsection Batch\n set Study = buckling\nend\n", "buckling"),
]:
    if only and "batch" not in only:
        continue
    with open("study_sweep.prm", "w") as f:
        f.write(text)
    shutil.rmtree("study_out", ignore_errors=True)
    p = subprocess.run([hamdyn, "batch", "study_sweep.prm", "--output", "study_out"], capture_output=True,
                       timeout=60, env=env)
    err = p.stderr.decode("utf-8", "replace")
    summary = open("study_out/summary.csv").read() if os.path.exists("study_out/summary.csv") else ""
    problems = []
    if p.returncode != 1:
        problems.append(f"exit {p.returncode}")
    if "bad input" not in summary:
        problems.append("no bad input row in summary.csv")
    if names not in err or "hamdyn batch" not in err:
        problems.append("stderr does not say it")
    record("batch", f"a member's study-only check: {label}", problems, err)

# --- the figure ----------------------------------------------------------------------------------
total = sum(t for _, t in results.values())
handled = sum(h for h, _ in results.values())
for category, (h, t) in results.items():
    print(f"{category:12s} {h:4d} of {t:4d} handled")
print(f"bad-input battery: {handled} of {total} inputs handled ({100.0 * handled / max(total, 1):.1f} %)")
for d in defects:
    print("DEFECT", d)
shutil.rmtree(work, ignore_errors=True)
sys.exit(0 if handled == total and total > 0 else 1)
