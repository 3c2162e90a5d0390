// Euler-Bernoulli beams (EI = rho A = L = 1) through the whole pipeline (case, model, SLEPc)
// against exact frequencies whose equations the test solves itself.
#include "core/case_parameters.h"
#include "exact/beam_frequencies.h"
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

using namespace hamdyn;

namespace {
std::vector<double> beam_modes(const std::vector<std::string>& settings, unsigned int n,
                               unsigned int elements = 40) {
  std::vector<std::string> all{"Model/Type=euler bernoulli beam",
                               "Model/Mass per length=1",
                               "Model/Bending stiffness=1",
                               "Model/Viscous damping=0",
                               "Right end/Point mass=0",
                               "Right end/Spring=0",
                               "Discretization/Elements=" + std::to_string(elements)};
  all.insert(all.end(), settings.begin(), settings.end());
  PreparedCase pc(test_support::make_case(all), MPI_COMM_WORLD);
  return compute_modes(pc.system, n, -1.0).omega;
}

void expect_frequencies(const std::vector<double>& fe, const std::vector<double>& exact,
                        double tolerance, const std::string& what) {
  for (std::size_t k = 0; k < exact.size(); ++k) {
    const double error = (fe[k] - exact[k]) / exact[k];
    EXPECT_LT(std::abs(error), tolerance) << what << " mode " << k + 1;
  }
  test_support::report(what + ": largest relative error",
                       std::abs((fe[exact.size() - 1] - exact.back()) / exact.back()));
}

std::vector<double> squares(std::vector<double> beta_l) {
  for (double& b : beta_l)
    b *= b; // omega = (beta L)^2 sqrt(EI / (rho A L^4))
  return beta_l;
}
} // namespace

TEST(BeamFrequencies, ClassicalSupports) {
  const auto cantilever = squares(
      test_support::roots([](double x) { return std::cos(x) * std::cosh(x) + 1; }, 4, 0.01));
  EXPECT_NEAR(std::sqrt(cantilever[0]), 1.87510407, 1e-8);
  const auto clamped_clamped = squares(
      test_support::roots([](double x) { return std::cos(x) * std::cosh(x) - 1; }, 4, 0.01));
  EXPECT_NEAR(std::sqrt(clamped_clamped[0]), 4.73004074, 1e-8);
  std::vector<double> pinned;
  for (int n = 1; n <= 4; ++n)
    pinned.push_back(std::pow(n * M_PI, 2));

  // Mode 4 on 40 cubic elements: (beta h)^4 ~ 0.015 puts its error near 1e-5.
  const double tolerance = 3e-5;
  expect_frequencies(beam_modes({"Left end/Support=clamped", "Right end/Support=free"}, 4),
                     cantilever, tolerance, "clamped-free");
  expect_frequencies(beam_modes({"Left end/Support=pinned", "Right end/Support=pinned"}, 4), pinned,
                     tolerance, "pinned-pinned");
  expect_frequencies(beam_modes({"Left end/Support=clamped", "Right end/Support=clamped"}, 4),
                     clamped_clamped, tolerance, "clamped-clamped");
  // Free-free: two rigid-body modes, then the clamped-clamped values.
  const auto free_free = beam_modes({"Left end/Support=free", "Right end/Support=free"}, 6);
  EXPECT_LT(free_free[0], 1e-4);
  EXPECT_LT(free_free[1], 1e-4);
  expect_frequencies({free_free.begin() + 2, free_free.end()}, clamped_clamped, tolerance,
                     "free-free");
}

TEST(BeamFrequencies, CantileverWithTipMassAndRotaryInertia) {
  // w = A (cos bx - cosh bx) + B (sin bx - sinh bx) satisfies the clamped end; at x = L the
  // weak form's natural conditions EI w'' - J w^2 w' = 0 and EI w''' + M w^2 w = 0 (harmonic,
  // w = omega) give a 2x2 determinant in b = sqrt(omega) (EI = rho A = L = 1).
  const double m = 0.3, j = 0.02;
  auto det = [=](double b) {
    const double w2 = std::pow(b, 4), s = std::sin(b), c = std::cos(b), sh = std::sinh(b),
                 ch = std::cosh(b);
    const double a11 = b * b * (-c - ch) - j * w2 * b * (-s - sh);
    const double a12 = b * b * (-s - sh) - j * w2 * b * (c - ch);
    const double a21 = b * b * b * (s - sh) + m * w2 * (c - ch);
    const double a22 = b * b * b * (-c - ch) + m * w2 * (s - sh);
    return (a11 * a22 - a12 * a21) / (ch * ch * (1 + w2 * w2));
  };
  const auto exact = squares(test_support::roots(det, 4, 0.002));
  const auto fe = beam_modes({"Left end/Support=clamped", "Right end/Support=free",
                              "Right end/Point mass=0.3", "Right end/Rotary inertia=0.02"},
                             4);
  expect_frequencies(fe, exact, 5e-6, "cantilever with tip mass and rotary inertia");
  // Without the tip, the determinant reduces to the cantilever's 1 + cos cosh = 0.
  EXPECT_LT(exact[0], std::pow(1.87510407, 2));
}

TEST(BeamFrequencies, CantileverWithAttachedOscillator) {
  // A mass m on a spring k hangs from x = a; at frequency w it pushes on the beam with
  // F = K(w) w(a), K = k m w^2 / (k - m w^2) (eliminate z from -m w^2 z = -k (z - w(a))). The
  // harmonic deflection is w1 = A (cos bx - cosh bx) + B (sin bx - sinh bx) (clamped at 0) on
  // [0, a], and w1 + K w1(a) g(x - a) beyond, with g = (sinh - sin)(b xi) / (2 b^3) carrying the
  // unit jump of w''' that the point force makes (EI = rho A = L = 1, b^4 = w^2). The free end's
  // w'' = w''' = 0 give a 2x2 determinant; times (k - m w^2)^2 its pole is gone, and divided once
  // by (k - m w^2) it has no spurious root there (its K^2 part has rank one).
  const double a = 0.6, m = 0.2, k = 2.5;           // the oscillator alone: w^2 = 12.5, near mode 1
  auto phi = [](int j, int d, double b, double x) { // d-th derivative of the j-th clamped shape
    const double s = std::sin(b * x), c = std::cos(b * x), sh = std::sinh(b * x),
                 ch = std::cosh(b * x);
    const double cos_d[4] = {c, -s, -c, s}, sin_d[4] = {s, c, -s, -c}, cosh_d[4] = {ch, sh, ch, sh},
                 sinh_d[4] = {sh, ch, sh, ch};
    return std::pow(b, d) * (j == 0 ? cos_d[d] - cosh_d[d] : sin_d[d] - sinh_d[d]);
  };
  auto g = [](int d, double b, double xi) {
    const double s = std::sin(b * xi), c = std::cos(b * xi), sh = std::sinh(b * xi),
                 ch = std::cosh(b * xi);
    const double sin_d[4] = {s, c, -s, -c}, sinh_d[4] = {sh, ch, sh, ch};
    return std::pow(b, d) * (sinh_d[d] - sin_d[d]) / (2 * std::pow(b, 3));
  };
  auto det = [=](double b) {
    const double w2 = std::pow(b, 4), detune = k - m * w2, push = k * m * w2;
    double e[2][2];
    for (int d : {2, 3})
      for (int j : {0, 1})
        e[d - 2][j] = detune * phi(j, d, b, 1.0) + push * phi(j, 0, b, a) * g(d, b, 1.0 - a);
    return (e[0][0] * e[1][1] - e[0][1] * e[1][0]) / (detune * std::pow(std::cosh(b), 2));
  };
  const auto exact = squares(test_support::roots(det, 5, 0.002));
  const auto fe = beam_modes({"Left end/Support=clamped", "Right end/Support=free",
                              "Attachments/Oscillators=0.6:0.2,2.5,0"},
                             5);
  expect_frequencies(fe, exact, 5e-6, "cantilever with attached oscillator");
  // The oscillator splits the cantilever's first mode (1.8751^2 = 3.516) around its own
  // frequency sqrt(12.5) = 3.536: one coupled mode lies below both, one above. Above its own
  // frequency it pushes with K < 0, like a spring, so it raises the second cantilever mode.
  EXPECT_LT(exact[0], std::pow(1.87510407, 2));
  EXPECT_GT(exact[1], std::sqrt(k / m));
  EXPECT_GT(exact[2], std::pow(4.69409113, 2));
}

TEST(BeamFrequencies, HermiteErrorsFallAsH4) {
  const double exact = std::pow(2 * M_PI, 2);
  std::vector<double> h, e;
  for (unsigned int n : {4u, 8u, 16u}) {
    h.push_back(1.0 / n);
    e.push_back(
        std::abs(beam_modes({"Left end/Support=pinned", "Right end/Support=pinned"}, 2, n)[1] -
                 exact) /
        exact);
  }
  test_support::report("beam frequency order in h", test_support::observed_order(h, e));
  EXPECT_NEAR(test_support::observed_order(h, e), 4.0, 0.2);
}

TEST(BeamTransient, SuddenUniformLoadDoublesTheStaticDeflection) {
  // Simply supported, q = 1 applied at t = 0, undamped: at t = pi / omega_1 every odd mode is at
  // twice its static share (omega_n t = n^2 pi), so w(L/2) = 2 * 5 q L^4 / (384 EI).
  const double t_star = 1 / M_PI; // omega_1 = pi^2
  char dt[32], t_end[32];
  std::snprintf(dt, sizeof dt, "%.17g", t_star / 2000);
  std::snprintf(t_end, sizeof t_end, "%.17g", t_star);
  const auto h = test_support::simulate(
      test_support::make_case(
          {"Model/Type=euler bernoulli beam", "Model/Mass per length=1",
           "Model/Bending stiffness=1", "Model/Viscous damping=0", "Left end/Support=pinned",
           "Right end/Support=pinned", "Right end/Point mass=0", "Right end/Spring=0",
           "Load/Distributed force=1", "Initial conditions/Displacement=0",
           "Discretization/Elements=20", std::string("Time integration/Time step=") + dt,
           std::string("Time integration/Final time=") + t_end, "Output/Probes=0.5"}),
      MPI_COMM_WORLD);
  const double midspan = h.column("u@0.5").back(), expected = 2 * 5.0 / 384;
  test_support::report("beam midspan at pi/omega_1 over twice the static deflection",
                       midspan / expected);
  EXPECT_NEAR(midspan / expected, 1.0, 1e-4);
  // energy balance with the external work of the load
  double worst = 0;
  for (double e : h.column("energy_error"))
    worst = std::max(worst, std::abs(e));
  EXPECT_LT(worst / h.column("external_work").back(), 1e-8);
}

TEST(BeamTransient, ViscousDampingActsOnTheDeflectionOnly) {
  // Simply supported with rotary inertia, released from w = sin(pi x): the mode stays alone, and
  // with k = pi its amplitude obeys (rho A + rho I k^2) q'' + gamma q' + EI k^4 q = 0. gamma acts
  // on w_t only, not on the rotation rate: damping proportional to the whole M (gamma / rho A M)
  // would decay 1 + rho I k^2 / rho A times faster, 10 % here.
  const double rho_i = 0.01, gamma = 0.5, k = M_PI;
  const double m = 1 + rho_i * k * k, omega = std::sqrt(std::pow(k, 4) / m);
  const double decay = gamma / (2 * m), omega_d = std::sqrt(omega * omega - decay * decay);
  const auto h = test_support::simulate(
      test_support::make_case({"Model/Type=euler bernoulli beam", "Model/Mass per length=1",
                               "Model/Bending stiffness=1", "Model/Viscous damping=0.5",
                               "Model/Rotary inertia per length=0.01", "Left end/Support=pinned",
                               "Right end/Support=pinned", "Right end/Point mass=0",
                               "Right end/Spring=0", "Initial conditions/Displacement=sin(pi*x)",
                               "Initial conditions/Velocity=0", "Discretization/Elements=20",
                               "Time integration/Time step=2.5e-4", "Time integration/Final time=2",
                               "Output/Probes=0.5"}),
      MPI_COMM_WORLD);
  const auto t = h.column("time"), w = h.column("u@0.5");
  double worst = 0;
  for (std::size_t n = 0; n < t.size(); ++n) {
    const double exact = std::exp(-decay * t[n]) *
                         (std::cos(omega_d * t[n]) + decay / omega_d * std::sin(omega_d * t[n]));
    worst = std::max(worst, std::abs(w[n] - exact));
  }
  test_support::report("beam with rotary inertia and viscous damping: largest error of w(L/2)",
                       worst);
  EXPECT_LT(worst, 1e-4);
  // the damped amplitude after 3 periods is far from what gamma / rho A M would give
  EXPECT_GT(std::abs(std::exp(-decay * 2) - std::exp(-gamma / 2 * 2)), 100 * worst);
}

TEST(BeamFrequencies, CaseFileWithoutEndAttachmentsHasNone) {
  // A cantilever case file as a new user writes it, naming supports but no end devices, read
  // onto the declared defaults (not the built-in string example, whose end carries a mass on a
  // spring): its frequencies are the bare cantilever's, 1 + cos(bL) cosh(bL) = 0.
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text("subsection Model\n set Type = euler bernoulli beam\n set Length = 2\n"
                 " set Bending stiffness = 3\n set Mass per length = 5\nend\n"
                 "subsection Left end\n set Support = clamped\nend\n"
                 "subsection Right end\n set Support = free\nend\n",
                 "cantilever.prm");
  const CaseParameters c = parse_case_parameters(file, ".");
  EXPECT_EQ(c.right.point_mass + c.right.spring + c.right.rotary_inertia + c.viscous_damping, 0.0);
  PreparedCase pc(c, MPI_COMM_WORLD);
  const auto fe = compute_modes(pc.system, 3, -1.0).omega;
  const auto beta =
      test_support::roots([](double x) { return std::cos(x) * std::cosh(x) + 1; }, 3, 0.01);
  std::vector<double> exact;
  for (double b : beta)
    exact.push_back(b * b * std::sqrt(3.0 / 5.0) / 4.0);
  expect_frequencies(fe, exact, 2e-6, "cantilever case file without end devices");
}

TEST(BeamFrequencies, EndMassesInertiasAndSpringsAtBothEnds) {
  // Every end device the frequency equation of src/exact takes, at both ends (a pinned end with
  // a rotational spring; a free end with a mass, a rotary inertia and both springs): the finite
  // elements, from the weak form, against exact::beam_frequencies.
  const auto fe = beam_modes({"Left end/Support=pinned", "Left end/Rotational spring=4",
                              "Left end/Rotary inertia=0.01", "Right end/Support=free",
                              "Right end/Point mass=0.3", "Right end/Rotary inertia=0.02",
                              "Right end/Spring=50", "Right end/Rotational spring=2"},
                             5);
  exact::BeamEnd left = exact::BeamEnd::classical("pinned"), right;
  left.rotational_spring = 4;
  left.rotary_inertia = 0.01;
  right.point_mass = 0.3;
  right.rotary_inertia = 0.02;
  right.spring = 50;
  right.rotational_spring = 2;
  expect_frequencies(fe, exact::beam_frequencies(left, right, 1, 1, 1, 5), 2e-5,
                     "beam with end devices at both ends");
}
