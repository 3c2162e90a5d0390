#include "studies/run_transient.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "output/attachment_series.h"
#include "output/checkpoint.h"
#include "output/history_rows.h"
#include "output/history_writer.h"
#include "output/output_directory.h"
#include "output/spacetime_series.h"
#include "output/vtu_series.h"
#include "studies/memory.h"
#include "studies/prepared_case.h"
#include "studies/resume.h"
#include "studies/run_discrete.h"
#include "studies/stop_on_signals.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <limits>
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
        s.t, pc.model->sample_at(attachments.positions(), structure_u, structure_v, structure_a),
        fields.point.size() + fields.cell.size(), oscillators);
  }
}

// The displacement columns of history.csv (end and probe displacements, end rotations,
// oscillator displacements): what a batch summary reports the largest magnitude of.
bool is_displacement_column(const std::string& name) {
  for (const char* prefix : {"u_", "u@", "theta_", "oscillator_"})
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

// What a run writes as it steps: history rows, snapshots and checkpoints, and the largest
// magnitudes it returns.
struct RunOutputs {
  const PreparedCase& pc;
  std::vector<std::string> columns; // every column of a row; `rows` says which are written
  const HistoryRows& rows;
  CsvWriter& history;
  VtuSeries& series;
  AttachmentSeries& attachments;
  std::vector<double> largest;
  SpaceTimeSeries* spacetime = nullptr; // none when Output/Space-time points = 0
  std::vector<double> spacetime_x;

  std::string checkpoint_path() const { return pc.parameters.output_directory + "/checkpoint.bin"; }

  void observe(const Transient& run, unsigned long n, const State& s,
               const std::vector<double>& row) {
    const CaseParameters& c = pc.parameters;
    if (rows.due(n, run.n_steps()))
      history.row(rows.select(row));
    for (std::size_t k = 0; k < row.size(); ++k)
      largest[k] = std::max(largest[k], std::abs(row[k]));
    if (n == 0 || n == run.n_steps() || (c.snapshot_interval > 0 && n % c.snapshot_interval == 0)) {
      std::vector<double> oscillators;
      for (std::size_t k = 0; k < columns.size(); ++k)
        if (columns[k].rfind("oscillator_", 0) == 0)
          oscillators.push_back(row[k]);
      write_snapshot(pc, s, series, spacetime, spacetime_x, attachments, oscillators);
    }
    if (checkpoint_due(c, n, run.n_steps()))
      write_checkpoint(run);
  }

  // The history is flushed first, so the length recorded ends with the checkpoint's row.
  void write_checkpoint(const Transient& run) {
    Checkpoint checkpoint;
    run.save(checkpoint);
    checkpoint.set("history_length", double(history.flush()));
    checkpoint.set("history_columns", rows.columns());
    checkpoint.set("largest", largest);
    std::vector<double> times;
    std::vector<std::string> names;
    for (const auto& [time, name] : series.records()) {
      times.push_back(time);
      names.push_back(name);
    }
    checkpoint.set("snapshot_times", times);
    checkpoint.set("snapshot_names", names);
    if (spacetime) {
      checkpoint.set("spacetime_length", double(spacetime->length()));
      spacetime->write(); // holds the checkpoint's levels, like history.csv its rows
    }
    checkpoint.write(checkpoint_path(), pc.comm);
  }

  void restore(const Checkpoint& checkpoint) {
    check_history_columns(checkpoint, rows.columns(), pc.parameters.output_directory);
    largest = checkpoint.numbers("largest", columns.size());
    const auto& times = checkpoint.numbers("snapshot_times");
    std::istringstream names(checkpoint.text("snapshot_names"));
    VtuSeries::Records records;
    for (double time : times) {
      std::string name;
      std::getline(names, name);
      records.emplace_back(time, name);
    }
    series.restore(records);
    attachments.restore(times);
  }

  NamedValues results() const {
    NamedValues results;
    for (std::size_t k = 0; k < columns.size(); ++k)
      if (is_displacement_column(columns[k]))
        results.add("max_abs_" + columns[k], largest[k]);
    for (std::size_t k = 0; k < columns.size(); ++k)
      if (columns[k] == "energy_error")
        results.add("max_abs_energy_error", largest[k]);
    return results;
  }
};

// spacetime.vts's series for `outputs` (none when Output/Space-time points = 0): positions
// spread like the mesh's vertices, the snapshot's fields; a resumed run's spacetime.bin is cut
// back to its checkpoint's length.
std::unique_ptr<SpaceTimeSeries> open_spacetime(const PreparedCase& pc, RunOutputs& outputs,
                                                const Checkpoint* resumed = nullptr) {
  if (pc.parameters.spacetime_points == 0)
    return nullptr;
  std::vector<double> vertices;
  for (const auto& vertex : pc.triangulation->get_vertices())
    vertices.push_back(vertex[0]);
  std::sort(vertices.begin(), vertices.end());
  outputs.spacetime_x = SpaceTimeSeries::positions(vertices, pc.parameters.spacetime_points);
  OutputFields fields = pc.model->output_fields();
  fields.point.insert(fields.point.end(), fields.cell.begin(), fields.cell.end());
  const auto length = resumed ? static_cast<std::uint64_t>(resumed->number("spacetime_length")) : 0;
  auto spacetime =
      std::make_unique<SpaceTimeSeries>(pc.parameters.output_directory, outputs.spacetime_x,
                                        fields.point, pc.comm, resumed ? &length : nullptr);
  outputs.spacetime = spacetime.get();
  return spacetime;
}

// Steps `run` to its end (or to a signal), then writes the last checkpoint.
NamedValues continue_run(Transient& run, RunOutputs& outputs, bool report) {
  const PreparedCase& pc = outputs.pc;
  const std::string& directory = pc.parameters.output_directory;
  int signal = 0;
  {
    std::unique_ptr<StopOnSignals> signals;
    if (report) // the command line's run; a batch member stops with its batch's StopOnSignals
      signals = std::make_unique<StopOnSignals>();
    signal = continue_integration(
        run,
        [&](unsigned long n, const State& s, const std::vector<double>& row) {
          outputs.observe(run, n, s, row);
        },
        report, StopOnSignals::flag_if_installed());
  }
  outputs.write_checkpoint(run);
  if (signal != 0)
    throw stopped_by(signal, run.step(), run.n_steps(), run.state().t, directory);
  if (report && dealii::Utilities::MPI::this_mpi_process(pc.comm) == 0) {
    std::cout << "  ParaView: open " << directory << "/solution.pvd, apply Filters > "
              << "Warp By Vector (Vectors: deflection), press Play" << std::endl;
    // V and the step's elastic forces are formed from the element strains
    // (system/stiffness_from_strains.h) and the step never multiplies K with the accelerations
    // of the highest modes (NewmarkIntegrator::step_once), so energy_error keeps its digits far
    // past where the assembled K lost them; what remains is the round-off of the band solves and
    // updates, a random walk over the steps. Measured (rho_inf = 1, undamped, from an initial
    // displacement): a Hermite cantilever with a tip mass, 1000 steps, 6e-12, 2e-7 and 2.3e-5 of
    // the energy at 1600, 16 000 and 10^5 elements; a P1 string, 500 steps, 1.5e-13 at 10^5 and
    // 8.6e-11 at 10^6. Bounded above by eps N^m S / 100 (m = 2 beams, 1 strings; S steps);
    // past 1e-6 the run says so.
    const double order = pc.parameters.model_type == ModelType::string ? 1 : 2;
    const double floor = std::numeric_limits<double>::epsilon() *
                         std::pow(double(pc.parameters.n_elements), order) * double(run.n_steps()) /
                         100;
    if (floor > 1e-6)
      std::cout << "  energy_error: at " << pc.parameters.n_elements << " elements and "
                << run.n_steps()
                << " steps the round-off of the step may move the energy by up "
                   "to about "
                << std::setprecision(1) << floor << " of itself (eps N^" << order
                << " steps / 100, measured); read energy_error at that level as round-off"
                << std::endl;
  }
  return outputs.results();
}
} // namespace

NamedValues run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                          bool report) {
  if (c.discrete)
    return run_discrete_transient(c, file, comm, report);
  PreparedCase pc(c, comm);
  check_time_step(pc);
  // A run steps with the band copies of M, K and C alone (SecondOrderSystem::banded): the
  // assembled matrices go before a_0 and J are factored, so the two never add up.
  pc.system.release_assembled_matrices();
  Transient run(pc); // every check, a_0 and J, before anything is written
  if (c.spacetime_points > 0) {
    // spacetime.vts is written from all its levels at once: points x snapshots x fields (each
    // up to 3 components) doubles, twice (the levels and VTK's arrays).
    const double snapshots =
        c.snapshot_interval == 0 ? 2.0 : double(run.n_steps()) / c.snapshot_interval + 2;
    const OutputFields fields = pc.model->output_fields();
    const double values = 3.0 * double(fields.point.size() + fields.cell.size());
    refuse_beyond_memory("Output/Space-time points", std::to_string(c.spacetime_points),
                         2 * 8 * double(c.spacetime_points) * snapshots * values,
                         "spacetime.vts of " + std::to_string(c.spacetime_points) + " points by " +
                             std::to_string(static_cast<long long>(snapshots)) + " snapshots",
                         comm);
  }
  const std::vector<std::string> columns = history_columns(pc);
  const HistoryRows rows(columns, c.history_columns, c.history_interval);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  // The run streams its history and snapshots to disk as it goes (a long transient's states do
  // not fit in memory); what it returns are the largest magnitudes over the run.
  CsvWriter history(c.output_directory + "/history.csv", rows.columns(), comm);
  VtuSeries series(c.output_directory, "solution", comm);
  AttachmentSeries attachments(c.output_directory, attachment_markers(c), comm);
  attachments.write_at_rest();
  RunOutputs outputs{pc,
                     columns,
                     rows,
                     history,
                     series,
                     attachments,
                     std::vector<double>(columns.size(), 0.0),
                     nullptr,
                     {}}; // space-time: below
  const auto spacetime = open_spacetime(pc, outputs);
  return continue_run(run, outputs, report);
}

NamedValues resume_transient(const CaseParameters& c, MPI_Comm comm, bool report) {
  if (c.discrete)
    return resume_discrete_transient(c, comm, report);
  PreparedCase pc(c, comm);
  check_time_step(pc);
  pc.system.release_assembled_matrices();
  Transient run(pc);
  // Read before the lock is taken, which creates nothing: a directory without a usable
  // checkpoint is bad input and stays as it was. (The checkpoint is replaced by rename, so a run
  // still writing into the directory cannot be caught half way; the lock then refuses it.)
  const Checkpoint checkpoint = Checkpoint::read(c.output_directory + "/checkpoint.bin", comm);
  run.restore(checkpoint);
  check_resumed_files(checkpoint, c.output_directory, comm);
  OutputDirectory output(c.output_directory, comm, OutputDirectory::Use::resume);
  const std::vector<std::string> columns = history_columns(pc);
  const HistoryRows rows(columns, c.history_columns, c.history_interval);
  CsvWriter history(c.output_directory + "/history.csv",
                    static_cast<std::uint64_t>(checkpoint.number("history_length")), comm);
  VtuSeries series(c.output_directory, "solution", comm);
  AttachmentSeries attachments(c.output_directory, attachment_markers(c), comm);
  RunOutputs outputs{pc, columns, rows, history, series, attachments, {}, nullptr, {}};
  outputs.restore(checkpoint);
  const auto spacetime = open_spacetime(pc, outputs, &checkpoint);
  if (!announce_resume(c.output_directory, run.step(), run.n_steps(), run.state().t, comm, report))
    return outputs.results();
  return continue_run(run, outputs, report);
}

} // namespace hamdyn
