#include "studies/planar_beam_convergence.h"

#include "core/input_error.h"
#include "core/planar_beam_case.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/run_planar_beam_transient.h"

#include <cmath>
#include <memory>
#include <string>

namespace hamdyn {

namespace {
// The case's beam at a level of `elements` (Discretization/Elements, the case's n_elements
// scaled) and `degree`: a frame's members each scaled alike from their own counts
std::shared_ptr<PlanarBeamCase> beam_at(const PlanarBeamCase& c, unsigned long elements,
                                        unsigned degree) {
  auto beam = std::make_shared<PlanarBeamCase>(c);
  beam->n_elements = unsigned(elements);
  beam->degree = degree;
  if (c.frame) {
    auto frame = std::make_shared<FrameGeometry>(*c.frame);
    for (FrameGeometry::Member& m : frame->members)
      m.elements = unsigned(m.elements * elements / c.n_elements);
    beam->frame = frame;
  }
  return beam;
}
// The elements of all members (a line: its own)
unsigned long all_elements(const PlanarBeamCase& c) {
  unsigned long n = 0;
  if (c.frame)
    for (const FrameGeometry::Member& m : c.frame->members)
      n += m.elements;
  return c.frame ? n : c.n_elements;
}
} // namespace

CaseParameters PlanarBeamConvergence::prepared(const CaseParameters& c) const {
  CaseParameters p = c;
  p.n_elements = c.planar_beam->n_elements;
  p.degree = c.planar_beam->degree;
  return p;
}

void PlanarBeamConvergence::check(const CaseParameters& c) const {
  const ConvergenceParameters& cv = c.convergence;
  const unsigned long last = cv.levels - 1;
  const unsigned long elements = cv.refine == ConvergenceParameters::Refine::h ||
                                         cv.refine == ConvergenceParameters::Refine::h_and_dt
                                     ? (unsigned long)(c.n_elements) << last
                                     : c.n_elements;
  const unsigned long degree = cv.refine == ConvergenceParameters::Refine::p ? cv.levels : c.degree;
  // the free DoFs' bound, 3 per node (the held ones are a few)
  const unsigned long all = all_elements(*c.planar_beam) * (elements / c.n_elements);
  const unsigned long dofs = 3 * (all * degree + 1);
  const std::size_t most = c.planar_beam->steady_rotation != 0
                               ? most_dofs_for_rotating_planar_beam_modes
                               : most_dofs_for_planar_beam_modes;
  const std::string finest = "the finest level would have " + std::to_string(elements) +
                             " elements of degree " + std::to_string(degree);
  if (cv.n_frequencies > 0 && dofs > most + 6)
    throw InputError("Convergence/Levels", std::to_string(cv.levels),
                     finest + " (" + std::to_string(dofs) +
                         " DoFs); a planar beam's frequencies take at most " +
                         std::to_string(most) +
                         " (dense eigenvalues): fewer levels or Elements, or Number of "
                         "frequencies = 0");
  if (cv.n_frequencies > 0) {
    // the coarsest level: a follower, a mechanism or more frequencies than it has
    check_statically_held(*c.planar_beam, "hamdyn converge");
    const CaseParameters coarsest = convergence_level(c, 0);
    check_planar_beam_eigenproblem(
        make_planar_beam_line(*beam_at(*c.planar_beam, coarsest.n_elements, coarsest.degree)),
        cv.n_frequencies, PlanarEigenproblem::modes, "converge",
        "Convergence/Number of frequencies");
  }
  if (all * degree > 1000000)
    throw InputError("Convergence/Levels", std::to_string(cv.levels),
                     finest + "; a planar beam takes at most 10^6 nodes (Discretization/"
                              "Elements)");
}

ConvergenceLevel PlanarBeamConvergence::level(const CaseParameters& lc, MPI_Comm comm) const {
  // the level's beam: the case's with this level's elements and degree
  auto beam = beam_at(*lc.planar_beam, lc.n_elements, lc.degree);
  CaseParameters c = lc;
  c.planar_beam = beam;
  ConvergenceLevel level;
  level.elements = lc.n_elements;
  level.degree = lc.degree;
  level.time_step = lc.time_step;
  // (a frame's h: the line's Start-End length over the elements, proportional to each
  // member's as they are refined alike)
  const double h = beam->length() / beam->n_elements;
  level.size = lc.convergence.refine == ConvergenceParameters::Refine::dt ? lc.time_step
               : lc.convergence.refine == ConvergenceParameters::Refine::p
                   ? 1.0 / (3 * (all_elements(*beam) * beam->degree + 1))
                   : h;
  level.dofs = 3 * (all_elements(*beam) * beam->degree + 1);
  // the order of the highest frequency: an axial wave across a node's spacing
  level.frequency_scale =
      std::sqrt(beam->axial_stiffness / beam->mass_per_length) / (h / beam->degree);
  if (lc.convergence.n_frequencies > 0) {
    const PlanarBeamState state = planar_beam_static_state(*beam, "hamdyn converge");
    level.omega = planar_beam_modes(state.line, state.q, lc.convergence.n_frequencies).omega;
    level.residual.assign(level.omega.size(), 0.0); // dense LAPACK: at round-off
  }
  if (!lc.convergence.history.empty()) {
    const std::ptrdiff_t index =
        convergence_history_index(planar_beam_history_columns().names, lc.convergence.history);
    integrate_planar_beam(c, comm, [&](const std::vector<double>& row) {
      level.times.push_back(row[0]);
      level.history.push_back(row[std::size_t(index)]);
    });
  }
  return level;
}

} // namespace hamdyn
