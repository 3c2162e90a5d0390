// Moving loads: a constant force crossing a simply supported Euler-Bernoulli beam against Fryba's
// modal series (Vibration of Solids and Structures under Moving Loads, 1972, sec. 1.1) at alpha =
// v / v_cr = 0.1, 0.5 and 1, damped and harmonic forces against the damped series, two axles as
// the sum of one axle's runs; masses and vehicles standing still against the attachments, a slow
// mass against the static deflection, a mass at speed against the Galerkin series, a vehicle's
// energy balance and bounce frequency, the loss of contact. On 1 and 2 ranks.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace hamdyn;

namespace {
// EI = rho A = L = 1: omega_n = (n pi)^2, v_cr = omega_1 L / pi = pi.
const std::string beam =
    "subsection Model\n set Type = euler bernoulli beam\n"
    " set Mass per length = 1\nend\nsubsection Output\n set Probes = 0.5\nend\n";

// Midspan deflection under P crossing at speed v from rest, while on the span: q_n'' + omega_n^2
// q_n = 2 P sin(Omega_n t), Omega_n = n pi v, so q_n = 2 P (sin Omega_n t - (Omega_n / omega_n)
// sin omega_n t) / (omega_n^2 - Omega_n^2), and at resonance (Omega_n = omega_n)
// q_n = P (sin omega_n t - omega_n t cos omega_n t) / omega_n^2.
double fryba(double force, double v, double x, double t) {
  double w = 0;
  for (int n = 400; n >= 1; --n) {
    const double omega = std::pow(n * M_PI, 2), big = n * M_PI * v;
    const double q =
        std::abs(omega - big) < 1e-12 * omega
            ? force * (std::sin(omega * t) - omega * t * std::cos(omega * t)) / (omega * omega)
            : 2 * force * (std::sin(big * t) - big / omega * std::sin(omega * t)) /
                  (omega * omega - big * big);
    w += q * std::sin(n * M_PI * x);
  }
  return w;
}
} // namespace

TEST(MovingLoads, ConstantForceCrossingASimplySupportedBeam) {
  for (const double alpha : {0.1, 0.5, 1.0}) {
    const std::string speed = std::to_string(alpha * M_PI); // the case's v, as written
    const double v = std::stod(speed), crossing = 1 / v;
    const auto h = test_support::simulate(
        test_support::case_from_text(
            beam, {"Moving loads/Forces=P: -1 @ " + speed + "*t", "Discretization/Elements=40",
                   "Time integration/Time step=2e-5",
                   "Time integration/Final time=" + std::to_string(crossing)}),
        MPI_COMM_WORLD);
    const auto t = h.column("time"), u = h.column("u@0.5"), x = h.column("position_P");
    double worst = 0, largest = 0, worst_position = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double exact = fryba(-1, v, 0.5, t[i]);
      worst = std::max(worst, std::abs(u[i] - exact));
      largest = std::max(largest, std::abs(exact));
      worst_position = std::max(worst_position, std::abs(x[i] - v * t[i]));
    }
    // the largest dynamic amplification of the midspan, against P L^3 / (48 EI)
    test_support::report("alpha = " + std::to_string(alpha) +
                             ": midspan against Fryba's series, largest error / largest |w|",
                         worst / largest);
    test_support::report("  largest midspan |w| over the static P L^3 / 48 EI",
                         test_support::largest_magnitude(u) * 48);
    EXPECT_LT(worst / largest, 2e-4) << "alpha = " << alpha;
    EXPECT_LT(worst_position, 1e-12);
    const double scale = std::max(test_support::largest_magnitude(h.column("external_work")),
                                  test_support::largest_magnitude(h.column("kinetic_energy")));
    const double error = test_support::largest_magnitude(h.column("energy_error"));
    test_support::report("  largest |energy_error| / largest work or energy", error / scale);
    EXPECT_LT(error, 1e-10 * scale);
  }
}

TEST(MovingLoads, TwoAxlesAreTheSumOfOne) {
  // linear: the train's response is the sum of its axles' (the second enters 0.3 s later)
  const std::vector<std::string> common{"Discretization/Elements=20",
                                        "Time integration/Time step=1e-4",
                                        "Time integration/Final time=1"};
  auto run = [&](const std::string& forces) {
    auto settings = common;
    settings.push_back("Moving loads/Forces=" + forces);
    return test_support::simulate(test_support::case_from_text(beam, settings), MPI_COMM_WORLD)
        .column("u@0.5");
  };
  const auto both = run("F1: -2 @ 1.5*t; F2: -1 @ 1.5*t - 0.45");
  const auto first = run("F1: -2 @ 1.5*t"), second = run("F2: -1 @ 1.5*t - 0.45");
  double worst = 0;
  for (std::size_t i = 0; i < both.size(); ++i)
    worst = std::max(worst, std::abs(both[i] - first[i] - second[i]));
  test_support::report("two axles against the sum of one, relative",
                       worst / test_support::largest_magnitude(both));
  EXPECT_LT(worst, 1e-12 * test_support::largest_magnitude(both));
}

namespace {
// Response of q'' + 2 zeta omega q' + omega^2 q = f sin(p t) from rest (zeta > 0 or p != omega):
// the steady state plus the damped free vibration that starts it from q = q' = 0.
double sine_response(double omega, double zeta, double f, double p, double t) {
  const double d = std::pow(omega * omega - p * p, 2) + std::pow(2 * zeta * omega * p, 2);
  const double q0 = -f * 2 * zeta * omega * p / d, v0 = f * p * (omega * omega - p * p) / d;
  const double omega_d = omega * std::sqrt(1 - zeta * zeta);
  const double a = -q0, b = (-v0 + zeta * omega * a) / omega_d;
  return f * ((omega * omega - p * p) * std::sin(p * t) - 2 * zeta * omega * p * std::cos(p * t)) /
             d +
         std::exp(-zeta * omega * t) * (a * std::cos(omega_d * t) + b * std::sin(omega_d * t));
}

// Midspan deflection of the simply supported beam (EI = rho A = L = 1) with viscous damping gamma
// under P cos(Omega t) moving at v from x = 0 (Fryba 1972, sec. 1.2 and 1.6: the same modal
// series): each mode is driven by 2 P cos(Omega t) sin(n pi v t) = P [sin((n pi v + Omega) t) +
// sin((n pi v - Omega) t)], with 2 zeta_n omega_n = gamma.
double damped_series(double force, double omega_load, double gamma, double v, double t) {
  double w = 0;
  for (int n = 200; n >= 1; --n) {
    const double omega = std::pow(n * M_PI, 2), zeta = gamma / (2 * omega), big = n * M_PI * v;
    const double q = sine_response(omega, zeta, force, big + omega_load, t) +
                     sine_response(omega, zeta, force, big - omega_load, t);
    w += q * std::sin(n * M_PI * 0.5);
  }
  return w;
}
} // namespace

TEST(MovingLoads, DampedAndHarmonicForcesCrossingASimplySupportedBeam) {
  struct Load {
    double alpha, omega_load, zeta_1; // v / v_cr, the force's angular frequency, mode 1's damping
  };
  for (const Load load : {Load{0.1, 0.0, 0.05}, Load{0.5, 0.0, 0.05}, Load{1.0, 0.0, 0.05},
                          Load{0.2, 0.7 * M_PI * M_PI, 0.02}}) {
    const std::string speed = std::to_string(load.alpha * M_PI);
    const std::string gamma = std::to_string(2 * load.zeta_1 * M_PI * M_PI);
    const std::string cosine = std::to_string(load.omega_load);
    const double v = std::stod(speed), crossing = 1 / v;
    const auto h = test_support::simulate(
        test_support::case_from_text(
            beam, {"Moving loads/Forces=P: -cos(" + cosine + "*t) @ " + speed + "*t",
                   "Model/Viscous damping=" + gamma, "Discretization/Elements=40",
                   "Time integration/Time step=2e-5",
                   "Time integration/Final time=" + std::to_string(crossing)}),
        MPI_COMM_WORLD);
    const auto t = h.column("time"), u = h.column("u@0.5");
    double worst = 0, largest = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double exact = damped_series(-1, std::stod(cosine), std::stod(gamma), v, t[i]);
      worst = std::max(worst, std::abs(u[i] - exact));
      largest = std::max(largest, std::abs(exact));
    }
    test_support::report("alpha = " + std::to_string(load.alpha) + ", Omega = " + cosine +
                             ", zeta_1 = " + std::to_string(load.zeta_1) +
                             ": midspan against the damped series, largest error / largest |w|",
                         worst / largest);
    test_support::report("  largest midspan |w| over the static P L^3 / 48 EI",
                         test_support::largest_magnitude(u) * 48);
    EXPECT_LT(worst / largest, 2e-4);
    const double scale = std::max(test_support::largest_magnitude(h.column("external_work")),
                                  test_support::largest_magnitude(h.column("kinetic_energy")));
    EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")), 1e-10 * scale);
    EXPECT_GT(test_support::largest_magnitude(h.column("dissipated_energy")), 1e-3 * scale);
  }
}

TEST(MovingLoads, MassesAndVehiclesStandingStillAreAttachments) {
  // A moving mass and a vehicle whose positions are constant are an interior point mass and an
  // attached oscillator (Attachments/Point masses, Oscillators: their own, separately verified
  // code); the material acceleration's other terms vanish with x' = x'' = 0. Each model.
  for (const std::string model : {"euler bernoulli beam", "timoshenko beam", "string"}) {
    std::vector<std::string> common{"Model/Type=" + model,
                                    "Discretization/Elements=20",
                                    "Discretization/Degree=2",
                                    "Initial conditions/Displacement=sin(pi*x)",
                                    "Time integration/Time step=1e-3",
                                    "Time integration/Final time=0.5",
                                    "Time integration/Spectral radius=1"};
    if (model == "timoshenko beam")
      common.push_back("Model/Rotary inertia per length=1e-4");
    auto with = [&](std::vector<std::string> more) {
      more.insert(more.begin(), common.begin(), common.end());
      return test_support::simulate(
          test_support::case_from_text("subsection Output\n set Probes = 0.3\nend\n", more),
          MPI_COMM_WORLD);
    };
    const auto fixed =
        with({"Attachments/Point masses=0.3:0.004", "Attachments/Oscillators=0.7:0.003,2,0.01"});
    const auto moving = with({"Moving loads/Masses=m: 0.004 @ 0.3",
                              "Moving loads/Oscillators=car: 0.003, 2, 0.01 @ 0.7"});
    const auto u_fixed = fixed.column("u@0.3"), u_moving = moving.column("u@0.3");
    const auto z_fixed = fixed.column("oscillator_1"), z_moving = moving.column("vehicle_car");
    double du = 0, dz = 0;
    for (std::size_t i = 0; i < u_fixed.size(); ++i) {
      du = std::max(du, std::abs(u_fixed[i] - u_moving[i]));
      dz = std::max(dz, std::abs(z_fixed[i] - z_moving[i]));
    }
    du /= test_support::largest_magnitude(u_fixed);
    dz /= test_support::largest_magnitude(z_fixed);
    test_support::report(model + ": standing mass and vehicle against the attachments, u@0.3", du);
    test_support::report("  vehicle against the oscillator", dz);
    // (the Timoshenko beam's shear modes, far above, leave more round-off in both runs)
    EXPECT_LT(du, 1e-10) << model;
    EXPECT_LT(dz, 1e-10) << model;
    const double scale = test_support::largest_magnitude(moving.column("potential_energy"));
    EXPECT_LT(test_support::largest_magnitude(moving.column("energy_error")),
              2 * test_support::largest_magnitude(fixed.column("energy_error")) + 1e-12 * scale)
        << model;
  }
}

TEST(MovingLoads, SlowMassIsQuasiStatic) {
  // A mass m under gravity g crossing at alpha = 0.002 with damping (zeta_1 = 0.1, which the
  // entry's free vibration decays under): the midspan deflection follows the static one of the
  // force -m g at x, P a (3 L^2 - 4 a^2) / (48 EI) for a <= L / 2, to the lag 2 zeta alpha.
  const double v = 0.002 * M_PI, m = 0.5, g = 2;
  const auto h = test_support::simulate(
      test_support::case_from_text(beam,
                                   {"Moving loads/Masses=m: 0.5 @ " + std::to_string(v) + "*t",
                                    "Moving loads/Gravity=2",
                                    "Model/Viscous damping=" + std::to_string(0.2 * M_PI * M_PI),
                                    "Discretization/Elements=20", "Time integration/Time step=2e-3",
                                    "Time integration/Final time=" + std::to_string(0.5 / v)}),
      MPI_COMM_WORLD);
  const auto t = h.column("time"), u = h.column("u@0.5"), f = h.column("contact_force_m");
  double worst = 0, worst_force = 0;
  const double peak = m * g / 48;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const double a = std::stod(std::to_string(v)) * t[i];
    if (a < 0.2)
      continue; // the entry's free vibration, decaying
    worst = std::max(worst, std::abs(u[i] + m * g * a * (3 - 4 * a * a) / 48));
    worst_force = std::max(worst_force, std::abs(f[i] + m * g));
  }
  test_support::report("slow mass: midspan against the static deflection, / m g L^3 / 48 EI",
                       worst / peak);
  test_support::report("  contact force against -m g, relative", worst_force / (m * g));
  EXPECT_LT(worst / peak, 2e-3);
  EXPECT_LT(worst_force / (m * g), 1e-3);
}

namespace {
// The Galerkin (modal) series of a simply supported beam (EI = rho A = L = 1) carrying a mass m
// at x(t) = v t under gravity g (the series method of Akin & Mofid, J. Struct. Eng. 115:120-131,
// 1989; Fryba 1972, ch. 6): w = sum q_i sin(i pi x) and, with phi_i = sin(i pi x(t)),
//   (delta_ij / 2 + m phi_i phi_j) q_j'' + 2 m v phi_i phi_j' q_j'
//     + (delta_ij omega_i^2 / 2 + m v^2 phi_i phi_j'') q_j = -m g phi_i,
// integrated by the classical Runge-Kutta method. Returns the midspan deflection at t_k = k dt.
std::vector<double> moving_mass_series(double m, double g, double v, double dt, std::size_t steps,
                                       int modes) {
  const std::size_t n = std::size_t(modes);
  auto rate = [&](double t, const std::vector<double>& y) { // y = (q, q')
    const double x = v * t;
    std::vector<double> a(n * n), b(n), out(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
      const double ki = (i + 1) * M_PI, phi_i = std::sin(ki * x);
      b[i] = -m * g * phi_i - 0.5 * std::pow(ki, 4) * y[i];
      for (std::size_t j = 0; j < n; ++j) {
        const double kj = (j + 1) * M_PI;
        a[i * n + j] = (i == j ? 0.5 : 0.0) + m * phi_i * std::sin(kj * x);
        b[i] -= 2 * m * v * phi_i * kj * std::cos(kj * x) * y[n + j] -
                m * v * v * phi_i * kj * kj * std::sin(kj * x) * y[j];
      }
    }
    for (std::size_t c = 0; c < n; ++c) // Gaussian elimination (a is symmetric positive)
      for (std::size_t r = c + 1; r < n; ++r) {
        const double l = a[r * n + c] / a[c * n + c];
        for (std::size_t k = c; k < n; ++k)
          a[r * n + k] -= l * a[c * n + k];
        b[r] -= l * b[c];
      }
    for (std::size_t r = n; r-- > 0;) {
      double s = b[r];
      for (std::size_t k = r + 1; k < n; ++k)
        s -= a[r * n + k] * out[n + k];
      out[n + r] = s / a[r * n + r];
      out[r] = y[n + r];
    }
    return out;
  };
  std::vector<double> y(2 * n, 0.0), w{0.0};
  for (std::size_t k = 0; k < steps; ++k) {
    const double t = k * dt;
    auto shifted = [&](const std::vector<double>& d, double f) {
      std::vector<double> z = y;
      for (std::size_t i = 0; i < z.size(); ++i)
        z[i] += f * d[i];
      return z;
    };
    const auto k1 = rate(t, y), k2 = rate(t + dt / 2, shifted(k1, dt / 2)),
               k3 = rate(t + dt / 2, shifted(k2, dt / 2)), k4 = rate(t + dt, shifted(k3, dt));
    for (std::size_t i = 0; i < y.size(); ++i)
      y[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    double mid = 0;
    for (std::size_t i = 0; i < n; ++i)
      mid += y[i] * std::sin((i + 1) * M_PI * 0.5);
    w.push_back(mid);
  }
  return w;
}
} // namespace

TEST(MovingLoads, MassCrossingAtSpeedAgainstTheSeries) {
  // m = 0.2 rho A L at alpha = 0.5 under g = 1: the finite elements (40 Hermite cubics) against
  // the series with 24 modes (each step of the series 1e-5 s, of the elements 2e-5 s).
  const double v = std::stod(std::to_string(0.5 * M_PI)), crossing = 1 / v;
  const auto h =
      test_support::simulate(test_support::case_from_text(
                                 beam, {"Moving loads/Masses=m: 0.2 @ " + std::to_string(v) + "*t",
                                        "Moving loads/Gravity=1", "Discretization/Elements=40",
                                        "Time integration/Time step=2e-5",
                                        "Time integration/Final time=" + std::to_string(crossing)}),
                             MPI_COMM_WORLD);
  const auto t = h.column("time"), u = h.column("u@0.5");
  const auto series = moving_mass_series(0.2, 1, v, 1e-5, 2 * (t.size() - 1), 24);
  double worst = 0, largest = 0;
  for (std::size_t i = 0; i + 1 < t.size(); ++i) { // the run's last step is shortened
    const double exact = series[2 * i];
    worst = std::max(worst, std::abs(u[i] - exact));
    largest = std::max(largest, std::abs(exact));
  }
  // the same crossing as a moving force (no inertia) differs by far more than the error
  const auto force = test_support::simulate(
      test_support::case_from_text(beam,
                                   {"Moving loads/Forces=P: -0.2 @ " + std::to_string(v) + "*t",
                                    "Discretization/Elements=40", "Time integration/Time step=2e-5",
                                    "Time integration/Final time=" + std::to_string(crossing)}),
      MPI_COMM_WORLD);
  const auto u_force = force.column("u@0.5");
  double inertia_effect = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    inertia_effect = std::max(inertia_effect, std::abs(u_force[i] - u[i]));
  test_support::report("mass at alpha = 0.5: midspan against the series, / largest |w|",
                       worst / largest);
  test_support::report("  the mass's inertia changes the midspan by, / largest |w|",
                       inertia_effect / largest);
  EXPECT_LT(worst / largest, 1e-3);
  EXPECT_GT(inertia_effect, 20 * worst);
  const double scale = std::max(test_support::largest_magnitude(h.column("external_work")),
                                test_support::largest_magnitude(h.column("potential_energy")));
  test_support::report("  largest |energy_error| / largest work or energy",
                       test_support::largest_magnitude(h.column("energy_error")) / scale);
}

TEST(MovingLoads, RigidMassesCloseTheEnergyBalance) {
  // Two masses crossing one after the other (the second meets a moving line at x = 0) and
  // leaving, under gravity, on each model. A mass's z' is the contact point's material velocity
  // at every level and z'' its Newmark derivative, so with rho_inf = 1 its energy changes by
  // exactly -F_mean (z - z_n) and the balance closes to round-off; the impacts at entry, exit and
  // (C0 elements) the nodes are booked (moving_body_term.h). Both steps: nothing left of order
  // dt^2.
  for (const std::string model : {"euler bernoulli beam", "timoshenko beam", "string"})
    for (const char* dt : {"4e-5", "2e-5"}) {
      std::vector<std::string> keys{"Model/Type=" + model,
                                    "Moving loads/Masses=m: 0.2 @ 1.5*t; n: 0.1 @ -0.3 + 1.5*t",
                                    "Moving loads/Gravity=1",
                                    "Discretization/Elements=40",
                                    "Discretization/Degree=2",
                                    std::string("Time integration/Time step=") + dt,
                                    "Time integration/Final time=0.9"};
      if (model == "timoshenko beam")
        keys.push_back("Model/Rotary inertia per length=1e-4");
      const auto h =
          test_support::simulate(test_support::case_from_text(beam, keys), MPI_COMM_WORLD);
      const double scale = test_support::largest_magnitude(h.column("external_work"));
      const double error = test_support::largest_magnitude(h.column("energy_error")) / scale;
      test_support::report(model + ", two rigid masses crossing, dt = " + dt +
                               ": largest |energy_error| / largest work",
                           error);
      EXPECT_LT(error, 1e-10) << model << ", dt = " << dt;
      // and the contact force does not ring: its largest alternating part (a second difference
      // over 4) while on the line, against m g (a z'' continued across the nodes of the C0
      // elements rang at half of m g)
      const auto force = h.column("contact_force_m"), x = h.column("position_m");
      double ringing = 0;
      for (std::size_t i = 1; i + 1 < force.size(); ++i)
        if (x[i - 1] > 0 && x[i + 1] < 1)
          ringing = std::max(ringing, std::abs(force[i - 1] - 2 * force[i] + force[i + 1]) / 4);
      test_support::report("  largest alternating part of contact_force_m / m g", ringing / 0.2);
      EXPECT_LT(ringing, 0.1 * 0.2) << model << ", dt = " << dt;
    }
}

TEST(MovingLoads, VehicleCrossingClosesTheEnergyBalance) {
  // A vehicle (m, k, c) coming from the ground at x = -0.2, crossing and leaving: its degree of
  // freedom is integrated with the structure, so with rho_inf = 1 the balance closes to round-off.
  // Back on rigid ground it is an SDOF in free vibration about -m g / k: omega = sqrt(k / m) = 50,
  // zeta = c / (2 sqrt(k m)) = 0.1, damped frequency omega sqrt(1 - zeta^2), successive peaks
  // in the ratio exp(-2 pi zeta / sqrt(1 - zeta^2)).
  const auto h = test_support::simulate(
      test_support::case_from_text(
          beam, {"Moving loads/Oscillators=car: 0.2, 500, 2 @ -0.2 + 1.5*t",
                 "Moving loads/Gravity=1", "Discretization/Elements=40",
                 "Time integration/Time step=1e-4", "Time integration/Final time=2"}),
      MPI_COMM_WORLD);
  const auto z = h.column("vehicle_car"), f = h.column("contact_force_car");
  const auto t = h.column("time"), x = h.column("position_car");
  // history_units.csv: a displacement and a position in m, a force in N, the 0/1 flag bare
  EXPECT_EQ(h.unit("vehicle_car"), "m");
  EXPECT_EQ(h.unit("position_car"), "m");
  EXPECT_EQ(h.unit("contact_force_car"), "N");
  EXPECT_EQ(h.unit("contact_lost_car"), "");
  std::vector<double> crossings, peaks;
  const double rest = -0.2 / 500;
  for (std::size_t i = 2; i < z.size(); ++i)
    if (x[i - 2] > 1) { // off the line
      if (z[i - 1] < rest && z[i] >= rest)
        crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * (rest - z[i - 1]) / (z[i] - z[i - 1]));
      if (z[i - 1] > z[i - 2] && z[i - 1] >= z[i] && z[i - 1] > rest)
        peaks.push_back(z[i - 1] - rest);
    }
  ASSERT_GE(crossings.size(), 4u);
  ASSERT_GE(peaks.size(), 4u);
  const double zeta = 0.1, damped = 50 * std::sqrt(1 - zeta * zeta);
  const double omega =
      2 * M_PI * double(crossings.size() - 1) / (crossings.back() - crossings.front());
  const double ratio = std::pow(peaks[3] / peaks[0], 1.0 / 3);
  const double exact_ratio = std::exp(-2 * M_PI * zeta / std::sqrt(1 - zeta * zeta));
  test_support::report("vehicle on rigid ground: damped frequency / exact - 1", omega / damped - 1);
  test_support::report("  peak ratio / exact - 1", ratio / exact_ratio - 1);
  EXPECT_NEAR(omega / damped, 1.0, 1e-4);
  EXPECT_NEAR(ratio / exact_ratio, 1.0, 1e-3);
  // it starts at rest on its spring compressed by m g / k, on rigid ground
  EXPECT_NEAR(z.front(), -0.2 / 500, 1e-15);
  EXPECT_NEAR(f.front(), -0.2, 1e-15);
  const double scale = std::max(test_support::largest_magnitude(h.column("external_work")),
                                test_support::largest_magnitude(h.column("potential_energy")));
  const double error = test_support::largest_magnitude(h.column("energy_error"));
  test_support::report("vehicle crossing: largest |energy_error| / largest work or energy",
                       error / scale);
  EXPECT_LT(error, 1e-10 * scale);
  EXPECT_GT(test_support::largest_magnitude(h.column("dissipated_energy")), 1e-3 * scale);
}

TEST(MovingLoads, VehicleOnAStiffBeamBouncesAtItsOwnFrequency) {
  // m = 1, k = 100 (omega_v = 10 rad/s) standing at midspan of a beam 48 EI / L^3 = 4.8e5 N/m
  // stiff, whose fundamental (987 rad/s) is far above: the beam takes the weight at once and the
  // vehicle bounces at sqrt(k_s / m), k_s = k in series with the beam, within k / (2 k_b) of
  // sqrt(k / m).
  const auto h = test_support::simulate(
      test_support::case_from_text(
          beam, {"Model/Bending stiffness=1e4", "Moving loads/Oscillators=car: 1, 100, 0 @ 0.5",
                 "Moving loads/Gravity=9.81", "Discretization/Elements=10",
                 "Time integration/Time step=1e-4", "Time integration/Final time=2"}),
      MPI_COMM_WORLD);
  const auto t = h.column("time"), z = h.column("vehicle_car");
  // the times of z's upward zero crossings about its mean
  double mean = 0;
  for (const double v : z)
    mean += v / double(z.size());
  std::vector<double> crossings;
  for (std::size_t i = 1; i < z.size(); ++i)
    if (z[i - 1] < mean && z[i] >= mean)
      crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * (mean - z[i - 1]) / (z[i] - z[i - 1]));
  ASSERT_GE(crossings.size(), 3u);
  const double period = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
  const double omega = 2 * M_PI / period;
  test_support::report("vehicle bounce on a stiff beam: omega / sqrt(k / m) - 1", omega / 10 - 1);
  EXPECT_NEAR(omega / 10, 1.0, 1e-3);
}

TEST(MovingLoads, LossOfContactIsReported) {
  // A light mass fast over the beam: its contact force -m (d^2w/dt^2 + g) changes sign where the
  // beam's surface accelerates downward faster than g; contact_lost_m is 1 from that step on.
  const auto h = test_support::simulate(
      test_support::case_from_text(
          beam, {"Moving loads/Masses=m: 0.05 @ 3*t", "Moving loads/Forces=P: -1 @ 3*t",
                 "Moving loads/Gravity=0.5", "Discretization/Elements=20",
                 "Time integration/Time step=1e-4", "Time integration/Final time=0.33"}),
      MPI_COMM_WORLD);
  const auto f = h.column("contact_force_m"), lost = h.column("contact_lost_m");
  std::size_t first = f.size();
  for (std::size_t i = 1; i < f.size() && first == f.size(); ++i)
    if (f[i] > 1e-9)
      first = i;
  ASSERT_LT(first, f.size()) << "the contact force never changed sign";
  for (std::size_t i = 0; i < f.size(); ++i)
    EXPECT_EQ(lost[i], i < first ? 0.0 : 1.0) << "row " << i;
}
