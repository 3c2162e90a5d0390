#!/usr/bin/env python3
"""The planar geometrically exact beam through the command line (Model/Type = planar beam), as a
user runs it, against references derived here:
  - hamdyn static, the roll-up (cases/roll_up.prm): an end moment M bends the cantilever into a
    circle of radius EI/M with no axial force or shear (Simo & Vu-Quoc, J. Appl. Mech. 53, 1986,
    sec. 7.1); at M = 2 pi EI/L its end is back at the root turned by 2 pi; the section forces
    written at the sampling points are N = Q = 0 and M; the clamp's reaction moment is -M;
  - hamdyn static, a cantilever under a dead tip load P across it at large deflection, against
    the elastica theta'' = -(P/EI) cos(theta), theta(0) = 0, theta'(L) = 0 (inextensible and
    unshearable: EA and kGA 10^7 times EI/L^2 here), solved in this test by shooting (and that
    against Mattiasson's table);
  - hamdyn modes about the straight reference: the bending modes are hamdyn's Timoshenko
    beam's of the same mesh (its small-amplitude limit), to 1e-10; without rotary inertia a
    slender cantilever's are Euler-Bernoulli's (cos cosh = -1);
  - hamdyn buckling: a clamped-free column's three critical loads against Euler's;
  - hamdyn response: a cantilever's clamp shaken in x and z against the exact base-excited
    Timoshenko cantilever and axial bar;
  - hamdyn run of a free beam flying and spinning: momenta and T + V constant;
  - hamdyn batch: a sweep of the end moment, each member's end rotation M L / EI;
  - hamdyn converge: the frequencies' observed order 2p in h, a resolved run's order 2 in dt;
  - hamdyn static by arc length (cases/snap_through.prm), half a shallow two-bar truss on a
    roller: its whole path through the limit point against the exact P(z) of a straight bar;
  - hamdyn run, a small transient (a tip force stepped on) is the Timoshenko beam's run, their
    difference of the linearization's order (scaling as the force squared, relative);
  - hamdyn spectrum, the cantilever's clamp shaken across it: its modal peaks are the Timoshenko
    beam's, its run's peak too to the linearization's order, the ledger closing with the ground's
    work;
  - hamdyn run, a stiff bar pinned and let go from the horizontal (cases/planar_beam_pendulum.prm):
    the rigid compound pendulum's period 4 sqrt(2L/3g) K(sin(pi/4)), T + V constant;
  - hamdyn compare beside Hencky's bar chain at large rotation: rolled up, both ends back at the
    root turned by 2 pi, the frequencies about the circle and the pendulum's path converging
    together at order 2 in h, the chain's T + V kept;
  - the same on 2 ranks: the same numbers;
  - bad input exits 2 with one line naming the key and writes nothing.
usage: test_planar_beam.py HAMDYN SOURCE_DIR
"""
import csv
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402
from hamdyn_cli import Hamdyn, ledger, measured, sets, spectrum_rows, table  # noqa: E402
from reference_cases import TIMOSHENKO_CANTILEVER, write_case  # noqa: E402

hamdyn, source = sys.argv[1], os.path.abspath(sys.argv[2])
roll_up = os.path.join(source, "cases", "roll_up.prm")
hamdyn_run = Hamdyn(hamdyn, tempfile.mkdtemp()).run
# --- the roll-up -------------------------------------------------------------------------------
ei, length = 100.0, 10.0
for fraction in (0.25, 0.5, 1.0):
    moment = fraction * 2 * math.pi * ei / length
    directory, _ = hamdyn_run(["static", roll_up] + sets(["Planar beam/End moment=%.17g" % moment]),
                              "roll-up %g" % fraction)
    end = table(os.path.join(directory, "static.csv"))
    radius = ei / moment
    angle = length / radius
    error = math.hypot(end["end_x"][0] - radius * math.sin(angle),
                       end["end_z"][0] - radius * (1 - math.cos(angle)))
    measured("roll-up at M/M_max = %g: the end %.3g m from the circle's, turned %.15g rad "
             "(exact %.15g)" % (fraction, error, end["end_rotation"][0], angle))
    # 10 elements of degree 2: the nodes' error is O(h^4), measured 1.3e-6 m at a quarter and
    # 1.4e-5 m at a half (the full circle is exact by symmetry)
    check("roll-up %g: the end on the circle" % fraction,
          error < (1e-11 if fraction == 1 else 3e-6 if fraction == 0.25 else 3e-5),
          "%.3g m" % error)
    check("roll-up %g: the end's rotation L/R" % fraction,
          abs(end["end_rotation"][0] - angle) < 1e-12 * angle)
    check("roll-up %g: the clamp's moment is -M" % fraction,
          abs(end["start_reaction_moment"][0] + moment) < 1e-10 * moment)
    forces = table(os.path.join(directory, "static_forces.csv"))
    check("roll-up %g: N = Q = 0 and the moment M at the sampling points" % fraction,
          max(abs(v) for v in forces["axial_force"] + forces["shear_force"]) < 1e-8 and
          max(abs(v - moment) for v in forces["bending_moment"]) < 1e-10 * moment)
    check("roll-up %g: static.pvd written" % fraction,
          os.path.isfile(os.path.join(directory, "static_00000.vtp")))

# --- the elastica of a cantilever under a tip load across it -----------------------------------


def elastica_tip(k, turn=0.0):
    """(x, z, theta) at the tip of the inextensible cantilever of length 1 under P with
    P L^2/EI = k downwards, turned by `turn` (P (sin turn, -cos turn)): EI theta'' = -r' x F,
    theta'' = k cos(theta - turn) (theta from x, z up), theta(0) = 0, theta'(1) = 0; shooting
    on theta'(0) by bisection, RK4 in s with 20000 steps."""
    def shoot(slope):
        steps = 20000
        h = 1.0 / steps
        theta, omega, x, z = 0.0, slope, 0.0, 0.0

        def rates(theta, omega):
            return omega, k * math.cos(theta - turn), math.cos(theta), math.sin(theta)
        for _ in range(steps):
            a = rates(theta, omega)
            b = rates(theta + h / 2 * a[0], omega + h / 2 * a[1])
            c = rates(theta + h / 2 * b[0], omega + h / 2 * b[1])
            d = rates(theta + h * c[0], omega + h * c[1])
            x += h / 6 * (a[2] + 2 * b[2] + 2 * c[2] + d[2])
            z += h / 6 * (a[3] + 2 * b[3] + 2 * c[3] + d[3])
            theta += h / 6 * (a[0] + 2 * b[0] + 2 * c[0] + d[0])
            omega += h / 6 * (a[1] + 2 * b[1] + 2 * c[1] + d[1])
        return omega, x, z, theta
    # the load bends it down: theta' < 0 at the root, M = EI theta' = -P (x_tip - x)
    low, high = -2 * k, 0.0
    for _ in range(60):
        middle = 0.5 * (low + high)
        if shoot(middle)[0] > 0:
            high = middle
        else:
            low = middle
    _, x, z, theta = shoot(0.5 * (low + high))
    return x, z, theta


k = 2.0  # P L^2/EI
x_exact, z_exact, theta_exact = elastica_tip(k)
measured("elastica at P L^2/EI = %g: tip (%.9f, %.9f) L, rotation %.9f" %
         (k, x_exact, z_exact, theta_exact))
# the shooting against the 5 digits Mattiasson tabulates for this load (Int. J. Numer. Meth.
# Eng. 17:145-153, 1981, table 1: u/L = 0.16064, w/L = 0.49346, phi = 0.78175)
check("the elastica by shooting is Mattiasson's",
      abs(1 - x_exact - 0.16064) < 1e-5 and abs(-z_exact - 0.49346) < 1e-5 and
      abs(-theta_exact - 0.78175) < 1e-5, "%.6f %.6f %.6f" % (1 - x_exact, -z_exact, -theta_exact))
tip_load = ["Planar beam/End moment=0", "Planar beam/End=1, 0", "Planar beam/Bending stiffness=1",
            "Planar beam/Axial stiffness=1e7", "Planar beam/Shear stiffness=1e7",
            "Planar beam/End force=0, -%g" % k, "Discretization/Elements=20",
            "Discretization/Degree=3"]
directory, _ = hamdyn_run(["static", roll_up] + sets(tip_load), "elastica")
end = table(os.path.join(directory, "static.csv"))
difference = max(abs(end["end_x"][0] - x_exact), abs(end["end_z"][0] - z_exact),
                 abs(end["end_rotation"][0] - theta_exact))
measured("planar beam (20 cubic elements, EA = kGA = 1e7 EI/L^2) - elastica: %.3g" % difference)
# the finite EA and kGA move the tip by about P/EA = 2e-7 L
check("the tip-loaded cantilever's tip on the elastica's", difference < 2e-6, "%.3g" % difference)
check("the clamp carries the load", abs(end["start_reaction_z"][0] - k) < 1e-9 * k and
      abs(end["start_reaction_moment"][0] - k * end["end_x"][0]) < 1e-9 * k)

# A follower tip load (End force follows): the force turns with the tip's section, so at the
# equilibrium it is the dead force P (sin theta_t, -cos theta_t) with theta_t the tip's own
# rotation: the elastica above with turn = theta_t, theta_t found by the secant method on
# theta(1; theta_t) = theta_t.
def follower_elastica_tip(k):
    turns = [0.0, -0.5]
    gaps = [elastica_tip(k, t)[2] - t for t in turns]
    for _ in range(30):
        turn = turns[1] - gaps[1] * (turns[1] - turns[0]) / (gaps[1] - gaps[0])
        turns, gaps = [turns[1], turn], [gaps[1], elastica_tip(k, turn)[2] - turn]
        if abs(gaps[1]) < 1e-13:
            break
    return elastica_tip(k, turns[1])


x_exact, z_exact, theta_exact = follower_elastica_tip(k)
follower_directory, _ = hamdyn_run(["static", roll_up] + sets(tip_load + ["Planar beam/End "
                                                                          "force follows=true"]),
                                   "follower elastica")
end = table(os.path.join(follower_directory, "static.csv"))
difference = max(abs(end["end_x"][0] - x_exact), abs(end["end_z"][0] - z_exact),
                 abs(end["end_rotation"][0] - theta_exact))
measured("follower tip load P L^2/EI = %g: tip (%.9f, %.9f), rotation %.9f; planar beam - "
         "elastica: %.3g" % (k, x_exact, z_exact, theta_exact, difference))
check("the follower-loaded cantilever's tip on the elastica's", difference < 2e-6,
      "%.3g" % difference)
check("a follower load turns the tip further than the dead load",
      theta_exact < -0.9 and end["end_rotation"][0] < -0.9)

# A follower pressure (Distributed force follows): w = -q n(theta(s)) along the cantilever, n the
# section's normal. The load on [s, L] is -q J (r(L) - r(s)) with the moment -(q/2)|r(L) - r(s)|^2
# about r(s) (r x J t = r . t, and (r' - r) . t' integrates to |r(L) - r|^2 / 2), so
# EI theta'(s) = -(q/2)|R - r(s)|^2 with R = r(L) unknown: shooting on R (RK4, 4000 steps) until
# r(L) = R, by scipy's fsolve.
def pressure_tip(k):
    """(x, z, theta) at the tip of the inextensible cantilever of length 1 under the follower
    pressure q with q L^3/EI = k, pushing toward -z at the reference."""
    import numpy
    from scipy.optimize import fsolve

    def shoot(tip, steps=4000):
        h = 1.0 / steps
        theta, x, z = 0.0, 0.0, 0.0

        def rates(theta, x, z):
            return -0.5 * k * ((tip[0] - x) ** 2 + (tip[1] - z) ** 2), math.cos(theta), \
                math.sin(theta)
        for _ in range(steps):
            a = rates(theta, x, z)
            b = rates(theta + h / 2 * a[0], x + h / 2 * a[1], z + h / 2 * a[2])
            c = rates(theta + h / 2 * b[0], x + h / 2 * b[1], z + h / 2 * b[2])
            d = rates(theta + h * c[0], x + h * c[1], z + h * c[2])
            theta += h / 6 * (a[0] + 2 * b[0] + 2 * c[0] + d[0])
            x += h / 6 * (a[1] + 2 * b[1] + 2 * c[1] + d[1])
            z += h / 6 * (a[2] + 2 * b[2] + 2 * c[2] + d[2])
        return theta, x, z
    tip = fsolve(lambda t: numpy.array(shoot(t)[1:]) - t, [0.8, -0.3], xtol=1e-14)
    return tip[0], tip[1], shoot(tip)[0]


pressed_tip = pressure_tip(3.0)
pressure = [pair for pair in tip_load if not pair.startswith("Planar beam/End force")] + [
    "Planar beam/Distributed force=0, -3", "Planar beam/Distributed force follows=true"]
pressure_directory, _ = hamdyn_run(["static", roll_up] + sets(pressure), "follower pressure")
pressed_end = table(os.path.join(pressure_directory, "static.csv"))
pressed_difference = max(abs(pressed_end[key][-1] - value) for key, value in
                         zip(("end_x", "end_z", "end_rotation"), pressed_tip))
measured("follower pressure q L^3/EI = 3: tip (%.9f, %.9f), rotation %.9f; planar beam (20 cubic "
         "elements) - shooting: %.3g" % (pressed_tip + (pressed_difference,)))
# (the finite EA and kGA move the tip by about q L^2/EA = 3e-7 L)
check("the follower-pressed cantilever's tip on the shooting's", pressed_difference < 1e-6,
      "%.3g" % pressed_difference)

# The same cantilever as a frame of one member turned upright (A: 0, 0 to B: 0, 1) with a
# follower force at B (Geometry/Follower forces) across it: the elastica turned by 90 degrees,
# B at (-z, x) of the line's tip, turned by the same angle.
frame_tip = [pair for pair in tip_load if not pair.startswith("Planar beam/End force")] + [
    "Geometry/Points=A: 0, 0; B: 0, 1", "Geometry/Members=column: A B",
    "Geometry/Supports=A: clamped", "Geometry/Follower forces=B: %g, 0" % k]
frame_directory, _ = hamdyn_run(["static", roll_up] + sets(frame_tip),
                                "follower force on a frame's column")
b = table(os.path.join(frame_directory, "static.csv")) if os.path.isfile(
    os.path.join(frame_directory, "static.csv")) else {}
if "B_u_x" in b:
    difference = max(abs(b["B_u_x"][0] + z_exact), abs(b["B_u_z"][0] + 1 - x_exact),
                     abs(b["B_turn"][0] - theta_exact))
    measured("a column frame's follower force (Geometry/Follower forces) - the elastica: %.3g" %
             difference)
    check("a frame's follower force: its column's top on the turned elastica's",
          difference < 2e-6, "%.3g" % difference)

# --- modes: about the straight reference, the bending modes are the Timoshenko beam's ------------
timoshenko = write_case(tempfile.mkdtemp(), "timoshenko.prm", TIMOSHENKO_CANTILEVER +
                        "subsection Modes\n  set Number of modes = 6\nend\n")
straight_directory, _ = hamdyn_run(["modes", timoshenko], "the Timoshenko cantilever's modes")
straight = table(os.path.join(straight_directory, "modes.csv"))["omega"]
# the same beam as a planar beam, its axial modes (EA = 1e6 N: the first at 111 rad/s) above the
# six bending ones
planar_modes = ["Planar beam/End moment=0", "Planar beam/Axial stiffness=1e6",
                "Planar beam/Mass per length=2", "Planar beam/Rotary inertia=0.05",
                "Modes/Number of modes=6"]
modes_directory, _ = hamdyn_run(["modes", roll_up] + sets(planar_modes),
                                "the planar cantilever's modes")
planar = table(os.path.join(modes_directory, "modes.csv"))["omega"]
difference = max(abs(a / b - 1) for a, b in zip(planar, straight))
measured("planar beam's modes about the straight reference / Timoshenko's - 1: %.3g" % difference)
check("the planar beam's bending modes are the Timoshenko beam's (the same elements)",
      len(planar) == 6 and difference < 1e-10, "%.3g" % difference)
check("modes.pvd written", os.path.isfile(os.path.join(modes_directory, "modes_00005.vtp")))
modes_directory2, _ = hamdyn_run(["modes", roll_up] + sets(planar_modes), "modes on 2 ranks",
                                 ranks=2)
with open(os.path.join(modes_directory, "modes.csv")) as a, \
        open(os.path.join(modes_directory2, "modes.csv")) as b:
    check("2 ranks write the same modes.csv", a.read() == b.read())

# --- point terms: a tip mass and rotary inertia and a spring at s = 4 m are the Timoshenko beam's
# (its Right end/Point mass and Rotary inertia, Attachments/Springs; the planar spring acts in x
# too, which moves only the axial modes, above these six)
with open(timoshenko) as f:
    attached = f.read().replace("""subsection Right end
  set Support = free
end""", """subsection Right end
  set Support = free
  set Point mass = 5
  set Rotary inertia = 0.3
end
subsection Attachments
  set Springs = 4: 20
end""")
attached_file = os.path.join(os.path.dirname(timoshenko), "attached.prm")
with open(attached_file, "w") as f:
    f.write(attached)
straight_directory, _ = hamdyn_run(["modes", attached_file], "the Timoshenko cantilever with a tip "
                                   "mass and a spring")
straight = table(os.path.join(straight_directory, "modes.csv"))["omega"]
attachments = ["Planar beam/Point masses=10: 5", "Planar beam/Point rotary inertias=10: 0.3",
               "Planar beam/Springs=4: 20"]
modes_directory, _ = hamdyn_run(["modes", roll_up] + sets(planar_modes + attachments),
                                "the planar cantilever with a tip mass and a spring")
planar = table(os.path.join(modes_directory, "modes.csv"))["omega"]
difference = max(abs(a / b - 1) for a, b in zip(planar, straight))
measured("planar beam with a tip mass, rotary inertia and spring: modes / Timoshenko's - 1: %.3g" %
         difference)
check("point masses, rotary inertias and springs are the Timoshenko beam's in the small",
      len(planar) == 6 and difference < 1e-10, "%.3g" % difference)

# --- modes about steady rotation on a hub: a rotating cantilever's in-plane (lead-lag) modes ----
# An independent Rayleigh-Ritz solution of the linearized equations in the turning frame (hub at
# the root, the beam along x, Euler-Bernoulli in bending, axial u and in-plane v):
#   rho A (u'' - 2 Omega v' - Omega^2 u) - (EA u')' = 0,
#   rho A (v'' + 2 Omega u' - Omega^2 v) + (EI v'')'' - (T v')' = 0,
# T(x) = rho A Omega^2 (L^2 - x^2) / 2 the centrifugal tension (Meirovitch, Methods of Analytical
# Dynamics, sec. 6.6, for the gyroscopic terms; the frequencies rise as Southwell's
# omega^2 = omega_0^2 + (K - 1) Omega^2 with K near 1.19, the in-plane's -Omega^2 included), with
# u and v in x P_k(2x/L - 1) and x^2 P_k(2x/L - 1) (Legendre), the quadratic eigenproblem as
# [0, I; -M^-1 K, -M^-1 G]. What the planar beam adds: its shear and axial flexibility and the
# steady stretch, 1e-8 and rho A Omega^2 L^2 / EA = 1e-6 here.
import numpy


def rotating_cantilever_ritz(rate, ea, ei, mass, length, n_modes):
    def basis(x, k, power):
        c = numpy.zeros(k + 1)
        c[k] = 1
        t = 2 * x / length - 1
        leg = numpy.polynomial.legendre
        p = leg.legval(t, c)
        dp = leg.legval(t, leg.legder(c)) * 2 / length
        ddp = leg.legval(t, leg.legder(c, 2)) * 4 / length ** 2
        xp, dxp = x ** power, power * x ** (power - 1)
        ddxp = power * (power - 1) * x ** (power - 2) if power >= 2 else 0 * x
        return xp * p, dxp * p + xp * dp, ddxp * p + 2 * dxp * dp + xp * ddp
    points, weights = numpy.polynomial.legendre.leggauss(60)
    x, w = 0.5 * length * (points + 1), 0.5 * length * weights
    nu, nv = 10, 12
    u = [basis(x, k, 1) for k in range(nu)]
    v = [basis(x, k, 2) for k in range(nv)]
    tension = mass * rate ** 2 * (length ** 2 - x ** 2) / 2
    n = nu + nv
    m, k, g = numpy.zeros((n, n)), numpy.zeros((n, n)), numpy.zeros((n, n))
    for i in range(nu):
        for j in range(nu):
            m[i, j] = mass * numpy.sum(w * u[i][0] * u[j][0])
            k[i, j] = ea * numpy.sum(w * u[i][1] * u[j][1]) - rate ** 2 * m[i, j]
        for j in range(nv):
            coriolis = 2 * rate * mass * numpy.sum(w * u[i][0] * v[j][0])
            g[i, nu + j], g[nu + j, i] = -coriolis, coriolis
    for i in range(nv):
        for j in range(nv):
            m[nu + i, nu + j] = mass * numpy.sum(w * v[i][0] * v[j][0])
            k[nu + i, nu + j] = (ei * numpy.sum(w * v[i][2] * v[j][2]) +
                                 numpy.sum(w * tension * v[i][1] * v[j][1]) -
                                 rate ** 2 * m[nu + i, nu + j])
    zero, one = numpy.zeros((n, n)), numpy.eye(n)
    first_order = numpy.block([[zero, one], [-numpy.linalg.solve(m, k),
                                             -numpy.linalg.solve(m, g)]])
    lam = numpy.linalg.eigvals(first_order)
    return sorted(lam.imag[lam.imag > 0])[:n_modes]


rotating = ["Planar beam/End moment=0", "Planar beam/End=1, 0", "Planar beam/Bending stiffness=1",
            "Planar beam/Axial stiffness=1e8", "Planar beam/Shear stiffness=1e8",
            "Planar beam/Mass per length=1", "Discretization/Elements=20",
            "Discretization/Degree=3", "Modes/Number of modes=3"]
for rate in (0, 5, 10):
    spun, _ = hamdyn_run(["modes", roll_up] + sets(rotating + ["Planar beam/Steady rotation=%g" %
                                                               rate]),
                         "modes about steady rotation at %g rad/s" % rate)
    omega = table(os.path.join(spun, "modes.csv"))["omega"]
    reference = rotating_cantilever_ritz(rate, 1e8, 1.0, 1.0, 1.0, 3)
    difference = max(abs(a / b - 1) for a, b in zip(omega, reference))
    measured("rotating at %g rad/s: modes %s, Rayleigh-Ritz %s, largest difference %.2g" %
             (rate, " ".join("%.9g" % o for o in omega), " ".join("%.9g" % o for o in reference),
              difference))
    check("rotating at %g rad/s: the in-plane modes are the Rayleigh-Ritz solution's" % rate,
          len(omega) == 3 and difference < 1e-6, "%.3g" % difference)
    if rate == 10:
        check("at 10 rad/s the first lead-lag frequency has risen by 44 %",
              1.43 < omega[0] / 3.5160152733 < 1.44, "%.6g" % omega[0])
        spun2, _ = hamdyn_run(["modes", roll_up] + sets(rotating + ["Planar beam/Steady "
                                                                    "rotation=10"]),
                              "modes about steady rotation on 2 ranks", ranks=2)
        with open(os.path.join(spun, "modes.csv")) as a, \
                open(os.path.join(spun2, "modes.csv")) as b:
            check("about steady rotation, 2 ranks write the same modes.csv", a.read() == b.read())

# --- a small transient is the Timoshenko beam's (its small-amplitude limit) ----------------------
# A tip force P stepped on at t = 0 on the cantilever above: the run's midpoint rule is, for the
# linearized equations, the Timoshenko run's generalized alpha at rho_inf = 1 (the trapezoidal
# rule), and its generalized alpha below 1 the Timoshenko run's (the same coefficients, the same
# initial acceleration M a = p - F(q)); the elements agree in the small; what differs is the
# geometry's nonlinearity, of relative size (w/L)^2: the difference relative to the deflection
# must grow as P^2 (4 when P doubles).
for rho in ("1", "0.8"):
    differences = []
    for force in (0.001, 0.002):
        step = ["Time integration/Time step=0.01", "Time integration/Final time=5",
                "Time integration/Spectral radius=" + rho]
        planar_run, _ = hamdyn_run(
            ["run", roll_up] + sets(planar_modes[:-1] + step +
                                    ["Planar beam/End force=0, %g" % -force]),
            "planar beam, tip force %g, rho_inf %s" % (force, rho))
        straight_run, _ = hamdyn_run(
            ["run", timoshenko] + sets(step + ["Attachments/Forces=10: %g" % -force]),
            "Timoshenko beam, tip force %g, rho_inf %s" % (force, rho))
        planar_tip = table(os.path.join(planar_run, "history.csv"))["end_z"]
        straight_tip = table(os.path.join(straight_run, "history.csv"))["u_right"]
        largest = max(abs(w) for w in straight_tip)
        differences.append(max(abs(a - b) for a, b in zip(planar_tip, straight_tip)) / largest)
        check("tip force %g, rho_inf %s: both runs have 501 rows" % (force, rho),
              len(planar_tip) == len(straight_tip) == 501)
    measured("rho_inf %s: a small transient (tip deflection 2.3e-4 L) / the Timoshenko run's - 1: "
             "%.3g; at twice the force %.3g" % ((rho,) + tuple(differences)))
    check("rho_inf %s: a small transient is the Timoshenko beam's to the linearization's order"
          % rho, differences[0] < 1e-7 and 3.5 < differences[1] / differences[0] < 4.5,
          "%.3g, %.3g" % tuple(differences))

# --- spectrum: the cantilever's clamp shaken across it (Ground motion direction = z). About the
# straight reference the six bending modes, their participation phi^T M r / phi^T M phi and
# spectral values are the Timoshenko beam's (its small-amplitude limit, modes equal to 1e-10
# above), so the modal peaks (SRSS, CQC) of the tip's deflection agree to that order; the runs
# in the ground's frame (load -M r a_g) differ by the linearization's order, relative (w/L)^2
# (tip deflections of 1e-4 L here); the planar run's ledger closes with the ground's work.
shaken = ["Ground motion/Acceleration=0.002*sin(3*t)", "Time integration/Time step=0.01",
          "Time integration/Final time=5", "Modes/Number of modes=6"]
straight_spectrum, _ = hamdyn_run(["spectrum", timoshenko] + sets(shaken),
                                  "the Timoshenko cantilever's spectrum")
planar_spectrum, _ = hamdyn_run(
    ["spectrum", roll_up] + sets(planar_modes[:-1] + shaken +
                                 ["Planar beam/Ground motion direction=z"]),
    "the planar cantilever's spectrum")
straight_rows, planar_rows = spectrum_rows(straight_spectrum), spectrum_rows(planar_spectrum)
if "u_right" in straight_rows and "end_z" in planar_rows:
    a, b = planar_rows["end_z"], straight_rows["u_right"]
    modal = max(abs(float(a[k]) / float(b[k]) - 1) for k in ("srss", "cqc"))
    history = abs(float(a["time_history"]) / float(b["time_history"]) - 1)
    measured("planar cantilever's spectrum / the Timoshenko beam's - 1: SRSS and CQC %.3g, the "
             "runs' peaks %.3g (tip peak %.3g m)" % (modal, history, float(b["time_history"])))
    check("spectrum: the planar beam's modal peaks are the Timoshenko beam's (1e-9)",
          modal < 1e-9, "%.3g" % modal)
    check("spectrum: the planar run's peak is the Timoshenko run's to the linearization's order",
          history < 1e-6, "%.3g" % history)
    check("spectrum: end_x's and end_rotation's rows, no base_shear",
          "end_x" in planar_rows and "end_rotation" in planar_rows and
          "base_shear" not in planar_rows)
    work, imbalance = ledger(planar_spectrum)
    measured("planar cantilever shaken: the ground's largest work %.3g J, the ledger's largest "
             "imbalance %.3g J" % (work, imbalance))
    check("spectrum: the run's ledger closes with the ground's work (1e-9 of it)",
          work > 0 and imbalance < 1e-9 * work, "%.3g of %.3g" % (imbalance, work))
else:
    check("spectrum: both spectrum_response.csv tables written", False,
          "%s / %s" % (sorted(planar_rows), sorted(straight_rows)))

# without rotary inertia (rho I = 0, the default) the rotations are condensed out: a slender
# cantilever (kGA = 10^8 EI/L^2, where Rayleigh quotients formed from the assembled matrices lost
# 10^-5 to round-off) is Euler-Bernoulli's, beta_n L = 1.87510407, 4.69409113, 7.85475744 (the
# roots of cos cosh = -1), less its shear flexibility (2.4e-8 on the first frequency, 4e-7 on
# the third)
slender, _ = hamdyn_run(["modes", roll_up] + sets(["Planar beam/End moment=0",
                                                   "Planar beam/Shear stiffness=1e8",
                                                   "Discretization/Elements=40",
                                                   "Discretization/Degree=4",
                                                   "Modes/Number of modes=3"]),
                        "modes without rotary inertia")
omega = table(os.path.join(slender, "modes.csv"))["omega"]
exact = [(b / length) ** 2 * math.sqrt(ei / 1.0) for b in (1.87510407, 4.69409113, 7.85475744)]
difference = max(abs(a / b - 1) for a, b in zip(omega, exact))
measured("rho I = 0: the planar cantilever's first three frequencies / Euler-Bernoulli's - 1: "
         "%.3g" % difference)
check("rho I = 0: Euler-Bernoulli's cantilever frequencies", difference < 2e-6, "%.3g" % difference)

# --- buckling: a clamped-free column under an end compression P --------------------------------
# the critical multiples of P are (2k - 1)^2 pi^2 EI / (4 L^2 P) (Euler), less the column's shear
# and axial flexibility's share, about (2k - 1)^2 P_E / kGA and P / EA (6e-7 at the third)
column = ["Planar beam/End moment=0", "Planar beam/End force=-1, 0",
          "Planar beam/Axial stiffness=1e8", "Planar beam/Shear stiffness=1e8",
          "Discretization/Elements=20", "Discretization/Degree=3", "Buckling/Number of modes=3"]
buckled, _ = hamdyn_run(["buckling", roll_up] + sets(column), "the column's buckling")
factors = table(os.path.join(buckled, "buckling.csv"))["load_factor"]
euler = [(2 * k - 1) ** 2 * math.pi ** 2 * ei / (4 * length ** 2) for k in (1, 2, 3)]
difference = max(abs(a / b - 1) for a, b in zip(factors, euler))
measured("the clamped-free column's critical loads / Euler's - 1: %.3g (%s)" %
         (difference, ", ".join("%.9g" % f for f in factors)))
check("the column's three critical loads are Euler's", len(factors) == 3 and difference < 2e-6,
      "%.3g" % difference)
check("buckling.pvd written", os.path.isfile(os.path.join(buckled, "buckling_00002.vtp")))

# --- two ranks: the same numbers ---------------------------------------------------------------
directory2, _ = hamdyn_run(["static", roll_up] + sets(tip_load), "elastica on 2 ranks", ranks=2)
with open(os.path.join(directory, "static.csv")) as a, \
        open(os.path.join(directory2, "static.csv")) as b:
    check("2 ranks write the same static.csv", a.read() == b.read())

# --- hamdyn run: the stiff bar let go from the horizontal (cases/planar_beam_pendulum.prm) -----
# A rigid bar pinned at one end swings from phi = 0 to -pi and back, a pendulum of amplitude pi/2
# about the vertical with I / (m d) = 2L/3: T = 4 sqrt(2L/3g) K(sin(pi/4)), K by the
# arithmetic-geometric mean (Abramowitz & Stegun 17.6.1).
def complete_elliptic_k(k):
    a, b = 1.0, math.sqrt(1 - k * k)
    for _ in range(40):  # (quadratic convergence: 5 suffice; a fixed count cannot cycle)
        a, b = (a + b) / 2, math.sqrt(a * b)
    return math.pi / (2 * a)


# the times the end's rotation passes -pi/2 (the bar vertical), by cubic Hermite interpolation over
# the step of the rotation and its rate (error of order dt^4, far below the schemes' dt^2)
def vertical_passes(history):
    passes = []
    times, phi, rate = history["time"], history["end_rotation"], history["end_angular_velocity"]
    for k in range(len(times) - 1):
        f0, f1 = phi[k] + math.pi / 2, phi[k + 1] + math.pi / 2
        if (f0 > 0) == (f1 > 0):
            continue
        dt = times[k + 1] - times[k]

        def hermite(u):
            return ((2 * u ** 3 - 3 * u ** 2 + 1) * f0 + (u ** 3 - 2 * u ** 2 + u) * dt * rate[k] +
                    (-2 * u ** 3 + 3 * u ** 2) * f1 + (u ** 3 - u ** 2) * dt * rate[k + 1])
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if (hermite(mid) > 0) == (f0 > 0):
                lo = mid
            else:
                hi = mid
        passes.append(times[k] + (lo + hi) / 2 * dt)
    return passes


pendulum = os.path.join(source, "cases", "planar_beam_pendulum.prm")
swing = ["Time integration/Final time=2.2"]
swung, _ = hamdyn_run(["run", pendulum] + sets(swing), "pendulum")
history = table(os.path.join(swung, "history.csv"))
# the times the end's rotation passes -pi/2, by cubic Hermite interpolation over the step of the
# rotation and its rate (error of order dt^4, far below the scheme's dt^2)
passes = vertical_passes(history)
exact_period = 4 * math.sqrt(2 * 1.0 / (3 * 9.81)) * complete_elliptic_k(math.sqrt(0.5))
period = 2 * (passes[1] - passes[0]) if len(passes) >= 2 else float("nan")
measured("planar beam pendulum: period %.9f s, the rigid compound pendulum's %.9f s "
         "(difference %.2g)" % (period, exact_period, period - exact_period))
# the midpoint rule's error at dt = 1e-3 (3.3e-6 s: studies/planar_beam_motion's test measures
# the dt^2 law) and the bar's elasticity (its sag 1e-6 of L) are both below 2e-5 of it
check("pendulum: the compound pendulum's period", abs(period - exact_period) < 2e-5 * exact_period,
      "%.9f against %.9f" % (period, exact_period))
largest_energy_error = max(abs(e) for e in history["energy_error"])
measured("planar beam pendulum: largest |T + V - (T0 + V0)| %.2g J of 4.9 J swapped" %
         largest_energy_error)
check("pendulum: T + V constant to Newton's tolerance", largest_energy_error < 1e-9,
      "%.3g J" % largest_energy_error)
check("pendulum: solution.pvd written", os.path.isfile(os.path.join(swung, "solution.pvd")))
swung2, _ = hamdyn_run(["run", pendulum] + sets(swing), "pendulum on 2 ranks", ranks=2)
with open(os.path.join(swung, "history.csv")) as a, \
        open(os.path.join(swung2, "history.csv")) as b:
    check("2 ranks write the same history.csv", a.read() == b.read())

# a tip mass M and rotary inertia J on the bar: I = m L^2/3 + M L^2 + J about the pin and m g L/2
# + M g L of weight's moment, a pendulum of length l = I / (m L/2 + M L)
mass, inertia, bar = 0.5, 0.02, 1.0
loaded = ["Planar beam/Point masses=1: %g" % mass, "Planar beam/Point rotary inertias=1: %g" % inertia]
swung, _ = hamdyn_run(["run", pendulum] + sets(swing + loaded), "pendulum with a tip mass")
history = table(os.path.join(swung, "history.csv"))
passes = vertical_passes(history)
equivalent = (bar / 3 + mass + inertia) / (bar / 2 + mass)
exact_period = 4 * math.sqrt(equivalent / 9.81) * complete_elliptic_k(math.sqrt(0.5))
period = 2 * (passes[1] - passes[0]) if len(passes) >= 2 else float("nan")
measured("pendulum with a tip mass and rotary inertia: period %.9f s, exact %.9f s (difference "
         "%.2g)" % (period, exact_period, period - exact_period))
check("pendulum with a tip mass: the compound pendulum's period",
      abs(period - exact_period) < 2e-5 * exact_period, "%.9f against %.9f" % (period, exact_period))
check("pendulum with a tip mass: T + V constant",
      max(abs(e) for e in history["energy_error"]) < 1e-9)

# dashpots and a spring: at rho_inf = 1 what the dashpots take closes the ledger exactly
# (the midpoint rule's (r1 - r0)^T C (r1 - r0) / dt)
damped, _ = hamdyn_run(["run", pendulum] + sets(["Time integration/Final time=3",
                                                  "Planar beam/Dashpots=0.7: 0.3; 1: 0.2",
                                                  "Planar beam/Springs=0.5: 30"]),
                       "pendulum with dashpots and a spring")
history = table(os.path.join(damped, "history.csv"))
largest_energy_error = max(abs(e) for e in history["energy_error"])
measured("pendulum with dashpots: %.4g J dissipated, ledger closes to %.2g J" %
         (history["dissipated_energy"][-1], largest_energy_error))
check("dashpots: T + V + dissipated constant to Newton's tolerance",
      history["dissipated_energy"][-1] > 1 and largest_energy_error < 1e-9,
      "%.3g J" % largest_energy_error)

# a follower tip force on a clamped beam (not conservative): its work, at the step's middle
# rotation, is the ledger's external_work, which closes T + V's balance exactly; a follower
# pressure (each node's share at the step's middle rotation) alike
clamped = ["Planar beam/Start support=clamped", "Planar beam/Gravity=0",
           "Planar beam/Bending stiffness=20", "Planar beam/Axial stiffness=1e5",
           "Planar beam/Shear stiffness=1e5"]
for label, loads, final_time, least_work in (
        ("follower force", ["Planar beam/End force=0, -30", "Planar beam/End force follows=true"],
         2, 10),
        ("follower pressure", ["Planar beam/Distributed force=0, -40",
                               "Planar beam/Distributed force follows=true"], 1, 5)):
    loaded_run, _ = hamdyn_run(["run", pendulum] + sets(
        ["Time integration/Final time=%g" % final_time] + clamped + loads),
        "a %s on a cantilever" % label)
    work, error = ledger(loaded_run)
    measured("%s: its work up to %.3g J, ledger closes to %.2g J" % (label, work, error))
    check("a %s's work closes the ledger" % label, work > least_work and error < 1e-9,
          "%.3g J" % error)

# a spring away from the pin holds a pinned-free beam: its static state is found
sprung, _ = hamdyn_run(["static", pendulum] + sets(["Planar beam/Springs=1: 1e3"]),
                       "a pendulum held by a spring")
end = table(os.path.join(sprung, "static.csv"))
# turned by phi, the bar's weight's moment m g (L/2) cos phi is the spring's k L^2 sin phi (its
# force k (r - anchor) has the moment k L^2 sin phi about the pin): tan phi = m g / (2 k L), the
# end at -L sin phi (the bar's own bending, 1e-9 L, below)
sag = math.sin(math.atan(9.81 / 2e3))
check("a sprung pendulum's static sag is L sin(atan(m g / 2 k L))",
      abs(-end["end_z"][0] - sag) < 1e-6 * sag, "%.9g against %.9g" % (-end["end_z"][0], sag))

# --- a snap-through by arc length (cases/snap_through.prm): half a shallow two-bar truss --------
# The bar from (0, 0) to (a, h), pinned, its apex end on a vertical roller, stays straight (a
# two-force member) with N = EA (l/l0 - 1); the roller's vertical balance is the apex force
# P(z) = EA z (1/l - 1/l0), l = sqrt(a^2 + z^2), its limit point where l^3 = a^2 l0.
snap, done = hamdyn_run(["static", os.path.join(source, "cases", "snap_through.prm")],
                        "snap-through by arc length")
a, h, ea, force = 1.0, 0.1, 1e6, 3000.0
l0 = math.hypot(a, h)


def truss_force(z):
    return ea * z * (1 / math.hypot(a, z) - 1 / l0)


limit_load = truss_force(math.sqrt(l0 ** (2 / 3) * a ** (4 / 3) - a * a))
path = table(os.path.join(snap, "static_path.csv"))
worst = max(abs(lam * force - truss_force(z)) for lam, z in zip(path["load_factor"], path["end_z"]))
first_branch = [lam * force for lam, z in zip(path["load_factor"], path["end_z"]) if z > 0]
measured("snap-through: %d path points, P against EA z (1/l - 1/l0) to %.2g N; limit load %.6g "
         "N, the path's highest point before it %.6g N" %
         (len(path["load_factor"]), worst, limit_load, max(first_branch)))
check("snap-through: every point of the path on the exact P(z)", worst < 1e-8 * force,
      "%.3g N" % worst)
check("snap-through: through the limit point and the unstable branch (P < 0) to load factor 1 "
      "on the inverted side",
      max(first_branch) < limit_load * (1 + 1e-12) and min(path["load_factor"]) < 0 and
      path["load_factor"][-1] == 1 and path["end_z"][-1] < -h)
end = table(os.path.join(snap, "static.csv"))
check("snap-through: the end state is stable and on the exact path",
      end["unstable_directions"][0] == 0 and abs(truss_force(end["end_z"][0]) - force) < 1e-8 *
      force and "arc-length steps" in done.stdout, "%r" % end["unstable_directions"])
# load steps stop at the limit point or jump: either way no point of the unstable branch
stepped, _ = hamdyn_run(["static", os.path.join(source, "cases", "snap_through.prm")] +
                        sets(["Static/Path=load steps"]), "snap-through by load steps")
stepped_path = table(os.path.join(stepped, "static_path.csv"))
check("snap-through by load steps: the same end state, no unstable point on the way",
      abs(table(os.path.join(stepped, "static.csv"))["end_z"][0] - end["end_z"][0]) < 1e-12 and
      min(stepped_path["load_factor"]) >= 0)

# --- hamdyn converge: h (frequencies about a loaded state) and dt (a run's history) -------------
def observed_orders(directory):
    """The observed orders of DIR/convergence.csv (after its units comment), where it has one."""
    with open(os.path.join(directory, "convergence.csv")) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [float(r["order"]) for r in rows if r["order"] not in ("", "nan")]


quarter = "Planar beam/End moment=15.707963267948966"
for degree in (1, 2):
    directory, _ = hamdyn_run(["converge", roll_up] + sets(
        [quarter, "Discretization/Elements=4", "Discretization/Degree=%d" % degree,
         "Convergence/Levels=5", "Convergence/Number of frequencies=2", "Output/Plots=false"]),
        "converge h, degree %d" % degree)
    orders = observed_orders(directory)
    measured("converge h, degree %d, omega_1 and omega_2 about the quarter roll-up: observed orders "
             "%s" % (degree, ["%.3f" % o for o in orders]))
    # (Strang & Fix: 2p for degree p; Richardson limits from the last three levels)
    check("converge h, degree %d: the frequencies' observed order 2p" % degree,
          len(orders) == 8 and all(abs(o - 2 * degree) < 0.1 for o in orders[1:4] + orders[5:]),
          orders)
# a resolved run (every mode's omega dt < 0.2 at the coarsest level): order 2 in dt for both steps
for radius in ("1", "0.8"):
    directory, _ = hamdyn_run(["converge", roll_up] + sets(
        ["Planar beam/End moment=30", "Planar beam/Rotary inertia=1", "Discretization/Elements=4",
         "Convergence/Refine=dt", "Convergence/Number of frequencies=0",
         "Convergence/History=end_z", "Convergence/Levels=4", "Time integration/Final time=0.3",
         "Time integration/Time step=2e-4", "Time integration/Spectral radius=" + radius,
         "Output/Plots=false"]), "converge dt, spectral radius " + radius)
    orders = observed_orders(directory)
    measured("converge dt at spectral radius %s, the end's height: observed orders %s" %
             (radius, ["%.3f" % o for o in orders]))
    check("converge dt at spectral radius %s: the history's observed order 2" % radius,
          len(orders) == 3 and all(abs(o - 2) < 0.05 for o in orders), orders)

# --- hamdyn response: a cantilever's clamp shaken in x and z ------------------------------------
# Against the exact base-excited Timoshenko cantilever without rotary inertia (the planar beam's
# small-amplitude limit with Rotary inertia = 0), every stiffness times (1 + i eta): y = (w, psi,
# M, Q), w' = psi + Q/kGA, psi' = M/EI, M' = -Q, Q' = -omega^2 rho A w, w(0) = W0, psi(0) = 0,
# M(L) = Q(L) = 0, y(L) = exp(A L) y(0) by numpy's eigenvectors; and the bar's axial
# u(L) = U0 / cos(k L), k = omega sqrt(rho A / EA (1 + i eta)).
import numpy  # noqa: E402

ea, ga, ei, rho_a, span, eta = 2e8, 8e7, 1e4, 7.85, 2.0, 0.02
frequencies = (1, 10, 30, 100)


def base_excited_tip(f, w0):
    omega, c = 2 * math.pi * f, 1 + 1j * eta
    a = numpy.array([[0, 1, 0, 1 / (ga * c)], [0, 0, 1 / (ei * c), 0], [0, 0, 0, -1],
                     [-omega * omega * rho_a, 0, 0, 0]], dtype=complex)
    lam, v = numpy.linalg.eig(a)
    e = v @ numpy.diag(numpy.exp(lam * span)) @ numpy.linalg.inv(v)
    mq = numpy.linalg.solve(e[2:4, 2:4], -e[2:4, 0] * w0)
    return (e @ numpy.array([w0, 0, mq[0], mq[1]]))[0]


errors = {}
for n in (8, 16):
    shaken, done = hamdyn_run(["response", roll_up] + sets(
        ["Planar beam/End moment=0", "Planar beam/End=%g, 0" % span,
         "Planar beam/Axial stiffness=%g" % ea, "Planar beam/Shear stiffness=%g" % ga,
         "Planar beam/Bending stiffness=%g" % ei, "Planar beam/Mass per length=%g" % rho_a,
         "Discretization/Elements=%d" % n, "Discretization/Degree=3",
         "Frequency response/Frequencies=" + ", ".join(str(f) for f in frequencies),
         "Frequency response/Support motion=start: 0.001, 0.001",
         "Frequency response/Structural damping=%g" % eta, "Frequency response/Shapes at=30",
         "Output/Plots=false"]),
        "response: a shaken cantilever, %d elements" % n)
    frf = table(os.path.join(shaken, "frf.csv"))
    # response.pvd: the shape at 30 Hz, its end's deflection_re and _im frf.csv's
    from vtkmodules.vtkIOXML import vtkXMLPolyDataReader
    reader = vtkXMLPolyDataReader()
    reader.SetFileName(os.path.join(shaken, "response_00000.vtp"))
    reader.Update()
    shape, tip = reader.GetOutput().GetPointData(), reader.GetOutput().GetNumberOfPoints() - 1
    at = frequencies.index(30)
    check("response, %d elements: response.pvd's shape at 30 Hz ends where frf.csv says" % n,
          shape.GetArray("deflection_re").GetTuple(tip)[:2] ==
          (frf["end_u_x_re"][at], frf["end_u_z_re"][at]) and
          shape.GetArray("deflection_im").GetTuple(tip)[:2] ==
          (frf["end_u_x_im"][at], frf["end_u_z_im"][at]) and
          shape.GetArray("rotation_re").GetValue(tip) == frf["end_turn_re"][at])
    errors[n] = [abs(complex(frf["end_u_z_re"][k], frf["end_u_z_im"][k]) -
                     base_excited_tip(f, 1e-3)) / abs(base_excited_tip(f, 1e-3))
                 for k, f in enumerate(frequencies)]
    axial = max(abs(complex(frf["end_u_x_re"][k], frf["end_u_x_im"][k]) -
                    1e-3 / numpy.cos(2 * math.pi * f * numpy.sqrt(rho_a / (ea * (1 + 1j * eta))) *
                                     span)) / 1e-3 for k, f in enumerate(frequencies))
    check("response, %d elements: the end's axial amplitude is the bar's U0/cos(kL)" % n,
          axial < 1e-10, "%.3g" % axial)
measured("response of a shaken cantilever (16 cubic elements) against the exact Timoshenko "
         "base excitation at 1, 10, 30, 100 Hz: relative %s (8 elements: %s)" %
         (["%.1e" % e for e in errors[16]], ["%.1e" % e for e in errors[8]]))
check("response: the end's transverse amplitude is the exact one's, converging at order 2p",
      max(errors[16]) < 1e-5 and
      all(e16 < e8 / 30 for e8, e16 in zip(errors[8][2:], errors[16][2:])), errors)

# --- hamdyn batch: a sweep of the end moment on the roll-up (L = 10 m, EI = 100 N m^2), each
# member's end rotation M L / EI (the circle)
sweep_case = os.path.join(tempfile.mkdtemp(), "sweep.prm")
with open(sweep_case, "w") as f:
    f.write("subsection Batch\n  set Case = %s\n  set Study = static\n"
            "  set Values = Planar beam/End moment = 5, 10, 20\nend\n" % roll_up)
swept, _ = hamdyn_run(["batch", sweep_case], "batch: a sweep of the end moment")
with open(os.path.join(swept, "summary.csv")) as f:
    members = list(csv.DictReader(f))
check("batch: every member's end rotation is M L / EI",
      len(members) == 3 and all(m["status"] == "ok" for m in members) and
      all(abs(float(m["end_rotation"]) - float(m["Planar beam/End moment"]) * 10 / 100) <
          1e-12 * float(m["Planar beam/End moment"]) * 10 / 100 for m in members),
      [m.get("end_rotation") for m in members])

# --- a free beam flying and spinning (both ends free, no load): its momenta and energy constant --
# a rigid turn at 0.5 rad/s about Start of the roll-up's 10 m of rho A = 1 kg/m (rho I = 0.1 kg m):
# p_z = m omega L/2 = 25 kg m/s, L_O = (m L^2/3 + rho I L) omega = 167.1667 kg m^2/s,
# T = L_O omega / 2 = 41.79 J
flying, _ = hamdyn_run(["run", roll_up] + sets(
    ["Planar beam/Start support=free", "Planar beam/End moment=0",
     "Planar beam/Initial angular velocity=0.5", "Planar beam/Rotary inertia=0.1",
     "Time integration/Final time=10", "Time integration/Time step=0.05", "Output/Plots=false"]),
    "a free beam flying and spinning")
history = table(os.path.join(flying, "history.csv"))


def spread(column):
    return max(history[column]) - min(history[column])


measured("a free beam spinning through %.2f rad: momenta within %.1e, %.1e kg m/s and %.1e "
         "kg m^2/s, T + V within %.1e J of %.4g J" %
         (history["end_rotation"][-1], spread("momentum_x"), spread("momentum_z"),
          spread("angular_momentum"), spread("energy_error"), history["kinetic_energy"][0]))
check("a free beam: its start is the rigid turn's (p_z, L_O, T)",
      abs(history["momentum_z"][0] - 25) < 1e-12 * 25 and
      abs(history["angular_momentum"][0] - (1000 / 3 + 1) * 0.5) < 1e-12 * 167 and
      abs(history["kinetic_energy"][0] - 0.25 * (1000 / 3 + 1) / 2) < 1e-12 * 42)
check("a free beam: linear and angular momentum and T + V constant to round-off",
      spread("momentum_x") < 1e-10 and spread("momentum_z") < 1e-10 and
      spread("angular_momentum") < 1e-9 and spread("energy_error") < 1e-9 and
      history["end_rotation"][-1] > 4.5)

# a dead end moment on rotations without inertia (rho I = 0): the conserving step's director
# residual is 2 pi periodic in a node's turn, so a predictor from the algebraic rotation's rate
# (which the midpoint rule leaves alternating and growing) once wound the end by 2 pi and fed
# the run kinetic energy from the moment's potential; the moment supplies M theta_end at most
directory, _ = hamdyn_run(["run", roll_up] + sets(
    ["Planar beam/End moment=3", "Discretization/Elements=4", "Time integration/Final time=2",
     "Time integration/Time step=0.005", "Output/Plots=false"]), "a run under an end moment")
history = table(os.path.join(directory, "history.csv"))
supplied = 3 * max(abs(r) for r in history["end_rotation"])
check("an end moment's run: the rotation stays below a turn, T below the moment's work M theta",
      supplied < 3 * math.pi and max(history["kinetic_energy"]) < supplied and
      max(abs(w) for w in history["end_angular_velocity"]) < 10,
      "T up to %.3g J, M theta up to %.3g J" % (max(history["kinetic_energy"]), supplied))

# --- hamdyn compare: the FE beside Hencky's bar chain at large rotation ------------------------
# Rolled up by M = 2 pi EI/L, the chain of n bars on the FE's nodes is a regular polygon closing
# on the root, its end section turned by 2 pi (tests/reductions/test_planar_bar_chain.cc derives
# it), as the FE's circle; about that state both have frequencies, the chain's approaching the
# FE's at order 2 in h (Hencky's chain's order) where both are unshearable and inextensible
# (EA = kGA = 10^6 EI/L^2: the chain has no shear flexibility, which about the circle of radius R
# moves the frequencies by EI/(kGA R^2), 4e-3 with the case's kGA = 10^4 N).
def static_end_rows(stdout):
    """compare's printed static ends: {method: (x, z, rotation)}."""
    rows = {}
    for line in stdout.splitlines():
        words = line.split()
        if len(words) == 4 and words[0] in ("exact", "FE", "chain"):
            rows[words[0]] = tuple(float(w) for w in words[1:])
    return rows


frequency_gaps = []
for elements in (10, 20):
    directory, done = hamdyn_run(["compare", roll_up] + sets(
        ["Discretization/Elements=%d" % elements, "Time integration/Time step=1e-3",
         "Planar beam/Axial stiffness=1e8", "Planar beam/Shear stiffness=1e8",
         "Time integration/Final time=0.01"]), "compare of the roll-up, %d elements" % elements)
    ends = static_end_rows(done.stdout)
    check("compare of the roll-up, %d elements: exact, FE and chain ends printed" % elements,
          set(ends) == {"exact", "FE", "chain"}, done.stdout)
    if set(ends) != {"exact", "FE", "chain"}:
        continue
    for method in ("FE", "chain"):
        x, z, rotation = ends[method]
        check("compare of the roll-up: the %s's end back at the root, turned by 2 pi" % method,
              math.hypot(x, z) < 1e-10 * length and abs(rotation - 2 * math.pi) < 1e-10,
              str(ends[method]))
    modes = table(os.path.join(directory, "compare.csv"))
    frequency_gaps.append(abs(modes["chain"][0] / modes["primal_fe"][0] - 1))
    check("compare of the roll-up: compare.png drawn",
          os.path.isfile(os.path.join(directory, "compare.png")))
measured("compare of the roll-up: chain against FE, first frequency about the circle, %.3g at 10 "
         "elements, %.3g at 20" % tuple(frequency_gaps))
check("compare of the roll-up: the chain's first frequency nears the FE's at order 2",
      len(frequency_gaps) == 2 and 3.5 < frequency_gaps[0] / frequency_gaps[1] < 4.5,
      str(frequency_gaps))

# The pendulum (no static state: its statics and modes left out, said why): the end's path by
# the chain and by the FE differ by the chain's lumped masses, at order 2 in h; the chain's step
# keeps T + V.
distances = []
for elements in (8, 16):
    directory, done = hamdyn_run(["compare", pendulum] + sets(
        ["Discretization/Elements=%d" % elements, "Time integration/Final time=0.5"]),
        "compare of the pendulum, %d elements" % elements)
    check("compare of the pendulum: statics and modes left out with the reason",
          "statics and modes: left out: Planar beam/End support" in done.stdout and
          not os.path.exists(os.path.join(directory, "compare.csv")), done.stdout)
    words = done.stdout.split("largest distance chain - FE ")[-1].split()
    distances.append(float(words[0]))
    energy = float(done.stdout.split("T + V kept to ")[-1].split()[0])
    check("compare of the pendulum: the chain keeps T + V to Newton's tolerance", energy < 1e-9,
          "%.3g J" % energy)
    history = table(os.path.join(directory, "compare_history.csv"))
    check("compare of the pendulum: both histories fall with the bar",
          history["primal_fe"][-1] < -0.3 and history["chain"][-1] < -0.3)
measured("compare of the pendulum: the end's largest distance chain - FE %.3g m at 8 elements, "
         "%.3g m at 16" % tuple(distances))
check("compare of the pendulum: chain and FE converge together at order 2 in h",
      3.5 < distances[0] / distances[1] < 4.5, str(distances))

# --- bad input: exit 2, one line naming the key, nothing written -------------------------------
bad = {
    "a beam held nowhere": (["Planar beam/Start support=free", "Planar beam/End support=free"],
                            "Planar beam/End support"),
    "degree 5": (["Discretization/Degree=5"], "Discretization/Degree"),
    "end at the start": (["Planar beam/End=0, 0"], "Planar beam/End"),
    "EI <= 0": (["Planar beam/Bending stiffness=0"], "Planar beam/Bending stiffness"),
    "a point of one number": (["Planar beam/End force=3"], "Planar beam/End force"),
    "a pin and a free end, statically": (["Planar beam/Start support=pinned"],
                                         "Planar beam/End support"),
    "a pin and a roller across the beam": (["Planar beam/Start support=pinned",
                                            "Planar beam/End support=roller in z"],
                                           "Planar beam/End support"),
    "no arc length steps": (["Static/Path=arc length", "Static/Arc length steps=0"],
                            "Static/Arc length steps"),
    "response without a support motion": ([], "Frequency response/Support motion"),
    "response of a free end's motion": (["Frequency response/Support motion=end: 0, 0.01"],
                                        "Frequency response/Support motion"),
    "more modes than DoFs": (["Modes/Number of modes=1000"], "Modes/Number of modes"),
    "buckling with no load": (["Planar beam/End moment=0"], "Planar beam/End force"),
    "more buckling shapes than DoFs": (["Buckling/Number of modes=1000"],
                                       "Buckling/Number of modes"),
    "a point mass beyond the end": (["Planar beam/Point masses=11: 1"],
                                    "Planar beam/Point masses"),
    "a spring with no place": (["Planar beam/Springs=30"], "Planar beam/Springs"),
    "a negative dashpot": (["Planar beam/Dashpots=3: -1"], "Planar beam/Dashpots"),
    "modes under a follower pressure": (["Planar beam/Distributed force=0, -1",
                                         "Planar beam/Distributed force follows=true",
                                         "Modes/Number of modes=2"],
                                        "Planar beam/Distributed force follows"),
    "modes under a follower load": (["Planar beam/End force=0, -1",
                                     "Planar beam/End force follows=true",
                                     "Modes/Number of modes=2"], "Planar beam/End force follows"),
    "a steady rotation with gravity": (["Planar beam/Steady rotation=2", "Planar beam/Gravity=9.81"],
                                       "Planar beam/Steady rotation"),
    "a steady rotation of a pinned start": (["Planar beam/Steady rotation=2",
                                             "Planar beam/Start support=pinned",
                                             "Planar beam/End support=pinned"],
                                            "Planar beam/Steady rotation"),
    "a frame's key on a line": (["Geometry/Forces=B: 1, 0"], "Geometry/Forces"),
    "converge with more frequencies than DoFs with mass": (
        ["Convergence/Number of frequencies=1000"], "Convergence/Number of frequencies"),
    "a section with a direct key": (["Section/Shape=rectangle", "Section/Width=0.1",
                                     "Section/Height=0.1", "Section/Young's modulus=2e11",
                                     "Section/Density=7850"], "Planar beam/Axial stiffness"),
}
for label, (pairs, key) in bad.items():
    study = ("modes" if key.startswith("Modes/") or label.startswith("modes") else
             "buckling" if "buckling" in label else
             "response" if label.startswith("response") else
             "converge" if label.startswith("converge") else "static")
    directory, done = hamdyn_run([study, roll_up] + sets(pairs), "bad: " + label, expect=2)
    lines = done.stderr.strip().splitlines()
    check("bad: %s names %s in one line" % (label, key), len(lines) == 1 and key in lines[0],
          done.stderr)
    check("bad: %s writes nothing" % label, not os.path.exists(directory))
run_bad = {
    "central difference": (["Time integration/Scheme=central difference",
                            "Discretization/Mass matrix=lumped"], "Time integration/Scheme"),
    "a pendulum's static start": (["Planar beam/Initial state=equilibrium"],
                                  "Planar beam/End support"),
    "a steady rotation in a run": (["Planar beam/Start support=clamped",
                                    "Planar beam/Steady rotation=3"], "Planar beam/Steady rotation"),
    "an angular velocity of text": (["Planar beam/Initial angular velocity=fast"],
                                    "Planar beam/Initial angular velocity"),
}
compare_bad = {
    "compare with dashpots": (["Planar beam/Dashpots=0.5: 1"], "Planar beam/Dashpots"),
    "compare with a point mass between nodes": (["Planar beam/Point masses=0.3: 1"],
                                                 "Planar beam/Point masses"),
    "compare with a follower pressure": (["Planar beam/Distributed force=0, -1",
                                          "Planar beam/Distributed force follows=true"],
                                         "Planar beam/Distributed force follows"),
    "compare with a follower": (["Planar beam/End force=0, -1",
                                 "Planar beam/End force follows=true"],
                                "Planar beam/End force follows"),
    "compare with ground motion": (["Ground motion/Acceleration=sin(t)"],
                                   "Ground motion/Acceleration"),
}
for label, (pairs, key) in list(run_bad.items()) + list(compare_bad.items()):
    study = "compare" if label.startswith("compare") else "run"
    directory, done = hamdyn_run([study, pendulum] + sets(pairs), "bad run: " + label, expect=2)
    lines = done.stderr.strip().splitlines()
    check("bad run: %s names %s in one line" % (label, key),
          len(lines) == 1 and key in lines[0], done.stderr)
    check("bad run: %s writes nothing" % label, not os.path.exists(directory))

finish()
