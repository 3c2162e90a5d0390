// Uniform support excitation: a base-excited SDOF (one string element with an end mass, spring
// and dashpot) against its closed-form response from rest, the absolute acceleration and base
// shear against the same, the energy ledger closing with the effective load's work, a record
// read from a CSV file and from a PEER .AT2 file, and the harmonic response to a support
// acceleration.
#include "core/ground_record.h"
#include "studies/frequency_response.h"
#include "support/case_builder.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <fstream>

using namespace hamdyn;

namespace {
// The free end carries m; the element's consistent mass adds rho L / 3 to the end's inertia, and
// the support's column rho L / 6 to the effective load: p = m + rho L / 2 = (M r)_end, and the
// total mass m + rho L moves with the ground.
const double rho = 0.003, m = 2, k = 600, c = 3, inertia = m + rho / 3, p = m + rho / 2;
const std::string sdof_case = test_support::single_degree_of_freedom_case;

// u'' inertia + c u' + k u = -p A sin(W t) from rest: the particular solution X sin + Y cos and
// the damped free vibration that starts it at rest. Returns (u, u'') at t.
std::pair<double, double> exact(double amplitude, double big_w, double t) {
  const double a11 = k - inertia * big_w * big_w, a12 = -c * big_w, det = a11 * a11 + a12 * a12;
  const double x = a11 * (-p * amplitude) / det, y = -(-a12) * (-p * amplitude) / det;
  const double w = std::sqrt(k / inertia), zeta = c / (2 * std::sqrt(k * inertia)),
               wd = w * std::sqrt(1 - zeta * zeta);
  const double c1 = -y, c2 = (zeta * w * c1 - big_w * x) / wd;
  const double e = std::exp(-zeta * w * t), cs = std::cos(wd * t), sn = std::sin(wd * t);
  const double u = x * std::sin(big_w * t) + y * std::cos(big_w * t) + e * (c1 * cs + c2 * sn);
  const double u_tt = -big_w * big_w * (x * std::sin(big_w * t) + y * std::cos(big_w * t));
  // the homogeneous part solves its own equation: u_h'' = -(c u_h' + k u_h) / inertia
  const double uh = e * (c1 * cs + c2 * sn),
               uh_t = -zeta * w * uh + e * (-c1 * wd * sn + c2 * wd * cs);
  return {u, u_tt - (c * uh_t + k * uh) / inertia};
}
} // namespace

TEST(GroundMotion, BaseExcitedSingleDegreeOfFreedom) {
  const double amplitude = 2, big_w = 11;
  const auto h = test_support::simulate(
      test_support::case_from_text(sdof_case, {"Ground motion/Acceleration=2*sin(11*t)",
                                               "Time integration/Time step=1e-4",
                                               "Time integration/Final time=1"}),
      MPI_COMM_WORLD);
  const auto t = h.column("time"), u = h.column("u_right"), abs_acc = h.column("u_right_abs_acc"),
             ag = h.column("ground_acceleration"), shear = h.column("base_shear"),
             error = h.column("energy_error"), work = h.column("external_work");
  // history_units.csv: accelerations in m/s^2, the base shear a force
  EXPECT_EQ(h.unit("u_right_abs_acc"), "m/s^2");
  EXPECT_EQ(h.unit("ground_acceleration"), "m/s^2");
  EXPECT_EQ(h.unit("ground_velocity"), "m/s");
  EXPECT_EQ(h.unit("ground_displacement"), "m");
  EXPECT_EQ(h.unit("base_shear"), "N");
  double largest = 0, worst_u = 0, worst_acc = 0, worst_shear = 0, worst_energy = 0, scale = 0;
  double largest_acc = 0, largest_shear = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto [ue, acc] = exact(amplitude, big_w, t[i]);
    const double a_abs = acc + amplitude * std::sin(big_w * t[i]);
    largest = std::max(largest, std::abs(ue));
    largest_acc = std::max(largest_acc, std::abs(a_abs));
    worst_u = std::max(worst_u, std::abs(u[i] - ue));
    worst_acc = std::max(worst_acc, std::abs(abs_acc[i] - a_abs));
    // equilibrium: the ground's forces move every mass: p u'' + (m + rho L) a_g
    const double exact_shear = p * acc + (m + rho) * ag[i];
    largest_shear = std::max(largest_shear, std::abs(exact_shear));
    worst_shear = std::max(worst_shear, std::abs(shear[i] - exact_shear));
    EXPECT_DOUBLE_EQ(ag[i], amplitude * std::sin(big_w * t[i]));
    worst_energy = std::max(worst_energy, std::abs(error[i]));
    scale = std::max(scale, std::abs(work[i]));
  }
  EXPECT_LT(worst_u, 1e-5 * largest);
  EXPECT_LT(worst_acc, 1e-4 * largest_acc);
  EXPECT_LT(worst_shear, 1e-4 * largest_shear);
  EXPECT_LT(worst_energy, 1e-10 * scale);
  // v_g and d_g of a_g = A sin(W t) from rest: A (1 - cos W t) / W and A (t / W - sin(W t) / W^2)
  const double t_end = t.back();
  EXPECT_NEAR(h.column("ground_velocity").back(), amplitude * (1 - std::cos(big_w * t_end)) / big_w,
              1e-12);
  EXPECT_NEAR(h.column("ground_displacement").back(),
              amplitude * (t_end / big_w - std::sin(big_w * t_end) / (big_w * big_w)), 1e-12);
  test_support::report("base-excited SDOF: largest |u - exact| / largest |u|", worst_u / largest);
  test_support::report("base-excited SDOF: absolute acceleration, relative error",
                       worst_acc / largest_acc);
  test_support::report("base-excited SDOF: base shear, relative error",
                       worst_shear / largest_shear);
  test_support::report("base-excited SDOF: |energy_error| / largest |external_work|",
                       worst_energy / scale);
}

TEST(GroundMotion, RecordsFromCsvAndAt2AgreeWithTheExpression) {
  // The same a_g = 2 sin(11 t) sampled every 1e-4 s as a CSV (m/s^2) and as a PEER .AT2 (in g):
  // linear interpolation between the steps' own times gives the expression's run to round-off.
  const bool root = dealii::Utilities::MPI::this_mpi_process(MPI_COMM_WORLD) == 0;
  const std::string csv = "/tmp/hamdyn_test_ground.csv", at2 = "/tmp/hamdyn_test_ground.AT2";
  if (root) {
    std::ofstream a(csv), b(at2);
    a << "t,a\n";
    b << "PEER NGA STRONG MOTION DATABASE RECORD\nTEST\nACCELERATION TIME SERIES IN UNITS OF "
         "G\nNPTS=  5001, DT=   .0001 SEC\n";
    char line[64];
    for (int i = 0; i <= 5000; ++i) {
      const double t = 1e-4 * i, value = 2 * std::sin(11 * t);
      std::snprintf(line, sizeof line, "%.17g,%.17g\n", t, value);
      a << line;
      std::snprintf(line, sizeof line, "%.17g%s", value / standard_gravity,
                    i % 5 == 4 ? "\n" : " ");
      b << line;
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  std::vector<std::vector<double>> runs;
  for (const std::string& setting : std::vector<std::string>{
           "Ground motion/Acceleration=2*sin(11*t)", "Ground motion/Acceleration file=" + csv,
           "Ground motion/Acceleration file=" + at2})
    runs.push_back(
        test_support::simulate(
            test_support::case_from_text(sdof_case, {setting, "Time integration/Time step=1e-4",
                                                     "Time integration/Final time=0.5"}),
            MPI_COMM_WORLD)
            .column("u_right"));
  for (std::size_t r = 1; r < runs.size(); ++r) {
    ASSERT_EQ(runs[r].size(), runs[0].size());
    double worst = 0;
    for (std::size_t i = 0; i < runs[0].size(); ++i)
      worst = std::max(worst, std::abs(runs[r][i] - runs[0][i]));
    EXPECT_LT(worst, 1e-12) << (r == 1 ? "csv" : "at2");
  }
  // after its end a record is zero
  const GroundRecord record(csv, csv, "Ground motion/Acceleration file");
  EXPECT_EQ(record(0.6), 0.0);
  EXPECT_NEAR(record(0.25), 2 * std::sin(11 * 0.25), 1e-12);
}

TEST(GroundMotion, HarmonicSupportAcceleration) {
  // U = -p A / (k - w^2 inertia + i w c), relative to the ground
  std::vector<std::string> notes;
  const CaseParameters excited = test_support::case_from_text(
      sdof_case, {"Ground motion/Acceleration=3", "Frequency response/Frequencies=0:0.5:6"});
  PreparedCase pc(harmonic_load_case(excited, notes), MPI_COMM_WORLD);
  linearize_about_undeformed_state(pc.system);
  const auto r = frequency_response(pc, false);
  std::size_t u = 0;
  while (r.columns[u] != "u_right")
    ++u;
  double worst = 0;
  for (std::size_t i = 0; i < r.frequencies.size(); ++i) {
    const double w = 2 * M_PI * r.frequencies[i];
    const std::complex<double> exact = -p * 3.0 / std::complex<double>(k - w * w * inertia, w * c);
    worst = std::max(worst, std::abs(r.values[i][u] - exact) / std::abs(exact));
  }
  EXPECT_LT(worst, 1e-12);
  test_support::report("harmonic support acceleration, SDOF relative error", worst);
}

TEST(GroundMotion, SimplySupportedBeamAgainstItsModalSolution) {
  // EI = rho A = L = 1 under a_g = A sin(W t) from rest: u(x, t) = sum over odd n of
  // Gamma_n phi_n(x) q_n(t) = (4 / (n pi)) sin(n pi x) q_n(t), q_n'' + w_n^2 q_n = -a_g,
  // q_n = -A (sin W t - (W / w_n) sin w_n t) / (w_n^2 - W^2), w_n = (n pi)^2 (Chopra, Dynamics
  // of Structures, 4th ed., sec. 13.1 and 17.4); the terms fall as n^-5.
  const double amplitude = 1.5, big_w = 20;
  const auto h = test_support::simulate(
      test_support::case_from_text(
          "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
          {"Ground motion/Acceleration=1.5*sin(20*t)", "Output/Probes=0.5, 0.2",
           "Discretization/Elements=40", "Time integration/Time step=1e-4",
           "Time integration/Final time=1"}),
      MPI_COMM_WORLD);
  const auto t = h.column("time");
  for (const double x : {0.5, 0.2}) {
    const auto u = h.column(x == 0.5 ? "u@0.5" : "u@0.2");
    double worst = 0, largest = 0;
    for (std::size_t i = 0; i < t.size(); i += 10) {
      double exact = 0;
      for (int n = 399; n >= 1; n -= 2) {
        const double wn = std::pow(n * M_PI, 2);
        const double q = -amplitude * (std::sin(big_w * t[i]) - big_w / wn * std::sin(wn * t[i])) /
                         (wn * wn - big_w * big_w);
        exact += 4 / (n * M_PI) * std::sin(n * M_PI * x) * q;
      }
      largest = std::max(largest, std::abs(exact));
      worst = std::max(worst, std::abs(u[i] - exact));
    }
    EXPECT_LT(worst, 1e-4 * largest) << "x = " << x;
    test_support::report("base-excited beam at x = " + std::to_string(x) +
                             ": largest |u - modal solution| / largest |u|",
                         worst / largest);
  }
}
