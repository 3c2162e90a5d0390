#include "studies/run_planar_beam_compare.h"

#include "core/input_error.h"
#include "output/history_writer.h"
#include "reductions/planar_bar_chain_solve.h"
#include "studies/convergence_study.h"
#include "studies/planar_beam_chain.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_modes.h"
#include "studies/prepared_case.h"
#include "studies/run_planar_beam_transient.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace hamdyn {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// The end's position and rotation.
struct EndState {
  double x = nan, z = nan, rotation = nan;
};

// A cantilever (clamped Start, free End) under an end moment M alone rolls into a circle arc of
// radius EI / M through the angle M L / EI: its end at (R sin phi, R (1 - cos phi)) in the
// reference's axes, turned by phi (Simo & Vu-Quoc 1986, sec. 7.1; the axial and shear forces are
// 0, so the extensible, shearable beam's arc is the elastica's). None for any other case.
std::optional<EndState> rolled_up_end(const PlanarBeamCase& b) {
  const bool moment_alone = b.end_moment != 0 && b.end_force.x == 0 && b.end_force.z == 0 &&
                            b.distributed_force.x == 0 && b.distributed_force.z == 0 &&
                            b.gravity == 0;
  if (b.start_support != PlanarBeamCase::Support::clamped ||
      b.end_support != PlanarBeamCase::Support::free || !moment_alone)
    return std::nullopt;
  const double phi = b.end_moment * b.length() / b.bending_stiffness,
               r = b.bending_stiffness / b.end_moment;
  const double along = r * std::sin(phi), across = r * (1 - std::cos(phi));
  const double angle = std::atan2(b.end.z - b.start.z, b.end.x - b.start.x);
  return EndState{b.start.x + along * std::cos(angle) - across * std::sin(angle),
                  b.start.z + along * std::sin(angle) + across * std::cos(angle), phi};
}

// The chain's initial state as the beam's run starts: at rest at the reference or the static
// state, turning about Start at the initial angular velocity.
BarChainState chain_start(const PlanarBeamCase& b, const PlanarBarChain& chain,
                          const BarChainState& at_equilibrium) {
  BarChainState s = b.start_at_equilibrium ? at_equilibrium : bar_chain_at_rest(chain);
  const double w = b.initial_angular_velocity;
  for (std::size_t j = 0; j < chain.n_joints(); ++j)
    s.v[j] = {-w * (s.x[j].z - b.start.z), w * (s.x[j].x - b.start.x)};
  return s;
}
} // namespace

NamedValues run_planar_beam_compare(const CaseParameters& c, const ParameterFile& file,
                                    MPI_Comm comm, bool report) {
  const PlanarBeamCase& b = *c.planar_beam;
  const PlanarBarChain chain = make_planar_beam_chain(c, file, make_planar_beam_line(b));
  // statics and modes where the supports hold the beam; a pendulum has neither
  std::string unheld;
  try {
    check_statically_held(b, "hamdyn compare");
  } catch (const InputError& e) {
    unheld = e.what();
  }
  const unsigned n = c.n_modes;
  std::vector<double> omega_fe, omega_chain;
  EndState fe_end, chain_end;
  BarChainState chain_static = bar_chain_at_rest(chain);
  const std::optional<EndState> exact_end = unheld.empty() ? rolled_up_end(b) : std::nullopt;
  if (unheld.empty()) {
    const PlanarBeamState state =
        planar_beam_static_state(b, "hamdyn compare", [&](const PlanarBeamLine& line) {
          check_planar_beam_eigenproblem(line, n, PlanarEigenproblem::modes, "compare",
                                         "Modes/Number of modes");
        });
    omega_fe = planar_beam_modes(state.line, state.q, n).omega;
    const std::size_t w = state.line.watched_node();
    fe_end = {state.q[3 * w], state.q[3 * w + 1], state.q[3 * w + 2]};
    solve_bar_chain_static(chain, chain_static);
    omega_chain = bar_chain_frequencies(chain, chain_static.x, n);
    // the end's section: the last bar's turn and, at a free end, the half bar's hinge 2 EI / h
    // turned by the end moment (Hencky's chain at an end: reductions/discrete_chain.h)
    const double half_bar = chain.end_clamp > 0 ? 0
                                                : b.end_moment * chain.bars.back().rest_length /
                                                      (2 * b.bending_stiffness);
    chain_end = {chain_static.x.back().x, chain_static.x.back().z,
                 std::atan2(b.end.z - b.start.z, b.end.x - b.start.x) + chain_static.end_turn +
                     half_bar};
  }
  // the run: the FE's history rows, the chain stepped to the same times
  const std::vector<std::string> names = planar_beam_history_columns().names;
  const auto end_x = convergence_history_index(names, "end_x"),
             end_z = convergence_history_index(names, "end_z");
  std::vector<double> times, fe_x, fe_z;
  integrate_planar_beam(c, comm, [&](const std::vector<double>& row) {
    times.push_back(row[0]);
    fe_x.push_back(row[std::size_t(end_x)]);
    fe_z.push_back(row[std::size_t(end_z)]);
  });
  BarChainState s = chain_start(b, chain, chain_static);
  const auto total_energy = [&] {
    return bar_chain_kinetic_energy(chain, s) + bar_chain_energy(chain, s.x, s.end_turn);
  };
  const double energy0 = total_energy();
  std::vector<double> chain_x{s.x.back().x}, chain_z{s.x.back().z};
  double energy_error = 0, largest = 0;
  for (std::size_t k = 1; k < times.size(); ++k) {
    step_bar_chain(chain, s, times[k] - times[k - 1]);
    chain_x.push_back(s.x.back().x);
    chain_z.push_back(s.x.back().z);
    energy_error = std::max(energy_error, std::abs(total_energy() - energy0));
  }
  for (std::size_t k = 0; k < times.size(); ++k)
    largest = std::max(largest, std::hypot(fe_x[k] - chain_x[k], fe_z[k] - chain_z[k]));

  const auto output = prepare_output_directory(c.output_directory, file, comm);
  if (unheld.empty()) {
    CsvWriter csv(c.output_directory + "/compare.csv",
                  {"mode", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (unsigned k = 0; k < n; ++k)
      csv.row(std::vector<std::string>{std::to_string(k + 1), "", format_cell(omega_fe[k]),
                                       format_cell(omega_chain[k]), "", ""});
  }
  {
    CsvWriter csv(c.output_directory + "/compare_history.csv",
                  {"time", "exact", "primal_fe", "chain", "dual", "dual_fe"}, comm);
    for (std::size_t k = 0; k < times.size(); ++k)
      csv.row(std::vector<std::string>{format_cell(times[k]), "",
                                       format_cell(fe_z[k] - fe_z.front()),
                                       format_cell(chain_z[k] - chain_z.front()), "", ""});
  }
  NamedValues results;
  for (unsigned k = 0; k < omega_fe.size(); ++k) {
    results.add("omega_fe_" + std::to_string(k + 1), omega_fe[k]);
    results.add("omega_chain_" + std::to_string(k + 1), omega_chain[k]);
  }
  const auto add_end = [&](const std::string& method, const EndState& e) {
    results.add("static_end_x_" + method, e.x);
    results.add("static_end_z_" + method, e.z);
    results.add("static_end_rotation_" + method, e.rotation);
  };
  if (unheld.empty()) {
    add_end("fe", fe_end);
    add_end("chain", chain_end);
    if (exact_end)
      add_end("exact", *exact_end);
  }
  results.add("largest_history_difference", largest);
  results.add("chain_energy_error", energy_error);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::printf("a planar beam of %u elements of degree %u beside its bar chain of %zu bars on "
                "the same nodes (Hencky's, at large rotation: elastic bars EA/h, joints EI/h, "
                "masses rho A h at the joints, no shear flexibility or rotary inertia)\n",
                b.n_elements, b.degree, chain.bars.size());
    if (!unheld.empty())
      std::printf("statics and modes: left out: %s\n", unheld.c_str());
    else {
      std::printf("static end under the dead loads:\n%8s %22s %22s %22s\n", "", "x [m]", "z [m]",
                  "rotation [rad]");
      if (exact_end)
        std::printf("%8s %22.15g %22.15g %22.15g\n", "exact", exact_end->x, exact_end->z,
                    exact_end->rotation);
      std::printf("%8s %22.15g %22.15g %22.15g\n", "FE", fe_end.x, fe_end.z, fe_end.rotation);
      std::printf("%8s %22.15g %22.15g %22.15g\n", "chain", chain_end.x, chain_end.z,
                  chain_end.rotation);
      std::printf("in-plane frequencies about the static state [rad/s]:\n%5s %22s %22s\n", "mode",
                  "primal FE", "chain");
      for (unsigned k = 0; k < n; ++k)
        std::printf("%5u %22.12g %22.12g\n", k + 1, omega_fe[k], omega_chain[k]);
    }
    std::printf("impulse dual: left out: Rimrott & Tabarrok's complementary equations are "
                "formulated for linear chains, not for the chain's large rotation\n");
    std::printf("the end over %zu steps: largest distance chain - FE %.3e m; the chain's T + V "
                "kept to %.3e J (its midpoint step conserves it%s)\n",
                times.size() - 1, largest, energy_error,
                c.spectral_radius < 1 ? "; the FE's generalized alpha damps" : "");
  }
  return results;
}

} // namespace hamdyn
