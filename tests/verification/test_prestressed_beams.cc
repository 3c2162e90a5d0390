// Beams under an axial force N (Model/Axial force: > 0 tension, < 0 compression) through the whole
// pipeline (case, model, SLEPc, time loop) against frequencies whose equations the test derives:
// the simply supported Euler-Bernoulli and Timoshenko beams in closed form, the stiff string's
// limit and the cantilever under compression from its 4x4 frequency determinant.
#include "core/input_error.h"
#include "exact/beam_frequencies.h"
#include "modal/eigen_solver.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

using namespace hamdyn;

namespace {
// A beam of the given kind between two ends, nothing attached, no damping.
std::vector<std::string> beam(const std::string& type, const std::string& left,
                              const std::string& right, double axial_force, unsigned int elements) {
  return {"Model/Type=" + type,         "Model/Mass per length=1",
          "Model/Bending stiffness=1",  "Model/Axial force=" + std::to_string(axial_force),
          "Model/Viscous damping=0",    "Left end/Support=" + left,
          "Right end/Support=" + right, "Right end/Point mass=0",
          "Right end/Spring=0",         "Discretization/Elements=" + std::to_string(elements)};
}

std::vector<double> fe_frequencies(std::vector<std::string> settings, unsigned int n,
                                   const std::vector<std::string>& more = {}) {
  settings.insert(settings.end(), more.begin(), more.end());
  const CaseParameters c = test_support::make_case(settings);
  PreparedCase pc(c, MPI_COMM_WORLD);
  return natural_modes(pc.system, c, n, pc.model->frequency_scale()).omega;
}

double largest_relative_error(const std::vector<double>& fe, const std::vector<double>& exact) {
  double largest = 0;
  for (std::size_t k = 0; k < exact.size(); ++k)
    largest = std::max(largest, std::abs(fe[k] - exact[k]) / exact[k]);
  return largest;
}

// 4x4 determinant by cofactor expansion along the first row.
double determinant(const std::array<std::array<double, 4>, 4>& a) {
  auto minor3 = [&](int skip) {
    int c[3], k = 0;
    for (int j = 0; j < 4; ++j)
      if (j != skip)
        c[k++] = j;
    return a[1][c[0]] * (a[2][c[1]] * a[3][c[2]] - a[2][c[2]] * a[3][c[1]]) -
           a[1][c[1]] * (a[2][c[0]] * a[3][c[2]] - a[2][c[2]] * a[3][c[0]]) +
           a[1][c[2]] * (a[2][c[0]] * a[3][c[1]] - a[2][c[1]] * a[3][c[0]]);
  };
  double det = 0;
  for (int j = 0; j < 4; ++j)
    det += (j % 2 == 0 ? 1 : -1) * a[0][j] * minor3(j);
  return det;
}
} // namespace

TEST(PrestressedBeams, SimplySupportedEulerBernoulliTensionAndCompression) {
  // w = sin(kx), k = n pi / L: rho A w^2 + rho I k^2 w^2 = EI k^4 + N k^2.
  const double rho_i = 0.002;
  for (double axial_force : {40.0, -6.0}) {
    std::vector<double> exact;
    for (int n = 1; n <= 4; ++n) {
      const double k = n * M_PI;
      exact.push_back(std::sqrt((std::pow(k, 4) + axial_force * k * k) / (1 + rho_i * k * k)));
    }
    const auto fe =
        fe_frequencies(beam("euler bernoulli beam", "pinned", "pinned", axial_force, 80), 4,
                       {"Model/Rotary inertia per length=" + std::to_string(rho_i)});
    const double error = largest_relative_error(fe, exact);
    test_support::report("simply supported EB beam, N = " + std::to_string(axial_force) +
                             ": largest relative error of 4 modes",
                         error);
    EXPECT_LT(error, 1e-6) << "N = " << axial_force;
    // the tool's own exact column (compare, converge) agrees where rho I = 0
    const auto classical =
        exact::beam_frequencies(exact::BeamEnd::classical("pinned"),
                                exact::BeamEnd::classical("pinned"), 1, 1, 1, 4, axial_force);
    for (int n = 1; n <= 4; ++n) {
      const double k = n * M_PI;
      EXPECT_NEAR(classical[n - 1], std::sqrt(std::pow(k, 4) + axial_force * k * k),
                  1e-9 * classical[n - 1]);
    }
  }
}

TEST(PrestressedBeams, SimplySupportedTimoshenkoBeam) {
  // w = W sin(kx), theta = T cos(kx) in
  //   rho A w_tt = [kGA (w_x - theta)]_x + N w_xx,  rho I theta_tt = EI theta_xx + kGA (w_x -
  //   theta)
  // give (a1 - rho A l) (a2 - rho I l) = (kGA k)^2, l = omega^2, a1 = (kGA + N) k^2,
  // a2 = EI k^2 + kGA; its lower root is the bending branch.
  const double rho_i = 1e-3, kga = 2e3;
  for (double axial_force : {25.0, -5.0}) {
    std::vector<double> exact;
    for (int n = 1; n <= 4; ++n) {
      const double k = n * M_PI, a1 = (kga + axial_force) * k * k, a2 = k * k + kga;
      const double a = rho_i, b = a2 + rho_i * a1, c = a1 * a2 - kga * kga * k * k;
      exact.push_back(std::sqrt((b - std::sqrt(b * b - 4 * a * c)) / (2 * a)));
    }
    const auto fe =
        fe_frequencies(beam("timoshenko beam", "pinned", "pinned", axial_force, 100), 4,
                       {"Model/Rotary inertia per length=" + std::to_string(rho_i),
                        "Model/Shear stiffness=" + std::to_string(kga), "Discretization/Degree=3"});
    const double error = largest_relative_error(fe, exact);
    test_support::report("simply supported Timoshenko beam, N = " + std::to_string(axial_force) +
                             ": largest relative error of 4 modes",
                         error);
    EXPECT_LT(error, 1e-9) << "N = " << axial_force;
  }
}

TEST(PrestressedBeams, StiffStringLimit) {
  // EI -> 0 under a tension N: the string's n pi / L sqrt(N / rho A), to within EI k^2 / 2N.
  const double tension = 100, rho = 0.01; // EI = 1e-9: EI k^2 / 2N < 1e-9
  auto settings = beam("euler bernoulli beam", "pinned", "pinned", tension, 200);
  settings.insert(settings.end(),
                  {"Model/Mass per length=" + std::to_string(rho), "Model/Bending stiffness=1e-9"});
  const auto fe = fe_frequencies(settings, 4);
  std::vector<double> string;
  for (int n = 1; n <= 4; ++n)
    string.push_back(n * M_PI * std::sqrt(tension / rho));
  const double error = largest_relative_error(fe, string);
  test_support::report("beam with EI = 1e-9 under tension: largest relative difference from the "
                       "string's 4 frequencies",
                       error);
  EXPECT_LT(error, 1e-8);
}

TEST(PrestressedBeams, CantileverUnderCompression) {
  // Clamped at 0, free at L = 1 (EI = rho A = 1), compressed by P: w'''' + P w'' = l w with
  // w = A cos b2 x + B sin b2 x + C cosh b1 x + D sinh b1 x, b1^2 = -P/2 + sqrt(P^2/4 + l),
  // b2^2 = P/2 + sqrt(P^2/4 + l); w(0) = w'(0) = 0, w''(1) = 0 and the transverse force
  // w'''(1) + P w'(1) = 0 (a dead load keeps its direction).
  const double p = 1.5; // Euler's load of the cantilever is pi^2 / 4 = 2.47
  auto det = [p](double omega) {
    const double l = omega * omega, root = std::sqrt(0.25 * p * p + l);
    const double b1 = std::sqrt(-0.5 * p + root), b2 = std::sqrt(0.5 * p + root);
    const double c = std::cos(b2), s = std::sin(b2), ch = std::cosh(b1), sh = std::sinh(b1);
    const std::array<std::array<double, 4>, 4> a = {{
        {{1, 0, 1, 0}},
        {{0, b2, 0, b1}},
        {{-b2 * b2 * c, -b2 * b2 * s, b1 * b1 * ch, b1 * b1 * sh}},
        {{std::pow(b2, 3) * s - p * b2 * s, -std::pow(b2, 3) * c + p * b2 * c,
          std::pow(b1, 3) * sh + p * b1 * sh, std::pow(b1, 3) * ch + p * b1 * ch}},
    }};
    return determinant(a);
  };
  const auto exact = test_support::roots(det, 3, 0.01);
  EXPECT_LT(exact[0], 1.875104 * 1.875104); // compression lowers the first frequency
  const auto fe = fe_frequencies(beam("euler bernoulli beam", "clamped", "free", -p, 60), 3);
  const double error = largest_relative_error(fe, exact);
  test_support::report("cantilever under compression P = 0.6 P_E: largest relative error of 3 "
                       "modes",
                       error);
  EXPECT_LT(error, 1e-6);
  // the exact module's equation, written with the same end conditions
  const auto module = exact::beam_frequencies(exact::BeamEnd::classical("clamped"),
                                              exact::BeamEnd::classical("free"), 1, 1, 1, 3, -p);
  for (std::size_t k = 0; k < 3; ++k)
    EXPECT_NEAR(module[k], exact[k], 1e-8 * exact[k]);
}

TEST(PrestressedBeams, CompressionBeyondBucklingIsUnstable) {
  // pinned-pinned: Euler's load pi^2 EI / L^2 = 9.87
  EXPECT_NO_THROW(fe_frequencies(beam("euler bernoulli beam", "pinned", "pinned", -9.8, 40), 2));
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"})
    EXPECT_THROW(fe_frequencies(beam(type, "pinned", "pinned", -10.5, 40), 2,
                                {"Model/Rotary inertia per length=0.001"}),
                 InputError)
        << type;
}

TEST(PrestressedBeams, EnergyLedgerClosesUnderAxialForce) {
  for (double axial_force : {30.0, -7.0}) {
    auto settings = beam("euler bernoulli beam", "pinned", "pinned", axial_force, 40);
    settings.insert(settings.end(),
                    {"Initial conditions/Displacement=0.01*sin(pi*x)",
                     "Initial conditions/Velocity=0.1*sin(2*pi*x)",
                     "Time integration/Time step=1e-3", "Time integration/Final time=0.5"});
    const auto h = test_support::simulate(test_support::make_case(settings), MPI_COMM_WORLD);
    const auto t = h.column("kinetic_energy"), v = h.column("potential_energy");
    const double e0 = t[0] + v[0];
    const double error = test_support::largest_magnitude(h.column("energy_error")) / e0;
    test_support::report("energy_error / E0 under N = " + std::to_string(axial_force), error);
    EXPECT_LT(error, 1e-12);
    // the potential includes (N / 2) int w_x^2: at t = 0, w = 0.01 sin(pi x)
    const double k = M_PI, expected = 0.25 * 1e-4 * (std::pow(k, 4) + axial_force * k * k);
    EXPECT_NEAR(v[0], expected, 1e-6 * expected);
  }
}

TEST(PrestressedBeams, GreenhillColumnUnderItsOwnWeight) {
  // A clamped-free column (EI = rho A = L = 1) compressed by its own weight q per length: N(x) =
  // -q (L - x), an axial force varying along the beam. Greenhill (Proc. Camb. Phil. Soc. 4, 1881):
  // it buckles when J_{-1/3}((2/3) sqrt(q L^3 / EI)) = 0, q L^3 / EI = (3 j / 2)^2 = 7.837 with j
  // the first zero of J_{-1/3}, found here by bisection of its series.
  double lo = 1, hi = 2.5;
  for (int i = 0; i < 100; ++i)
    ((test_support::bessel_j(-1.0 / 3, 0.5 * (lo + hi)) > 0) ? lo : hi) = 0.5 * (lo + hi);
  const double q_cr = std::pow(1.5 * 0.5 * (lo + hi), 2);
  test_support::report("Greenhill's q L^3 / EI", q_cr);
  EXPECT_NEAR(q_cr, 7.837, 1e-3);
  auto column = [](const std::string& type, double q) {
    auto s = beam(type, "clamped", "free", 0, 40);
    s.push_back("Model/Axial force=-" + std::to_string(q) + "*(1 - x)");
    return s;
  };
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"}) {
    const std::vector<std::string> thin{"Model/Shear stiffness=1e9", "Discretization/Degree=3",
                                        "Model/Rotary inertia per length=1e-6"};
    const auto more = std::string(type) == "timoshenko beam" ? thin : std::vector<std::string>{};
    // stable just below, unstable just above (omega_1^2 passes through zero at q_cr)
    const double below = fe_frequencies(column(type, 0.999 * q_cr), 1, more)[0];
    EXPECT_GT(below, 0) << type;
    EXPECT_LT(below, 0.2) << type; // 3.516 unloaded: nearly gone
    EXPECT_THROW(fe_frequencies(column(type, 1.001 * q_cr), 1, more), InputError) << type;
    test_support::report(std::string(type) + ": omega_1 at 0.999 of Greenhill's load", below);
  }
  // a uniform N written as an expression of x takes the varying path: the same frequencies as the
  // constant, to round-off
  auto uniform = beam("euler bernoulli beam", "pinned", "pinned", -3, 40);
  const auto constant = fe_frequencies(uniform, 3);
  uniform.push_back("Model/Axial force=-3 + 0*x");
  const auto varying = fe_frequencies(uniform, 3);
  for (std::size_t k = 0; k < 3; ++k)
    EXPECT_NEAR(varying[k], constant[k], 1e-12 * constant[k]) << k;
}

TEST(PrestressedBeams, EnergyLedgerClosesUnderAnAxialForceVaryingAlongTheBeam) {
  // N(x) = 20 - 30 x, tension at one end and compression at the other: the ledger's potential
  // (1/2) int N w_x^2 dx comes from the same Gauss points as K, so energy_error stays at round-off
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"}) {
    auto settings = beam(type, "pinned", "pinned", 0, 40);
    settings.insert(settings.end(),
                    {"Model/Axial force=20 - 30*x", "Model/Rotary inertia per length=0.001",
                     "Initial conditions/Displacement=0.01*sin(pi*x)",
                     "Initial conditions/Velocity=0.1*sin(2*pi*x)",
                     "Time integration/Time step=1e-3", "Time integration/Final time=0.5"});
    const auto h = test_support::simulate(test_support::make_case(settings), MPI_COMM_WORLD);
    const auto t = h.column("kinetic_energy"), v = h.column("potential_energy");
    const double error = test_support::largest_magnitude(h.column("energy_error")) / (t[0] + v[0]);
    test_support::report(std::string(type) + ": energy_error / E0 under N = 20 - 30 x", error);
    EXPECT_LT(error, 1e-11) << type;
    if (std::string(type) == "euler bernoulli beam") {
      // V(0) = (1/2) int (EI w_xx^2 + N w_x^2) dx with w = 0.01 sin(pi x): int (20 - 30 x)
      // cos^2(pi x) dx = 20/2 - 30/4 (x cos^2 averages to 1/4 over [0, 1])
      const double k = M_PI,
                   expected = 0.5 * 1e-4 * (std::pow(k, 4) / 2 + k * k * (20.0 / 2 - 30.0 / 4));
      EXPECT_NEAR(v[0], expected, 1e-6 * expected);
    }
  }
}
