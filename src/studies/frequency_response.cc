#include "studies/frequency_response.h"

#include "core/input_error.h"
#include "core/moving_load_parameters.h"
#include "core/text.h"
#include "modal/modal_projection.h"
#include "studies/displacement_columns.h"
#include "studies/memory.h"
#include "studies/natural_modes.h"
#include "studies/precision_floor.h"
#include "studies/progress.h"
#include "system/banded_harmonic_solver.h"
#include "system/line_schur_solver.h"
#include "system/linear_functional.h"
#include "system/linearized_forces.h"
#include "system/mumps_harmonic_solver.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <sstream>

namespace hamdyn {

namespace {
using Complex = std::complex<double>;

std::string attachment_text(const Attachment& a, const std::string& value) {
  std::ostringstream text;
  text << a.x << ":" << value;
  return text.str();
}

} // namespace

// A dashpot law of degree p != 2 has no slope at v = 0 (dry friction and p < 2 an infinite one,
// p > 2 a zero one).
void refuse_nonviscous_dashpots(const CaseParameters& c, const std::string& study) {
  const std::string allowed = "a dashpot law of degree p != 2 (p = 1: dry friction) has no "
                              "linearization about rest for " +
                              study + "; expected p = 2 (viscous) or a viscous dashpot";
  for (const Attachment& a : c.nonlinear_dashpots)
    if (a.degree != 2)
      throw InputError("Attachments/Dashpots",
                       attachment_text(a, text_of(a.value) + "," + text_of(a.degree)), allowed);
  for (const auto& [section, end] :
       {std::make_pair("Left end", &c.left), std::make_pair("Right end", &c.right)})
    if (end->has_dashpot_law() && end->dashpot_law_degree != 2)
      throw InputError(
          std::string(section) + "/Dashpot law",
          text_of(end->dashpot_law_coefficient) + "," + text_of(end->dashpot_law_degree), allowed);
}

namespace {
// Keeps `load` when it does not depend on t; else notes it and returns zero.
ExpressionPtr time_independent(const ExpressionPtr& load, const std::string& parameter,
                               std::vector<std::string>& notes) {
  if (load->is_zero() || load->is_time_independent())
    return load;
  notes.push_back(parameter + " = " + load->text() +
                  " depends on t: left out of the harmonic load");
  return Expression::zero();
}

// Gaussian elimination with partial pivoting of the n x n complex system a x = b (a row-major,
// overwritten; b becomes x). By hand because deal.II 9.4's LAPACKFullMatrix is real only and
// the modal system has only as many unknowns as modes kept (Golub & Van Loan, Matrix
// Computations, 4th ed., Alg. 3.4.1).
void solve_dense(std::vector<Complex>& a, std::vector<Complex>& b) {
  const std::size_t n = b.size();
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t p = k;
    for (std::size_t i = k + 1; i < n; ++i)
      if (std::abs(a[i * n + k]) > std::abs(a[p * n + k]))
        p = i;
    if (p != k) {
      for (std::size_t j = 0; j < n; ++j)
        std::swap(a[k * n + j], a[p * n + j]);
      std::swap(b[k], b[p]);
    }
    for (std::size_t i = k + 1; i < n; ++i) {
      const Complex l = a[i * n + k] / a[k * n + k];
      for (std::size_t j = k; j < n; ++j)
        a[i * n + j] -= l * a[k * n + j];
      b[i] -= l * b[k];
    }
  }
  for (std::size_t k = n; k-- > 0;) {
    for (std::size_t j = k + 1; j < n; ++j)
      b[k] -= a[k * n + j] * b[j];
    b[k] /= a[k * n + k];
  }
}

[[noreturn]] void singular_at(double f) {
  throw InputError("Frequency response/Frequencies", text_of(f),
                   "the dynamic stiffness K - omega^2 M + i omega C is singular at " + text_of(f) +
                       " Hz (a resonance of the undamped structure); expected frequencies off "
                       "the natural frequencies, or damping (Frequency response/Structural "
                       "damping, Model/Viscous damping)");
}

// The frequencies one solver takes in turn, the values at `columns` into r (and the shapes asked
// for into `shapes_re/_im` of the solver's own system), each frequency's last correction into
// `corrections`. Returns the index of the first frequency where the dynamic stiffness is
// singular (frequencies.size() when none is). Collective over the solver's system.
std::size_t solve_frequencies(HarmonicSolver& solver, const PreparedCase& pc,
                              const LA::Vector& load, const DisplacementColumns& columns,
                              const std::vector<std::size_t>& mine, Progress& progress,
                              FrequencyResponse& r, std::vector<double>& corrections,
                              std::vector<LA::Vector>& shapes_re,
                              std::vector<LA::Vector>& shapes_im) {
  const SecondOrderSystem& s = pc.system;
  LA::Vector re(s.locally_owned, pc.comm), im(s.locally_owned, pc.comm);
  for (std::size_t done = 0; done < mine.size(); ++done) {
    const std::size_t k = mine[done];
    if (!solver.solve(2 * M_PI * r.frequencies[k], pc.parameters.response.structural_damping, load,
                      nullptr, re, im))
      return k;
    corrections[k] = solver.last_correction();
    r.values[k] = columns.of(re, &im, pc.comm);
    for (std::size_t j = 0; j < r.shape_at.size(); ++j)
      if (r.shape_at[j] == k) {
        shapes_re[j] = re;
        shapes_im[j] = im;
      }
    progress.update(done + 1 == mine.size() ? r.frequencies.size() : k + 1, r.frequencies[k]);
  }
  return r.frequencies.size();
}

// At 0 Hz the dynamic stiffness is K (1 + i eta), whatever the damping: singular when the
// structure can move as a rigid body. Its factorization shows that only to round-off of the
// leading block's condition (a free quadratic Timoshenko beam of 300 elements: a scaled pivot of
// 1e-8, where a fine Hermite beam's legitimate ones reach 1e-8 too), so the lowest mode decides:
// omega_1 below 1e-6 of the model's frequency scale is a rigid-body mode (its computed omega is
// round-off, ~1e-10 of the scale; compute_modes, not natural_modes: such a pair's residual is
// its whole size, which is no warning here).
void refuse_rigid_body_at_zero_frequency(const PreparedCase& pc,
                                         const std::vector<double>& frequencies) {
  if (std::find(frequencies.begin(), frequencies.end(), 0.0) == frequencies.end())
    return;
  const double scale = pc.model->frequency_scale();
  if (compute_modes(pc.system, 1, -0.01 * scale * scale).omega.front() < 1e-6 * scale)
    singular_at(0);
}

// The banded solver's memory for one whole line on each rank: the line's own case (measured, as
// studies/run_response.cc estimates it: about 168 MB + 527 bytes a DoF) and the factorization
// at the widest band a line model has in the band's order (a Timoshenko beam of degree-4
// elements: 2 DoFs at 5 nodes, b = 9, one more beside an oscillator).
double banded_response_bytes(const PreparedCase& pc) {
  const double dofs = double(pc.system.locally_owned.size()),
               ranks = dealii::Utilities::MPI::n_mpi_processes(pc.comm);
  return ranks * (168e6 + 527 * dofs + BandedHarmonicSolver::bytes(dofs, 10));
}

// The direct method: each frequency's dynamic stiffness factored and solved, the solution
// refined (system/harmonic_solver.h). Where a whole line fits each rank, every rank builds its own
// copy of it (on 1 rank: the case itself) and takes whole frequencies in turn (rank p the
// frequencies k = p mod P), each solved by a complex banded LU (system/banded_harmonic_solver.h);
// the values are gathered in frequency order, bit for bit the same on any number of ranks.
// Otherwise MUMPS solves each frequency over all ranks.
void direct_response(const PreparedCase& pc, const LA::Vector& load,
                     const DisplacementColumns& columns, Progress& progress, FrequencyResponse& r) {
  const std::size_t n_frequencies = r.frequencies.size();
  const unsigned int ranks = dealii::Utilities::MPI::n_mpi_processes(pc.comm),
                     rank = dealii::Utilities::MPI::this_mpi_process(pc.comm);
  r.values.assign(n_frequencies, {});
  std::vector<double> corrections(n_frequencies, 0.0);
  std::size_t singular = n_frequencies;
  refuse_rigid_body_at_zero_frequency(pc, r.frequencies);
  bool banded = fits_in_memory(banded_response_bytes(pc), pc.comm);
  if (banded) {
    std::unique_ptr<PreparedCase> own; // the line on this rank alone
    if (ranks > 1) {
      own = std::make_unique<PreparedCase>(pc.parameters, MPI_COMM_SELF);
      linearize_about_undeformed_state(own->system);
    }
    const PreparedCase& line = own ? *own : pc;
    std::unique_ptr<BandedHarmonicSolver> solver;
    try {
      solver = std::make_unique<BandedHarmonicSolver>(line.system);
    } catch (const NotBanded&) { // the same on every rank: each has the whole line
      banded = false;
    }
    if (banded) {
      LA::Vector line_load(line.system.locally_owned, MPI_COMM_SELF);
      if (line.system.load)
        line.system.load(0, line_load);
      const DisplacementColumns line_columns(*line.model);
      std::vector<std::size_t> mine;
      for (std::size_t k = rank; k < n_frequencies; k += ranks)
        mine.push_back(k);
      std::vector<LA::Vector> shapes_re(r.shape_at.size()), shapes_im(r.shape_at.size());
      singular = solve_frequencies(*solver, line, line_load, line_columns, mine, progress, r,
                                   corrections, shapes_re, shapes_im);
      singular = dealii::Utilities::MPI::min(singular, pc.comm);
      if (singular < n_frequencies)
        singular_at(r.frequencies[singular]);
      // every frequency's values on every rank: each rank's own, zero elsewhere, summed (exact)
      const std::size_t n_columns = columns.size();
      std::vector<double> values(n_frequencies * (2 * n_columns + 1), 0.0);
      for (std::size_t k : mine) {
        double* row = values.data() + k * (2 * n_columns + 1);
        for (std::size_t col = 0; col < n_columns; ++col) {
          row[2 * col] = r.values[k][col].real();
          row[2 * col + 1] = r.values[k][col].imag();
        }
        row[2 * n_columns] = corrections[k];
      }
      dealii::Utilities::MPI::sum(values, pc.comm, values);
      for (std::size_t k = 0; k < n_frequencies; ++k) {
        const double* row = values.data() + k * (2 * n_columns + 1);
        r.values[k].resize(n_columns);
        for (std::size_t col = 0; col < n_columns; ++col)
          r.values[k][col] = {row[2 * col], row[2 * col + 1]};
        corrections[k] = row[2 * n_columns];
      }
      // the shapes from the rank that solved them, into the case's distribution (its DoFs are
      // numbered as the line's, along the line and then the attached DoFs)
      for (std::size_t j = 0; j < r.shape_at.size(); ++j) {
        const unsigned int owner = unsigned(r.shape_at[j] % ranks);
        for (auto [from, to] : {std::make_pair(&shapes_re[j], &r.shapes_re[j]),
                                std::make_pair(&shapes_im[j], &r.shapes_im[j])}) {
          std::vector<double> whole(line.system.locally_owned.size());
          if (rank == owner) {
            const PetscScalar* values_of = nullptr;
            check_petsc(VecGetArrayRead(*from, &values_of));
            std::copy(values_of, values_of + whole.size(), whole.begin());
            check_petsc(VecRestoreArrayRead(*from, &values_of));
          }
          whole = dealii::Utilities::MPI::broadcast(pc.comm, whole, owner);
          to->reinit(pc.system.locally_owned, pc.comm);
          PetscScalar* owned = nullptr;
          check_petsc(VecGetArray(*to, &owned));
          const auto first = to->local_range().first;
          std::copy(whole.begin() + first, whole.begin() + to->local_range().second, owned);
          check_petsc(VecRestoreArray(*to, &owned));
        }
      }
    }
  }
  if (!banded) {
    MumpsHarmonicSolver solver(pc.system);
    std::vector<std::size_t> all(n_frequencies);
    std::iota(all.begin(), all.end(), std::size_t(0));
    singular = solve_frequencies(solver, pc, load, columns, all, progress, r, corrections,
                                 r.shapes_re, r.shapes_im);
    if (singular < n_frequencies)
      singular_at(r.frequencies[singular]);
  }
  for (std::size_t k = 0; k < n_frequencies; ++k)
    if (corrections[k] > r.uncertainty) {
      r.uncertainty = corrections[k];
      r.uncertain_frequency = r.frequencies[k];
    }
}

// Modal superposition (Clough & Penzien, Dynamics of Structures, 2nd ed., sec. 12-6 and 13-2):
// U = Phi q + U_s with (K_r (1 + i eta) - omega^2 M_r + i omega (C_r + 2 zeta Omega)) q = Phi^T F,
// K_r, M_r and C_r the matrices projected on the modes in full (Rayleigh-Ritz: for exact
// M-normalized modes K_r = Omega^2 and M_r = I; projecting keeps the result exact to round-off
// whatever digits the modes hold, and with C in full, not only its diagonal, every mode kept
// gives the direct solution), and the static correction of the modes left out,
// U_s = (K^-1 F - Phi K_r^-1 Phi^T F) / (1 + i eta) (the residual flexibility, sec. 13-3).
void modal_response(const PreparedCase& pc, const LA::Vector& load,
                    const DisplacementColumns& columns, Progress& progress, FrequencyResponse& r,
                    bool report) {
  const SecondOrderSystem& s = pc.system;
  const CaseParameters& c = pc.parameters;
  const ResponseParameters& p = c.response;
  // the projected M, C, K and each frequency's complex n x n system (2 doubles an entry, solved
  // in place): 5 dense n x n matrices of doubles beside the modes
  refuse_modes_beyond_memory(pc, c.n_modes, "Modes/Number of modes", 5);
  const Modes modes = natural_modes(s, c, c.n_modes, pc.model->frequency_scale(), report);
  const std::size_t n = modes.omega.size();
  r.n_modes = static_cast<unsigned int>(n);
  const ProjectedMatrices projected = project_on_modes(s, modes.shapes);
  const std::vector<double> projected_f = project_load(modes.shapes, load);
  std::vector<std::vector<Complex>> mode_columns;
  for (std::size_t j = 0; j < n; ++j)
    mode_columns.push_back(columns.of(modes.shapes[j], nullptr, pc.comm));
  // the static correction, when K can be factored (not for a structure free to move as a body)
  LA::Vector correction(s.locally_owned, pc.comm);
  try {
    const StaticCorrection static_correction(s, modes.shapes, projected.k);
    r.uncertainty = std::max(r.uncertainty, static_correction.apply(load, correction));
    r.static_correction = true;
  } catch (const NotPositiveDefinite&) {
    correction = 0;
    if (report)
      std::printf("modal response without static correction: K is singular (the structure can "
                  "move as a rigid body)\n");
  }
  const std::vector<Complex> correction_columns = columns.of(correction, nullptr, pc.comm);
  const Complex loss(1, p.structural_damping);
  for (std::size_t k = 0; k < r.frequencies.size(); ++k) {
    const double w = 2 * M_PI * r.frequencies[k];
    std::vector<Complex> a(n * n), q(projected_f.begin(), projected_f.end());
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        a[i * n + j] = projected.k(i, j) * loss - w * w * projected.m(i, j) +
                       Complex(0, w * (projected.c(i, j) +
                                       (i == j ? 2 * p.modal_damping_ratio * modes.omega[j] : 0)));
    solve_dense(a, q);
    for (const Complex& value : q)
      if (!std::isfinite(value.real()) || !std::isfinite(value.imag()))
        singular_at(r.frequencies[k]);
    std::vector<Complex> values(columns.size());
    for (std::size_t col = 0; col < values.size(); ++col) {
      values[col] = correction_columns[col] / loss;
      for (std::size_t j = 0; j < n; ++j)
        values[col] += q[j] * mode_columns[j][col];
    }
    r.values.push_back(values);
    for (std::size_t js = 0; js < r.shape_at.size(); ++js)
      if (r.shape_at[js] == k) {
        // U = Phi q + correction / (1 + i eta)
        const Complex scale = 1.0 / loss;
        r.shapes_re[js] = correction;
        r.shapes_re[js] *= scale.real();
        r.shapes_im[js] = correction;
        r.shapes_im[js] *= scale.imag();
        for (std::size_t j = 0; j < n; ++j) {
          r.shapes_re[js].add(q[j].real(), modes.shapes[j]);
          r.shapes_im[js].add(q[j].imag(), modes.shapes[j]);
        }
      }
    progress.update(k + 1, r.frequencies[k]);
  }
}
} // namespace

CaseParameters harmonic_load_case(const CaseParameters& c, std::vector<std::string>& notes) {
  refuse_nonviscous_dashpots(c, "a frequency response");
  refuse_moving_loads(c, "hamdyn response");
  const ResponseParameters& r = c.response;
  CaseParameters h = c;
  h.initial_displacement = Expression::zero();
  h.initial_velocity = Expression::zero();
  if (c.ground_motion.record)
    throw InputError("Ground motion/Acceleration file", "",
                     "a record has no harmonic amplitude; expected Ground motion/Acceleration "
                     "(its value at t = 0 is the amplitude of a harmonic support acceleration)");
  if (c.ground_motion.active()) {
    // a harmonic support acceleration of the amplitude a_g(0): the load -M r a_g(0)
    const double amplitude = c.ground_motion(0);
    h.ground_motion.acceleration = std::make_shared<const Expression>(
        "Ground motion/Acceleration", precise_text_of(amplitude), std::vector<std::string>{"t"});
    h.ground_motion.scale = 1;
    notes.push_back("ground motion: a harmonic support acceleration of amplitude " +
                    text_of(amplitude) +
                    " m/s^2 (Ground motion/Acceleration at t = 0); the "
                    "columns are displacements relative to the ground");
  }
  if (r.has_own_load()) {
    const bool own = !c.forces.empty() || !c.distributed_force->is_zero() ||
                     !c.left.force->is_zero() || !c.right.force->is_zero() ||
                     !c.left.moment->is_zero() || !c.right.moment->is_zero();
    if (own)
      notes.push_back("the case's own loads are left out: Frequency response/Forces and "
                      "Distributed force give the harmonic load");
    h.forces = r.forces;
    h.distributed_force = r.distributed_force;
    h.left.force = h.left.moment = h.right.force = h.right.moment = Expression::zero();
    return h;
  }
  h.forces.clear();
  for (const Attachment& a : c.forces)
    if (a.expression->is_time_independent())
      h.forces.push_back(a);
    else
      notes.push_back("Attachments/Forces entry " + attachment_text(a, a.expression->text()) +
                      " depends on t: left out of the harmonic load");
  h.distributed_force = time_independent(c.distributed_force, "Load/Distributed force", notes);
  for (auto& [section, end] :
       {std::make_pair("Left end", &h.left), std::make_pair("Right end", &h.right)}) {
    end->force = time_independent(end->force, std::string(section) + "/Force", notes);
    end->moment = time_independent(end->moment, std::string(section) + "/Moment", notes);
  }
  return h;
}

std::size_t linearize_about_undeformed_state(SecondOrderSystem& s) {
  const auto [springs, dashpots] =
      linearize_nodal_forces(s, std::vector<double>(s.parts.get<NodalForces>().elements.size()));
  return springs + dashpots;
}

FrequencyResponse frequency_response(const PreparedCase& pc, bool report) {
  const CaseParameters& c = pc.parameters;
  const SecondOrderSystem& s = pc.system;
  FrequencyResponse r;
  r.frequencies = c.response.frequencies;
  const DisplacementColumns columns(*pc.model);
  r.columns = columns.names();
  r.units = columns.units();
  r.shape_at = nearest_frequencies(r.frequencies, c.response.shapes_at);
  for (std::size_t j : r.shape_at)
    r.shape_frequencies.push_back(r.frequencies[j]);
  r.shapes_re.resize(r.shape_frequencies.size());
  r.shapes_im.resize(r.shape_frequencies.size());
  LA::Vector load(s.locally_owned, pc.comm);
  if (s.load)
    s.load(0, load);
  // on rank 0 alone (with whole frequencies handed out, its own count stands for all: the ranks
  // take them in turn)
  Progress progress(report && dealii::Utilities::MPI::this_mpi_process(pc.comm) == 0,
                    r.frequencies.size(), r.frequencies.back(), 0, "frequency", "f", "Hz");
  if (c.response.method == ResponseParameters::Method::direct)
    direct_response(pc, load, columns, progress, r);
  else
    modal_response(pc, load, columns, progress, r, report);
  // what double precision leaves of the solves, said once (as the modal solver does)
  constexpr double worth_a_warning = 1e-6;
  if (report && r.uncertainty > worth_a_warning &&
      dealii::Utilities::MPI::this_mpi_process(pc.comm) == 0)
    std::fprintf(stderr,
                 "hamdyn: warning: the response may be off by about %.1e relative (%s): %s\n",
                 r.uncertainty,
                 c.response.method == ResponseParameters::Method::direct
                     ? ("at " + text_of(r.uncertain_frequency) + " Hz").c_str()
                     : "the static correction",
                 finer_than_double_precision);
  return r;
}

std::vector<std::size_t> nearest_frequencies(const std::vector<double>& frequencies,
                                             const std::vector<double>& wanted) {
  std::vector<std::size_t> at;
  for (double f : wanted) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < frequencies.size(); ++k)
      if (std::abs(frequencies[k] - f) < std::abs(frequencies[best] - f))
        best = k;
    at.push_back(best);
  }
  return at;
}

} // namespace hamdyn
