// The reference `hamdyn bench` is measured against: a hand-written generalized-alpha loop for the
// benchmark's P1 strings (fixed left end, point mass and spring at the right end), 10^6 unknowns
// by default, on one core. Tridiagonal M and K in three arrays each, the effective matrix
// J = (1-am) M + (1-af) gamma dt C + (1-af) beta dt^2 K factored once (Thomas' algorithm, Golub &
// Van Loan, Matrix Computations, 4th ed., Alg. 4.3.6), and per step the residual of Chung &
// Hulbert's eq. (8) with a_{n+1} = 0, the two triangular sweeps and the update of u, v and a: no
// energies, no history, no MPI, no library. It is the floor a general code can approach, not a
// path users run.
//
// Usage: reference_newmark_loop [UNKNOWNS] [STEPS] [damped|wave]
#include "core/subnormals.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {
// The benchmark's cases (src/studies/step_loop_benchmark.cc), both at rho_inf = 1.
struct Case {
  const char* name;
  double length, rho, tension, damping, end_mass, spring, dt, slope; // u_0 = slope x
};
// `damped`: viscous damping 0.02 per second of M.
constexpr Case damped{"damped P1 string", 1, 0.01, 100, 0.02, 0.005, 2000, 1e-5, 0.005};
// `wave`: undamped, a wave front running into a string at rest whose values decay through the
// subnormal range ahead of it (the path issue 49 found 12x slower without flush-to-zero).
constexpr Case wave{"undamped P1 string (wave)", 2, 0.5, 100, 0, 0.5, 100, 1e-6, 0.5};
} // namespace

int main(int argc, char** argv) {
  hamdyn::flush_subnormals_to_zero(); // as hamdyn runs: the same arithmetic (core/subnormals.h)
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000000;
  const unsigned steps = argc > 2 ? unsigned(std::strtoul(argv[2], nullptr, 10)) : 100;
  if (argc > 3 && std::strcmp(argv[3], "wave") != 0 && std::strcmp(argv[3], "damped") != 0) {
    std::fprintf(stderr, "reference_newmark_loop: case '%s': expected damped or wave\n", argv[3]);
    return 2;
  }
  const Case& c = argc > 3 && std::strcmp(argv[3], "wave") == 0 ? wave : damped;
  const double h = c.length / double(n), rho = c.rho, tension = c.tension, damping = c.damping,
               dt = c.dt;
  const double am = 0.5, af = 0.5, beta = 0.25, gamma = 0.5;
  // Unknowns 0..n-1 are the nodes x = h, ..., 1 (the held node x = 0 is left out).
  std::vector<double> m_lower(n), m_diag(n), m_upper(n), k_lower(n), k_diag(n), k_upper(n);
  for (std::size_t i = 0; i < n; ++i) {
    const bool last = i + 1 == n;
    m_diag[i] = rho * h * (last ? 1.0 / 3 : 2.0 / 3) + (last ? c.end_mass : 0.0);
    k_diag[i] = tension / h * (last ? 1.0 : 2.0) + (last ? c.spring : 0.0);
    m_lower[i] = m_upper[i] = rho * h / 6;
    k_lower[i] = k_upper[i] = -tension / h;
  }
  m_lower[0] = k_lower[0] = m_upper[n - 1] = k_upper[n - 1] = 0;
  // J, factored: l (multipliers), d (reciprocal pivots), e (the upper diagonal).
  const double cm = 1 - am + (1 - af) * gamma * dt * damping, ck = (1 - af) * beta * dt * dt;
  std::vector<double> l(n), d(n), e(n);
  double previous_pivot = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double lower = cm * m_lower[i] + ck * k_lower[i];
    double pivot = cm * m_diag[i] + ck * k_diag[i];
    if (i > 0) {
      l[i] = lower / previous_pivot;
      pivot -= l[i] * e[i - 1];
    }
    e[i] = cm * m_upper[i] + ck * k_upper[i];
    d[i] = 1 / pivot;
    previous_pivot = pivot;
  }
  std::vector<double> u(n), v(n, 0.0), a(n, 0.0), xm(n), xk(n), r(n);
  for (std::size_t i = 0; i < n; ++i)
    u[i] = c.slope * double(i + 1) * h;
  // a_0 = -M^-1 K u_0 is not needed for timing; start from a = 0.

  const auto t0 = std::chrono::steady_clock::now();
  const double cv = (1 - af) * dt, ca = (1 - af) * dt * dt * (0.5 - beta);
  const double cc = (1 - af) * dt * (1 - gamma);
  const double cua = dt * dt * (0.5 - beta), cun = dt * dt * beta;
  const double cva = dt * (1 - gamma), cvn = dt * gamma;
  for (unsigned s = 0; s < steps; ++s) {
    for (std::size_t i = 0; i < n; ++i) { // the alpha levels' arguments of M and K
      const double v_af = v[i] + cc * a[i];
      xm[i] = am * a[i] + damping * v_af;
      xk[i] = u[i] + cv * v[i] + ca * a[i];
    }
    r[0] = m_diag[0] * xm[0] + m_upper[0] * xm[1] + k_diag[0] * xk[0] + k_upper[0] * xk[1];
    for (std::size_t i = 1; i + 1 < n; ++i)
      r[i] = m_lower[i] * xm[i - 1] + m_diag[i] * xm[i] + m_upper[i] * xm[i + 1] +
             k_lower[i] * xk[i - 1] + k_diag[i] * xk[i] + k_upper[i] * xk[i + 1];
    r[n - 1] = m_lower[n - 1] * xm[n - 2] + m_diag[n - 1] * xm[n - 1] + k_lower[n - 1] * xk[n - 2] +
               k_diag[n - 1] * xk[n - 1];
    for (std::size_t i = 1; i < n; ++i) // J (-a_{n+1}) = r
      r[i] -= l[i] * r[i - 1];
    r[n - 1] *= d[n - 1];
    for (std::size_t i = n - 1; i-- > 0;)
      r[i] = (r[i] - e[i] * r[i + 1]) * d[i];
    for (std::size_t i = 0; i < n; ++i) {
      const double an = -r[i];
      u[i] += dt * v[i] + cua * a[i] + cun * an;
      v[i] += cva * a[i] + cvn * an;
      a[i] = an;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("reference: hand-written tridiagonal generalized-alpha loop, %s, %zu unknowns, %u "
              "steps, 1 core: %.2f ns/unknown/step (u at the end %.6g)\n",
              c.name, n, steps, seconds * 1e9 / (double(n) * steps), u[n - 1]);
  return std::isfinite(u[n - 1]) ? 0 : 1;
}
