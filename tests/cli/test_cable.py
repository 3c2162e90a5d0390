#!/usr/bin/env python3
"""The cable through the command line, as a user runs it (Model/Type = cable), against
references derived here:
  - hamdyn static beside the elastic catenary it writes (Irvine 1981, eqs. 2.25-2.27): the
    support reactions converge at order 2 in h from a sag, a straight unstressed start (Code_Aster
    SSNL114's singular start: no tuning) and supports at different levels; the vertical
    reactions carry the whole weight w L0 to round-off;
  - hamdyn run: one stiff element with its consistent mass is the rigid compound pendulum, whose
    period from the horizontal is 4 sqrt(2L/3g) K(sin(theta0/2)) (K by the arithmetic-geometric
    mean, Abramowitz & Stegun 17.6), at rho_inf = 1 and 0.5; a 40-element cable with a point mass
    released from the horizontal keeps T + V to round-off (the energy-consistent midpoint rule)
    or, by generalized alpha at rho_inf = 0.5, never gains energy, and its motion converges at
    order 2 in dt either way;
  - hamdyn modes: a chain hanging from one end against Bernoulli's Bessel frequencies; a shallow
    cable against Irvine & Caughey's on both sides of the modal crossover; the taut limit against
    hamdyn's string;
  - bad input exits 2 with one line naming the key and writes nothing.
usage: test_cable.py HAMDYN SOURCE_DIR
"""
import csv
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402
from hamdyn_cli import Hamdyn, measured, sets, spectrum_rows, table  # noqa: E402

hamdyn, source = sys.argv[1], os.path.abspath(sys.argv[2])
cases = os.path.join(source, "cases")
work = tempfile.mkdtemp()
hamdyn_run = Hamdyn(hamdyn, work).run


def observed_orders(directory):
    """The observed orders of DIR/convergence.csv (after its units comment), where it has one."""
    path = os.path.join(directory, "convergence.csv")
    if not os.path.isfile(path):
        return []
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [float(r["order"]) for r in rows if r["order"] not in ("", "nan")]


# --- statics against the elastic catenary ------------------------------------------------------
hanging = os.path.join(cases, "hanging_cable.prm")
geometries = {
    "sag": [],
    "straight unstressed start": ["Cable/Sag=", "Cable/Unstretched length="],
    "supports at different levels": ["Cable/Right support=100, 30", "Cable/Sag=5"],
}
for label, pairs in geometries.items():
    errors = []
    for n in (50, 100, 200):
        directory, _ = hamdyn_run(["static", hanging] + sets(pairs + ["Discretization/Elements=%d" % n]),
                                  "static %s, %d elements" % (label, n))
        s = table(os.path.join(directory, "static.csv"))
        if not s or "exact_left_reaction_x" not in s:
            check("%s: static.csv with the catenary's columns" % label, False)
            continue
        error = max(abs(s[k][0] - s["exact_" + k][0]) for k in
                    ("left_reaction_x", "left_reaction_z", "right_reaction_x", "right_reaction_z"))
        errors.append(error / abs(s["exact_left_reaction_x"][0]))
        weight = 2 * 9.81 * s["unstretched_length"][0]
        carried = s["left_reaction_z"][0] + s["right_reaction_z"][0]
        check("%s, %d elements: the reactions carry the weight w L0 (%.3g relative)"
              % (label, n, abs(carried - weight) / weight), abs(carried - weight) <= 1e-9 * weight)
        shape = table(os.path.join(directory, "static_shape.csv"))
        check("%s, %d elements: static_shape.csv has a node per element and one" % (label, n),
              len(shape.get("s", [])) == n + 1)
    if len(errors) == 3:
        rates = [math.log2(errors[k] / errors[k + 1]) for k in range(2)]
        measured("static %s: reactions' error / H at 50, 100, 200 elements %s, orders %s"
                 % (label, ["%.2e" % e for e in errors], ["%.2f" % r for r in rates]))
        check("%s: the reactions converge at order 2 in h (%s)" % (label, rates),
              all(1.8 < r < 2.2 for r in rates))
        check("%s: within 1e-4 of the catenary's at 200 elements" % label, errors[-1] < 1e-4)

# --- the rigid compound pendulum ------------------------------------------------------------------
def agm(a, b):
    while abs(a - b) > 1e-15 * a:
        a, b = (a + b) / 2, math.sqrt(a * b)
    return a


theta0, length, g = math.pi / 2, 1.0, 9.81
k_of_m = math.pi / (2 * agm(1.0, math.cos(theta0 / 2)))  # K(m), m = sin^2(theta0 / 2)
period = 4 * math.sqrt(2 * length / (3 * g)) * k_of_m
# at rho_inf = 1 (the energy-consistent midpoint rule) and 0.5 (generalized alpha): both second
# order, so both give the period to O((omega dt)^2) = 1e-5
for rho in ("1", "0.5"):
    directory, _ = hamdyn_run(
        ["run", os.path.join(cases, "cable_pendulum.prm")] +
        sets(["Cable/Point masses=", "Discretization/Elements=1", "Cable/Axial stiffness=1e10",
              "Time integration/Time step=1e-3", "Time integration/Final time=1.2",
              "Time integration/Spectral radius=" + rho, "Output/Snapshot interval=0"]),
        "rigid pendulum, rho_inf " + rho)
    h = table(os.path.join(directory, "history.csv"))
    if h:
        # one element: the node nearest midspan is its tip. At the far turning point (half a
        # period) its height has a maximum, quadratic in time there (its x, quartic, would not be)
        z, t = h["midspan_z"], h["time"]
        k = max(range(len(z) // 4, len(z) - 1), key=lambda i: z[i])
        # the parabola through the three samples about the highest
        a = (z[k - 1] - 2 * z[k] + z[k + 1]) / 2
        b = (z[k + 1] - z[k - 1]) / 2
        half = t[k] - b / (2 * a) * (t[k + 1] - t[k])
        measured("rigid compound pendulum from the horizontal, rho_inf = %s: period %.7f s, "
                 "exact %.7f s" % (rho, 2 * half, period))
        check("rho_inf = %s: one stiff element swings as the rigid compound pendulum (%.2e "
              "relative)" % (rho, abs(2 * half / period - 1)), abs(2 * half / period - 1) < 1e-4)

# --- a cable released from the horizontal: energy and order in dt -------------------------------
# At rho_inf = 1, T + V is conserved to round-off; generalized alpha at rho_inf = 0.5 dissipates:
# T + V never rises above its start, and ends below it
for rho in ("1", "0.5"):
    ends = {}
    for dt in ("2e-3", "1e-3", "5e-4"):
        directory, _ = hamdyn_run(
            ["run", os.path.join(cases, "cable_pendulum.prm")] +
            sets(["Time integration/Time step=" + dt, "Time integration/Final time=0.3",
                  "Time integration/Spectral radius=" + rho, "Output/Snapshot interval=0"]),
            "pendulum dt %s, rho_inf %s" % (dt, rho))
        h = table(os.path.join(directory, "history.csv"))
        if not h:
            continue
        ends[dt] = (h["mass1_x"][-1], h["mass1_z"][-1])
        scale = max(max(abs(v) for v in h["kinetic_energy"]),
                    max(abs(v) for v in h["potential_energy"]))
        drift = max(abs(v) for v in h["energy_error"])
        if rho == "1":
            measured("cable pendulum, dt %s: largest |energy_error| %.2e J of %.3f J"
                     % (dt, drift, scale))
            check("dt %s: T + V conserved to round-off (%.1e relative)" % (dt, drift / scale),
                  drift < 1e-10 * scale)
        else:
            rise, loss = max(h["energy_error"]), -h["energy_error"][-1]
            measured("cable pendulum, dt %s, rho_inf 0.5: T + V at most %.1e J above its start, "
                     "%.2e J below it at 0.3 s, of %.3f J" % (dt, rise, loss, scale))
            check("dt %s, rho_inf 0.5: T + V never above its start" % dt, rise <= 1e-10 * scale)
            check("dt %s, rho_inf 0.5: the scheme dissipates" % dt, loss > 0)
    if len(ends) == 3:
        d1 = math.dist(ends["2e-3"], ends["1e-3"])
        d2 = math.dist(ends["1e-3"], ends["5e-4"])
        measured("cable pendulum, rho_inf %s: the mass's position at 0.3 s changes by %.3e, then "
                 "%.3e m (order %.2f)" % (rho, d1, d2, math.log2(d1 / d2)))
        check("rho_inf %s: the cable's motion converges at order 2 in dt" % rho,
              1.8 < math.log2(d1 / d2) < 2.2)

# --- on 2 ranks: the chain divided between them ---------------------------------------------------
# Each rank steps half of the nodes and the two meet at the cut (system/twisted_block_lu.h); one
# rank eliminates the same two halves itself: the same positions and tensions to the bit (the
# energies are sums in another order), T + V still conserved at rho_inf = 1, and the mass (node
# 28 of 40, on the second rank's half) where the 1-rank run has it.
for rho in ("1", "0.5"):
    one = os.path.join(work, "pendulum dt 1e-3, rho_inf " + rho)
    two = os.path.join(work, "pendulum dt 1e-3, rho_inf %s, 2 ranks" % rho)
    done = subprocess.run(
        ["mpirun", "--oversubscribe", "-np", "2", hamdyn, "run",
         os.path.join(cases, "cable_pendulum.prm")] +
        sets(["Time integration/Time step=1e-3", "Time integration/Final time=0.3",
              "Time integration/Spectral radius=" + rho, "Output/Snapshot interval=0"]) +
        ["--output", two], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    check("pendulum, rho_inf %s, 2 ranks: exit 0" % rho, done.returncode == 0, done.stderr[-500:])
    if done.returncode == 0 and os.path.exists(os.path.join(one, "history.csv")):
        a, b = table(os.path.join(one, "history.csv")), table(os.path.join(two, "history.csv"))
        apart = max(max(abs(p - q) for p, q in zip(a[c], b[c]))
                    for c in ("midspan_x", "midspan_z", "mass1_x", "mass1_z"))
        tension = max(abs(p - q) for p, q in zip(a["left_tension"], b["left_tension"])) / max(
            abs(v) for v in a["left_tension"])
        scale = max(abs(v) for v in b["kinetic_energy"])
        drift = max(abs(v) for v in b["energy_error"])
        measured("pendulum, rho_inf %s: 2 ranks against 1, positions %.1e m apart, the left "
                 "tension %.1e of its largest; |energy_error| on 2 ranks %.1e J" % (rho, apart, tension,
                                                                            drift))
        check("rho_inf %s: on 2 ranks the positions are the 1-rank run's to the bit (%.1e m)" %
              (rho, apart), len(a["time"]) == len(b["time"]) and apart == 0)
        check("rho_inf %s: on 2 ranks the tension is the 1-rank run's to the bit (%.1e)" %
              (rho, tension), tension == 0)
        if rho == "1":
            check("on 2 ranks: T + V conserved to round-off (%.1e relative)" % (drift / scale),
                  drift < 1e-10 * scale)

# Every term a divided chain's step sums over its two parts (springs, dashpots, point masses, a
# moving held point, axial and mass damping, ground motion, generalized alpha, a lumped mass) on
# 2 ranks as on 1: the positions and tensions to the bit; the energies, the dissipated energy and
# the external work are sums over the ranks: the same to round-off of their size
every_term = ["Cable/Point masses=30: 50; 70: 100", "Discretization/Elements=50",
              "Time integration/Final time=0.8", "Discretization/Mass matrix=lumped",
              "Time integration/Spectral radius=0.8", "Cable/Dashpots=50: 200",
              "Cable/Springs=20: 1000", "Cable/Held points=40 @ 0, 0.01*sin(3*t)",
              "Cable/Axial damping=2e4", "Cable/Mass damping=0.3",
              "Ground motion/Acceleration=0.5*sin(4*t)", "Cable/Ground motion direction=z"]
one, _ = hamdyn_run(["run", hanging] + sets(every_term), "every term, 1 rank")
two = os.path.join(work, "every term, 2 ranks")
done = subprocess.run(["mpirun", "--oversubscribe", "-np", "2", hamdyn, "run", hanging] +
                      sets(every_term) + ["--output", two], text=True, stdout=subprocess.PIPE,
                      stderr=subprocess.PIPE, timeout=600)
check("every term, 2 ranks: exit 0", done.returncode == 0, done.stderr[-500:])
if done.returncode == 0 and os.path.exists(os.path.join(one, "history.csv")):
    a, b = table(os.path.join(one, "history.csv")), table(os.path.join(two, "history.csv"))
    worst = {}
    for column in a:
        if column == "time":
            continue
        size = max(max(abs(v) for v in a[column]), 1e-300)
        worst[column] = max(abs(p - q) for p, q in zip(a[column], b[column])) / size
    measured("every term, 2 ranks against 1: the largest difference of each column relative to "
             "its largest value: %s" % ", ".join("%s %.1e" % kv for kv in worst.items()))
    sums = ("kinetic_energy", "potential_energy", "dissipated_energy", "external_work",
            "energy_error")
    check("every term: on 2 ranks the positions and tensions are the 1-rank run's to the bit",
          len(a["time"]) == len(b["time"]) and
          all(v == 0 for c, v in worst.items() if c not in sums))
    check("every term: on 2 ranks the energies and works are the 1-rank run's to 1e-9 of their "
          "size", all(worst[c] < 1e-9 for c in sums if c != "energy_error"))
    check("every term: on 2 ranks the energy error is the 1-rank run's to 1e-9 of T + V",
          max(abs(p - q) for p, q in zip(a["energy_error"], b["energy_error"])) <
          1e-9 * max(abs(v) for v in a["potential_energy"] + a["kinetic_energy"]))

# --- a step Newton's method does not converge in is made in halves ------------------------------
# The pendulum at dt = 4e-3: its step from t = 0.96 s, where the cable snaps taut under the mass,
# did not converge (exit 1) before a failed step was retried as two half steps. The run goes
# through, says so, each half step keeps T + V to round-off (the midpoint rule's), and the mass
# ends where the run at a quarter of the step puts it, to the O(dt^2) the two differ by.
ends = {}
for dt in ("4e-3", "1e-3"):
    directory, done = hamdyn_run(
        ["run", os.path.join(cases, "cable_pendulum.prm")] +
        sets(["Time integration/Time step=" + dt, "Time integration/Final time=1",
              "Output/Snapshot interval=0"]), "pendulum dt %s to 1 s" % dt)
    h = table(os.path.join(directory, "history.csv"))
    if not h:
        continue
    ends[dt] = (h["mass1_x"][-1], h["mass1_z"][-1])
    if dt == "4e-3":
        check("dt 4e-3: a step was retried in halves and said so",
              "steps retried in halves" in done.stdout, done.stdout[-500:])
        scale = max(max(abs(v) for v in h["kinetic_energy"]),
                    max(abs(v) for v in h["potential_energy"]))
        drift = max(abs(v) for v in h["energy_error"])
        check("dt 4e-3 with a step in halves: T + V conserved to round-off (%.1e relative)"
              % (drift / scale), drift < 1e-10 * scale)
if len(ends) == 2:
    gap = math.dist(ends["4e-3"], ends["1e-3"])
    measured("pendulum to 1 s: the mass's end at dt 4e-3 (a step in halves) and 1e-3 differ by "
             "%.2e m" % gap)
    # the dt-order-2 test above: 2e-3 against 1e-3 differ by d1 at 0.3 s; a step 4 times as long
    # moves the end by about 15 times 1e-3's own error, well under a centimetre here
    check("dt 4e-3 with a step in halves: the mass ends within 1 cm of the dt 1e-3 run's",
          gap < 1e-2)

# --- a moving support: a taut weightless cable (H = 100 N, 1 kg/m, 10 m) whose right support moves
# a smooth pulse u_z(t) = A (exp(-((t - t0)/w)^2) - exp(-(t0/w)^2)) sends a wave along it. Until its
# reflection from the left support comes back (t = 1.5 l / c), the midspan moves as d'Alembert's
# travelling wave u_z(t - (l/2) / c), c = sqrt(H / (m L0 / l)), L0 = l / (1 + H / EA); the FE
# cable with h and dt refined together converges to it at order 2 (by the midpoint rule and by
# generalized alpha), and the support's work is the ledger's external_work, T + V - W constant to
# round-off at rho_inf = 1 and never above its start at 0.8 ------------------------------------
span, tension, ea, amplitude, t0, width = 10.0, 100.0, 1e6, 1e-4, 0.25, 0.05
speed = math.sqrt(tension * (1 + tension / ea) / 1.0)
motion = "0, %r*(exp(-((t-%r)/%r)^2) - exp(-%r))" % (amplitude, t0, width, (t0 / width) ** 2)


def pulse(time):
    return amplitude * (math.exp(-((time - t0) / width) ** 2) - math.exp(-(t0 / width) ** 2)) \
        if time > 0 else 0.0


for rho in ("1", "0.8"):
    errors = []
    for n in (100, 200, 400):
        directory, _ = hamdyn_run(["run", hanging] + sets(
            ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % tension,
             "Cable/Right support=%r, 0" % span, "Cable/Axial stiffness=%r" % ea,
             "Cable/Mass per length=1", "Cable/Right support motion=" + motion,
             "Discretization/Elements=%d" % n,
             "Time integration/Time step=%r" % (0.5 * span / n / speed),
             "Time integration/Spectral radius=" + rho, "Time integration/Final time=1.4",
             "Output/Snapshot interval=0"]), "moving support %d, rho_inf %s" % (n, rho))
        h = table(os.path.join(directory, "history.csv"))
        if not h:
            continue
        errors.append(max(abs(z - pulse(t - span / 2 / speed))
                          for t, z in zip(h["time"], h["midspan_z"])))
        scale = max(abs(v) for v in h["potential_energy"])
        most_work = max(h["external_work"])
        if rho == "1":
            drift = max(abs(v) for v in h["energy_error"])
            check("moving support, %d elements: T + V - W constant (%.1e J of V = %.3f J, W up to "
                  "%.2e J)" % (n, drift, scale, most_work),
                  drift < 1e-10 * scale and most_work > 1e-6)
        else:
            check("moving support, %d elements, rho_inf 0.8: T + V - W never above its start, "
                  "and falls" % n, max(h["energy_error"]) <= 1e-10 * scale and
                  min(h["energy_error"]) < 0)
    if len(errors) == 3:
        rates = [math.log2(errors[k] / errors[k + 1]) for k in range(2)]
        measured("moving support, rho_inf %s: the midspan against d'Alembert's wave, 100, 200, 400 "
                 "elements: %s m (orders %s)" % (rho, ["%.2e" % e for e in errors],
                                                 ["%.2f" % r for r in rates]))
        check("moving support, rho_inf %s: the wave converges at order 2 in h and dt" % rho,
              all(1.8 < r < 2.2 for r in rates))

# --- a moving held point: the same taut cable held at s = L0/4, that point moved by the same pulse
# (Cable/Held points = s @ u_x(t), u_z(t)): the wave it sends to the right reaches the midspan,
# l/4 away, as u_z(t - (l/4) / c) until the wave reflected at the left end arrives (at 3 l / 4c
# after the pulse's start); compared up to 0.8 s, it converges at order 2 in h and dt together
errors = []
for n in (100, 200):
    directory, _ = hamdyn_run(["run", hanging] + sets(
        ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % tension,
         "Cable/Right support=%r, 0" % span, "Cable/Axial stiffness=%r" % ea,
         "Cable/Mass per length=1",
         "Cable/Held points=%r @ %s" % (span / (1 + tension / ea) / 4, motion),
         "Discretization/Elements=%d" % n,
         "Time integration/Time step=%r" % (0.5 * span / n / speed),
         "Time integration/Final time=0.8", "Output/Snapshot interval=0"]),
        "moving held point %d" % n)
    h = table(os.path.join(directory, "history.csv"))
    if h:
        errors.append(max(abs(z - pulse(t - span / 4 / speed))
                          for t, z in zip(h["time"], h["midspan_z"])))
        scale = max(abs(v) for v in h["potential_energy"])
        check("moving held point, %d elements: T + V - W constant, W > 0" % n,
              max(abs(v) for v in h["energy_error"]) < 1e-10 * scale and
              max(h["external_work"]) > 1e-6)
if len(errors) == 2:
    rate = math.log2(errors[0] / errors[1])
    measured("moving held point: the midspan against the wave it sends, 100 and 200 elements: "
             "%.2e, %.2e m (order %.2f)" % (errors[0], errors[1], rate))
    check("moving held point: the wave converges at order 2 in h and dt", 1.8 < rate < 2.2)
directory, done = hamdyn_run(["run", hanging, "--set", "Cable/Held points=30 @ 0.1 + t, 0"],
                             "held point moved from its start", expect=2)
check("a held point's motion not 0 at t = 0: one line naming Cable/Held points",
      len(done.stderr.strip().splitlines()) == 1 and "Cable/Held points" in done.stderr and
      "u_x(0)" in done.stderr, done.stderr)

# --- axial damping in a run: one vertical element (L = 1 m, rho = 3 kg/m, EA = 400 N, Cable/
# Axial damping c_a = 4 N s) hanging from its top, released unstretched under gravity: its free
# node (consistent mass rho L / 3 = 1 kg, load rho g L / 2, stiffness EA / L, damping c_a / L)
# is a damped oscillator, omega_0 = 20 rad/s and zeta = 0.1, about its static stretch F / k:
# z - z_eq = (F / k) e^{-zeta omega_0 t} (cos omega_d t + zeta omega_0 / omega_d sin omega_d t).
# The midpoint rule converges to it at order 2 in dt, and its ledger closes: T + V + D - W
# constant, D the damper's work
k_axial, mass_node, c_axial, load = 400.0, 1.0, 4.0, 3.0 * 9.81 / 2
omega_0 = math.sqrt(k_axial / mass_node)
zeta = c_axial / (2 * mass_node * omega_0)
omega_d = omega_0 * math.sqrt(1 - zeta * zeta)


def hanging_oscillator(t):
    return -1 - load / k_axial + load / k_axial * math.exp(-zeta * omega_0 * t) * (
        math.cos(omega_d * t) + zeta * omega_0 / omega_d * math.sin(omega_d * t))


# the element's own settings, which the runs below vary
hanging_element = ["Cable/Points=0, 0; 0, -1", "Cable/Point masses=",
                   "Cable/Axial stiffness=%r" % k_axial, "Cable/Mass per length=3",
                   "Discretization/Elements=1", "Time integration/Final time=1",
                   "Output/Snapshot interval=0"]


def check_damped_element(name, damping):
    """Runs the element with `damping` (a --set) at dt 1e-3 and 5e-4 against the damped
    oscillator: order 2 in dt, within 1e-3 of the amplitude, T + V + D - W constant."""
    errors = []
    for dt in (1e-3, 5e-4):
        directory, _ = hamdyn_run(["run", os.path.join(cases, "cable_pendulum.prm")] + sets(
            hanging_element + [damping, "Time integration/Time step=%r" % dt]),
            "%s, dt %g" % (name, dt))
        h = table(os.path.join(directory, "history.csv"))
        if h:
            errors.append(max(abs(z - hanging_oscillator(t))
                              for t, z in zip(h["time"], h["midspan_z"])))
            scale = max(abs(v) for v in h["potential_energy"])
            check("%s, dt %g: T + V + D - W constant (%.1e J of V = %.3f J), D > 0.1 J"
                  % (name, dt, max(abs(v) for v in h["energy_error"]), scale),
                  max(abs(v) for v in h["energy_error"]) < 1e-10 * scale and
                  h["dissipated_energy"][-1] > 0.1)
    if len(errors) == 2:
        rate = math.log2(errors[0] / errors[1])
        measured("%s: the free node against the damped oscillator at dt 1e-3, 5e-4: %.2e, "
                 "%.2e m of %.3f (order %.2f)" % (name, errors[0], errors[1], load / k_axial,
                                                 rate))
        check("%s: order 2 in dt, within 1e-3 of the amplitude at 5e-4" % name,
              1.8 < rate < 2.2 and errors[1] < 1e-3 * load / k_axial)


check_damped_element("axial damping", "Cable/Axial damping=%r" % c_axial)

# --- mass-proportional damping: the same element with Cable/Mass damping alpha = 4 / s instead
# of the damper. The free node's damping force -alpha (M v)_1 = -alpha (1 kg) v (its neighbour, the
# support, still): the same damped oscillator, c = 4 N s/m, zeta = 0.1; order 2 in dt, the
# ledger closed with what it dissipates
check_damped_element("mass damping", "Cable/Mass damping=4")

# --- ground motion in a run: the same element without its damper, started at its static
# equilibrium, its ground moving vertically with a_g = sin(5 t) (Cable/Ground motion direction =
# z). Relative to the ground the free node carries -(M r) a_g, M r = rho L / 3 + rho L / 6 = 1.5
# kg (its consistent mass row reaches the support's node), and is the undamped oscillator
# u'' + omega_0^2 u = -1.5 a_g / m from rest: u = -1.5 A / (m (omega_0^2 - W^2)) (sin W t -
# W / omega_0 sin omega_0 t). Order 2 in dt, and the ledger closes with the load's work
def ground_driven(t, amplitude=1.0, w=5.0):
    return -1.5 * amplitude / (mass_node * (omega_0 ** 2 - w * w)) * (
        math.sin(w * t) - w / omega_0 * math.sin(omega_0 * t))


errors = []
for dt in (1e-3, 5e-4):
    directory, _ = hamdyn_run(["run", os.path.join(cases, "cable_pendulum.prm")] + sets(
        hanging_element + ["Cable/Initial state=equilibrium", "Cable/Ground motion direction=z",
                           "Ground motion/Acceleration=sin(5*t)",
                           "Time integration/Time step=%r" % dt]),
        "ground motion, dt %g" % dt)
    h = table(os.path.join(directory, "history.csv"))
    if h:
        z0 = h["midspan_z"][0]
        errors.append(max(abs(z - z0 - ground_driven(t)) for t, z in zip(h["time"], h["midspan_z"])))
        scale = max(abs(v) for v in h["potential_energy"])
        check("ground motion, dt %g: T + V - W constant (%.1e J of V = %.3f J), W != 0"
              % (dt, max(abs(v) for v in h["energy_error"]), scale),
              max(abs(v) for v in h["energy_error"]) < 1e-10 * scale and
              abs(h["external_work"][-1]) > 1e-3)
if len(errors) == 2:
    rate = math.log2(errors[0] / errors[1])
    measured("ground motion: the free node against the driven oscillator at dt 1e-3, 5e-4: %.2e, "
             "%.2e m (order %.2f)" % (errors[0], errors[1], rate))
    check("ground motion: order 2 in dt", 1.8 < rate < 2.2)

# --- hamdyn spectrum of the same element, the ground moving in z with a_g = sin(5 t) for 1 s:
# two modes about the equilibrium, the pendulum's in x (no participation in z) and the axial
# oscillator's in z, phi_z = 1, Gamma = phi^T M r / phi^T M phi = 1.5; so midspan_z's SRSS and
# CQC are 1.5 Sd(omega_0, 0) = 1.5 max |u| of the driven oscillator above (its closed form,
# sampled finely here: a reference the study's recurrence on the samples must meet to their
# interpolation, ~1e-6), left_tension's EA / L times it, and the run's largest change from the
# equilibrium converges to it at order 2 in dt
spectrum_sets = hanging_element + ["Cable/Ground motion direction=z",
                                   "Ground motion/Acceleration=sin(5*t)", "Modes/Number of modes=2"]
peak = max(abs(ground_driven(j / 200000.0)) for j in range(200001))  # 1.5 Sd



errors = []
for dt in (1e-3, 5e-4):
    directory, _ = hamdyn_run(["spectrum", os.path.join(cases, "cable_pendulum.prm")] + sets(
        spectrum_sets + ["Time integration/Time step=%r" % dt]), "cable spectrum, dt %g" % dt)
    rows = spectrum_rows(directory)
    if "midspan_z" in rows:
        z, tension, x = rows["midspan_z"], rows["left_tension"], rows["midspan_x"]
        srss, cqc, history = float(z["srss"]), float(z["cqc"]), float(z["time_history"])
        measured("cable spectrum, dt %g: midspan_z SRSS %.9g, CQC %.9g, run %.9g; 1.5 Sd %.9g"
                 % (dt, srss, cqc, history, peak))
        check("cable spectrum, dt %g: SRSS = CQC = 1.5 Sd to 1e-5, tension EA/L times it, no x"
              % dt, abs(srss - peak) < 1e-5 * peak and abs(cqc - peak) < 1e-5 * peak and
              abs(float(tension["srss"]) - k_axial * srss) < 1e-9 * k_axial * srss and
              float(x["srss"]) == 0 and float(x["time_history"]) == 0 and
              "base_shear" not in rows)
        errors.append(abs(history - peak))
if len(errors) == 2:
    rate = math.log2(errors[0] / errors[1])
    measured("cable spectrum: the run's peak against 1.5 Sd at dt 1e-3, 5e-4: %.2e, %.2e m "
             "(order %.2f)" % (errors[0], errors[1], rate))
    check("cable spectrum: the run's peak converges to it at order 2 in dt", 1.7 < rate < 2.3)
# with Cable/Mass damping = 4 / s the axial mode's damping ratio is alpha / (2 omega_0) = 0.1:
# SRSS = 1.5 Sd(omega_0, 0.1), Sd here by RK4 on u'' + 4 u' + 400 u = -sin 5t (h = 1e-5 s)


def damped_peak(h=1e-5, duration=1.0):
    def f(t, u, v):
        return v, -math.sin(5 * t) - 4 * v - 400 * u
    t, u, v, largest = 0.0, 0.0, 0.0, 0.0
    for _ in range(int(round(duration / h))):
        k1 = f(t, u, v)
        k2 = f(t + h / 2, u + h / 2 * k1[0], v + h / 2 * k1[1])
        k3 = f(t + h / 2, u + h / 2 * k2[0], v + h / 2 * k2[1])
        k4 = f(t + h, u + h * k3[0], v + h * k3[1])
        u += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        v += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        t += h
        largest = max(largest, abs(u))
    return largest


directory, _ = hamdyn_run(["spectrum", os.path.join(cases, "cable_pendulum.prm")] + sets(
    spectrum_sets + ["Time integration/Time step=1e-3", "Cable/Mass damping=4"]),
    "cable spectrum with mass damping")
rows = spectrum_rows(directory)
if "midspan_z" in rows:
    srss, reference = float(rows["midspan_z"]["srss"]), 1.5 * damped_peak()
    measured("cable spectrum with mass damping: midspan_z SRSS %.9g, 1.5 Sd(20 rad/s, 0.1) %.9g"
             % (srss, reference))
    check("cable spectrum with mass damping: zeta = alpha / (2 omega), SRSS within 1e-5",
          abs(srss - reference) < 1e-5 * reference)
directory, done = hamdyn_run(["spectrum", os.path.join(cases, "cable_pendulum.prm")] + sets(
    hanging_element + ["Modes/Number of modes=2"]), "cable spectrum without ground motion",
    expect=2)
check("a cable's spectrum without a ground motion: one line naming Ground motion/Acceleration, "
      "nothing written", len(done.stderr.strip().splitlines()) == 1 and
      "Ground motion/Acceleration" in done.stderr and not os.path.exists(directory),
      done.stderr)

# --- a spring in the statics: the 100 m cable from its straight, unstressed start with a spring of
# k = 20 N/m at 50 m anchored where that point starts (on the chord): the reactions and the
# spring's k * sag carry the whole weight w L0 to round-off; the sag converges at order 2 in h
# (the nested iteration keeps the spring's node in every coarser chain)
sags = []
for n in (50, 100, 200):
    directory, _ = hamdyn_run(["static", hanging] + sets(
        ["Cable/Sag=", "Cable/Springs=50: 20", "Discretization/Elements=%d" % n]),
        "static with a spring, %d elements" % n)
    r = table(os.path.join(directory, "static.csv"))
    if not r:
        continue
    sags.append(r["sag"][0])
    weight = 2 * 9.81 * r["unstretched_length"][0]
    carried = r["left_reaction_z"][0] + r["right_reaction_z"][0] + 20 * r["sag"][0]
    check("a spring at midspan, %d elements: reactions + k sag = w L0 (%.1e relative)"
          % (n, abs(carried / weight - 1)), abs(carried / weight - 1) < 1e-9)
if len(sags) == 3:
    order = math.log2((sags[0] - sags[1]) / (sags[1] - sags[2]))
    measured("static with a spring: sag %s m at 50, 100, 200 elements (order %.2f)"
             % (["%.9f" % x for x in sags], order))
    check("static with a spring: the sag converges at order 2 in h", 1.8 < order < 2.2)

# started at its equilibrium, where the spring is stretched, generalized alpha's first acceleration
# (M a = F + p with the spring's force) is 0: the cable stays at rest
directory, _ = hamdyn_run(["run", hanging] + sets(
    ["Cable/Sag=", "Cable/Springs=50: 2000", "Cable/Initial state=equilibrium",
     "Discretization/Elements=50", "Time integration/Spectral radius=0.8",
     "Time integration/Final time=0.5", "Output/Snapshot interval=0"]), "spring at equilibrium")
h = table(os.path.join(directory, "history.csv"))
if h:
    moving = max(h["kinetic_energy"]) / max(abs(v) for v in h["potential_energy"])
    check("a stretched spring at the equilibrium, rho_inf 0.8: the cable stays at rest (kinetic "
          "%.1e of the potential)" % moving, moving < 1e-12)

# --- a spring and a dashpot at a point mass: a taut weightless cable (H = 100 N, EA = 1e4 N,
# 1e-3 kg/m) of two elements meeting at s = 5 m, where a 1 kg mass sits on a spring k = 50 N/m
# and a dashpot c = 2 N s/m; its right support moves u(t) = A sin(W t) in z. About the straight
# line the node's z is one damped oscillator (derived here): the elements' stretched lengths
# l1 = s (1 + H/EA), l2 = 10 - l1 give the geometric stiffness H/l1 + H/l2, the consistent mass
# adds rho (L1 + L2) / 3 and couples the node to the support by rho L2 / 6, so
#   m z'' + c z' + (H/l1 + H/l2 + k) z = (H/l2) u - (rho L2 / 6) u'',
# solved in closed form (z(0) = z'(0) = 0); the tension's change is (A/l)^2 EA, 1e-10 of H.
# hamdyn modes gives its frequency, hamdyn run its motion at order 2 in dt, the dissipated
# energy int c z'^2 dt, and T + V + D - W constant to round-off --------------------------------
H_, EA_, rho_, M_, k_, c_, A_, W_, s_ = 100.0, 1e4, 1e-3, 1.0, 50.0, 2.0, 1e-5, 5.0, 5.0
L0_ = 10 / (1 + H_ / EA_)
l1, L1 = s_ * (1 + H_ / EA_), s_
l2, L2 = 10 - l1, L0_ - s_
m_ = M_ + rho_ * (L1 + L2) / 3
K_ = H_ / l1 + H_ / l2 + k_
F_ = A_ * (H_ / l2 + rho_ * L2 / 6 * W_ ** 2)  # the forcing's amplitude, in sin(W t)
# the steady state P sin + Q cos, then the free part that starts the node at rest
det = (K_ - m_ * W_ ** 2) ** 2 + (c_ * W_) ** 2
P_, Q_ = F_ * (K_ - m_ * W_ ** 2) / det, -F_ * c_ * W_ / det
omega_n = math.sqrt(K_ / m_)
zeta = c_ / (2 * m_ * omega_n)
omega_d = omega_n * math.sqrt(1 - zeta ** 2)
C1 = -Q_
C2 = (zeta * omega_n * C1 - P_ * W_) / omega_d


def oscillator(t):
    """z and z' of the damped oscillator at t."""
    e = math.exp(-zeta * omega_n * t)
    cos, sin = math.cos(omega_d * t), math.sin(omega_d * t)
    z = P_ * math.sin(W_ * t) + Q_ * math.cos(W_ * t) + e * (C1 * cos + C2 * sin)
    dz = (P_ * W_ * math.cos(W_ * t) - Q_ * W_ * math.sin(W_ * t) - zeta * omega_n * e *
          (C1 * cos + C2 * sin) + e * omega_d * (-C1 * sin + C2 * cos))
    return z, dz


attached = ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % H_,
            "Cable/Right support=10, 0", "Cable/Axial stiffness=%r" % EA_,
            "Cable/Mass per length=%r" % rho_, "Cable/Point masses=%r: %r" % (s_, M_),
            "Cable/Springs=%r: %r" % (s_, k_), "Cable/Dashpots=%r: %r" % (s_, c_),
            "Discretization/Elements=2"]
directory, _ = hamdyn_run(["modes", hanging] + sets(attached + ["Modes/Number of modes=1"]),
                          "spring and dashpot, modes")
m = table(os.path.join(directory, "modes.csv"))
if m:
    check("a spring at a point mass: modes' %.15g rad/s is sqrt(K/m) = %.15g (undamped)"
          % (m["omega"][0], omega_n), abs(m["omega"][0] / omega_n - 1) < 1e-12)
    # modes.pvd marks the middle node for glyphs: its point mass, spring and dashpot as given,
    # one vertex cell at it and one at each support
    from vtkmodules.vtkIOXML import vtkXMLPolyDataReader
    reader = vtkXMLPolyDataReader()
    reader.SetFileName(os.path.join(directory, "modes_00000.vtp"))
    reader.Update()
    marks = reader.GetOutput().GetPointData()
    at = {name: [marks.GetArray(name).GetValue(i) for i in range(3)]
          for name in ("support", "point_mass", "spring", "dashpot")}
    check("modes.pvd marks the supports, and the middle node's point mass, spring and dashpot "
          "(%s)" % at, at == {"support": [1, 0, 1], "point_mass": [0, M_, 0],
                              "spring": [0, k_, 0], "dashpot": [0, c_, 0]}
          and reader.GetOutput().GetNumberOfVerts() == 3)
# int_0^3 c z'^2 dt by the trapezoidal rule on 3e5 intervals (1e-11 relative)
samples = [oscillator(3.0 * j / 300000)[1] for j in range(300001)]
exact_dissipated = c_ * 3.0 / 300000 * (sum(v * v for v in samples) -
                                        0.5 * (samples[0] ** 2 + samples[-1] ** 2))
errors, dissipated = [], []
for dt in ("2e-3", "1e-3", "5e-4"):
    directory, _ = hamdyn_run(["run", hanging] + sets(attached + [
        "Cable/Right support motion=0, %r*sin(%r*t)" % (A_, W_), "Time integration/Time step=" + dt,
        "Time integration/Final time=3", "Output/Snapshot interval=0"]),
        "spring and dashpot, dt " + dt)
    h = table(os.path.join(directory, "history.csv"))
    if not h:
        continue
    errors.append(max(abs(z - oscillator(t)[0]) for t, z in zip(h["time"], h["midspan_z"])))
    dissipated.append(h["dissipated_energy"][-1])
    drift = max(abs(v) for v in h["energy_error"])
    scale = max(abs(v) for v in h["potential_energy"])
    check("spring and dashpot, dt %s: T + V + D - W constant (%.1e J of V = %.3f J)"
          % (dt, drift, scale), drift < 1e-10 * scale)
if len(errors) == 3:
    rates = [math.log2(errors[k] / errors[k + 1]) for k in range(2)]
    measured("spring and dashpot: the node against the damped oscillator, dt 2e-3, 1e-3, 5e-4: "
             "%s m of %.2e (orders %s); dissipated %s J against %.6e"
             % (["%.2e" % e for e in errors], max(abs(P_), abs(Q_)) * 2,
                ["%.2f" % r for r in rates], ["%.6e" % d for d in dissipated], exact_dissipated))
    check("spring and dashpot: the motion converges at order 2 in dt",
          all(1.8 < r < 2.2 for r in rates))
    check("... within 1e-4 of the oscillator's amplitude at dt 5e-4",
          errors[-1] < 1e-4 * 2 * max(abs(P_), abs(Q_)))
    check("the dissipated energy is int c z'^2 dt to 1e-5 at dt 5e-4",
          abs(dissipated[-1] / exact_dissipated - 1) < 1e-5)

# --- modes ------------------------------------------------------------------------------------------
# A chain hanging from one end: omega_n = (j_{0,n} / 2) sqrt(g / L), j_{0,n} the zeros of the Bessel
# function J0 (D. Bernoulli 1732; Rayleigh, Theory of Sound, sec. 148; zeros from Abramowitz &
# Stegun, table 9.5), for the inextensible chain: EA = 1e7 N stretches it by 1e-6. (At EA = 1e9 N
# double precision resolves its force balance to 2e-3 of a node's load at 200 elements, and hamdyn
# modes says so: the first frequency is off by 4e-4 there.)
bessel_zeros = (2.404825557695773, 5.520078110286311, 8.653727912911012, 11.79153443901428)
errors = []
for n in (100, 200):
    directory, _ = hamdyn_run(
        ["modes", os.path.join(cases, "cable_pendulum.prm")] +
        sets(["Cable/Point masses=", "Cable/Axial stiffness=1e7", "Discretization/Elements=%d" % n,
              "Cable/Points=0, 0; 0, -1", "Modes/Number of modes=4"]), "hanging chain, %d" % n)
    m = table(os.path.join(directory, "modes.csv"))
    if m:
        exact = [j / 2 * math.sqrt(9.81 / 1.0) for j in bessel_zeros]
        errors.append(max(abs(w / e - 1) for w, e in zip(m["omega"], exact)))
if len(errors) == 2:
    measured("a chain hanging from one end: four lowest frequencies against (j0n/2) sqrt(g/L): "
             "%.2e at 100 elements, %.2e at 200 (order %.2f)"
             % (errors[0], errors[1], math.log2(errors[0] / errors[1])))
    check("the hanging chain's frequencies within 1e-3 at 200 elements", errors[1] < 1e-3)
    check("... converging at order 2 in h", 1.8 < math.log2(errors[0] / errors[1]) < 2.2)
# A shallow cable between level supports: Irvine & Caughey's theory neglects O((d/l)^2), so the
# difference falls fourfold as the sag halves (d/l = 1/50, 1/100) at one lambda^2 = 512 d^3 EA /
# (w l^4) (EA x 8 for half the sag), on both sides of the modal crossover lambda^2 = 4 pi^2: at
# lambda^2 = 2.6 the first mode is symmetric, at 60 antisymmetric (the theory's mode says which).
for lambda_squared, stiffness, first_symmetric in ((2.6, 1.25e6, 1), (60, 2.9e7, 0)):
    differences = []
    for sag, ea in ((2, stiffness), (1, 8 * stiffness)):
        directory, _ = hamdyn_run(["modes", hanging] + sets(
            ["Cable/Sag=%g" % sag, "Cable/Axial stiffness=%g" % ea, "Discretization/Elements=800",
             "Modes/Number of modes=4"]),
            "shallow cable, lambda^2 %g, sag %g" % (lambda_squared, sag))
        m = table(os.path.join(directory, "modes.csv"))
        if m:
            differences.append(
                max(abs(w / e - 1) for w, e in zip(m["omega"], m["shallow_theory_omega"])))
            check("lambda^2 = %g, sag %g: the first mode is %ssymmetric" % (
                lambda_squared, sag, "" if first_symmetric else "anti"),
                m["shallow_theory_symmetric"][0] == first_symmetric, m["shallow_theory_symmetric"])
    if len(differences) == 2:
        order = math.log2(differences[0] / differences[1])
        measured("shallow cable, lambda^2 = %g: four lowest against Irvine & Caughey: %.2e at "
                 "d/l = 1/50, %.2e at 1/100 (order %.2f in d/l)"
                 % (lambda_squared, differences[0], differences[1], order))
        check("lambda^2 = %g: the modes approach Irvine & Caughey's at order 2 in d/l"
              % lambda_squared, 1.8 < order < 2.2)
        check("... within 20 (d/l)^2 of them", differences[1] < 20e-4)

# The taut limit: a weightless cable of horizontal tension H = 100 N between supports 10 m apart
# is a straight string of tension H; its unstretched length L0 = l / (1 + H/EA) spreads the mass
# m L0 over l. Its transverse P1 stiffness (the geometric part H/h) and consistent mass are the
# string's, element by element, so the lowest modes (all transverse: the axial ones lie sqrt(EA/H)
# = 100 times higher) equal hamdyn's string's to the eigensolvers' round-off: the cable's dense
# solver resolves eigenvalue lambda_n to eps lambda_max (Wilkinson), lambda_max <= 12 EA / (m h^2).
ea, tension, span, rho, n = 1e6, 100.0, 10.0, 0.5, 20
directory, _ = hamdyn_run(["modes", hanging] + sets(
    ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % tension,
     "Cable/Right support=%r, 0" % span, "Cable/Axial stiffness=%r" % ea,
     "Cable/Mass per length=%r" % rho, "Discretization/Elements=%d" % n,
     "Modes/Number of modes=5"]), "taut cable")
string_case = os.path.join(work, "taut_string.prm")
with open(string_case, "w") as f:
    f.write("subsection Model\n set Type = string\n set Length = %r\n set Mass per length = %r\n"
            " set Tension = %r\nend\nsubsection Left end\n set Support = fixed\nend\n"
            "subsection Right end\n set Support = fixed\nend\nsubsection Discretization\n"
            " set Elements = %d\n set Degree = 1\nend\nsubsection Modes\n"
            " set Number of modes = 5\nend\n" % (span, rho / (1 + tension / ea), tension, n))
string_directory, _ = hamdyn_run(["modes", string_case], "taut string")
cable_modes = table(os.path.join(directory, "modes.csv"))
string_modes = table(os.path.join(string_directory, "modes.csv"))


def eigen_round_off(omega):
    """The dense eigensolver's relative error bound on omega: eps lambda_max / lambda / 2 (on omega
    half lambda's), lambda_max <= 12 EA / (m h^2), with a constant 4."""
    h = span / n
    return 2.0 ** -52 * 12 * ea / (rho * h * h) / omega ** 2 / 2 * 4


if cable_modes and string_modes:
    for k, (wc, ws) in enumerate(zip(cable_modes["omega"], string_modes["omega"])):
        bound = eigen_round_off(ws)
        check("taut limit, mode %d: the cable's %.15g rad/s equals the string's %.15g to %.1e "
              "(bound %.1e)" % (k + 1, wc, ws, abs(wc / ws - 1), bound), abs(wc / ws - 1) < bound)
    measured("taut limit: the cable's five lowest against the string's: largest difference %.2e"
             % max(abs(wc / ws - 1) for wc, ws in zip(cable_modes["omega"], string_modes["omega"])))
    # modes.pvd: the uniform chain's k-th transverse mode is sin(k pi x / l) at the nodes, exactly
    # (scaled to a largest component of 1, its sign either way); its field data the frequency
    from vtkmodules.vtkIOXML import vtkXMLPolyDataReader
    worst_shape = 0.0
    for k in range(1, 4):
        reader = vtkXMLPolyDataReader()
        reader.SetFileName(os.path.join(directory, "modes_%05d.vtp" % (k - 1)))
        reader.Update()
        data = reader.GetOutput()
        shape = data.GetPointData().GetArray("deflection")
        xs = [data.GetPoint(i)[0] for i in range(data.GetNumberOfPoints())]
        exact = [math.sin(k * math.pi * x / span) for x in xs]
        top = max(exact, key=abs)
        z = [shape.GetTuple3(i)[1] for i in range(data.GetNumberOfPoints())]
        sign = 1 if z[exact.index(top)] * top > 0 else -1
        off = max(abs(sign * zi - e / abs(top)) for zi, e in zip(z, exact))
        along = max(abs(shape.GetTuple3(i)[0]) for i in range(data.GetNumberOfPoints()))
        frequency = data.GetFieldData().GetArray("frequency").GetTuple1(0)
        check("taut limit, modes.pvd mode %d: the shape is sin(%d pi x / l) to %.1e, %.1e along "
              "the cable, its frequency modes.csv's" % (k, k, off, along),
              off < 1e-8 and along < 1e-8 and
              frequency == cable_modes["frequency"][k - 1])
        worst_shape = max(worst_shape, off)
    measured("taut limit: modes.pvd's three lowest shapes against sin(k pi x / l): %.2e"
             % worst_shape)

# --- a held point: the taut cable above held at its unstretched middle is two spans of 5 m, each
# the 10-element string of half the length: its lowest modes are the string's, each twice (to the
# eigensolvers' round-off, as above); from the straight unstressed start under gravity, the two
# end supports and the held point carry the weight w L0 to round-off, the ends alike
directory, _ = hamdyn_run(["modes", hanging] + sets(
    ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % tension,
     "Cable/Right support=%r, 0" % span, "Cable/Axial stiffness=%r" % ea,
     "Cable/Mass per length=%r" % rho, "Discretization/Elements=%d" % n,
     "Cable/Held points=%r" % (span / (1 + tension / ea) / 2), "Modes/Number of modes=6"]),
    "taut cable held at its middle")
half_case = os.path.join(work, "half_string.prm")
with open(string_case) as f:
    text = f.read()
with open(half_case, "w") as f:
    f.write(text.replace("set Length = %r" % span, "set Length = %r" % (span / 2))
            .replace("set Elements = %d" % n, "set Elements = %d" % (n // 2)))
half_directory, _ = hamdyn_run(["modes", half_case], "half string")
held_modes = table(os.path.join(directory, "modes.csv"))
half_modes = table(os.path.join(half_directory, "modes.csv"))
if held_modes and half_modes:
    pairs = [(held_modes["omega"][k], half_modes["omega"][k // 2]) for k in range(6)]
    worst = max(abs(wc / ws - 1) for wc, ws in pairs)
    bounds_hold = all(abs(wc / ws - 1) < eigen_round_off(ws) for wc, ws in pairs)
    measured("a held point: the six lowest against the half string's, each twice: %.2e" % worst)
    check("a held point at the middle: the modes are the half string's, each twice (%.1e)" % worst,
          bounds_hold, pairs)
directory, _ = hamdyn_run(["static", hanging] + sets(
    ["Cable/Sag=", "Cable/Held points=50", "Discretization/Elements=100"]), "held point, static")
r = table(os.path.join(directory, "static.csv"))
if r:
    weight = 2 * 9.81 * r["unstretched_length"][0]
    carried = r["left_reaction_z"][0] + r["right_reaction_z"][0] + r["held1_reaction_z"][0]
    check("a held point: the ends and the held point carry w L0 (%.1e relative)"
          % abs(carried / weight - 1), abs(carried / weight - 1) < 1e-9)
    check("... the two ends alike", abs(r["left_reaction_z"][0] / r["right_reaction_z"][0] - 1)
          < 1e-8)

# --- hamdyn compare: the FE cable (consistent mass) and the lumped-mass line bracket the hanging
# chain's frequencies and converge to each other at order 2 as both refine ------------------------
gaps = []
for n in (50, 100):
    directory, done = hamdyn_run(
        ["compare", os.path.join(cases, "cable_pendulum.prm")] +
        sets(["Cable/Point masses=", "Cable/Axial stiffness=1e7", "Cable/Points=0, 0; 0, -1",
              "Discretization/Elements=%d" % n, "Modes/Number of modes=4",
              "Time integration/Final time=0.05"]), "compare, %d elements" % n)
    m = table(os.path.join(directory, "compare.csv"))
    if not m:
        continue
    check("compare, %d elements: FE above, lumped line below the exact frequencies" % n,
          all(c < e < f for e, f, c in zip(m["exact"], m["primal_fe"], m["chain"])),
          (m["exact"], m["primal_fe"], m["chain"]))
    check("compare: the impulse dual left out with its reason", "impulse dual: left out" in
          done.stdout, done.stdout[-500:])
    gaps.append(max(abs(f / c - 1) for f, c in zip(m["primal_fe"], m["chain"])))
if len(gaps) == 2:
    measured("compare: FE against the lumped-mass line, four lowest: %.2e at 50 elements, %.2e "
             "at 100 (order %.2f)" % (gaps[0], gaps[1], math.log2(gaps[0] / gaps[1])))
    check("the FE cable and the lumped-mass line converge to each other at order 2",
          1.8 < math.log2(gaps[0] / gaps[1]) < 2.2)

directory, done = hamdyn_run(
    ["modes", os.path.join(cases, "cable_pendulum.prm")] +
    sets(["Cable/Point masses=", "Cable/Axial stiffness=1e9", "Cable/Points=0, 0; 0, -1",
          "Discretization/Elements=200", "Modes/Number of modes=1"]), "modes at the floor")
check("a stiff chain of short elements: modes warns of double precision's floor",
      "force balance is resolved only to" in done.stderr, done.stderr)

# --- hamdyn converge -----------------------------------------------------------------------------
directory, _ = hamdyn_run(["converge", hanging] + sets(
    ["Discretization/Elements=25", "Convergence/Levels=4", "Convergence/Number of frequencies=2"]),
    "converge h")
orders = observed_orders(directory)
measured("converge h, omega_1 and omega_2 of the hanging cable: observed orders %s" % orders)
check("converge h: the frequencies' observed order 2", len(orders) == 6 and
      all(abs(o - 2) < 0.05 for o in orders), orders)
directory, _ = hamdyn_run(["converge", os.path.join(cases, "cable_pendulum.prm")] + sets(
    ["Convergence/Refine=dt", "Convergence/Levels=4", "Convergence/Number of frequencies=0",
     "Convergence/History=mass1_z", "Time integration/Final time=0.3",
     "Time integration/Time step=2e-3"]), "converge dt")
orders = observed_orders(directory)
measured("converge dt, the pendulum's mass height: observed orders %s" % orders)
check("converge dt: the history's observed order 2", len(orders) == 3 and
      all(abs(o - 2) < 0.1 for o in orders), orders)

# --- Section input: EA = E A and rho A = Density A of a steel wire (D = 20 mm), against the same
# cable with those products given directly (computed here, to within an ulp of hamdyn's): the
# same static.csv to the equilibrium's tolerance (its relative residual, 6e-10) -----------------
wire = os.path.join(work, "wire.prm")
with open(wire, "w") as f:
    f.write("subsection Model\n set Type = cable\nend\nsubsection Cable\n"
            " set Right support = 50, 0\n set Sag = 2\n set Gravity = 9.81\nend\n"
            "subsection Section\n set Shape = circle\n set Diameter = 0.02\n"
            " set Young's modulus = 1.6e11\n set Density = 7850\nend\n")
area = math.pi * 0.02 ** 2 / 4
directory, done = hamdyn_run(["static", wire], "wire from its section")
direct, _ = hamdyn_run(["static", wire] + sets(
    ["Section/Shape=direct", "Section/Diameter=0", "Section/Young's modulus=0", "Section/Density=0",
     "Cable/Axial stiffness=%r" % (1.6e11 * area), "Cable/Mass per length=%r" % (7850 * area)]),
    "wire given directly")
from_section, given = table(os.path.join(directory, "static.csv")), table(os.path.join(direct,
                                                                                      "static.csv"))
if from_section and given:
    worst = max(abs(from_section[k][0] - given[k][0]) / max(abs(given[k][0]), 1e-300)
                for k in given if k.startswith("exact_") or "reaction" in k)
    check("a cable's Section gives EA = E A and rho A = Density A: the reactions and the "
          "catenary's equal the direct case's (%.1e relative)" % worst, worst < 1e-9)
with open(os.path.join(directory, "used_parameters.prm")) as f:
    check("used_parameters.prm notes the derived EA", "Axial stiffness = E A = %s" %
          ("%.15g" % (1.6e11 * area)) in f.read())
_, done = hamdyn_run(["static", wire, "--set", "Section/Poisson's ratio=0.25"], "wire with nu")
check("Section/Poisson's ratio is named as not used by a cable",
      "Section/Poisson's ratio = '0.25' is not used by a cable" in done.stderr, done.stderr)
directory, done = hamdyn_run(["static", wire, "--set", "Cable/Axial stiffness=2e7"],
                             "wire with EA twice", expect=2)
check("EA given beside a Section: one line naming Cable/Axial stiffness and the shape",
      len(done.stderr.strip().splitlines()) == 1 and "Cable/Axial stiffness" in done.stderr
      and "Section/Shape = circle" in done.stderr, done.stderr)
check("... nothing written", not os.path.exists(directory))

# --- response: a taut weightless cable driven at its right support ---------------------------------
# Straight and taut, the linearized cable's transverse and axial motions are decoupled uniform
# chains: per element of stretched length h and rest length L_e, a transverse stiffness T/h and an
# axial EA/L_e (the tangent EA/L e e^T + T/l (I - e e^T)), the consistent mass rho L_e (1/3, 1/6),
# and with the loss factor eta each stiffness times (1 + i eta). Node j of such a chain held at
# j = 0 and driven by U at j = n moves as U sin(j theta) / sin(n theta) exactly, theta from the
# chain's dispersion relation k (2 - 2 cos theta) = omega^2 m (4 + 2 cos theta) / 6 (k the
# element's stiffness, m its mass): the finite-element response to round-off, however coarse.
# The axial damping c_a (Cable/Axial damping) adds i omega c_a / L_e to the axial chain's k. The
# left element's tension amplitude is the axial force, (EA (1 + i eta) + i omega c_a) / L_e
# (U_1 - U_0).
import cmath  # noqa: E402


def driven_chain(j, n, stiffness, element_mass, omega, amplitude, viscous=0.0):
    k = stiffness * (1 + 1j * eta) + 1j * omega * viscous
    mw = omega * omega * element_mass
    cos_theta = (2 * k - 2 * mw / 3) / (2 * k + mw / 3)
    theta = cmath.acos(cos_theta)
    return amplitude * cmath.sin(j * theta) / cmath.sin(n * theta)


eta, drive_x, drive_z, n, axial_damping = 0.02, 1e-3, 1e-2, 20, 200.0
frequencies = [0.5, 2.3, 4.9, 7.7]  # the string's first is 5 Hz: below it, near it and above
used_arguments = [hanging] + sets(
    ["Cable/Sag=", "Cable/Gravity=0", "Cable/Horizontal tension=%r" % tension,
     "Cable/Right support=%r, 0" % span, "Cable/Axial stiffness=%r" % ea,
     "Cable/Mass per length=%r" % rho, "Discretization/Elements=%d" % n,
     "Frequency response/Frequencies=" + ", ".join("%r" % f for f in frequencies),
     "Frequency response/Structural damping=%r" % eta, "Cable/Axial damping=%r" % axial_damping,
     "Frequency response/Support motion=right: %r, %r" % (drive_x, drive_z),
     "Frequency response/Shapes at=2.3"])
directory, done = hamdyn_run(["response"] + used_arguments, "taut cable driven at a support")
r = table(os.path.join(directory, "frf.csv")) if done.returncode == 0 else {}
if r:
    rest = span / (1 + tension / ea) / n  # L_e
    worst = 0.0
    for k, f in enumerate(frequencies):
        omega = 2 * math.pi * f
        z = driven_chain(n // 2, n, tension / (span / n), rho * rest, omega, drive_z)
        viscous = axial_damping / rest
        x = driven_chain(n // 2, n, ea / rest, rho * rest, omega, drive_x, viscous)
        t = (ea * (1 + 1j * eta) + 1j * omega * axial_damping) / rest * driven_chain(
            1, n, ea / rest, rho * rest, omega, drive_x, viscous)
        for name, exact in (("midspan_z", z), ("midspan_x", x), ("left_tension", t)):
            got = complex(r[name + "_re"][k], r[name + "_im"][k])
            worst = max(worst, abs(got - exact) / abs(exact))
    check("response of a taut cable: midspan's transverse and axial amplitudes and the left "
          "tension equal the driven chains' closed form to %.1e" % worst, worst < 1e-9)
    measured("taut cable driven at a support, %d elements, eta %g: largest relative difference "
             "from the closed form %.2e" % (n, eta, worst))
    with open(os.path.join(directory, "frf_units.csv")) as f:
        names, units = [line.strip().split(",") for line in f][:2]
    unit_of = dict(zip(names, units))
    check("frf_units.csv: the tension in N, the displacements in m",
          unit_of.get("left_tension_abs") == "N" and unit_of.get("midspan_z_abs") == "m", unit_of)
    # response.pvd: the shape at 2.3 Hz, its midspan node's real and imaginary parts frf.csv's
    from vtkmodules.vtkIOXML import vtkXMLPolyDataReader
    reader = vtkXMLPolyDataReader()
    reader.SetFileName(os.path.join(directory, "response_00000.vtp"))
    reader.Update()
    data = reader.GetOutput()
    arrays = [data.GetPointData().GetArray(name) for name in ("deflection_re", "deflection_im")]
    k = frequencies.index(2.3)
    check("response.pvd at 2.3 Hz: the midspan's deflection_re and deflection_im are frf.csv's",
          all(a is not None for a in arrays) and
          arrays[0].GetTuple3(n // 2)[1] == r["midspan_z_re"][k] and
          arrays[1].GetTuple3(n // 2)[1] == r["midspan_z_im"][k] and
          arrays[0].GetTuple3(n // 2)[0] == r["midspan_x_re"][k])
    # on 2 ranks (every rank solves the chain alike): the same file
    two = os.path.join(work, "taut cable driven, 2 ranks")
    done = subprocess.run(["mpirun", "--oversubscribe", "-np", "2", hamdyn, "response"] +
                          [a for a in used_arguments] + ["--output", two], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    same = done.returncode == 0 and open(os.path.join(two, "frf.csv")).read() == open(
        os.path.join(directory, "frf.csv")).read()
    check("the cable's response on 2 ranks: frf.csv the same", same, done.stderr[-500:])
# A sagged cable at 0 Hz: the response to a unit motion of a support is the derivative of the
# static equilibrium by that support's position, here the central difference of two nonlinear
# statics with the right support 1 mm up and down (its truncation (d/l)^2 ~ 1e-10, its round-off
# the equilibrium's over 2 mm)
sagged = ["Cable/Sag=", "Cable/Unstretched length=102.5"]
directory, done = hamdyn_run(["response", hanging] + sets(sagged + [
    "Frequency response/Frequencies=0", "Frequency response/Support motion=right: 0, 1"]),
    "sagged cable at 0 Hz")
statics = []
for offset in (1e-3, -1e-3):
    d, _ = hamdyn_run(["static", hanging] + sets(sagged + ["Cable/Right support=100, %r" % offset]),
                      "sagged cable, right support at %g" % offset)
    with open(os.path.join(d, "static_shape.csv")) as f:
        statics.append(list(csv.DictReader(line for line in f if not line.startswith("#"))))
if done.returncode == 0 and all(statics):
    r = table(os.path.join(directory, "frf.csv"))
    middle = len(statics[0]) // 2  # 200 elements: node 100 at the unstretched middle
    for axis in ("x", "z"):
        derivative = (float(statics[0][middle][axis]) - float(statics[1][middle][axis])) / 2e-3
        difference = abs(r["midspan_%s_re" % axis][0] / derivative - 1)
        check("a sagged cable at 0 Hz: midspan_%s equals the statics' derivative by the support's "
              "height to %.1e" % (axis, difference), difference < 1e-7 and
              r["midspan_%s_im" % axis][0] == 0)
        measured("sagged cable, 0 Hz, midspan_%s against the statics' central difference: %.2e"
                 % (axis, difference))
directory, done = hamdyn_run(["response", hanging], "cable response without a support motion",
                             expect=2)
check("a cable's response without Frequency response/Support motion: one line naming it",
      len(done.stderr.strip().splitlines()) == 1 and "Frequency response/Support motion" in
      done.stderr and not os.path.exists(directory), done.stderr)
for label, value in (("an unknown support", "middle: 0, 1"), ("one support twice",
                                                              "left: 0, 1; left: 1, 0"),
                     ("one amplitude", "right: 0.1")):
    directory, done = hamdyn_run(["response", hanging, "--set",
                                  "Frequency response/Support motion=" + value],
                                 "cable response, " + label, expect=2)
    check("a support motion with %s: one line naming the key" % label,
          len(done.stderr.strip().splitlines()) == 1 and "Frequency response/Support motion" in
          done.stderr and not os.path.exists(directory), done.stderr)

# --- bad input ------------------------------------------------------------------------------------
bad = {
    "Cable/Left support": ["Cable/Sag=", "Cable/Points=0,0; 5,0", "Cable/Left support=1,1"],
    "Cable/Unstretched length": ["Cable/Unstretched length=120"],
    "Cable/Axial stiffness": ["Cable/Axial stiffness=0"],
    "Cable/Gravity": ["Cable/Gravity=-1"],
    "Cable/Points": ["Cable/Sag=", "Cable/Points=0,0"],
    "Cable/Point masses": ["Cable/Point masses=200: 1"],
    "Cable/Sag": ["Cable/Right end=free"],
    "Time integration/Scheme": ["Time integration/Scheme=central difference"],
    "Convergence/Refine": ["Convergence/Refine=p"],
    "Convergence/Levels": ["Convergence/Levels=5"],
    "Cable/Right support motion": ["Cable/Right support motion=0.1, 0"],
    "Cable/Springs": ["Cable/Springs=150: 10"],
    "Cable/Held points": ["Cable/Held points=0"],
    "Cable/Dashpots": ["Cable/Dashpots=20: -1"],
}
for key, pairs in bad.items():
    command = "converge" if key.startswith("Convergence") else "static"
    directory, done = hamdyn_run([command, hanging] + sets(pairs), "bad " + key, expect=2)
    lines = done.stderr.strip().splitlines()
    check("bad %s: one line naming it" % key, len(lines) == 1 and key in lines[0], done.stderr)
    check("bad %s: nothing written" % key, not os.path.exists(directory))
for label, value, words in (("at a free end", "0.1*t, 0", "free"),
                            ("not differentiable", "min(t, 1), 0", "differentiate"),
                            ("three parts", "t, 0, 1", "u_x(t), u_z(t)")):
    pairs = ["Cable/Left support motion=" + value]
    if label == "at a free end":
        pairs = ["Cable/Sag=", "Cable/Points=0,0; 5,0", "Cable/Left end=free"] + pairs
    directory, done = hamdyn_run(["run", hanging] + sets(pairs), "bad motion " + label, expect=2)
    check("a support motion %s: one line naming it" % label, len(done.stderr.strip().splitlines())
          == 1 and "Cable/Left support motion" in done.stderr and words in done.stderr, done.stderr)
directory, done = hamdyn_run(["static", hanging, "--set", "Cable/Gravity=0"], "bad sag without gravity",
                             expect=2)
check("a sag with no gravity: named", "Cable/Sag" in done.stderr and "Gravity" in done.stderr,
      done.stderr)
finish()
