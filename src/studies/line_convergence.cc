#include "studies/line_convergence.h"

#include "core/input_error.h"
#include "studies/compare_methods.h"
#include "studies/memory.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

namespace {
using Refine = ConvergenceParameters::Refine;

// The position of a displacement column (u_right, u_left, u@x), or NaN for any other column.
double displacement_position(const CaseParameters& c, const std::string& column) {
  if (column == "u_right")
    return c.length;
  if (column == "u_left")
    return 0;
  if (column.rfind("u@", 0) == 0) {
    const auto at = std::find(c.probe_labels.begin(), c.probe_labels.end(), column.substr(2));
    if (at != c.probe_labels.end())
      return c.probes[at - c.probe_labels.begin()];
  }
  return std::numeric_limits<double>::quiet_NaN();
}
} // namespace

CaseParameters LineConvergence::prepared(const CaseParameters& case_as_written) const {
  CaseParameters c = case_as_written;
  const std::string& h = c.convergence.history;
  if (h.size() < 3 || h[1] != '@' || (h[0] != 'u' && h[0] != 'v'))
    return c;
  const std::string label = h.substr(2);
  if (std::find(c.probe_labels.begin(), c.probe_labels.end(), label) != c.probe_labels.end())
    return c;
  const double x = number(label);
  if (!(x >= 0 && x <= c.length))
    throw InputError("Convergence/History", h,
                     "expected a probe u@x or v@x with x in [0, Length], or another "
                     "history.csv column");
  c.probes.push_back(x);
  c.probe_labels.push_back(label);
  return c;
}

void LineConvergence::check(const CaseParameters& c) const {
  const ConvergenceParameters& cv = c.convergence;
  const ModelKind& kind = model_kind(c.model_type);
  if (cv.refine == Refine::p && kind.fixed_degree > 0)
    throw InputError("Convergence/Refine", cv.refine_name,
                     with_article(kind) + "'s elements are always " + kind.fixed_element +
                         "; expected h, dt or h and dt");
}

std::vector<double> LineConvergence::exact_frequencies(const CaseParameters& c,
                                                       unsigned int n) const {
  return hamdyn::exact_frequencies(c, n);
}

bool LineConvergence::has_exact_history(const CaseParameters& c) const {
  return std::isfinite(displacement_position(c, c.convergence.history)) &&
         string_has_exact_solution(c, true);
}

std::vector<double> LineConvergence::exact_history(const CaseParameters& c,
                                                   const std::vector<double>& times) const {
  return exact_string_history(c, displacement_position(c, c.convergence.history), times);
}

ConvergenceLevel LineConvergence::level(const CaseParameters& lc, MPI_Comm comm) const {
  const ConvergenceParameters& cv = lc.convergence;
  const unsigned int n = cv.n_frequencies;
  PreparedCase pc(lc, comm, cv.history.empty() ? Matrices::band_from_cells : Matrices::assembled);
  ConvergenceLevel level;
  level.elements = lc.n_elements;
  const unsigned int fixed_degree = model_kind(lc.model_type).fixed_degree;
  level.degree = fixed_degree > 0 ? fixed_degree : lc.degree;
  level.time_step = lc.time_step;
  level.dofs = pc.system.locally_owned.size();
  level.size = cv.refine == Refine::p    ? 1.0 / double(level.dofs)
               : cv.refine == Refine::dt ? lc.time_step
                                         : lc.length / lc.n_elements;
  // the history column and the time step are checked before the first solve
  std::ptrdiff_t index = -1;
  if (!cv.history.empty()) {
    check_time_step(pc);
    index = convergence_history_index(history_columns(pc).names, cv.history);
  }
  if (n > 0) {
    check_number_of_modes(pc, n, "Convergence/Number of frequencies");
    const double scale = pc.model->frequency_scale();
    level.frequency_scale = scale;
    const Modes modes = natural_modes(pc.system, pc.parameters, n, scale);
    level.omega = modes.omega;
    level.residual = modes.residual;
  }
  if (index >= 0)
    integrate(pc, [&](unsigned long, const State& s, const std::vector<double>& row) {
      level.times.push_back(s.t);
      level.history.push_back(row[index]);
    });
  return level;
}

double LineConvergence::frequency_order(const CaseParameters& c) const {
  const ModelKind& kind = model_kind(c.model_type);
  const unsigned int degree = kind.fixed_degree > 0 ? kind.fixed_degree : c.degree;
  return 2.0 * (degree + 1 - kind.energy_derivative_order);
}

unsigned int LineConvergence::strain_order(const CaseParameters& c) const {
  return model_kind(c.model_type).energy_derivative_order;
}

void LineConvergence::refuse_beyond_memory(const CaseParameters& c, MPI_Comm comm) const {
  const auto& cv = c.convergence;
  const bool in_h = cv.refine == ConvergenceParameters::Refine::h ||
                    cv.refine == ConvergenceParameters::Refine::h_and_dt;
  CaseParameters finest = c;
  if (cv.refine == ConvergenceParameters::Refine::p)
    finest.degree = 4;
  const double elements = double(c.n_elements) * (in_h ? std::pow(2.0, cv.levels - 1) : 1.0);
  const double dofs = dof_count(finest, elements);
  hamdyn::refuse_beyond_memory(
      "Convergence/Levels", std::to_string(cv.levels), 1600 * dofs,
      "its finest level of " + std::to_string(static_cast<long long>(dofs)) + " DoFs", comm);
}

} // namespace hamdyn
