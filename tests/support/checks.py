"""check(name, condition, detail) for the Python tests, like tests/cli/checks.sh for the shell
ones: counts passes, prints each failure with its detail; finish() prints the count and ends the
test with exit 0 or 1 (ctest's pass or fail)."""
import sys

failures = []
passes = 0


def check(name, condition, detail=""):
    global passes
    if condition:
        passes += 1
    else:
        failures.append(name)
        print("FAILED: %s %s" % (name, detail))


def finish(remark=""):
    print("%d passed, %d failed%s" % (passes, len(failures), remark))
    sys.exit(1 if failures else 0)
