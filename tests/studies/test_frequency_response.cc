// `hamdyn response`: the steady harmonic response against closed forms derived here (an SDOF and
// a 2-DOF system, with viscous and hysteretic damping), a simply supported beam against its modal
// series, and the direct method against modal superposition with every mode kept.
#include "core/input_error.h"
#include "studies/frequency_response.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

using namespace hamdyn;
using Complex = std::complex<double>;

namespace {
// The path of `hamdyn response` up to its files: the harmonic load's case, its system linearized,
// the response.
FrequencyResponse respond(const CaseParameters& c, MPI_Comm comm = MPI_COMM_WORLD) {
  std::vector<std::string> notes;
  PreparedCase pc(harmonic_load_case(c, notes), comm);
  linearize_about_undeformed_state(pc.system);
  return frequency_response(pc, false);
}

std::size_t column(const FrequencyResponse& r, const std::string& name) {
  for (std::size_t k = 0; k < r.columns.size(); ++k)
    if (r.columns[k] == name)
      return k;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// The single DoF of test_support (k = 600 N/m, m = 2 + rho L / 3, c = 3 N s/m) with a unit
// force on it.
const std::string sdof_case = test_support::single_degree_of_freedom_case;
const double k1 = 600, m1 = 2.001, c1 = 3;
} // namespace

TEST(FrequencyResponse, SingleDegreeOfFreedomWithViscousAndHystereticDamping) {
  // U = F / (k (1 + i eta) - omega^2 m + i omega c) (Clough & Penzien eq. 3-49 with eta)
  for (const double eta : {0.0, 0.05}) {
    const auto r = respond(test_support::case_from_text(
        sdof_case, {"Right end/Force=1", "Frequency response/Frequencies=0:0.25:5",
                    "Frequency response/Structural damping=" + std::to_string(eta)}));
    const std::size_t u = column(r, "u_right");
    double worst = 0;
    for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
      const double w = 2 * M_PI * r.frequencies[k];
      const Complex exact = 1.0 / (k1 * Complex(1, eta) - w * w * m1 + Complex(0, w * c1));
      worst = std::max(worst, std::abs(r.values[k][u] - exact) / std::abs(exact));
    }
    EXPECT_LT(worst, 1e-12) << "eta = " << eta;
    test_support::report("SDOF FRF, largest relative error, eta = " + std::to_string(eta), worst);
  }
}

TEST(FrequencyResponse, OscillatorOnTheSingleDegreeOfFreedom) {
  // The 2-DOF system of the end DoF and an oscillator (m2, k2, c2) hanging from it:
  //   [k1 + k2 - w^2 m1 + i w (c1 + c2)   -(k2 + i w c2)        ] [U1]   [1]
  //   [-(k2 + i w c2)                     k2 - w^2 m2 + i w c2  ] [U2] = [0]
  const double m2 = 0.5, k2 = 200, c2 = 1;
  const auto r = respond(test_support::case_from_text(
      sdof_case, {"Right end/Force=1", "Attachments/Oscillators=1:0.5,200,1",
                  "Frequency response/Frequencies=0:0.1:6"}));
  const std::size_t u1 = column(r, "u_right"), u2 = column(r, "oscillator_1");
  double worst = 0;
  for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
    const double w = 2 * M_PI * r.frequencies[k];
    const Complex a = k1 + k2 - w * w * m1 + Complex(0, w * (c1 + c2)),
                  b = -(k2 + Complex(0, w * c2)), d = k2 - w * w * m2 + Complex(0, w * c2),
                  det = a * d - b * b;
    const Complex exact1 = d / det, exact2 = -b / det;
    worst = std::max({worst, std::abs(r.values[k][u1] - exact1) / std::abs(exact1),
                      std::abs(r.values[k][u2] - exact2) / std::abs(exact2)});
  }
  EXPECT_LT(worst, 1e-12);
  test_support::report("2-DOF FRF, largest relative error", worst);
}

TEST(FrequencyResponse, SimplySupportedBeamAgainstItsModalSeries) {
  // w(x) = sum_n 2 sin(n pi a) sin(n pi x) / (rho A L (omega_n^2 (1 + i eta) - omega^2)),
  // omega_n = (n pi / L)^2 sqrt(EI / rho A), for a unit force at a (Clough & Penzien sec. 18-3);
  // the terms fall as n^-4: 20000 of them leave < 1e-13. Cubic Hermite elements converge at
  // order 4 in the frequencies, and so does the response between the resonances.
  const double a = 0.3, x = 0.7, eta = 0.01;
  std::vector<double> worst;
  for (const int elements : {40, 80}) {
    const auto r = respond(test_support::case_from_text(
        "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
        {"Frequency response/Forces=0.3:1", "Output/Probes=0.7",
         "Discretization/Elements=" + std::to_string(elements),
         "Frequency response/Frequencies=0.5, 1, 1.5, 2, 4, 6, 10, 20",
         "Frequency response/Structural damping=0.01"}));
    const std::size_t u = column(r, "u@0.7");
    worst.push_back(0);
    for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
      const double w = 2 * M_PI * r.frequencies[k];
      Complex exact = 0;
      for (int n = 20000; n >= 1; --n) {
        const double wn = std::pow(n * M_PI, 2);
        exact += 2 * std::sin(n * M_PI * a) * std::sin(n * M_PI * x) /
                 (wn * wn * Complex(1, eta) - w * w);
      }
      worst.back() = std::max(worst.back(), std::abs(r.values[k][u] - exact) / std::abs(exact));
    }
  }
  EXPECT_LT(worst[1], 5e-6);
  EXPECT_NEAR(std::log2(worst[0] / worst[1]), 4, 0.3);
  test_support::report("simply supported beam FRF against the modal series, 80 elements", worst[1]);
  test_support::report("observed order from 40 to 80 elements", std::log2(worst[0] / worst[1]));
}

TEST(FrequencyResponse, DirectAndModalAgreeWithEveryModeKept) {
  // Non-proportional damping (an end dashpot, an oscillator's damper) on Rayleigh damping and a
  // loss factor: the modal method projects C in full, so with all 17 modes it is the direct
  // solution to round-off.
  const std::vector<std::string> settings{
      "Right end/Support=free", "Right end/Spring=50", "Right end/Dashpot=0.5",
      "Model/Rayleigh mass coefficient=0.1", "Model/Rayleigh stiffness coefficient=1e-4",
      "Attachments/Oscillators=0.5:0.05,2,0.1", "Discretization/Elements=8", // forces and
      // oscillators place mesh nodes: at 0.625 and 0.5 they fall on nodes, 18 free DoFs in all
      "Frequency response/Forces=0.625:1", "Output/Probes=0.25",
      "Frequency response/Structural damping=0.03", "Frequency response/Frequencies=0.25:0.25:40",
      "Modes/Number of modes=18"};
  const std::string beam =
      "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n";
  const auto direct = respond(test_support::case_from_text(beam, settings));
  auto modal_settings = settings;
  modal_settings.push_back("Frequency response/Method=modal");
  const auto modal = respond(test_support::case_from_text(beam, modal_settings));
  ASSERT_EQ(modal.n_modes, 18u);
  double largest = 0, worst = 0;
  for (std::size_t k = 0; k < direct.frequencies.size(); ++k)
    for (std::size_t col = 0; col < direct.columns.size(); ++col) {
      largest = std::max(largest, std::abs(direct.values[k][col]));
      worst = std::max(worst, std::abs(direct.values[k][col] - modal.values[k][col]));
    }
  EXPECT_LT(worst, 1e-10 * largest);
  test_support::report("direct against modal (all modes), relative to the largest |U|",
                       worst / largest);
}

TEST(FrequencyResponse, QuasiStaticResponseKeepsItsDigitsOnFineMeshes) {
  // A cubic Hermite beam's K has a condition ~N^4: without refinement by the strains' residuals
  // (system/harmonic_solver.h) the direct solve lost 4e-3 of u at 4000 elements and 17 % at
  // 16000. The midspan force's response at L/4 at 0.01 Hz against the modal series.
  const double w = 2 * M_PI * 0.01;
  double exact = 0;
  for (int n = 20000; n >= 1; --n)
    exact += 2 * std::sin(n * M_PI / 2) * std::sin(n * M_PI / 4) / (std::pow(n * M_PI, 4) - w * w);
  for (const int elements : {2000, 8000}) {
    const auto r = respond(test_support::case_from_text(
        "subsection Model\n set Type = euler bernoulli beam\n set Mass per length = 1\nend\n",
        {"Frequency response/Forces=0.5:1", "Output/Probes=0.25",
         "Discretization/Elements=" + std::to_string(elements),
         "Frequency response/Frequencies=0.01"}));
    const double error = std::abs(r.values[0][column(r, "u@0.25")] - exact) / exact;
    EXPECT_LT(error, 1e-10) << elements << " elements";
    EXPECT_LT(r.uncertainty, 1e-6) << elements << " elements";
    test_support::report("quasi-static u(L/4) at " + std::to_string(elements) +
                             " Hermite elements, relative error",
                         error);
  }
}

TEST(FrequencyResponse, FreeBeamAtZeroFrequencyIsSingular) {
  // K (1 + i eta) at 0 Hz with the rigid-body modes of a free quadratic Timoshenko beam: singular
  // whatever the damping (its banded factorization shows it only to 1e-8: the lowest mode
  // decides); held at one end, the same beam answers at 0 Hz.
  const std::vector<std::string> settings{"Model/Type=timoshenko beam",
                                          "Model/Mass per length=1",
                                          "Model/Shear stiffness=1e4",
                                          "Model/Rotary inertia per length=1e-4",
                                          "Discretization/Elements=300",
                                          "Discretization/Degree=2",
                                          "Left end/Support=free",
                                          "Right end/Support=free",
                                          "Frequency response/Forces=0.5:1",
                                          "Frequency response/Structural damping=0.02",
                                          "Frequency response/Frequencies=0, 1"};
  try {
    respond(test_support::case_from_text("", settings));
    ADD_FAILURE() << "no error at 0 Hz";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("singular at 0 Hz"), std::string::npos) << e.what();
  }
  auto held = settings;
  held.push_back("Left end/Support=clamped");
  const auto r = respond(test_support::case_from_text("", held));
  EXPECT_TRUE(std::isfinite(std::abs(r.values[0][0])));
}

TEST(FrequencyResponse, EveryRankCountGivesTheSameNumbers) {
  // The direct method hands whole frequencies to the ranks, each solving its own copy of the line
  // (studies/frequency_response.cc): the values and the shapes gathered from them are the ones
  // one rank alone computes, bit for bit (here: all ranks against MPI_COMM_SELF).
  const std::vector<std::string> settings{"Model/Type=timoshenko beam",
                                          "Model/Mass per length=1",
                                          "Model/Shear stiffness=1e4",
                                          "Model/Rotary inertia per length=1e-4",
                                          "Discretization/Elements=200",
                                          "Attachments/Oscillators=0.3:0.05,20,0.01",
                                          "Frequency response/Forces=0.5:1",
                                          "Frequency response/Structural damping=0.01",
                                          "Frequency response/Frequencies=0.5:0.5:20",
                                          "Frequency response/Shapes at=3, 7.5",
                                          "Output/Probes=0.25, 0.7"};
  const CaseParameters c = test_support::case_from_text("", settings);
  const auto all = respond(c), alone = respond(c, MPI_COMM_SELF);
  ASSERT_EQ(all.values.size(), alone.values.size());
  for (std::size_t k = 0; k < all.values.size(); ++k)
    for (std::size_t col = 0; col < all.columns.size(); ++col) {
      EXPECT_EQ(all.values[k][col].real(), alone.values[k][col].real()) << k << " " << col;
      EXPECT_EQ(all.values[k][col].imag(), alone.values[k][col].imag()) << k << " " << col;
    }
  EXPECT_EQ(all.uncertainty, alone.uncertainty);
  ASSERT_EQ(all.shapes_re.size(), 2u);
  for (std::size_t j = 0; j < 2; ++j)
    for (const auto i : all.shapes_re[j].locally_owned_elements()) {
      EXPECT_EQ(all.shapes_re[j](i), alone.shapes_re[j](i)) << j << " " << i;
      EXPECT_EQ(all.shapes_im[j](i), alone.shapes_im[j](i)) << j << " " << i;
    }
}
