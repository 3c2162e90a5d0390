"""Start-up checks shared by hamdyn's Python scripts (plain Python 3, no packages of its own).

The scripts start as `#!/usr/bin/env python3`, so they run under whatever python3 comes first on
PATH (a pyenv or conda one, ParaView's pvpython when started by it). That one may lack the
Debian packages a script needs (python3-matplotlib, python3-vtk9); require() then starts the
script again under Debian's /usr/bin/python3, which has them once scripts/install-deps ran, and
otherwise stops with one line naming the package to install. with_display() gives the VTK
scripts an X display where there is none (xvfb-run), because Debian's VTK renders through X even
off screen.
"""
import importlib.util
import os
import shutil
import sys

DEBIAN_PYTHON = "/usr/bin/python3"


def _restart(command, marker):
    """Runs this script again under `command` (a list), once: `marker` guards against a loop."""
    if os.environ.get(marker):
        return False
    os.environ[marker] = "1"
    sys.stdout.flush()
    os.execvp(command[0], command + [os.path.abspath(sys.argv[0])] + sys.argv[1:])
    return True  # not reached


def require(modules, packages):
    """Makes sure every module in `modules` imports, else restarts under Debian's python3, else
    exits naming the Debian `packages` to install."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if not missing:
        return
    here = os.path.realpath(sys.executable or "")
    if os.access(DEBIAN_PYTHON, os.X_OK) and here != os.path.realpath(DEBIAN_PYTHON):
        _restart([DEBIAN_PYTHON], "HAMDYN_PYTHON_RESTARTED")
    sys.exit("%s: needs the Python module(s) %s: apt-get install %s"
             % (os.path.basename(sys.argv[0]), ", ".join(missing), packages))


def with_display():
    """Restarts the script under `xvfb-run -a` when there is no X display and xvfb-run exists
    (Debian's VTK needs X even to render off screen); otherwise leaves it as it is."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    xvfb = shutil.which("xvfb-run")
    if xvfb:
        _restart([xvfb, "-a", sys.executable or DEBIAN_PYTHON], "HAMDYN_XVFB_STARTED")
    print("%s: no X display and no xvfb-run (apt-get install xvfb xauth); rendering may fail"
          % os.path.basename(sys.argv[0]), file=sys.stderr)


def exit_on_help(doc):
    """`--help` or `-h` anywhere among the arguments prints the script's documentation (its usage
    line included) and exits 0, before the script reads any file."""
    if any(argument in ("-h", "--help") for argument in sys.argv[1:]):
        print(doc.strip())
        sys.exit(0)
