#include "system/harmonic_solver.h"

#include "system/iterative_refinement.h"
#include "system/petsc_helpers.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace hamdyn {

namespace {
// Adds row `row` of `a` times `factor` to `entries` (column -> value).
void add_row(Mat a, PetscInt row, double factor, std::map<PetscInt, double>& entries) {
  PetscInt n = 0;
  const PetscInt* columns = nullptr;
  const PetscScalar* values = nullptr;
  check_petsc(MatGetRow(a, row, &n, &columns, &values));
  for (PetscInt j = 0; j < n; ++j)
    entries[columns[j]] += factor * values[j];
  check_petsc(MatRestoreRow(a, row, &n, &columns, &values));
}

// `scratch` laid out as `v` (its values left as they are: every use overwrites them first).
LA::Vector& like(LA::Vector& scratch, const LA::Vector& v) {
  if (scratch.size() != v.size() || scratch.locally_owned_size() != v.locally_owned_size())
    scratch.reinit(v, true);
  return scratch;
}
} // namespace

HarmonicSolver::HarmonicSolver(const SecondOrderSystem& s) : s_(s), comm_(s.comm) {
  const auto range = s.mass.local_range();
  first_ = PetscInt(range.first);
  n_local_ = PetscInt(range.second - range.first);
  // C = dm M + dk K + damping_matrix + extra_damping, merged row by row with M and K
  row_start_.push_back(0);
  for (PetscInt i = first_; i < first_ + n_local_; ++i) {
    std::map<PetscInt, double> m, k, c;
    add_row(petsc_handle(s.mass), i, 1, m);
    add_row(petsc_handle(s.stiffness), i, 1, k);
    add_row(petsc_handle(s.mass), i, s.damping_mass_factor, c);
    add_row(petsc_handle(s.stiffness), i, s.damping_stiffness_factor, c);
    if (s.has_damping_matrix)
      add_row(petsc_handle(s.damping_matrix), i, 1, c);
    for (const MatrixEntry& e : s.extra_damping)
      if (PetscInt(e.row) == i)
        c[PetscInt(e.column)] += e.value;
    std::map<PetscInt, double> all = m;
    for (const auto& [j, v] : k)
      all[j];
    for (const auto& [j, v] : c)
      all[j];
    for (const auto& [j, v] : all) {
      columns_.push_back(j);
      m_.push_back(m.count(j) ? m[j] : 0.0);
      k_.push_back(k.count(j) ? k[j] : 0.0);
      c_.push_back(c.count(j) ? c[j] : 0.0);
    }
    row_start_.push_back(PetscInt(columns_.size()));
  }
}

void HarmonicSolver::residual(double omega, double eta, const LA::Vector& f_re,
                              const LA::Vector* f_im, const LA::Vector& u_re,
                              const LA::Vector& u_im, LA::Vector& r_re, LA::Vector& r_im) const {
  // A u with A = K (1 + i eta) - omega^2 M + i omega (dm M + dk K + C_np), its real and
  // imaginary parts each as M (mass part) + K (stiffness part) + C_np (damping part)
  const double w = omega, dm = s_.damping_mass_factor, dk = s_.damping_stiffness_factor;
  LA::Vector &mass_part = like(mass_part_, u_re), &stiffness_part = like(stiffness_part_, u_re),
             &damping_part = like(damping_part_, u_re);
  for (int part = 0; part < 2; ++part) {
    const LA::Vector &x = part == 0 ? u_re : u_im, &y = part == 0 ? u_im : u_re;
    const double sign = part == 0 ? -1 : 1; // i^2 = -1 in the real part
    mass_part.equ(-w * w, x);
    mass_part.add(sign * w * dm, y);
    stiffness_part.equ(1, x);
    stiffness_part.add(sign * (eta + w * dk), y);
    damping_part.equ(sign * w, y);
    LA::Vector& r = part == 0 ? r_re : r_im;
    s_.apply(&mass_part, stiffness_part, damping_part, r);
    const LA::Vector* f = part == 0 ? &f_re : f_im;
    if (f)
      r.sadd(-1, 1, *f); // r = f - A u
    else
      r *= -1;
  }
}

bool HarmonicSolver::solve(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
                           LA::Vector& u_re, LA::Vector& u_im) {
  if (!factorize(omega, eta) || !solve_factored(f_re, f_im, u_re, u_im))
    return false;
  LA::Vector &r_re = like(r_re_, u_re), &r_im = like(r_im_, u_re), &d_re = like(d_re_, u_re),
             &d_im = like(d_im_, u_re);
  last_correction_ = refine_iteratively(
      [&] {
        residual(omega, eta, f_re, f_im, u_re, u_im, r_re, r_im);
        if (!solve_factored(r_re, &r_im, d_re, d_im))
          return std::numeric_limits<double>::quiet_NaN();
        return std::sqrt((d_re.norm_sqr() + d_im.norm_sqr()) / (u_re.norm_sqr() + u_im.norm_sqr()));
      },
      [&] {
        u_re += d_re;
        u_im += d_im;
      });
  if (std::isnan(last_correction_))
    return false;
  return true;
}

} // namespace hamdyn
