// Interior attachments: a mesh node is placed at each position and the device acts there.
#include "modal/eigen_solver.h"
#include "studies/prepared_case.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

namespace {
std::vector<double> modes(const std::vector<std::string>& settings, unsigned int n) {
  PreparedCase pc(test_support::make_case(settings), MPI_COMM_WORLD);
  return compute_modes(pc.system, n, -1.0).omega;
}
} // namespace

TEST(Attachments, StringWithAMidspanMass) {
  // Fixed-fixed string (tau = 100 N, rho = 0.01 kg/m, L = 1 m, c = 100 m/s), mass m at L/2:
  // symmetric modes solve 2 tau b cos(bL/2) = m w^2 sin(bL/2) (the mass's equation of motion,
  // the jump of tau u_x across it); antisymmetric modes w = 2 n pi c / L do not move it.
  const double m = 0.01, tau = 100, c = 100;
  auto g = [&](double w) {
    const double b = w / c;
    return (2 * tau * b * std::cos(b / 2) - m * w * w * std::sin(b / 2)) / (1 + m * w * w);
  };
  std::vector<double> exact;
  for (double w = 1; exact.size() < 3; w += 1) // three symmetric roots
    if ((g(w) < 0) != (g(w + 1) < 0)) {
      double lo = w, hi = w + 1;
      for (int it = 0; it < 100; ++it)
        (((g(lo) < 0) == (g(0.5 * (lo + hi)) < 0)) ? lo : hi) = 0.5 * (lo + hi);
      exact.push_back(0.5 * (lo + hi));
    }
  for (int n = 1; n <= 3; ++n)
    exact.push_back(2 * n * M_PI * c);
  std::sort(exact.begin(), exact.end());
  exact.resize(5);
  // 101 elements: no node at x = 0.5 until the attachment puts one there.
  const auto fe = modes({"Right end/Support=fixed", "Model/Viscous damping=0",
                         "Discretization/Elements=101", "Attachments/Point masses=0.5:0.01"},
                        5);
  for (unsigned int k = 0; k < 5; ++k)
    EXPECT_NEAR(fe[k], exact[k], 2e-6 * exact[k]) << "mode " << k + 1;
  test_support::report("midspan mass: mode 1 relative error",
                       std::abs(fe[0] - exact[0]) / exact[0]);
}

TEST(Attachments, InteriorDevicesAtAnEndActLikeEndDevices) {
  // The same mass, spring and dashpot given as interior attachments at x = L or as end
  // attachments: the same frequencies and the same damped response, for a string and a beam.
  for (const std::string type : {"string", "euler bernoulli beam"}) {
    const std::vector<std::string> base{
        "Model/Type=" + type,
        "Left end/Support=" + std::string(type == "string" ? "fixed" : "clamped"),
        "Right end/Support=free", "Time integration/Final time=0.01",
        "Initial conditions/Displacement=0.01*x^2"};
    auto with = [&](std::vector<std::string> extra) {
      extra.insert(extra.begin(), base.begin(), base.end());
      return extra;
    };
    const auto a = test_support::simulate(
        test_support::make_case(with({"Right end/Point mass=0.005", "Right end/Spring=2000",
                                      "Right end/Dashpot=0.4", "Right end/Force=0.2*sin(300*t)"})),
        MPI_COMM_WORLD);
    const auto b = test_support::simulate(
        test_support::make_case(
            with({"Right end/Point mass=0", "Right end/Spring=0",
                  "Attachments/Point masses=1:0.005", "Attachments/Springs=1:2000",
                  "Attachments/Dashpots=1:0.4", "Attachments/Forces=1:0.2*sin(300*t)"})),
        MPI_COMM_WORLD);
    const auto ua = a.column("u_right"), ub = b.column("u_right");
    double diff = 0, scale = 0;
    for (std::size_t i = 0; i < ua.size(); ++i) {
      diff = std::max(diff, std::abs(ua[i] - ub[i]));
      scale = std::max(scale, std::abs(ua[i]));
    }
    EXPECT_LT(diff / scale, 1e-10) << type;
  }
}
