#pragma once
// Builds cases the way a user would (the default case plus "Section/Key=value" overrides) and
// runs them through the same time loop as `hamdyn run`, keeping the history in memory.
#include "core/case_parameters.h"

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn::test_support {

/// The built-in default case (cases/default.prm) with `overrides` applied, as `hamdyn run --set`
/// builds it.
CaseParameters make_case(const std::vector<std::string>& overrides);

/// A case file's text with `overrides` applied, as `hamdyn run case.prm --set ...` reads it.
CaseParameters case_from_text(const std::string& text,
                              const std::vector<std::string>& overrides = {});

/// The text of cases/seeds/NAME in the source tree, as shipped.
std::string seed_case(const std::string& name);

/// The message of the InputError that reading `text` as a discrete case and building its system
/// throw ("" when they throw none).
std::string discrete_case_error(const std::string& text);

/// One linear string element (L = 1 m, rho = 0.003 kg/m, tau = 100 N) fixed at x = 0 whose free
/// end carries a 2 kg mass, a 500 N/m spring and a 3 N s/m dashpot: a single DoF with
/// k = 500 + tau / L = 600 N/m and the inertia m + rho L / 3 (consistent mass), the support's
/// column adding rho L / 6 to M r.
extern const char* const single_degree_of_freedom_case;

struct History {
  std::vector<std::string> columns, units; // as history.csv and history_units.csv have them
  std::vector<std::vector<double>> rows;
  std::vector<double> column(const std::string& name) const;
  std::string unit(const std::string& name) const;
};

History simulate(const CaseParameters& c, MPI_Comm comm);
/// A discrete case's history.csv rows (every step), through the loop of `hamdyn run`.
History simulate_discrete(const CaseParameters& c, MPI_Comm comm);

/// Least-squares slope of log(error) against log(size): the observed order of convergence.
double observed_order(const std::vector<double>& sizes, const std::vector<double>& errors);

/// The n smallest roots of g on (0, ...), bracketed on a grid of `step` and bisected.
std::vector<double> roots(const std::function<double(double)>& g, unsigned int n, double step);

/// Period of Duffing's oscillator x'' + w0^2 x + eps x^3 = 0 released from rest at A:
/// x = A cn(w t, m) with w^2 = w0^2 + eps A^2, m = eps A^2 / (2 w^2), period 4 K(m) / w
/// (Abramowitz & Stegun 16.1, 17.6; K(m) = pi / (2 AGM(1, sqrt(1 - m)))).
double duffing_period(double w0_squared, double eps, double amplitude);

/// max_i |x_i| (0 for an empty vector).
double largest_magnitude(const std::vector<double>& x);

/// Prints a measured number on rank 0 (shown by ctest -V and in the CI log).
void report(const std::string& what, double value);

/// J_nu(z) by its power series (a reference for tests: converges for every z, used for z < 10).
double bessel_j(double nu, double z);

} // namespace hamdyn::test_support
