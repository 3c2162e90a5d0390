#include "studies/modal_transient.h"

#include "core/input_error.h"
#include "core/text.h"
#include "studies/natural_modes.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace hamdyn {

namespace {
// Says how much of an initial field the modes kept miss (largest difference over largest value),
// when it is more than round-off.
void note_projection(const LA::Vector& given, const LA::Vector& kept, const std::string& what,
                     unsigned int n_modes, std::vector<std::string>& notes) {
  const double largest = given.linfty_norm();
  if (largest == 0)
    return;
  LA::Vector difference(given);
  difference -= kept;
  const double missed = difference.linfty_norm() / largest;
  if (missed > 1e-6)
    notes.push_back("the " + std::to_string(n_modes) + " modes kept miss " + text_of(missed) +
                    " of the initial " + what +
                    " (largest difference over largest value); Modes/Number of modes keeps more");
}
} // namespace

ModalTransient::ModalTransient(const PreparedCase& pc, bool report)
    : LineStepper(pc), ledger_(pc.system), history_(pc) {
  const SecondOrderSystem& s = pc.system;
  const CaseParameters& c = pc.parameters;
  check_free_dofs(pc);
  check_number_of_modes(pc);
  // The exact step's dense matrices come on top of the modes (time/exact_modal_step.cc): the
  // 4n x 4n state matrix, and for each of the two step sizes kept its exponential and two
  // integrals, formed from Van Loan's 8n x 8n block matrices, of which the scaling-and-squaring
  // Pade approximant holds about eight at once: some 640 n x n matrices of doubles at the peak
  // (measured: 200 and 400 modes of a 1000-element beam peaked at 390 and 981 MiB, 610 and
  // 630 n^2 doubles above the modes' own; 3000 modes of 5000 elements grew past 23 GB and were
  // killed by the kernel before this estimate refused them).
  constexpr double exact_step_dense_matrices = 640;
  refuse_modes_beyond_memory(pc, c.n_modes, "Modes/Number of modes", exact_step_dense_matrices);
  modes_ = natural_modes(s, c, c.n_modes, pc.model->frequency_scale(), report);
  projected_ = project_on_modes(s, modes_.shapes);
  try {
    static_correction_ = std::make_unique<StaticCorrection>(s, modes_.shapes, projected_.k);
  } catch (const NotPositiveDefinite&) {
    notes_.push_back("no static correction: K is singular (the structure can move as a rigid "
                     "body), so the response is that of the modes kept alone");
  }
  exact_step_ = std::make_unique<ExactModalStep>(projected_.m, projected_.c, projected_.k);

  for (LA::Vector* x : {&state_.u, &state_.v, &state_.a, &static_part_})
    x->reinit(s.locally_owned, pc.comm);
  if (s.load)
    state_.f.reinit(s.locally_owned, pc.comm);
  LA::Vector u0(static_part_), v0(static_part_);
  pc.model->initial_conditions(u0, v0);
  check_initial_scale(pc, u0, v0);
  // Phi^T M u_s = 0 for exact modes (K^-1 M Phi = Phi Omega^-2), so the coordinates of u_0 are
  // those of its modal part
  q_ = coordinates(u0);
  v_ = coordinates(v0);
  load_on_static_ = take_load(0, p_);
  form_state(0);
  note_projection(u0, state_.u, "displacement", c.n_modes, notes_);
  note_projection(v0, state_.v, "velocity", c.n_modes, notes_);
  ledger_.start(state_);
  check_initial_state(pc, ledger_, state_);
}

double ModalTransient::take_load(double t, std::vector<double>& p) {
  p.assign(q_.size(), 0.0);
  const SecondOrderSystem& s = pc_.system;
  if (!s.load)
    return 0;
  s.load(t, state_.f);
  p = project_load(modes_.shapes, state_.f);
  if (!static_correction_)
    return 0;
  static_uncertainty_ =
      std::max(static_uncertainty_, static_correction_->apply(state_.f, static_part_));
  return state_.f * static_part_;
}

std::vector<double> ModalTransient::coordinates(const LA::Vector& x) const {
  LA::Vector m_x(x), zero(x);
  zero = 0;
  pc_.system.apply(&x, zero, zero, m_x); // M x
  const std::vector<double> b = project_load(modes_.shapes, m_x);
  dealii::FullMatrix<double> m_inverse(b.size());
  m_inverse.invert(projected_.m);
  dealii::Vector<double> rhs(b.begin(), b.end()), q(b.size());
  m_inverse.vmult(q, rhs);
  return {q.begin(), q.end()};
}

void ModalTransient::form_state(double t) {
  const std::vector<double> a = exact_step_->acceleration(q_, v_, p_);
  state_.u = static_part_;
  state_.v = 0;
  state_.a = 0;
  for (std::size_t j = 0; j < q_.size(); ++j) {
    state_.u.add(q_[j], modes_.shapes[j]);
    state_.v.add(v_[j], modes_.shapes[j]);
    state_.a.add(a[j], modes_.shapes[j]);
  }
  state_.t = t;
}

void ModalTransient::advance() {
  const unsigned long n = step_ + 1;
  const double t0 = state_.t, t1 = grid_.time(n);
  std::vector<double> p1;
  const double load_on_static = take_load(t1, p1);
  // int f . R f' dt, f linear in t
  double dissipated = 0, work = 0.5 * (load_on_static - load_on_static_);
  load_on_static_ = load_on_static;
  // the grid's step size, exactly dt but for the last step (t1 - t0 varies in its last bits
  // from step to step, and each size is a propagator of its own)
  exact_step_->step(q_, v_, p_, p1, grid_.step_size(n, t0), dissipated, work);
  p_ = p1;
  form_state(t1);
  step_ = n;
  history_.advance_ground(t0, t1);
  ledger_.record_exact_step(state_, dissipated, work);
  check_step_finite(pc_, ledger_, state_, n);
}

std::vector<double> ModalTransient::row(double stop_request, double* any_stop_request) const {
  return history_.row(state_, ledger_, stop_request, any_stop_request);
}

std::string ModalTransient::take_note() {
  if (static_uncertainty_ > 1e-6) {
    notes_.push_back("the static correction may be off by " + text_of(static_uncertainty_) +
                     " of itself: the mesh is finer than double precision resolves K^-1 f");
    static_uncertainty_ = -1; // said once
  }
  if (notes_.empty())
    return "";
  std::string note = notes_.front();
  notes_.erase(notes_.begin());
  return note;
}

std::string ModalTransient::summary() const {
  return "hamdyn run: " + std::to_string(grid_.n_steps) +
         " steps (modal: " + std::to_string(q_.size()) + " modes" +
         (static_correction_ ? " + static correction" : "") + ", exact steps, " +
         std::to_string(pc_.system.locally_owned.size()) + " DoFs, " +
         std::to_string(dealii::Utilities::MPI::n_mpi_processes(pc_.comm)) + " ranks)";
}

std::vector<double> ModalTransient::basis_fingerprint() const {
  // Each shape's checksum of its entries' bits, sum_i bits(x_i) (2 i + 1) modulo 2^64 over the
  // global index i, an integer sum that no order of summation changes. Norms would not do: PETSc
  // forms them with BLAS kernels whose sums depend on the array's alignment in memory, so the
  // same vector's l1 norm in another process could differ in its last bit, and a resumed run then
  // took its coordinates by projection and differed from the uninterrupted one in the last digits.
  std::vector<std::uint64_t> checksums(modes_.shapes.size(), 0);
  for (std::size_t j = 0; j < modes_.shapes.size(); ++j) {
    const LA::Vector& shape = modes_.shapes[j];
    const auto [first, end] = shape.local_range();
    const PetscScalar* x = nullptr;
    check_petsc(VecGetArrayRead(shape, &x));
    for (auto i = first; i < end; ++i) {
      std::uint64_t bits;
      std::memcpy(&bits, &x[i - first], sizeof bits);
      checksums[j] += bits * (2 * std::uint64_t(i) + 1);
    }
    check_petsc(VecRestoreArrayRead(shape, &x));
  }
  MPI_Allreduce(MPI_IN_PLACE, checksums.data(), int(checksums.size()), MPI_UINT64_T, MPI_SUM,
                pc_.comm);
  std::vector<double> fingerprint{double(dealii::Utilities::MPI::n_mpi_processes(pc_.comm))};
  for (std::size_t j = 0; j < modes_.shapes.size(); ++j) // the checksum in two exact halves
    fingerprint.insert(fingerprint.end(), {modes_.omega[j], double(checksums[j] >> 32),
                                           double(checksums[j] & 0xffffffffu)});
  return fingerprint;
}

void ModalTransient::save(Checkpoint& c) const {
  save_step(c);
  c.set("modal_basis", basis_fingerprint());
  if (static_correction_) {
    const auto& patterns = static_correction_->patterns();
    c.set("static_patterns",
          std::vector<double>{double(patterns.size()), static_correction_->uncertainty()});
    for (std::size_t k = 0; k < patterns.size(); ++k) {
      c.set("static_pattern_" + std::to_string(k), patterns[k], pc_.comm);
      c.set("static_correction_" + std::to_string(k), static_correction_->corrections()[k],
            pc_.comm);
    }
  }
  c.set("modal_coordinates", q_);
  c.set("modal_rates", v_);
  LA::Vector modal_u(state_.u);
  modal_u -= static_part_;
  c.set("modal_u", modal_u, pc_.comm);
  c.set("v", state_.v, pc_.comm);
  ledger_.save(c);
  history_.save(c);
}

void ModalTransient::restore(const Checkpoint& c) {
  restore_step(c);
  const double t = state_.t;
  LA::Vector modal_u(state_.u), v(state_.v);
  c.get("modal_u", modal_u);
  c.get("v", v);
  // The saved coordinates themselves when this run's modes are the saved run's to the last bit
  // (the same rank count computes the same basis): the resumed run then continues bit for bit.
  // Otherwise the saved fields' coordinates in this run's modes.
  const std::vector<double> fingerprint = basis_fingerprint();
  const std::vector<double>& saved_basis = c.numbers("modal_basis");
  if (saved_basis == fingerprint) {
    q_ = c.numbers("modal_coordinates", q_.size());
    v_ = c.numbers("modal_rates", v_.size());
    // and the static correction's loads met so far: its u_s depends on them in the last bits
    // (built anew from the load at the resumed step they made a run resumed from an interval
    // checkpoint differ from the uninterrupted one in the last digits)
    if (static_correction_) {
      const auto& saved = c.numbers("static_patterns", 2);
      const double n = saved[0];
      if (!(n >= 0 && n <= double(StaticCorrection::basis_size) && n == std::floor(n)))
        c.refuse("static_patterns", "holds " + text_of(n) + " loads: the file is damaged");
      std::vector<LA::Vector> patterns(std::size_t(n), static_part_),
          corrections(std::size_t(n), static_part_);
      for (std::size_t k = 0; k < patterns.size(); ++k) {
        c.get("static_pattern_" + std::to_string(k), patterns[k]);
        c.get("static_correction_" + std::to_string(k), corrections[k]);
      }
      static_correction_->restore(std::move(patterns), std::move(corrections), saved[1]);
    }
  } else {
    q_ = coordinates(modal_u);
    v_ = coordinates(v);
  }
  load_on_static_ = take_load(t, p_);
  form_state(t);
  ledger_.restore(c);
  history_.restore(c);
}

} // namespace hamdyn
