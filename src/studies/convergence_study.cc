#include "studies/convergence_study.h"

#include "core/input_error.h"
#include "studies/richardson.h"
#include "system/extended_precision.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

namespace {
using Refine = ConvergenceParameters::Refine;
const double nan = std::numeric_limits<double>::quiet_NaN();

bool refines_h(Refine r) {
  return r == Refine::h || r == Refine::h_and_dt;
}
bool refines_dt(Refine r) {
  return r == Refine::dt || r == Refine::h_and_dt;
}

void check_study(const CaseParameters& c, bool has_exact_reference) {
  const ConvergenceParameters& cv = c.convergence;
  if (refines_h(cv.refine) && !c.mesh_file.empty())
    throw InputError("Convergence/Refine", cv.refine_name,
                     "h refinement doubles the elements of a generated mesh; expected p or dt "
                     "with Discretization/Mesh file = " +
                         c.mesh_file_as_set);
  if (cv.refine == Refine::dt && cv.n_frequencies > 0)
    throw InputError("Convergence/Number of frequencies", std::to_string(cv.n_frequencies),
                     "the frequencies do not depend on the time step; expected 0 with "
                     "Refine = dt (and a History column)");
  if (cv.n_frequencies == 0 && cv.history.empty())
    throw InputError("Convergence/History", "",
                     "nothing to study: expected a history.csv column or Number of "
                     "frequencies > 0");
  if (cv.levels < 3 && !has_exact_reference)
    throw InputError("Convergence/Levels", std::to_string(cv.levels),
                     "this case has no exact reference; a Richardson estimate needs at least 3");
}

// The relative error round-off alone can make. A frequency from the refined modal solver
// (modal/mode_refinement.h): its eigenvalue's error is about its residual squared; a double holds
// it to 1 ulp; and the Rayleigh quotient's strains of order m, differences of nodal values, lose
// eps_ld N^m each (system/extended_precision.h), a loss whose sum over N cells of random sign
// grows as sqrt(N) (Higham, sec. 2.8): eps_ld N^(m - 1/2). Half of the largest for omega. A
// history: the round-off of every step may add up, 10 eps per step (a sum of n rounded terms errs
// by up to n eps relative, Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., 2002,
// sec. 4.2; the step's J = M + beta dt^2 K is well conditioned).
double frequency_round_off(const ConvergenceLevel& level, unsigned int mode,
                           unsigned int strain_order) {
  const double eps = std::numeric_limits<double>::epsilon();
  const double eps_ld = std::numeric_limits<extended>::epsilon();
  const double residual = mode < level.residual.size() ? level.residual[mode] : 0.0;
  const double n = double(level.dofs);
  return std::max(
      {0.5 * residual * residual, 2 * eps, 0.5 * eps_ld * std::pow(n, strain_order - 0.5)});
}
double history_round_off(const ConvergenceLevel& level) {
  return 10 * std::numeric_limits<double>::epsilon() * double(level.history.size());
}

// Marks each level not at round-off as asymptotic when its observed order agrees with a
// neighbouring level's to max(0.1, 5 %), else pre-asymptotic; the coarsest level (no order of
// its own) is asymptotic when the next level is.
void classify(std::vector<ConvergenceRow>& rows, std::size_t first, std::size_t end) {
  auto agree = [](double a, double b) {
    return std::isfinite(a) && std::isfinite(b) &&
           std::abs(a - b) <= std::max(0.1, 0.05 * std::abs(a));
  };
  for (std::size_t k = first + 1; k < end; ++k) {
    if (!rows[k].regime.empty())
      continue;
    const bool before = k > first + 1 && agree(rows[k].order, rows[k - 1].order);
    const bool after = k + 1 < end && agree(rows[k].order, rows[k + 1].order);
    rows[k].regime = before || after ? "asymptotic" : "pre-asymptotic";
  }
  if (rows[first].regime.empty())
    rows[first].regime =
        first + 1 < end && rows[first + 1].regime == "asymptotic" ? "asymptotic" : "pre-asymptotic";
}

std::string quantity_name(unsigned int k) {
  return "omega_" + std::to_string(k + 1);
}
} // namespace

std::ptrdiff_t convergence_history_index(const std::vector<std::string>& columns,
                                         const std::string& history) {
  const auto index = std::find(columns.begin(), columns.end(), history) - columns.begin();
  if (index == std::ptrdiff_t(columns.size())) {
    std::string list;
    for (std::size_t i = 1; i < columns.size(); ++i)
      list += (i > 1 ? ", " : "") + columns[i];
    throw InputError("Convergence/History", history, "expected one of " + list);
  }
  return index;
}

double ConvergenceSubject::frequency_order(const CaseParameters& /*c*/) const {
  return nan;
}

CaseParameters convergence_level(const CaseParameters& c, unsigned int level) {
  CaseParameters l = c;
  const Refine r = c.convergence.refine;
  if (refines_h(r))
    l.n_elements = c.n_elements << level;
  if (r == Refine::p)
    l.degree = level + 1;
  if (refines_dt(r))
    l.time_step = c.time_step / double(1u << level);
  return l;
}

ConvergenceResult run_convergence_study(const CaseParameters& case_as_written,
                                        const ConvergenceSubject& subject, MPI_Comm comm) {
  const CaseParameters c = subject.prepared(case_as_written);
  const ConvergenceParameters& cv = c.convergence;
  const unsigned int n = cv.n_frequencies;
  subject.check(c);
  const std::vector<double> exact_omega = subject.exact_frequencies(c, n);
  const bool exact_history = !cv.history.empty() && subject.has_exact_history(c);
  check_study(c, (n == 0 || exact_omega.size() == n) && (cv.history.empty() || exact_history));

  std::vector<ConvergenceLevel> levels;
  for (unsigned int k = 0; k < cv.levels; ++k)
    levels.push_back(subject.level(convergence_level(c, k), comm));

  ConvergenceResult result;
  result.size_name = cv.refine == Refine::p ? "1/DoFs" : cv.refine == Refine::dt ? "dt" : "h";
  const double frequency_order = subject.frequency_order(c);
  const double two_level_factor = 4; // r^p of a second-order method halving h or dt

  // One quantity: its values at every level (vectors of equal length: one number for a
  // frequency, the values at `times` for a history), the reference, and each level's round-off.
  auto add_quantity = [&](const std::string& name, const std::vector<std::vector<double>>& values,
                          std::vector<double> reference, const std::string& kind, double expected,
                          const std::vector<double>& round_off, const std::vector<double>* times) {
    if (reference.empty()) {
      reference = richardson_limit(values, two_level_factor);
      const unsigned int last = levels.size() - 1;
      result.richardson_levels.push_back(
          name + ": levels " + (last >= 2 ? std::to_string(last - 2) + ", " : std::string()) +
          std::to_string(last - 1) + ", " + std::to_string(last));
    }
    double scale = 0;
    for (double x : reference)
      scale = std::max(scale, std::abs(x));
    const std::size_t first = result.rows.size();
    for (unsigned int k = 0; k < levels.size(); ++k) {
      ConvergenceRow row;
      row.quantity = name;
      row.level = k;
      row.elements = levels[k].elements;
      row.degree = levels[k].degree;
      row.time_step = levels[k].time_step;
      row.dofs = levels[k].dofs;
      row.reference_kind = kind;
      std::size_t at = 0; // where the error is largest
      row.error = 0;
      for (std::size_t i = 0; i < reference.size(); ++i)
        if (std::abs(values[k][i] - reference[i]) > row.error) {
          row.error = std::abs(values[k][i] - reference[i]);
          at = i;
        }
      row.time = times ? (*times)[at] : nan;
      row.value = values[k][at];
      row.reference = reference[at];
      row.relative_error = scale > 0 ? row.error / scale : row.error;
      row.round_off = round_off[k];
      if (row.relative_error <= 10 * row.round_off)
        row.regime = "round-off";
      const bool no_order =
          k == 0 || !row.regime.empty() || result.rows.back().regime == "round-off";
      row.order = no_order ? nan
                           : observed_order(result.rows.back().error, row.error, levels[k - 1].size,
                                            levels[k].size);
      row.expected_order = expected;
      result.rows.push_back(row);
    }
    classify(result.rows, first, result.rows.size());
  };

  for (unsigned int j = 0; j < n; ++j) {
    // A rigid-body mode (omega = 0) has only round-off to converge: not studied.
    const bool rigid =
        exact_omega.size() == n
            ? exact_omega[j] == 0
            : std::all_of(levels.begin(), levels.end(), [&](const ConvergenceLevel& l) {
                return l.omega[j] < 1e-6 * l.frequency_scale;
              });
    if (rigid) {
      ++result.rigid_body_modes;
      continue;
    }
    std::vector<std::vector<double>> values;
    std::vector<double> round_off;
    for (const ConvergenceLevel& l : levels) {
      values.push_back({l.omega[j]});
      round_off.push_back(frequency_round_off(l, j, subject.strain_order(c)));
    }
    const bool exact = exact_omega.size() == n;
    const double expected = cv.refine == Refine::p ? nan : frequency_order;
    add_quantity(quantity_name(j), values,
                 exact ? std::vector<double>{exact_omega[j]} : std::vector<double>{},
                 exact ? "exact" : "richardson", expected, round_off, nullptr);
  }
  if (!cv.history.empty()) {
    // every level's values at the coarsest level's output times: step k of level 0 is step
    // k 2^level of a level that halves dt (the last, shortened step ends on the final time)
    const std::vector<double>& times = levels.front().times;
    std::vector<std::vector<double>> values;
    for (unsigned int k = 0; k < levels.size(); ++k) {
      const std::size_t stride = refines_dt(cv.refine) ? std::size_t(1) << k : 1;
      std::vector<double> v;
      for (std::size_t i = 0; i < times.size(); ++i)
        v.push_back(levels[k].history[std::min(i * stride, levels[k].history.size() - 1)]);
      values.push_back(std::move(v));
    }
    const std::vector<double> exact =
        exact_history ? subject.exact_history(c, times) : std::vector<double>{};
    std::vector<double> round_off;
    round_off.reserve(levels.size());
    for (const ConvergenceLevel& l : levels)
      round_off.push_back(history_round_off(l));
    add_quantity(cv.history, values, exact, exact_history ? "exact" : "richardson",
                 refines_dt(cv.refine) ? subject.time_order(c) : nan, round_off, &times);
  }
  return result;
}

} // namespace hamdyn
