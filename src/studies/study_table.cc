#include "studies/study_table.h"

#include "core/input_error.h"
#include "core/model_kind.h"

#include "studies/run_buckling.h"
#include "studies/run_cable_compare.h"
#include "studies/run_cable_modes.h"
#include "studies/run_cable_response.h"
#include "studies/run_cable_spectrum.h"
#include "studies/run_cable_static.h"
#include "studies/run_compare.h"
#include "studies/run_converge.h"
#include "studies/run_discrete.h"
#include "studies/run_modes.h"
#include "studies/run_planar_beam_buckling.h"
#include "studies/run_planar_beam_compare.h"
#include "studies/run_planar_beam_modes.h"
#include "studies/run_planar_beam_response.h"
#include "studies/run_planar_beam_spectrum.h"
#include "studies/run_planar_beam_static.h"
#include "studies/run_response.h"
#include "studies/run_spectrum.h"
#include "studies/run_static.h"
#include "studies/run_transient.h"

#include <algorithm>
#include <regex>

namespace hamdyn {

const std::vector<StudyCommand>& study_commands() {
  static const std::vector<StudyCommand> commands = [] {
    StudyCommand run_study;
    run_study.name = "run";
    run_study.implementations = {{CaseKind::line, run_transient, resume_transient},
                                 {CaseKind::discrete, run_transient, resume_transient},
                                 {CaseKind::cable, run_transient, resume_transient},
                                 {CaseKind::planar_beam, run_transient, resume_transient}};
    run_study.usage = R"(  hamdyn run [CASE.prm] [--set "Section/Key=value"]... [--output DIR]
      Transient response. Without CASE.prm, the built-in example cases/default.prm (a damped
      string, fixed at x = 0, with a 5 g mass on a 2000 N/m spring at x = L); a case file starts
      from the declared defaults (hamdyn parameters), not from the example. Writes
      DIR/solution.pvd (ParaView: the snapshots), DIR/spacetime.vts (the run over x and t),
      DIR/attachments.pvd and .vtp (the attached devices, when there are any),
      DIR/history.csv, DIR/used_parameters.prm and DIR/checkpoint.bin (at the end, every
      Output/Checkpoint interval steps, and when SIGINT or SIGTERM stop the run after the step
      in progress: exit 130 or 143). Pictures: scripts/paraview/deflection.py, spacetime.py
      (VTK only, headless), scripts/plot_history.py (history.png).
  hamdyn run --resume DIR
      Continues the run in DIR from its last checkpoint (on any number of ranks); history.csv
      and the snapshots go on as if the run had not stopped.
      Model/Type = discrete (cases/seeds/): named coordinates, inertias, springs, dashpots,
      forces and constraints, or points and energies as expressions; history.csv, and with
      Discrete system/Points DIR/points.pvd (the points and their links, every Output/Snapshot
      interval steps; scripts/paraview/points.py draws them).
      Model/Type = cable: large motion from rest at the geometry or its equilibrium (Cable/
      Initial state) by the energy-consistent midpoint rule; history.csv (midspan and point
      masses' positions, the supports' tensions, energies) and solution.pvd of .vtp lines with
      the tension as cell data.
      Model/Type = planar beam: large motion (any rotation) from rest at the reference or its
      static state (Planar beam/Initial state), with an initial turn about Start (Initial
      angular velocity), by the energy- and momentum-conserving midpoint rule (Spectral radius
      = 1) or generalized alpha (below 1); history.csv (the end's position, rotation and angular velocity, the momenta,
      energies) and solution.pvd of .vtp lines with the section forces as cell data.
)";
    run_study.files = "solution.pvd, spacetime.vts, attachments.pvd, attachments.vtp, points.pvd, "
                      "history.csv, history_units.csv, used_parameters.prm, checkpoint.bin";
    run_study.file_names =
        R"(history\.(csv|png)|history_units\.csv|checkpoint\.bin|spacetime\.(vts|bin)|solution\.pvd|)"
        R"(solution_[0-9]{5}(\.[0-9]+\.vtu|\.pvtu)|attachments\.(vtp|pvd)|attachments_[0-9]{5}\.vtp|)"
        R"(points\.pvd|points_[0-9]{5}\.vtp|solution_[0-9]{5}\.vtp)";
    StudyCommand modes_study;
    modes_study.name = "modes";
    modes_study.implementations = {{CaseKind::line, run_modes},
                                   {CaseKind::discrete, run_discrete_modes},
                                   {CaseKind::cable, run_cable_modes},
                                   {CaseKind::planar_beam, run_planar_beam_modes}};
    modes_study.usage = R"(  hamdyn modes [CASE.prm] [--set ...]... [--output DIR]
      Natural frequencies and mode shapes: DIR/modes.csv and DIR/modes.pvd (mode_w, and a
      beam's mode_theta, scaled to a largest |w| of 1); picture: scripts/paraview/modes.py.
      Model/Type = discrete: about the equilibrium Newton's method finds from the initial
      state (named in the log), gyroscopic terms kept; modes.csv with growth_rate (Re lambda,
      1/s: > 0 for an unstable equilibrium, said in one line).
      Model/Type = cable: in-plane, about the equilibrium hamdyn static finds (the tension's
      geometric stiffness included); modes.csv, with Irvine & Caughey's shallow-cable
      frequencies (shallow_theory_omega) for level supports.
      Model/Type = planar beam: in-plane, about the static state under its dead loads (the
      straight reference when it has none; the section forces' geometric stiffness
      included), or about steady rotation on a hub (Planar beam/Steady rotation: centrifugal
      stiffening and the Coriolis terms); modes.csv and modes.pvd (`deflection`,
      `rotation_shape`).
)";
    modes_study.files =
        "modes.csv, modes.pvd (time axis = mode number), attachments.vtp, used_parameters.prm";
    modes_study.file_names =
        R"(modes\.(csv|pvd)|modes_[0-9]{5}(\.[0-9]+\.vtu|\.pvtu|\.vtp)|attachments\.vtp)";
    StudyCommand buckling_study;
    buckling_study.name = "buckling";
    buckling_study.implementations = {
        {CaseKind::line, run_buckling},
        {CaseKind::discrete,
         "buckling is computed for 'euler bernoulli beam', 'timoshenko beam' and 'planar beam'"},
        {CaseKind::planar_beam, run_planar_beam_buckling}};
    buckling_study.usage = R"(  hamdyn buckling [CASE.prm] [--set ...]... [--output DIR]
      Critical axial loads and buckling shapes of a beam (any supports, end springs and
      attachments; the case's Axial force is a preload): K x = P K_g x, P > 0 in compression.
      Writes DIR/buckling.csv (mode, critical_force [N], exact_critical_force where an exact
      solution exists, residual) and DIR/buckling.pvd (the shapes, scaled to a largest |w| of
      1); Buckling section: Number of modes, Write shapes.
      Model/Type = planar beam: the critical multiples of its dead loads, linearized about
      the static state under them (K_m u + lambda K_g u = 0); buckling.csv (mode,
      load_factor) and buckling.pvd (`deflection`, `rotation_shape`).
)";
    buckling_study.files =
        "buckling.csv, buckling.pvd (time axis = mode number), used_parameters.prm";
    buckling_study.file_names =
        R"(buckling\.(csv|pvd)|buckling_[0-9]{5}(\.[0-9]+\.vtu|\.pvtu|\.vtp))";
    StudyCommand compare_study;
    compare_study.name = "compare";
    compare_study.implementations = {{CaseKind::line, run_compare},
                                     {CaseKind::discrete, run_discrete_compare},
                                     {CaseKind::cable, run_cable_compare},
                                     {CaseKind::planar_beam, run_planar_beam_compare}};
    compare_study.usage = R"(  hamdyn compare [CASE.prm] [--set ...]... [--output DIR]
      The case solved four ways, side by side: primal finite elements, the discrete chain
      (masses and springs; a Hencky bar chain for a beam), the chain's impulse-based dual
      (Rimrott & Tabarrok) and the exact solution where one exists. Writes DIR/compare.csv
      (mode,exact,primal_fe,chain,dual: angular frequencies [rad/s]), DIR/compare_history.csv
      (time,exact,primal_fe,chain,dual: displacement [m] of the right end, or of the node
      nearest L/2 if that end is held) and DIR/compare.png; prints a table.
      Model/Type = cable: the FE cable (consistent mass) beside the lumped-mass line
      (MoorDyn's model) from the same case: frequencies about the equilibrium and the
      midspan's vertical displacement over the run; exact for a chain hanging from one end.
      Model/Type = planar beam (one line): the geometrically exact FE beside Hencky's bar
      chain at large rotation on the same nodes (elastic bars EA/h, joint springs EI/h, masses
      at the joints): the static end under the dead loads (exact for a cantilever rolled up
      by an end moment) and the frequencies about it where the supports hold the beam, and
      the end's vertical displacement over the run from the case's initial state.
)";
    compare_study.files = "compare.csv, compare_history.csv, used_parameters.prm";
    compare_study.file_names = R"(compare(_history)?\.csv|compare\.png)";
    compare_study.plot_script = "plot_compare.py";
    compare_study.plot_file = "compare.png";
    StudyCommand converge_study;
    converge_study.name = "converge";
    converge_study.implementations = {{CaseKind::line, run_converge},
                                      {CaseKind::discrete, run_discrete_converge},
                                      {CaseKind::cable, run_cable_converge},
                                      {CaseKind::planar_beam, run_planar_beam_converge}};
    converge_study.usage = R"(  hamdyn converge [CASE.prm] [--set ...]... [--output DIR]
      A convergence study (Convergence section: Refine = h | p | dt | h and dt, Levels,
      Number of frequencies, History): the case at every level, errors against the exact
      solution where one exists and a Richardson limit otherwise, observed and expected orders.
      Writes DIR/convergence.csv, DIR/convergence.png; prints a table per quantity.
      Model/Type = cable: h (its frequencies about the equilibrium, a run's history column),
      dt or h and dt, against Richardson limits.
      Model/Type = planar beam: h or p (its frequencies about the static state or steady
      rotation, a run's history column), dt or h and dt, against Richardson limits.
)";
    converge_study.files = "convergence.csv, used_parameters.prm";
    converge_study.file_names = R"(convergence\.(csv|png))";
    converge_study.plot_script = "plot_convergence.py";
    converge_study.plot_file = "convergence.png";
    StudyCommand response_study;
    response_study.name = "response";
    response_study.implementations = {{CaseKind::line, run_response},
                                      {CaseKind::discrete,
                                       "a frequency response is computed for the line models "
                                       "(string, euler bernoulli beam, timoshenko beam), "
                                       "cables and planar beams"},
                                      {CaseKind::cable, run_cable_response},
                                      {CaseKind::planar_beam, run_planar_beam_response}};
    response_study.usage = R"(  hamdyn response [CASE.prm] [--set ...]... [--output DIR]
      Steady harmonic response (Frequency response section: Frequencies, Method = direct |
      modal, Structural damping, Modal damping ratio, Load PSD, Forces, Distributed force,
      Shapes at): (K (1 + i eta) - omega^2 M + i omega C) U = F at every frequency, with every
      attachment, oscillator and dashpot of the case; nonlinear springs by their slope at rest.
      Writes DIR/frf.csv (frequency, then c_re, c_im, c_abs, c_phase_deg for each displacement
      column c of history.csv), DIR/frf.png, with a Load PSD DIR/psd.csv and DIR/psd_rms.csv,
      with Shapes at DIR/response.pvd (w_re, w_im, w_abs; time axis = frequency in Hz).
      Model/Type = cable: about the equilibrium hamdyn static finds, linearized (the tension's
      geometric stiffness, springs, dashpots, Structural damping), to Frequency response/
      Support motion; frf.csv holds midspan_x, midspan_z, each point mass's x and z and the
      supports' tension amplitudes left_tension, right_tension [N]; with Shapes at
      DIR/response.pvd (the equilibrium, deflection_re and deflection_im per node).
      Model/Type = planar beam: about the static state (the straight reference without
      loads), linearized (the section forces' geometric stiffness, springs, dashpots,
      Structural damping), to Frequency response/Support motion (start|end: u_x, u_z in the
      components the support holds); frf.csv holds end_u_x, end_u_z, end_turn [rad] and the
      middle node's middle_u_x, middle_u_z; with Shapes at DIR/response.pvd (the static state,
      deflection_re, deflection_im, rotation_re and rotation_im per node).
)";
    response_study.files = "frf.csv, frf_units.csv, frf.png, psd.csv, psd_units.csv, psd_rms.csv, "
                           "response.pvd, used_parameters.prm";
    response_study.file_names =
        R"(frf\.(csv|png)|psd(_rms)?\.csv|(frf|psd)_units\.csv|response\.pvd|response_[0-9]{5}(\.[0-9]+\.vtu|\.pvtu|\.vtp))";
    response_study.plot_script = "plot_frf.py";
    response_study.plot_file = "frf.png";
    StudyCommand spectrum_study;
    spectrum_study.name = "spectrum";
    spectrum_study.implementations = {
        {CaseKind::line, run_spectrum, resume_spectrum},
        {CaseKind::discrete, "response spectra are computed for the line models (string, euler "
                             "bernoulli beam, timoshenko beam), cables and planar beams"},
        {CaseKind::cable, run_cable_spectrum, resume_cable_spectrum},
        {CaseKind::planar_beam, run_planar_beam_spectrum, resume_planar_beam_spectrum}};
    spectrum_study.usage = R"(  hamdyn spectrum CASE.prm [--set ...]... [--output DIR]
      Response spectra of the case's Ground motion (Response spectrum section: Periods,
      Damping ratios, Combination) by the exact piecewise-linear recurrence (Nigam & Jennings
      1969): DIR/spectrum.csv (period,damping_ratio,Sd,Sv,Sa) and DIR/spectrum.png; then the
      structure's peaks by modal combination (SRSS and CQC of Modes/Number of modes modes, each
      at its own period and damping ratio) beside the peaks of a run under the same ground
      motion: DIR/spectrum_response.csv (quantity,srss,cqc,time_history). The run writes
      DIR/history.csv and DIR/checkpoint.bin as `hamdyn run` does (Output/Checkpoint interval,
      SIGINT and SIGTERM); a progress line counts the spectra's oscillators.
      Model/Type = cable: its modes about the static equilibrium, the ground moving in
      Cable/Ground motion direction; the quantities are changes from the equilibrium
      (midspan_x, midspan_z, each point mass's x and z, left_tension, right_tension), the run
      starting from rest there; no base_shear row.
      Model/Type = planar beam (a beam or a frame): its modes about the static state, the
      ground moving in Planar beam/Ground motion direction (x or z); the quantities are the
      watched node's changes from the static state (end_x, end_z [m], end_rotation [rad]),
      the large-motion run starting from rest there; no base_shear row.
  hamdyn spectrum --resume DIR
      Continues a stopped spectrum's run from its last checkpoint, then writes its tables.
)";
    spectrum_study.files = "spectrum.csv, spectrum.png, spectrum_response.csv, history.csv, "
                           "history_units.csv, used_parameters.prm, checkpoint.bin";
    spectrum_study.file_names = R"(spectrum(_response)?\.csv|spectrum\.png)";
    spectrum_study.plot_script = "plot_spectrum.py";
    spectrum_study.plot_file = "spectrum.png";
    StudyCommand static_study;
    static_study.name = "static";
    static_study.implementations = {
        {CaseKind::line, run_static},
        {CaseKind::discrete,
         "a discrete system's equilibrium is the one hamdyn modes finds about its initial state "
         "(its log names it); hamdyn static solves the line models, cables and planar beams"},
        {CaseKind::cable, run_cable_static},
        {CaseKind::planar_beam, run_planar_beam_static}};
    static_study.usage = R"(  hamdyn static [CASE.prm] [--set ...]... [--output DIR]
      Static equilibrium K u + F(u) = f of a line model under the case's loads (Load/
      Distributed force, the ends' Force and Moment, Attachments/Forces) taken at Static/Load
      time and held, with every support, spring and attachment of the case; nonlinear springs
      by Newton's method with load steps. Writes DIR/static.csv (load_time, then history.csv's
      displacement, rotation and support-reaction columns of the ends, the probes and the
      nonlinear springs' forces), DIR/static_units.csv, DIR/static_shape.csv (x, displacement,
      a beam's rotation and the internal forces at Output/Space-time points positions) and
      DIR/static.pvd (the deflected shape with a run's snapshot fields; Static/Write shape);
      prints the values. Picture: scripts/paraview/deflection.py DIR OUT.png --series static
      --last.
      Model/Type = cable: the equilibrium under its weight and point masses from the geometry
      as given (the straight, unstressed chord too); static.csv holds the support reactions,
      the largest tension, the midspan sag and, for a catenary case, the elastic catenary's
      values (exact_*); static_shape.csv s, x, z and the tension at each node; static.pvd and
      static_00000.vtp the line with the tension as cell data.
      Model/Type = planar beam: the equilibrium at any rotation under the end's force and
      moment, the distributed force and the weight, by Newton's method with load steps from
      the straight start, or by arc length through limit points (Static/Path); static.csv
      holds the end's position, displacement and rotation, the held ends' reactions, how the
      iterations ended and the equilibrium's unstable_directions (0: stable);
      static_path.csv the load factor and the end's position at every step;
      static_shape.csv s, x, z, rotation and
      displacement at each node; static_forces.csv the section forces N, Q, M at the elements'
      sampling points (Barlow's points, where they are accurate; not at the nodes); static.pvd
      the centreline with the sections' direction (point vector `section`) and each segment's
      section forces as cell data.
)";
    static_study.files = "static.csv, static_units.csv, static_shape.csv, static_shape_units.csv, "
                         "static_forces.csv, static_forces_units.csv, static_path.csv, "
                         "static_path_units.csv, static.pvd, "
                         "used_parameters.prm";
    static_study.file_names = R"(static(_shape|_forces|_path)?(_units)?\.csv|static\.pvd|)"
                              R"(static_[0-9]{5}(\.[0-9]+\.vtu|\.pvtu|\.vtp))";
    return std::vector<StudyCommand>{run_study,     static_study,   modes_study,    buckling_study,
                                     compare_study, converge_study, response_study, spectrum_study};
  }();
  return commands;
}

CaseKind case_kind(const CaseParameters& c) {
  return c.discrete      ? CaseKind::discrete
         : c.cable       ? CaseKind::cable
         : c.planar_beam ? CaseKind::planar_beam
                         : CaseKind::line;
}

const KindImplementation& StudyCommand::implementation(const CaseParameters& c) const {
  const CaseKind kind = case_kind(c);
  const std::string type = c.model_type_name();
  for (const KindImplementation& i : implementations)
    if (i.kind == kind) {
      if (!i.run)
        throw InputError("Model/Type", type, i.refusal);
      return i;
    }
  throw InputError("Model/Type", type, "hamdyn " + name + " is not implemented for it");
}

NamedValues StudyCommand::run(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                              bool report) const {
  return implementation(c).run(c, file, comm, report);
}

bool StudyCommand::resumable() const {
  return std::any_of(implementations.begin(), implementations.end(),
                     [](const KindImplementation& i) { return i.resume != nullptr; });
}

NamedValues StudyCommand::resume(const CaseParameters& c, MPI_Comm comm, bool report) const {
  const KindImplementation& i = implementation(c);
  if (!i.resume)
    throw InputError("Model/Type", c.model_type_name(),
                     "hamdyn " + name + " of it writes no checkpoint to resume from");
  return i.resume(c, comm, report);
}

const StudyCommand* find_study(const std::string& name) {
  for (const auto& study : study_commands())
    if (study.name == name)
      return &study;
  return nullptr;
}

std::string study_names(const std::string& separator, const std::string& last) {
  const auto& studies = study_commands();
  std::string names;
  for (std::size_t k = 0; k < studies.size(); ++k)
    names += (k == 0 ? "" : k + 1 == studies.size() ? last : separator) + studies[k].name;
  return names;
}

bool is_study_output(const std::string& file) {
  static const std::regex names = [] {
    std::string any = R"(used_parameters\.prm)";
    for (const auto& study : study_commands())
      any += "|" + study.file_names;
    return std::regex("(" + any + R"()(\.tmp)?)");
  }();
  return std::regex_match(file, names);
}

} // namespace hamdyn
