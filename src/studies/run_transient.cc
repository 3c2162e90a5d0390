#include "studies/run_transient.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "output/attachment_series.h"
#include "output/history_rows.h"
#include "output/history_writer.h"
#include "output/output_directory.h"
#include "output/spacetime_series.h"
#include "output/vtu_series.h"
#include "storage/checkpoint.h"
#include "studies/displacement_columns.h"
#include "studies/dynamic_amplification.h"
#include "studies/memory.h"
#include "studies/prepared_case.h"
#include "studies/resume.h"
#include "studies/run_cable_transient.h"
#include "studies/run_discrete.h"
#include "studies/run_planar_beam_transient.h"
#include "studies/stop_on_signals.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

namespace hamdyn {

namespace {
// The snapshot of state s, its level of the space-time dataset (when there is one) and the
// attachments' positions (when there are any; the oscillators' from the history row).
void write_snapshot(const PreparedCase& pc, const State& s, VtuSeries& series,
                    SpaceTimeSeries* spacetime, const std::vector<double>& spacetime_x,
                    AttachmentSeries& attachments, const std::vector<double>& oscillators) {
  LA::Vector structure_u, structure_v, structure_a;
  pc.model->structure_part(s.u, structure_u);
  pc.model->structure_part(s.v, structure_v);
  pc.model->structure_part(s.a, structure_a);
  series.write(
      pc.model->output_fields(), pc.model->output_subdivisions(), s.t,
      [&](LineVtuPiece& piece) {
        pc.model->sample_output_fields(
            structure_u, structure_v, structure_a,
            [&](const double* x, const double* point_values, const double* cell_values) {
              piece.add_cell(x, point_values, cell_values);
            });
      },
      pc.parameters.single_precision_snapshots);
  if (spacetime)
    spacetime->add(s.t, pc.model->sample_at(spacetime_x, structure_u, structure_v, structure_a));
  if (!attachments.empty()) {
    const OutputFields fields = pc.model->output_fields();
    attachments.write(
        s.t, pc.model->sample_at(attachments.positions(s.t), structure_u, structure_v, structure_a),
        fields.point.size() + fields.cell.size(), oscillators);
  }
}

// The snapshots (solution.pvd), the space-time dataset (spacetime.vts) and the attachments'
// series of a line model's run: written at step 0, every Output/Snapshot interval steps and at
// the last; resumed, the series continue after the checkpoint's snapshot and spacetime.bin is cut
// back to its length.
class SnapshotOutput : public RunOutput {
public:
  SnapshotOutput(const PreparedCase& pc, const LineStepper& run,
                 const std::vector<std::string>& columns, const Checkpoint* resumed)
      : pc_(pc), run_(run), series_(pc.parameters.output_directory, "solution", pc.comm),
        attachments_(pc.parameters.output_directory, attachment_markers(pc.parameters),
                     pc.parameters.length, pc.comm) {
    for (std::size_t k = 0; k < columns.size(); ++k) // oscillators, then vehicles
      if (columns[k].rfind("oscillator_", 0) == 0 || columns[k].rfind("vehicle_", 0) == 0)
        oscillator_columns_.push_back(k);
    if (resumed) {
      const auto& times = resumed->numbers("snapshot_times");
      std::istringstream names(resumed->text("snapshot_names"));
      VtuSeries::Records records;
      for (double time : times) {
        std::string name;
        std::getline(names, name);
        records.emplace_back(time, name);
      }
      series_.restore(records);
      attachments_.restore(times);
    } else
      attachments_.write_at_rest();
    open_spacetime(resumed);
  }

  void observe(unsigned long n, unsigned long n_steps, const std::vector<double>& row) override {
    const unsigned long interval = pc_.parameters.snapshot_interval;
    if (n == 0 || n == n_steps || (interval > 0 && n % interval == 0)) {
      std::vector<double> oscillators;
      for (std::size_t k : oscillator_columns_)
        oscillators.push_back(row[k]);
      write_snapshot(pc_, run_.state(), series_, spacetime_.get(), spacetime_x_, attachments_,
                     oscillators);
    }
  }

  void save(Checkpoint& checkpoint) override {
    std::vector<double> times;
    std::vector<std::string> names;
    for (const auto& [time, name] : series_.records()) {
      times.push_back(time);
      names.push_back(name);
    }
    checkpoint.set("snapshot_times", times);
    checkpoint.set("snapshot_names", names);
    if (spacetime_) {
      checkpoint.set("spacetime_length", double(spacetime_->length()));
      spacetime_->write(); // holds the checkpoint's levels, like history.csv its rows
    }
  }

private:
  // spacetime.vts's series (none when Output/Space-time points = 0): positions spread like the
  // mesh's vertices, the snapshot's fields.
  void open_spacetime(const Checkpoint* resumed) {
    if (pc_.parameters.spacetime_points == 0)
      return;
    std::vector<double> vertices;
    for (const auto& vertex : pc_.triangulation->get_vertices())
      vertices.push_back(vertex[0]);
    std::sort(vertices.begin(), vertices.end());
    spacetime_x_ = SpaceTimeSeries::positions(vertices, pc_.parameters.spacetime_points);
    OutputFields fields = pc_.model->output_fields();
    fields.point.insert(fields.point.end(), fields.cell.begin(), fields.cell.end());
    const auto length =
        resumed ? static_cast<std::uint64_t>(resumed->number("spacetime_length")) : 0;
    spacetime_ =
        std::make_unique<SpaceTimeSeries>(pc_.parameters.output_directory, spacetime_x_,
                                          fields.point, pc_.comm, resumed ? &length : nullptr);
  }

  const PreparedCase& pc_;
  const LineStepper& run_;
  std::vector<std::size_t> oscillator_columns_;
  VtuSeries series_;
  AttachmentSeries attachments_;
  std::vector<double> spacetime_x_;
  std::unique_ptr<SpaceTimeSeries> spacetime_;
};

// A run steps with the band copies of M, K and C alone (SecondOrderSystem::banded): the
// assembled matrices go before a_0 and J are factored, so the two never add up; the modal scheme
// needs them for its modes and K^-1, and lets them go once it has those.
std::unique_ptr<LineStepper> ready_to_step(PreparedCase& pc, bool report) {
  check_time_step(pc);
  if (pc.parameters.scheme != Scheme::modal)
    pc.system.release_assembled_matrices();
  auto run = make_line_stepper(pc, report);
  pc.system.release_assembled_matrices();
  return run;
}

// A line model's transient: the Transient, history.csv, the largest values and, for `hamdyn run`,
// the snapshots (`hamdyn spectrum`'s time history writes history.csv alone).
class LineTransientRun : public TransientRun {
public:
  LineTransientRun(const CaseParameters& c, MPI_Comm comm, const std::string& command,
                   bool snapshots, bool report)
      : pc_(c, comm, matrices_for_run(c)), run_(ready_to_step(pc_, report)),
        columns_(history_columns(pc_)), rows_(columns_, c.history_columns, c.history_interval),
        command_(command), with_snapshots_(snapshots) {
    if (snapshots && c.spacetime_points > 0) {
      // spacetime.vts is written from all its levels at once: points x snapshots x fields (each
      // up to 3 components) doubles, twice (the levels and VTK's arrays).
      const double snapshots =
          c.snapshot_interval == 0 ? 2.0 : double(run_->n_steps()) / c.snapshot_interval + 2;
      const OutputFields fields = pc_.model->output_fields();
      const double values = 3.0 * double(fields.point.size() + fields.cell.size());
      refuse_beyond_memory("Output/Space-time points", std::to_string(c.spacetime_points),
                           2 * 8 * double(c.spacetime_points) * snapshots * values,
                           "spacetime.vts of " + std::to_string(c.spacetime_points) +
                               " points by " + std::to_string(static_cast<long long>(snapshots)) +
                               " snapshots",
                           comm);
    }
  }

  Stepper& stepper() override { return *run_; }

  // The run streams its history and snapshots to disk as it goes (a long transient's states do
  // not fit in memory); what it returns are the largest magnitudes over the run.
  std::vector<RunOutput*> open_outputs(const Checkpoint* resumed) override {
    history_ =
        std::make_unique<HistoryOutput>(rows_, pc_.parameters.output_directory, pc_.comm, resumed);
    largest_ = std::make_unique<LargestValues>(columns_.names.size(), resumed);
    if (!with_snapshots_)
      return {history_.get(), largest_.get()};
    snapshots_ = std::make_unique<SnapshotOutput>(pc_, *run_, columns_.names, resumed);
    return {history_.get(), largest_.get(), snapshots_.get()};
  }

  std::string command() const override { return command_; }
  double largest(const std::string& column) const override {
    return largest_->of(columns_.names, column);
  }

  NamedValues results() const override {
    NamedValues results;
    const std::vector<double>& largest = largest_->values();
    // the displacement columns (end and probe displacements, end rotations, oscillators): the
    // functionals of u alone, as a frequency response's (not a ground motion's accelerations)
    const std::vector<std::string> displacements = DisplacementColumns(*pc_.model).names();
    for (std::size_t k = 0; k < columns_.names.size(); ++k)
      if (std::find(displacements.begin(), displacements.end(), columns_.names[k]) !=
          displacements.end())
        results.add("max_abs_" + columns_.names[k], largest[k]);
    for (std::size_t k = 0; k < columns_.names.size(); ++k)
      if (columns_.names[k] == "energy_error")
        results.add("max_abs_energy_error", largest[k]);
    if (pc_.parameters.has_moving_loads()) {
      std::vector<double> of_displacements;
      of_displacements.reserve(displacements.size());
      for (const std::string& name : displacements)
        of_displacements.push_back(largest_->of(columns_.names, name));
      const NamedValues daf = dynamic_amplification(pc_, displacements, of_displacements);
      for (const auto& [name, value] : daf.entries)
        results.add(name, value);
      results.warnings.insert(results.warnings.end(), daf.warnings.begin(), daf.warnings.end());
    }
    return results;
  }

  void finish(bool report) const override {
    if (!report || dealii::Utilities::MPI::this_mpi_process(pc_.comm) != 0)
      return;
    const std::string& directory = pc_.parameters.output_directory;
    if (with_snapshots_)
      std::cout << "  ParaView: open " << directory << "/solution.pvd, apply Filters > "
                << "Warp By Vector (Vectors: deflection), press Play" << std::endl;
    // V and the step's elastic forces are formed from the element strains
    // (system/stiffness_from_strains.h), the step never multiplies K with the accelerations of
    // the highest modes (NewmarkIntegrator::step_once) and its solves are refined
    // (system/refined_linearization_solver.h), so energy_error keeps its digits far past where
    // the assembled K and J lost them. What remains is what each solve leaves, adding up over
    // the steps: bounded by that solve's measured error times the steps. Measured (rho_inf = 1,
    // undamped): a Hermite cantilever with a tip mass released from its static shape, 6e-12,
    // 3e-11 and 1.5e-10 of the energy at 1600, 16 000 (1000 steps) and 10^5 elements (100 steps;
    // 5.7e-9 after 1000, bound 1.2e-8); a point force applied suddenly to a 10^5-element girder,
    // 7.7e-10 of the work after 300 steps (bound 2.1e-8); a P1 string, 1.2e-11 at 10^6 elements
    // and 500 steps (bound 7.3e-9). Past 1e-6 the run says so.
    // (0 for the modal scheme: its steps are exact in the modal coordinates.)
    const double bound = run_->solve_round_off() * double(run_->n_steps());
    if (bound > 1e-6)
      std::cout << "  energy_error: at " << pc_.parameters.n_elements << " elements and "
                << run_->n_steps()
                << " steps the round-off of the step's solves may move the energy by up to "
                   "about "
                << std::setprecision(1) << bound
                << " of itself (their measured error times the steps); read energy_error at "
                   "that level as round-off"
                << std::endl;
  }

private:
  PreparedCase pc_;
  std::unique_ptr<LineStepper> run_; // every check, a_0 and J, before anything is written
  NamedColumns columns_;             // every column of a row; `rows_` says which are written
  HistoryRows rows_;
  std::string command_;
  bool with_snapshots_;
  std::unique_ptr<HistoryOutput> history_;
  std::unique_ptr<LargestValues> largest_;
  std::unique_ptr<SnapshotOutput> snapshots_;
};
} // namespace

std::unique_ptr<TransientRun> make_transient_run(const CaseParameters& c, MPI_Comm comm,
                                                 bool report) {
  if (c.discrete)
    return make_discrete_transient_run(c, comm);
  if (c.cable)
    return make_cable_transient_run(c, comm);
  if (c.planar_beam)
    return make_planar_beam_transient_run(c, comm);
  return std::make_unique<LineTransientRun>(c, comm, "run", /*snapshots=*/true, report);
}

std::unique_ptr<TransientRun> make_history_run(const CaseParameters& c, MPI_Comm comm,
                                               const std::string& command, bool report) {
  return std::make_unique<LineTransientRun>(c, comm, command, /*snapshots=*/false, report);
}

NamedValues run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                          bool report) {
  const auto run = make_transient_run(c, comm, report); // every check before anything is written
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  run_to_end(*run, run->open_outputs(nullptr), c, report);
  return run->results();
}

std::unique_ptr<OutputDirectory> continue_run(TransientRun& run, const Checkpoint& checkpoint,
                                              const CaseParameters& c, bool report) {
  Stepper& stepper = run.stepper();
  const MPI_Comm comm = stepper.communicator();
  stepper.restore(checkpoint);
  check_resumed_files(checkpoint, c.output_directory, comm);
  auto output =
      std::make_unique<OutputDirectory>(c.output_directory, comm, OutputDirectory::Use::resume);
  const std::vector<RunOutput*> outputs = run.open_outputs(&checkpoint);
  if (announce_resume(run.command(), c.output_directory, stepper.step(), stepper.n_steps(),
                      stepper.time(), comm, report))
    run_to_end(run, outputs, c, report);
  return output;
}

NamedValues resume_transient(const CaseParameters& c, MPI_Comm comm, bool report) {
  // Read before the lock is taken, which creates nothing: a directory without a usable
  // checkpoint is bad input and stays as it was. (The checkpoint is replaced by rename, so a run
  // still writing into the directory cannot be caught half way; the lock then refuses it.) The
  // case is checked against the checkpoint's before the run is set up from it.
  const Checkpoint checkpoint = checkpoint_to_resume(c.output_directory, c.settings, "run", comm);
  const auto run = make_transient_run(c, comm, report);
  continue_run(*run, checkpoint, c, report);
  return run->results();
}

} // namespace hamdyn
