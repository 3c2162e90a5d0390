"""What the Python command-line tests share: running hamdyn as a user does (on 1 or more ranks,
into its own output directory, its exit status checked), reading its CSV tables, --set
arguments, and the [ measured ] lines the verification table collects."""
import csv
import os
import subprocess

from checks import check


class Hamdyn:
    """Runs the program `binary`, each run's output in its own directory under `work`."""

    def __init__(self, binary, work):
        self.binary, self.work = binary, work

    def run(self, arguments, name, expect=0, ranks=1):
        """(output directory, the finished process); checks its exit status is `expect`."""
        directory = os.path.join(self.work, name)
        command = [self.binary] + arguments + ["--output", directory]
        if ranks > 1:
            command = ["mpirun", "--oversubscribe", "-np", str(ranks)] + command
        done = subprocess.run(command, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=600)
        check("%s exits %d" % (name, expect), done.returncode == expect,
              (done.stdout + done.stderr)[-1500:])
        return directory, done


def table(path):
    """A CSV table's columns by name; a blank cell (what a method does not give) reads as NaN."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {key: [float(r[key] or "nan") for r in rows] for key in rows[0]} if rows else {}


def ledger(directory):
    """A run's energy ledger from DIR/history.csv: (the largest |external_work|, the largest
    |energy_error|) [J]."""
    history = table(os.path.join(directory, "history.csv"))
    return (max(abs(w) for w in history["external_work"]),
            max(abs(e) for e in history["energy_error"]))


def spectrum_rows(directory):
    """DIR/spectrum_response.csv's rows by quantity (after its comment), or {}."""
    path = os.path.join(directory, "spectrum_response.csv")
    if not os.path.isfile(path):
        return {}
    with open(path) as f:
        return {r["quantity"]: r for r in csv.DictReader(l for l in f if not l.startswith("#"))}


def sets(pairs):
    """--set arguments of "Section/Key=value" pairs."""
    arguments = []
    for pair in pairs:
        arguments += ["--set", pair]
    return arguments


def measured(text):
    print("[ measured ] " + text)
