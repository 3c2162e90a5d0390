#include "terms/axial_tension_term.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "system/petsc_helpers.h"

namespace hamdyn {

AxialTensionTerm::AxialTensionTerm(const SecondOrderSystem& system, const AxialTension& tension)
    : system_(system), tension_(tension) {
  for (LA::Vector& v : work_)
    v.reinit(system_.locally_owned, system_.comm);
}

void AxialTensionTerm::add_to_linearization(MatrixCombination& j, const ImplicitStep& step) const {
  const double c_tension = reference_ * step.scheme->beta * step.dt * step.dt;
  if (c_tension != 0)
    j.terms.emplace_back(c_tension, petsc_handle(*tension_.stiffness));
}

void AxialTensionTerm::start(State& s, LA::Vector* residual) {
  LA::Vector& w = work_[0];
  tension_.stiffness->vmult(w, s.u);
  const double stretch = s.u * w;
  s.terms.set(AxialTensionState{stretch});
  if (residual)
    residual->add(-tension_.factor * stretch, w);
}

unsigned AxialTensionTerm::correct(State& s, const ImplicitStep& step, const TermContext& context,
                                   const LA::Vector& r_lin, LA::Vector& minus_a) {
  const NewmarkParameters& p = *step.scheme;
  const double dt = step.dt;
  const double am = p.alpha_m, af = p.alpha_f, beta = p.beta, bdt2 = beta * dt * dt;
  const double kappa = tension_.factor;
  const LA::SparseMatrix& k1 = *tension_.stiffness;
  LA::Vector &predictor = work_[0], &w_new = work_[1], &w_old = work_[2], &r = work_[3],
             &x = work_[4], &z = work_[5];
  // u_{n+1} = u~ - beta dt^2 minus_a with u~ = u_n + dt v_n + dt^2 (1/2 - beta) a_n
  predictor = s.u;
  predictor.add(dt, s.v, dt * dt * (0.5 - beta), s.a);
  k1.vmult(w_old, s.u);
  const double q_old = s.u * w_old;
  const bool gonzalez = p.energy_consistent_springs;
  double q_new = 0, increment = std::numeric_limits<double>::infinity();
  unsigned iterations = 0;
  for (unsigned int iteration = 0;; ++iteration) {
    x = predictor;
    x.add(-bdt2, minus_a); // u_{n+1}
    k1.vmult(w_new, x);
    q_new = x * w_new;
    const double a_coefficient = gonzalez ? kappa * (q_old + q_new) / 4 : (1 - af) * kappa * q_new;
    const double b_coefficient = gonzalez ? kappa * (q_old + q_new) / 4 : af * kappa * q_old;
    const double a_slope = gonzalez ? kappa / 4 : (1 - af) * kappa; // dA/dq
    // r = r_lin + J_lin a + A w_new + B w_old, J_lin a = -J_lin minus_a formed by products
    system_.mass.vmult(r, minus_a);
    r *= -(1 - am);
    system_.stiffness.vmult(x, minus_a);
    r.add(-(1 - af) * bdt2, x);
    if (system_.has_damping()) {
      system_.damping_vmult(x, minus_a, z);
      r.add(-(1 - af) * p.gamma * dt, x);
    }
    const double scale = std::max({r.linfty_norm(), std::abs(a_coefficient) * w_new.linfty_norm(),
                                   std::abs(b_coefficient) * w_old.linfty_norm()});
    r += r_lin;
    r.add(a_coefficient, w_new, b_coefficient, w_old);
    const double residual = r.linfty_norm(), tolerance = p.nonlinear_tolerance;
    if (!std::isfinite(residual))
      throw NewtonFailure("the large-amplitude string's tension became non-finite at t = " +
                          std::to_string(s.t + dt) + " s");
    // residual relative to the forces, increment relative to a_{n+1}
    if (residual <= tolerance * scale && (iteration > 0 ? increment <= tolerance : residual == 0)) {
      iterations = std::max(1u, iteration);
      break;
    }
    if (iteration == 4) { // slow: the tension drifted from the factored one's, refactor
      reference_ = a_coefficient;
      context.refactor();
    }
    if (iteration == p.max_newton_iterations) {
      std::ostringstream message;
      message << "Newton's iterations did not converge at t = " << s.t + dt
              << " s: the large-amplitude string (tension " << kappa * q_new
              << " N above Tension, relative residual " << residual / scale << " after "
              << iteration << " iterations)";
      throw NewtonFailure(message.str());
    }
    // delta a = -(J_ref + g w w^T)^-1 r by Sherman-Morrison with x = J_ref^-1 r, z = J_ref^-1 w:
    // delta a = -(x - z g (w.x) / (1 + g w.z)), so minus_a += x - coefficient z.
    const double g = 2 * bdt2 * a_slope;
    context.solver.solve(r, x);
    context.solver.solve(w_new, z);
    x.add(-g * (w_new * x) / (1 + g * (w_new * z)), z);
    minus_a += x;
    increment = x.linfty_norm() / std::max(minus_a.linfty_norm(), 1e-300);
  }
  s.terms.set(AxialTensionState{q_new});
  return iterations;
}

double AxialTensionTerm::stored_energy(const State* /*previous*/, const State& now,
                                       double /*stored*/) const {
  const double stretch = now.terms.get<AxialTensionState>().stretch;
  return 0.25 * tension_.factor * stretch * stretch;
}

void AxialTensionTerm::save(Checkpoint& c) const {
  // slot 0 of the record the integrator writes first, the layout of earlier versions'
  // checkpoints (which resume)
  std::vector<double> record = c.numbers("integrator");
  record.at(0) = reference_;
  c.set("integrator", record);
}

void AxialTensionTerm::restore(const Checkpoint& c) {
  reference_ = c.numbers("integrator", 5)[0];
}

TermKind axial_tension_kind() {
  return {
      "large-amplitude string tension",
      [](const SecondOrderSystem& system) -> std::unique_ptr<OperatorTerm> {
        const AxialTension* tension = system.parts.find<AxialTension>();
        return tension ? std::make_unique<AxialTensionTerm>(system, *tension) : nullptr;
      },
      2, // after the nodal forces' and moving bodies' columns
      [](const SecondOrderSystem& system, NamedColumns& columns) {
        if (system.parts.find<AxialTension>())
          columns.add("tension", "N");
      },
      [](const SecondOrderSystem& system, const State& s, std::vector<double>& row) {
        if (const AxialTension* tension = system.parts.find<AxialTension>()) // tau + kappa q
          row.push_back(tension->base_tension +
                        tension->factor * s.terms.get<AxialTensionState>().stretch);
      },
      [](const State& s, Checkpoint& c) {
        c.set("stretch", s.terms.get<AxialTensionState>().stretch);
      },
      [](State& s, const Checkpoint& c) {
        if (AxialTensionState* state = s.terms.find<AxialTensionState>())
          state->stretch = c.number("stretch");
      },
  };
}

} // namespace hamdyn
