// `hamdyn compare`'s computations (studies/compare_methods) against exact references: the
// frequency bracket of consistent FE and lumped chain, the dual's spectrum, and histories of all
// methods converging to each other and to the exact modal series.
#include "studies/compare_methods.h"
#include "studies/largest_difference.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

TEST(Compare, ConsistentFeAndChainBracketTheExactStringFrequencies) {
  const auto c = test_support::make_case(
      {"Discretization/Elements=40", "Discretization/Degree=1", "Modes/Number of modes=10"});
  const FrequencyComparison f = CaseComparison(c, MPI_COMM_WORLD).frequencies();
  ASSERT_EQ(f.exact.size(), 10u);
  double widest = 0;
  for (std::size_t k = 0; k < 10; ++k) {
    EXPECT_LT(f.chain[k], f.exact[k]) << "mode " << k + 1;
    EXPECT_GT(f.primal_fe[k], f.exact[k]) << "mode " << k + 1;
    // the dual's non-zero spectrum is the chain's
    EXPECT_NEAR(f.dual[k], f.chain[k], 1e-9 * f.chain[k]) << "mode " << k + 1;
    widest = std::max(widest, (f.primal_fe[k] - f.chain[k]) / f.exact[k]);
  }
  test_support::report("string, 40 P1 elements: widest relative bracket over 10 modes", widest);
  // the end spring ties the chain to the ground at both ends: one self-stress state, no rigid body
  EXPECT_EQ(f.self_stress_states, 1u);
  EXPECT_EQ(f.rigid_body_modes, 0u);
}

TEST(Compare, RigidBodyModesDisappearFromTheDual) {
  const auto c = test_support::make_case({"Left end/Support=free", "Right end/Point mass=0",
                                          "Right end/Spring=0", "Discretization/Elements=30",
                                          "Modes/Number of modes=5"});
  const FrequencyComparison f = CaseComparison(c, MPI_COMM_WORLD).frequencies();
  EXPECT_EQ(f.rigid_body_modes, 1u);
  EXPECT_EQ(f.self_stress_states, 0u);
  EXPECT_TRUE(std::isnan(f.dual[0]));
  EXPECT_LT(f.chain[0], 1e-6 * f.chain[1]);
  for (std::size_t k = 1; k < 5; ++k)
    EXPECT_NEAR(f.dual[k], f.chain[k], 1e-9 * f.chain[k]) << "mode " << k + 1;
  // free-free string: omega_k = (k - 1) pi sqrt(tau / rho) / L
  const double exact = M_PI * std::sqrt(100 / 0.01);
  EXPECT_NEAR(f.primal_fe[1] / exact, 1.0, 1e-3);
}

TEST(Compare, HistoriesConvergeToTheExactModalSeries) {
  // Undamped free vibration of the fixed - mass-spring string: exact by its modal series.
  std::vector<double> sizes, chain_errors, fe_errors, dual_fe_errors;
  for (unsigned int elements : {10u, 20u, 40u}) {
    const auto c = test_support::make_case(
        {"Model/Viscous damping=0", "Right end/Dashpot=0", "Discretization/Degree=1",
         "Discretization/Elements=" + std::to_string(elements), "Time integration/Time step=2e-6",
         "Time integration/Final time=0.01"});
    ASSERT_TRUE(string_has_exact_solution(c, true));
    const HistoryComparison h = CaseComparison(c, MPI_COMM_WORLD).histories();
    EXPECT_DOUBLE_EQ(h.x, 1.0);
    sizes.push_back(1.0 / elements);
    chain_errors.push_back(largest_difference(h.chain, h.exact));
    fe_errors.push_back(largest_difference(h.primal_fe, h.exact));
    dual_fe_errors.push_back(largest_difference(h.dual_fe, h.exact));
    // the dual, integrated in impulses, gives the chain's displacement back
    EXPECT_LT(largest_difference(h.dual, h.chain), 1e-9 * 0.005) << elements << " elements";
  }
  const double chain_order = test_support::observed_order(sizes, chain_errors);
  const double fe_order = test_support::observed_order(sizes, fe_errors);
  test_support::report("chain history error at 40 nodes [m]", chain_errors.back());
  test_support::report("chain history order in h", chain_order);
  test_support::report("primal FE (P1) history error at 40 elements [m]", fe_errors.back());
  test_support::report("primal FE (P1) history order in h", fe_order);
  const double dual_fe_order = test_support::observed_order(sizes, dual_fe_errors);
  test_support::report("continuum dual (P1 impulse field) history error at 40 elements [m]",
                       dual_fe_errors.back());
  test_support::report("continuum dual history order in h", dual_fe_order);
  EXPECT_GT(chain_order, 1.8);
  EXPECT_GT(fe_order, 1.8);
  EXPECT_GT(dual_fe_order, 1.8);
}

TEST(Compare, ContinuumDualFrequenciesConvergeFromAbove) {
  // The impulse field's Rayleigh quotient int I'^2 / rho / int I^2 / tau is minimal at the
  // modes, so its finite elements approach the exact frequencies from above, at order 2p in h.
  for (unsigned int degree : {1u, 2u}) {
    std::vector<double> sizes, errors;
    for (unsigned int elements : {8u, 16u, 32u}) {
      const auto c = test_support::make_case({"Discretization/Degree=" + std::to_string(degree),
                                              "Discretization/Elements=" + std::to_string(elements),
                                              "Modes/Number of modes=4"});
      const FrequencyComparison f = CaseComparison(c, MPI_COMM_WORLD).frequencies();
      ASSERT_TRUE(f.dual_fe_note.empty()) << f.dual_fe_note;
      EXPECT_EQ(f.dual_fe_self_stress_states, 1u); // I constant, I(L) + J_K = 0
      double worst = 0;
      for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_GT(f.dual_fe[k], f.exact[k]) << "P" << degree << " mode " << k + 1;
        worst = std::max(worst, (f.dual_fe[k] - f.exact[k]) / f.exact[k]);
      }
      sizes.push_back(1.0 / elements);
      errors.push_back(worst);
    }
    const double order = test_support::observed_order(sizes, errors);
    test_support::report("continuum dual P" + std::to_string(degree) + " frequency order in h",
                         order);
    EXPECT_GT(order, 2 * degree - 0.3);
  }
}

TEST(Compare, DampedForcedContinuumDualFollowsThePrimal) {
  // Viscous (the dashpot field H), Rayleigh (a: into H and the end dashpot; b: the field G beside
  // the tension) and end-dashpot damping, a distributed and an end force: the continuum dual and
  // the primal FE converge to each other in h and dt.
  std::vector<double> sizes, gaps;
  for (unsigned int n : {1u, 2u, 4u}) {
    char step[32];
    std::snprintf(step, sizeof step, "%g", 2e-5 / n);
    const auto c = test_support::make_case(
        {"Discretization/Degree=1", "Discretization/Elements=" + std::to_string(10 * n),
         "Right end/Dashpot=0.2", "Model/Rayleigh mass coefficient=10",
         "Model/Rayleigh stiffness coefficient=2e-5", "Load/Distributed force=0.5*sin(300*t)*x",
         "Right end/Force=0.1*cos(200*t)", std::string("Time integration/Time step=") + step,
         "Time integration/Final time=0.02"});
    const HistoryComparison h = CaseComparison(c, MPI_COMM_WORLD).histories();
    sizes.push_back(1.0 / n);
    gaps.push_back(largest_difference(h.dual_fe, h.primal_fe));
  }
  const double order = test_support::observed_order(sizes, gaps);
  test_support::report("damped forced string: continuum dual - FE gap at 40 elements [m]",
                       gaps.back());
  test_support::report("damped forced string: continuum dual - FE gap order", order);
  EXPECT_GT(order, 1.8);
}

TEST(Compare, DampedDualMatchesItsChain) {
  // Viscous, Rayleigh and end-dashpot damping and an oscillator: the dual carries the dashpots as
  // impulses with first-order rows and gives the chain's history back to round-off, on every
  // mesh; the chain - FE gap closes as the mesh is refined.
  std::vector<double> sizes, gaps;
  const std::vector<std::string> damped{"Right end/Dashpot=0.2",
                                        "Model/Rayleigh mass coefficient=5",
                                        "Model/Rayleigh stiffness coefficient=1e-6",
                                        "Attachments/Oscillators=0.5:0.001,50,0.05",
                                        "Time integration/Time step=1e-5",
                                        "Time integration/Final time=0.02"};
  for (unsigned int elements : {10u, 20u, 40u}) {
    auto settings = damped;
    settings.push_back("Discretization/Elements=" + std::to_string(elements));
    const HistoryComparison h =
        CaseComparison(test_support::make_case(settings), MPI_COMM_WORLD).histories();
    EXPECT_LT(largest_difference(h.dual, h.chain), 1e-12) << elements << " elements";
    for (double e : h.exact)
      EXPECT_TRUE(std::isnan(e));
    sizes.push_back(1.0 / elements);
    gaps.push_back(largest_difference(h.chain, h.primal_fe));
  }
  const double order = test_support::observed_order(sizes, gaps);
  test_support::report("damped string: chain - FE gap order in h", order);
  EXPECT_GT(order, 1.5);
}

TEST(Compare, ForcedDualMatchesItsChainAsTheStepShrinks) {
  // With loads the dual integrates P(t) = int f dt exactly where the chain samples f: the two
  // time-discrete histories differ by O(dt^2) and close at that rate.
  std::vector<double> steps, gaps;
  for (double dt : {4e-5, 2e-5, 1e-5}) {
    char value[32];
    std::snprintf(value, sizeof value, "%g", dt);
    const std::string step = std::string("Time integration/Time step=") + value;
    const auto c = test_support::make_case({"Discretization/Elements=20", "Right end/Dashpot=0.2",
                                            "Load/Distributed force=0.5*sin(300*t)",
                                            "Right end/Force=0.1*cos(200*t)", step,
                                            "Time integration/Final time=0.02"});
    const HistoryComparison h = CaseComparison(c, MPI_COMM_WORLD).histories();
    steps.push_back(dt);
    gaps.push_back(largest_difference(h.dual, h.chain));
  }
  const double order = test_support::observed_order(steps, gaps);
  test_support::report("forced string: dual - chain gap at dt = 1e-5 [m]", gaps.back());
  test_support::report("forced string: dual - chain gap order in dt", order);
  EXPECT_GT(order, 1.8);
  EXPECT_LT(gaps.back(), 1e-6 * 0.005);
}

TEST(Compare, BarChainOfACantileverConvergesToEulerBernoulli) {
  // Clamped-free beam (EI = rho A = L = 1): omega_k = (beta_k L)^2, 1 + cos cosh = 0.
  const double beta[3] = {1.8751040687119611, 4.6940911329741745, 7.8547574382376126};
  std::vector<double> sizes, errors;
  for (unsigned int elements : {20u, 40u, 80u}) {
    const auto c = test_support::make_case(
        {"Model/Type=euler bernoulli beam", "Model/Mass per length=1", "Model/Bending stiffness=1",
         "Left end/Support=clamped", "Right end/Support=free", "Right end/Point mass=0",
         "Right end/Spring=0", "Discretization/Elements=" + std::to_string(elements),
         "Modes/Number of modes=3"});
    const FrequencyComparison f = CaseComparison(c, MPI_COMM_WORLD).frequencies();
    double worst = 0;
    for (int k = 0; k < 3; ++k) {
      const double exact = beta[k] * beta[k];
      EXPECT_NEAR(f.dual[k], f.chain[k], 1e-8 * f.chain[k]);
      EXPECT_NEAR(f.exact[k], exact, 1e-12 * exact);    // compare's own exact column
      EXPECT_NEAR(f.primal_fe[k], exact, 1e-4 * exact); // Hermite: far closer than the chain
      worst = std::max(worst, std::abs(f.chain[k] - exact) / exact);
    }
    sizes.push_back(1.0 / elements);
    errors.push_back(worst);
  }
  const double order = test_support::observed_order(sizes, errors);
  test_support::report("Hencky bar chain, cantilever modes 1-3: error at 80 bars", errors.back());
  test_support::report("Hencky bar chain order in h", order);
  EXPECT_GT(order, 1.8);
  EXPECT_LT(errors.back(), 2e-3);
}

TEST(Compare, BarChainWithRotaryInertiaHasItsDual) {
  // Rotary inertia of the bars and of the tip couples neighbouring joints in M, so B = D M^-1 D^T
  // is dense; Rayleigh a M becomes dashpots on the same inertia rows. The dual still gives the
  // chain's spectrum and history (80 bars: B's long couplings go to the line solver's
  // interface).
  const auto c = test_support::make_case(
      {"Model/Type=euler bernoulli beam", "Model/Mass per length=1", "Model/Bending stiffness=1",
       "Model/Rotary inertia per length=1e-3", "Model/Rayleigh mass coefficient=0.3",
       "Model/Viscous damping=0.1", "Left end/Support=clamped", "Right end/Support=free",
       "Right end/Point mass=0.2", "Right end/Rotary inertia=0.01", "Right end/Spring=0",
       "Right end/Moment=0.01*sin(4*t)", "Initial conditions/Displacement=0.01*x^2",
       "Discretization/Elements=80", "Modes/Number of modes=5", "Time integration/Time step=1e-3",
       "Time integration/Final time=1"});
  const CaseComparison comparison(c, MPI_COMM_WORLD);
  const FrequencyComparison f = comparison.frequencies();
  for (std::size_t k = 0; k < 5; ++k)
    EXPECT_NEAR(f.dual[k], f.chain[k], 1e-8 * f.chain[k]) << "mode " << k + 1;
  const HistoryComparison h = comparison.histories();
  const double gap = largest_difference(h.dual, h.chain);
  test_support::report("bar chain with rotary inertia: dual - chain history gap [m]", gap);
  EXPECT_LT(gap, 1e-6 * 0.01); // O(dt^2) from the moment's time integral
  EXPECT_LT(largest_difference(h.chain, h.primal_fe), 0.02 * 0.01);
}

namespace {
// The cantilever of the issue that found the end-rotation defect (L = 3 m, EI = 2e5 N m^2,
// rho A = 12 kg/m), with the given devices at its free end, written as a user writes a case file:
// onto the declared defaults.
CaseParameters cantilever(const std::string& tip, unsigned int elements) {
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text("subsection Model\n set Type = euler bernoulli beam\n set Length = 3\n"
                 " set Bending stiffness = 2e5\n set Mass per length = 12\nend\n"
                 "subsection Left end\n set Support = clamped\nend\n"
                 "subsection Right end\n set Support = free\n" +
                     tip + "end\nsubsection Modes\n set Number of modes = 5\nend\n",
                 "cantilever");
  file.set("Discretization", "Elements", std::to_string(elements));
  return parse_case_parameters(file, ".");
}
} // namespace

TEST(Compare, BarChainWithEndRotaryInertiaOrSpringConvergesAtOrderTwo) {
  // The end's rotary inertia and rotational spring act on the end's own rotation, joined to the
  // last bar by the half bar's hinge 2 EI / h: the chain converges at order 2, from below, and
  // chain < exact < FE brackets every mode. compare's exact column comes from the end-impedance
  // frequency equation (src/exact), which unit_exact_beam_frequencies checks on its own.
  const std::vector<std::pair<std::string, std::string>> tips{
      {"tip mass 6 kg and rotary inertia 0.9 kg m^2",
       " set Point mass = 6\n set Rotary inertia = 0.9\n"},
      {"rotational spring 1e5 N m/rad", " set Rotational spring = 1e5\n"},
      {"tip mass, rotary inertia and rotational spring",
       " set Point mass = 6\n set Rotary inertia = 0.9\n set Rotational spring = 1e5\n"}};
  for (const auto& [name, tip] : tips) {
    std::vector<double> sizes, errors;
    for (unsigned int elements : {16u, 32u, 64u}) {
      const FrequencyComparison f =
          CaseComparison(cantilever(tip, elements), MPI_COMM_WORLD).frequencies();
      double worst = 0;
      for (std::size_t k = 0; k < 5; ++k) {
        ASSERT_FALSE(std::isnan(f.exact[k])) << name;
        EXPECT_LT(f.chain[k], f.exact[k]) << name << ", " << elements << " bars, mode " << k + 1;
        EXPECT_GT(f.primal_fe[k], f.exact[k]) << name << ", " << elements << " elements";
        EXPECT_NEAR(f.dual[k], f.chain[k], 1e-8 * f.chain[k]) << name;
        worst = std::max(worst, (f.exact[k] - f.chain[k]) / f.exact[k]);
      }
      sizes.push_back(1.0 / elements);
      errors.push_back(worst);
    }
    const double order = test_support::observed_order(sizes, errors);
    test_support::report("Hencky chain, cantilever with " + name + ": order in h (modes 1-5)",
                         order);
    test_support::report("  its largest relative error at 64 bars", errors.back());
    EXPECT_NEAR(order, 2.0, 0.1) << name;
  }
}

TEST(Compare, ChainDualFollowsTheChainWithAnEndRotation) {
  // The end's own rotation is a DoF of the chain (it carries the rotary inertia): released from
  // a bent shape, with a moment at the tip and a rotational spring and dashpot, the dual follows
  // the chain to O(dt^2) (it integrates the moment in time where the chain samples it), and both
  // follow the FE.
  std::vector<double> steps, gaps;
  for (double dt : {4e-4, 2e-4, 1e-4}) {
    auto c = cantilever(" set Point mass = 6\n set Rotary inertia = 0.9\n"
                        " set Rotational spring = 1e5\n set Rotational dashpot = 50\n"
                        " set Moment = 100*sin(40*t)\n",
                        40);
    c.initial_displacement = std::make_shared<const Expression>(
        "Initial conditions/Displacement", "0.01*x^2*(9-x)/54", // 10 mm at the tip
        std::vector<std::string>{"x"});
    c.time_step = dt;
    c.final_time = 0.2;
    const HistoryComparison h = CaseComparison(c, MPI_COMM_WORLD).histories();
    steps.push_back(dt);
    gaps.push_back(largest_difference(h.dual, h.chain));
    EXPECT_LT(largest_difference(h.chain, h.primal_fe), 0.02 * 0.01);
  }
  const double order = test_support::observed_order(steps, gaps);
  test_support::report("chain dual - chain with an end rotation DoF, dt = 1e-4 [m]", gaps.back());
  test_support::report("  its order in dt", order);
  EXPECT_GT(order, 1.8);
  EXPECT_LT(gaps.back(), 1e-6 * 0.01);
}
