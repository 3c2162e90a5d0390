#include "time/newmark_scheme.h"

#include <cmath>

namespace hamdyn {

NewmarkParameters generalized_alpha_parameters(double rho) {
  NewmarkParameters p;
  p.name = "generalized alpha";
  p.alpha_m = (2 * rho - 1) / (rho + 1);
  p.alpha_f = rho / (rho + 1);
  p.gamma = 0.5 - p.alpha_m + p.alpha_f;
  p.beta = 0.25 * std::pow(1 - p.alpha_m + p.alpha_f, 2);
  p.energy_consistent_springs = rho == 1;
  return p;
}

NewmarkParameters central_difference_parameters() {
  NewmarkParameters p;
  p.name = "central difference";
  p.alpha_m = p.alpha_f = 0;
  p.beta = 0;
  p.gamma = 0.5;
  return p;
}

ImplicitStep newmark_predictor(const NewmarkParameters& p, double t, double dt,
                               bool displacement_form) {
  const double am = p.alpha_m, af = p.alpha_f, beta = p.beta, gamma = p.gamma;
  // Predictor y = 0 (a_{n+1} = 0 in the first form), and the arguments of M, C and K in eq. (8) at
  // the alpha levels:
  //   a_am = am a_n,  v_af = v_n + (1-af) (1-gamma) dt a_n,
  //   u_af = u_n + (1-af) dt v_n + (1-af) dt^2 (1/2 - beta) a_n,
  // then the residual r of eq. (8) at the predictor and a_{n+1} = -J^-1 r with
  // J = dr/da_{n+1} = (1-am) M + (1-af) gamma dt C + (1-af) beta dt^2 K (the operator is linear,
  // so this one Newton iteration is exact).
  //
  // The a_n term of u_af is not multiplied by K. A consistent a_0 = M^-1 (f_0 - K u_0) of an
  // initial displacement on a fine mesh carries the highest modes' accelerations, omega_max^2
  // times the round-off of u_0 (up to 1e13 at 10^5 Hermite elements); at rho_inf = 1 they never
  // decay, and dt^2 a_n in u_af swamps u_n (by 10^5 there), so that every later K product rounds
  // away the elastic forces. With (1-af) beta dt^2 K = J - (1-am) M - (1-af) gamma dt C and
  // q = (1/2 - beta) / beta, the same step is
  //   a_{n+1} = -q a_n - J^-1 r',
  //   r' = M (am - q (1-am)) a_n + C (v_af - q (1-af) gamma dt a_n)
  //        + K (u_n + (1-af) dt v_n) - f_af,
  // where K acts on displacements only: the displacement form of the step (Newmark's effective
  // stiffness, Bathe, Finite Element Procedures, 1996, sec. 9.2.4), in which a_n meets M and C
  // alone. Central difference (beta = 0) and an operator whose Newton iteration works on the
  // full residual (the large-amplitude string's, a discrete system's) keep the first form.
  displacement_form = displacement_form && beta > 0;
  ImplicitStep k;
  k.scheme = &p;
  k.t = t;
  k.dt = dt;
  k.q = displacement_form ? (0.5 - beta) / beta : 0;
  k.c_m = 1 - am;
  k.c_c = (1 - af) * gamma * dt;
  k.c_k = (1 - af) * beta * dt * dt;
  k.mass_a = am - k.q * (1 - am);
  k.damping_a = (1 - af) * dt * (1 - gamma) - k.q * (1 - af) * gamma * dt;
  k.stiffness_v = (1 - af) * dt;
  k.stiffness_a = displacement_form ? 0 : (1 - af) * dt * dt * (0.5 - beta);
  return k;
}

void newmark_corrector(const NewmarkCorrection& correction, const StateEntries& entries) {
  // local copies: no store to the entries can alias them, so the loops keep them in registers
  const NewmarkCorrection c = correction;
  const StateEntries x = entries;
  const std::size_t n = x.n;
  // Two loops rather than a test per entry: the line models' loop over 10^6 entries stays the
  // vectorized one it was; a discrete system keeps no mean velocity.
  if (x.v_mean)
    for (std::size_t i = 0; i < n; ++i)
      c.at<true>(x, i, x.y[i]);
  else
    for (std::size_t i = 0; i < n; ++i)
      c.at<false>(x, i, x.y[i]);
}

} // namespace hamdyn
