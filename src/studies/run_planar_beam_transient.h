#pragma once
// `hamdyn run` of a planar beam (Model/Type = planar beam): its large motion from rest at the
// reference or at its static state (Planar beam/Initial state), with a rigid turn about Start as
// initial velocity (Initial angular velocity), its clamp turned by Start rotation(t) (a hub),
// stepped by the energy- and momentum-conserving
// midpoint rule of the director interpolation (studies/planar_beam_motion.h: T + V - p . q,
// and without loads the linear and angular momentum, conserved to Newton's tolerance at any
// step), with checkpoints and a bit-for-bit resume like every run (studies/time_loop.h). Every
// rank steps the whole line alike (one band); rank 0 writes.
#include "core/case_parameters.h"
#include "studies/time_loop.h"

#include <mpi.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

/// history.csv: time; the watched node's x, z [m], rotation [rad] and angular velocity [rad/s]
/// (a line's last, a frame's watched point); the linear momentum's x and z [kg m/s] and the
/// angular momentum about the origin [kg m^2/s]; kinetic and potential energy (strain energy and
/// the dead loads' -p . (q - q_reference)), dissipated energy (the dashpots') and external work
/// (the turning hub's, Planar beam/Start rotation, the follower loads' and the ground motion's
/// -M r a_g: Planar beam/Ground motion direction, positions relative to the ground),
/// energy_error = T + V + D - W_ext's change since t = 0 [J]. solution.pvd of solution_NNNNN.vtp
/// every Output/Snapshot interval steps (the line with point vectors `velocity` and `section`,
/// scalars `rotation` and `angular_velocity`, the section forces as cell data). Its results:
/// max_abs_<position column> and max_abs_energy_error. At Spectral radius 1 the conserving
/// midpoint rule steps it, below generalized alpha (studies/planar_beam_alpha.h). Throws
/// InputError (before anything is written) where the case has what a run does not take.
std::unique_ptr<TransientRun> make_planar_beam_transient_run(const CaseParameters& c,
                                                             MPI_Comm comm);

/// The same run for another study (`command`, in its checkpoints: `hamdyn spectrum`'s time
/// history) writing history.csv alone and keeping each column's largest change from step 0
/// (largest_change, studies/rows_run.h).
std::unique_ptr<TransientRun> make_planar_beam_history_run(const CaseParameters& c, MPI_Comm comm,
                                                           const std::string& command);

/// history.csv's columns of a planar beam's run (time first).
NamedColumns planar_beam_history_columns();

/// Steps the beam from t = 0 to its final time, calling `observe` with each history row (step 0
/// first), with no outputs: what `hamdyn converge` studies. Throws InputError as
/// make_planar_beam_transient_run does.
void integrate_planar_beam(const CaseParameters& c, MPI_Comm comm,
                           const std::function<void(const std::vector<double>& row)>& observe);

} // namespace hamdyn
