// Natural frequencies at the meshes users try, up to 8192 Hermite and 10^5 Lagrange elements:
// the refined eigenpairs (modal/mode_refinement.h) stay within max(discretization error, 1e-10)
// of the exact frequencies and, with consistent mass, never fall below them by more than 1e-12
// (the Rayleigh quotient of an admissible function bounds the eigenvalue from above).
// References: the beam's frequency equation (exact/beam_frequencies), kpi c / L for the string,
// the closed form of the simply supported Timoshenko beam. Before the refinement, the
// cantilever's omega_1 was -1.9e-2 off at 8192 elements.
#include "exact/beam_frequencies.h"
#include "modal/eigen_solver.h"
#include "modal/extended_forms.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace hamdyn;

namespace {
std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

Modes modes_of(const std::vector<std::string>& settings, unsigned int n) {
  PreparedCase pc(test_support::make_case(settings), MPI_COMM_WORLD);
  const double scale = pc.model->frequency_scale();
  return compute_modes(pc.system, n, -0.01 * scale * scale);
}

// The relative errors of `fe` against `exact`, checked against the bounds: below exact by at most
// 1e-12, above by at most max(discretization, 1e-10).
std::vector<double> check_errors(const Modes& fe, const std::vector<double>& exact,
                                 const std::vector<double>& discretization,
                                 const std::string& what) {
  std::vector<double> errors;
  for (std::size_t k = 0; k < exact.size(); ++k) {
    const double e = (fe.omega[k] - exact[k]) / exact[k];
    errors.push_back(e);
    EXPECT_GE(e, -1e-12) << what << " mode " << k + 1;
    EXPECT_LE(e, std::max(discretization[k], 1e-10)) << what << " mode " << k + 1;
    EXPECT_LT(fe.residual[k], 1e-6) << what << " mode " << k + 1;
  }
  return errors;
}

const double length = 1.2, ei = 350, rho_a = 1.6, tip_mass = 0.5, tip_inertia = 0.004;

std::vector<std::string> cantilever(unsigned int elements) {
  return {"Model/Type=euler bernoulli beam",
          "Model/Length=" + number(length),
          "Model/Mass per length=" + number(rho_a),
          "Model/Bending stiffness=" + number(ei),
          "Model/Viscous damping=0",
          "Left end/Support=clamped",
          "Right end/Support=free",
          "Right end/Point mass=" + number(tip_mass),
          "Right end/Rotary inertia=" + number(tip_inertia),
          "Right end/Spring=0",
          "Discretization/Elements=" + std::to_string(elements)};
}
} // namespace

TEST(ModeRefinement, CellFormsReproduceTheAssembledMatrices) {
  // x^T K x and x^T M x of a random x from the extended forms equal the assembled matrices' to
  // round-off on a coarse mesh, for each model with end and interior attachments and an
  // oscillator: the forms are the same bilinear forms.
  const std::vector<std::vector<std::string>> cases{
      {"Model/Type=string", "Discretization/Degree=2", "Right end/Support=free",
       "Right end/Point mass=0.3", "Right end/Spring=20", "Attachments/Oscillators=0.5:0.2,300,0",
       "Attachments/Point masses=0.25:0.1"},
      {"Model/Type=euler bernoulli beam", "Model/Bending stiffness=2", "Left end/Support=pinned",
       "Model/Rotary inertia per length=0.01", "Right end/Support=free", "Right end/Point mass=0.3",
       "Right end/Rotary inertia=0.02", "Right end/Spring=20"},
      {"Model/Type=timoshenko beam", "Discretization/Degree=3", "Model/Bending stiffness=2",
       "Model/Shear stiffness=500", "Model/Rotary inertia per length=0.01",
       "Left end/Support=clamped", "Right end/Support=free", "Right end/Point mass=0.3"},
      {"Model/Type=string", "Discretization/Mass matrix=lumped", "Discretization/Degree=2"}};
  for (auto settings : cases) {
    settings.push_back("Discretization/Elements=12");
    PreparedCase pc(test_support::make_case(settings), MPI_COMM_WORLD);
    const SecondOrderSystem& s = pc.system;
    std::vector<LA::Vector> x(2, LA::Vector(s.locally_owned, s.comm));
    std::mt19937 random(7);
    std::uniform_real_distribution<double> uniform(-1, 1);
    for (auto& v : x) {
      for (dealii::types::global_dof_index i = 0; i < v.size(); ++i) {
        const double value = uniform(random); // the same sequence on every rank
        if (s.locally_owned.is_element(i))
          v(i) = std::count(s.held_dofs.begin(), s.held_dofs.end(), i) ? 0.0 : value;
      }
      v.compress(dealii::VectorOperation::insert);
    }
    std::vector<extended> k, m;
    ExtendedForms(s).gram(x, k, m);
    LA::Vector product(x[0]);
    for (int which : {0, 1}) {
      const auto& matrix = which == 0 ? s.stiffness : s.mass;
      const auto& gram = which == 0 ? k : m;
      matrix.vmult(product, x[1]);
      const double assembled = x[0] * product;
      EXPECT_NEAR(double(gram[1]), assembled, 1e-12 * std::abs(assembled) + 1e-13)
          << settings[0] << (which == 0 ? " K" : " M");
      EXPECT_NEAR(double(gram[2]), double(gram[1]), 1e-15 * std::abs(assembled)) << "symmetric";
    }
  }
}

TEST(ModeRefinement, HermiteCantileverWithTipMassToTheFinestMesh) {
  exact::BeamEnd clamped = exact::BeamEnd::classical("clamped"), tip;
  tip.point_mass = tip_mass;
  tip.rotary_inertia = tip_inertia;
  const unsigned int n = 4;
  const auto exact = exact::beam_frequencies(clamped, tip, length, ei, rho_a, n);
  // Discretization error of the cubic Hermite element: omega's relative error falls as h^4 (the
  // 32-element errors, times (32 / N)^4, doubled for the pre-asymptotic range).
  std::vector<double> coarse, previous;
  for (unsigned int elements : {32u, 128u, 512u, 2048u, 8192u}) {
    const Modes fe = modes_of(cantilever(elements), n);
    std::vector<double> bound;
    for (std::size_t k = 0; k < n; ++k)
      bound.push_back(coarse.empty() ? 1e-3 : 2 * coarse[k] * std::pow(32.0 / elements, 4));
    const auto errors =
        check_errors(fe, exact, bound, "Hermite cantilever, " + std::to_string(elements));
    if (coarse.empty())
      coarse = errors;
    for (std::size_t k = 0; k < previous.size(); ++k) // refining never makes it worse
      EXPECT_LE(std::abs(errors[k]), std::abs(previous[k]) + 1e-12) << elements << " mode " << k;
    previous = errors;
    test_support::report("Hermite cantilever, " + std::to_string(elements) +
                             " elements: omega_1 relative error",
                         errors[0]);
    test_support::report("  residual of mode 1", fe.residual[0]);
  }
}

TEST(ModeRefinement, QuadraticStringAtHundredThousandElements) {
  // The default string (tau = 100 N, rho = 0.01 kg/m, L = 1 m) fixed at both ends: omega_k =
  // k pi sqrt(tau / rho) / L; P2's error at 10^5 elements is far below 1e-10.
  const Modes fe = modes_of({"Model/Type=string", "Right end/Support=fixed",
                             "Discretization/Degree=2", "Discretization/Elements=100000"},
                            5);
  std::vector<double> exact;
  for (int k = 1; k <= 5; ++k)
    exact.push_back(k * M_PI * std::sqrt(100 / 0.01));
  const auto errors = check_errors(fe, exact, std::vector<double>(5, 0), "P2 string, 10^5");
  test_support::report("P2 string, 10^5 elements: omega_1 relative error", errors[0]);
}

TEST(ModeRefinement, QuadraticTimoshenkoBeamAt8192Elements) {
  // Simply supported, EI = rho A = L = 1, kGA = 300, rho I = 1e-3: each k = n pi gives
  // rho A rho I w^4 - [rho A (EI k^2 + kGA) + rho I kGA k^2] w^2 + kGA EI k^4 = 0, the lower root.
  const double kga = 300, rho_i = 1e-3;
  std::vector<double> exact;
  for (int m = 1; m <= 4; ++m) {
    const double k = m * M_PI, b = (k * k + kga) + rho_i * kga * k * k, c = kga * std::pow(k, 4);
    exact.push_back(std::sqrt(2 * c / (b + std::sqrt(b * b - 4 * rho_i * c))));
  }
  const Modes fe =
      modes_of({"Model/Type=timoshenko beam", "Model/Mass per length=1",
                "Model/Bending stiffness=1", "Model/Shear stiffness=" + number(kga),
                "Model/Rotary inertia per length=" + number(rho_i), "Model/Viscous damping=0",
                "Left end/Support=pinned", "Right end/Support=pinned", "Right end/Point mass=0",
                "Right end/Spring=0", "Discretization/Degree=2", "Discretization/Elements=8192"},
               4);
  const auto errors =
      check_errors(fe, exact, std::vector<double>(4, 0), "Timoshenko P2, 8192 elements");
  test_support::report("Timoshenko P2, 8192 elements: omega_1 relative error", errors[0]);
}

TEST(ModeRefinement, HundredsOfModesOfAFineBeam) {
  // 300 modes of the Hermite cantilever with its tip mass at 5000 elements against the roots of
  // its frequency equation. Before the refinement took only the part of its corrections outside
  // the modes' span, began with a Rayleigh-Ritz step in that span and solved its Rayleigh-Ritz
  // pencils both ways, these modes collapsed (cases/cantilever_tip_mass.prm at 5000 elements:
  // residual 2.0 for mode 1 and its frequency 44 rad/s where it is 19.6; at 600 modes the first
  // modes were copies of one another). The Hermite element's error in omega_k is about
  // (k pi h / L)^4 / 1440: bounded here by ten times that.
  exact::BeamEnd clamped = exact::BeamEnd::classical("clamped"), tip;
  tip.point_mass = tip_mass;
  tip.rotary_inertia = tip_inertia;
  // (The frequency equation's roots are checked for the first 4 modes, as above: its root
  // finder with a tip mass takes minutes for 30. Every mode's residual is checked, and that no
  // two modes are one.)
  const unsigned int n = 300, checked = 4, elements = 5000;
  const auto exact = exact::beam_frequencies(clamped, tip, length, ei, rho_a, checked);
  const Modes fe = modes_of(cantilever(elements), n);
  ASSERT_EQ(fe.omega.size(), n);
  std::vector<double> bound;
  for (unsigned int k = 1; k <= checked; ++k)
    bound.push_back(std::max(1e-12, 10 * std::pow(k * M_PI / elements, 4) / 1440));
  const auto errors = check_errors(fe, exact, bound, "Hermite cantilever, 300 modes");
  for (unsigned int k = 0; k < n; ++k) {
    EXPECT_LT(fe.residual[k], 1e-6) << "mode " << k + 1;
    if (k > 0) { // a cantilever's frequencies grow as (k - 1/2)^2: far apart
      EXPECT_GT(fe.omega[k], 1.001 * fe.omega[k - 1]) << "mode " << k + 1;
    }
  }
  test_support::report("300 modes of a 5000-element cantilever: omega_1 relative error", errors[0]);
  test_support::report("  omega_4 relative error", errors.back());
  test_support::report("  largest residual",
                       *std::max_element(fe.residual.begin(), fe.residual.end()));
}
