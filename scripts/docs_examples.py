#!/usr/bin/env python3
"""Runs the manual's examples and draws their pictures, so that no example in the manual can rot
and no picture in it is drawn by hand.

Each docs/examples/NAME.prm is a complete case file whose first lines say how the manual runs it:
  # docs: hamdyn run {case} --output {results}/NAME
  # docs: plot_history.py {results}/NAME --columns u@0.5 --output {pictures}/NAME.png
one command per `# docs:` line, in order: `hamdyn` is the built program, a plot_*.py or
paraview/*.py name is the script of scripts/; {case} is the file itself, {results} a scratch
directory and {pictures} where the manual's pictures go (docs/pictures, which Sphinx reads). Every
file a command names under {pictures} must exist and be non-empty after it. Two more forms show a
long run stopped and resumed:
  # docs: terminate-after-rows N hamdyn run ... --output DIR
starts the run, sends it SIGTERM (a scheduler's time limit) once DIR/history.csv holds more than
N lines (its own progress, never a time) and expects its exit 143;
  # docs: same-bytes FILE_A FILE_B
expects the two files identical, byte for byte.

usage: docs_examples.py HAMDYN RESULTS_DIR PICTURES_DIR [NAME ...]
Exit 0 when every example ran and drew its pictures; 1 naming the first that did not.
"""
import filecmp
import glob
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hamdyn_python  # noqa: E402

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(SCRIPTS), "docs", "examples")


def commands(case):
    with open(case) as f:
        return [line[len("# docs:"):].strip() for line in f if line.startswith("# docs:")]


def program(word, hamdyn):
    if word == "hamdyn":
        return [hamdyn]
    for place in (SCRIPTS, os.path.join(SCRIPTS, "paraview")):
        if os.path.isfile(os.path.join(place, word)):
            return [os.path.join(place, word)]
    sys.exit("docs_examples.py: unknown program %r (hamdyn or a script of scripts/)" % word)


def run(command, rows, words):
    """(exit status, output) of the command; with `rows`, SIGTERM once the history.csv of its
    --output directory holds more than that many lines."""
    history = None
    if rows is not None:
        # an earlier build's history.csv would be counted before the run replaced it
        history = os.path.join(words[words.index("--output") + 1], "history.csv")
        if os.path.exists(history):
            os.remove(history)
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True)
        if history is not None:
            while process.poll() is None and lines(history) <= rows:
                time.sleep(0.02)  # polls the run's own progress: the file, not a duration
            process.send_signal(signal.SIGTERM)
        process.wait()
        log.seek(0)
        return process.returncode, log.read()


def lines(path):
    try:
        with open(path, "rb") as f:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))
    except OSError:
        return 0


def main(arguments):
    hamdyn_python.exit_on_help(__doc__)
    if len(arguments) < 3:
        sys.exit(__doc__)
    hamdyn, results, pictures = (os.path.abspath(a) for a in arguments[:3])
    names = arguments[3:]
    cases = sorted(glob.glob(os.path.join(EXAMPLES, "*.prm")))
    if names:
        cases = [c for c in cases if os.path.splitext(os.path.basename(c))[0] in names]
    os.makedirs(results, exist_ok=True)
    os.makedirs(pictures, exist_ok=True)
    for case in cases:
        name = os.path.splitext(os.path.basename(case))[0]
        steps = commands(case)
        if not steps:
            sys.exit("docs_examples.py: %s has no '# docs:' line" % case)
        for step in steps:
            words = [w.format(case=case, results=results, pictures=pictures)
                     for w in shlex.split(step)]
            if words[0] == "same-bytes":
                if not filecmp.cmp(words[1], words[2], shallow=False):
                    sys.exit("docs_examples.py: %s: %s and %s differ" % (name, words[1], words[2]))
                continue
            rows, expected = None, 0
            if words[0] == "terminate-after-rows":
                rows, expected, words = int(words[1]), 143, words[2:]
            returncode, output = run(program(words[0], hamdyn) + words[1:], rows, words)
            if returncode != expected:
                sys.exit("docs_examples.py: %s: `%s` exited %d (expected %d):\n%s"
                         % (name, step, returncode, expected, output[-3000:]))
            for word in words:  # every picture the step names
                if word.startswith(pictures + os.sep) and (
                        not os.path.isfile(word) or os.path.getsize(word) == 0):
                    sys.exit("docs_examples.py: %s: `%s` wrote no %s" % (name, step, word))
        print("docs example %s: %d command(s) ran" % (name, len(steps)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
