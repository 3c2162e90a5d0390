// The complex banded LU of the direct frequency response (system/banded_harmonic_solver.h)
// against MUMPS on the real block form (system/mumps_harmonic_solver.h), the solver it replaces
// where a line fits one rank: the same refined solutions at every frequency, and the same
// verdict at an undamped resonance.
#include "studies/frequency_response.h"
#include "support/case_builder.h"
#include "system/banded_harmonic_solver.h"
#include "system/mumps_harmonic_solver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace hamdyn;

namespace {
// A quadratic Timoshenko beam (deal.II numbers its DoFs v0 v1 m0 v2 m1 ...: the band's order
// must undo that) carrying two oscillators (numbered after the line: the band's order must
// bring them back next to their hosts), with Rayleigh damping, an end dashpot and a loss factor,
// on this rank alone.
std::unique_ptr<PreparedCase> beam_with_oscillators(const std::vector<std::string>& more) {
  std::vector<std::string> settings{"Model/Type=timoshenko beam",
                                    "Model/Mass per length=1",
                                    "Model/Shear stiffness=1e4",
                                    "Model/Rotary inertia per length=1e-4",
                                    "Discretization/Elements=300",
                                    "Discretization/Degree=2",
                                    "Right end/Support=free",
                                    "Right end/Dashpot=0.3",
                                    "Left end/Support=clamped",
                                    "Model/Rayleigh stiffness coefficient=1e-5",
                                    "Attachments/Oscillators=0.3:0.05,20,0.01; 0.8:0.1,500,0",
                                    "Frequency response/Forces=0.5:1",
                                    "Frequency response/Structural damping=0.01"};
  settings.insert(settings.end(), more.begin(), more.end());
  std::vector<std::string> notes;
  auto pc = std::make_unique<PreparedCase>(
      harmonic_load_case(test_support::case_from_text("", settings), notes), MPI_COMM_SELF);
  linearize_about_undeformed_state(pc->system);
  return pc;
}
} // namespace

TEST(BandedHarmonicSolver, AgreesWithMumpsAcrossResonances) {
  const auto beam = beam_with_oscillators({});
  const PreparedCase& pc = *beam;
  const SecondOrderSystem& s = pc.system;
  LA::Vector load(s.locally_owned, MPI_COMM_SELF);
  s.load(0, load);
  BandedHarmonicSolver banded(s);
  MumpsHarmonicSolver mumps(s);
  // the narrow band of the order along the line: 2 DoFs a node, 3 nodes an element, and one more
  // where an oscillator's DoF sits between its host's (deal.II's numbering: 7, the oscillators
  // last: the whole line)
  EXPECT_EQ(banded.half_bandwidth(), 6);
  LA::Vector re(load), im(load), mumps_re(load), mumps_im(load);
  double largest = 0, worst = 0;
  // from quasi-static through the first resonances (about 0.56, 3.5 and 9.8 Hz for the bare
  // cantilever) to far above them
  for (double f : {0.0, 0.3, 0.56, 1.0, 3.5, 7.0, 9.8, 20.0, 100.0, 1000.0}) {
    const double omega = 2 * M_PI * f, eta = pc.parameters.response.structural_damping;
    ASSERT_TRUE(banded.solve(omega, eta, load, nullptr, re, im)) << f << " Hz";
    ASSERT_TRUE(mumps.solve(omega, eta, load, nullptr, mumps_re, mumps_im)) << f << " Hz";
    largest = std::max({largest, mumps_re.linfty_norm(), mumps_im.linfty_norm()});
    re -= mumps_re;
    im -= mumps_im;
    worst = std::max({worst, re.linfty_norm(), im.linfty_norm()});
  }
  EXPECT_LT(worst, 1e-10 * largest);
  test_support::report("banded LU against MUMPS, largest difference relative to the largest |U|",
                       worst / largest);
}

TEST(BandedHarmonicSolver, SingularAtAnUndampedResonanceAsMumpsIs) {
  // free at both ends, no damping: the rigid-body modes make K singular at 0 Hz (a Hermite beam:
  // its factorization shows it, where a Timoshenko beam's shows it only to 1e-8, which
  // studies/frequency_response.cc catches from the lowest mode: FrequencyResponse tests it)
  const auto beam = beam_with_oscillators(
      {"Model/Type=euler bernoulli beam", "Left end/Support=free", "Right end/Dashpot=0",
       "Model/Rayleigh stiffness coefficient=0",
       "Attachments/Oscillators=", "Frequency response/Structural damping=0"});
  const PreparedCase& pc = *beam;
  LA::Vector load(pc.system.locally_owned, MPI_COMM_SELF);
  pc.system.load(0, load);
  LA::Vector re(load), im(load);
  BandedHarmonicSolver banded(pc.system);
  MumpsHarmonicSolver mumps(pc.system);
  EXPECT_FALSE(mumps.solve(0, 0, load, nullptr, re, im));
  EXPECT_FALSE(banded.solve(0, 0, load, nullptr, re, im));
  EXPECT_TRUE(banded.solve(2 * M_PI * 0.1, 0, load, nullptr, re, im)); // off the resonance
}
