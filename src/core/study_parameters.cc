#include "core/study_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <string>
#include <tuple>
#include <utility>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
// An eigenproblem study's section (Modes, Buckling): how many pairs, and whether their shapes are
// written for ParaView.
void declare_eigen_study(ParameterFile& f, const std::string& section, const std::string& n,
                         const std::string& what_n, const std::string& what_shapes) {
  f.declare(section, "Number of modes", n, P::Integer(), "an integer >= 1", what_n);
  f.declare(section, "Write shapes", "true", P::Selection("true|false"), "true | false",
            what_shapes);
}

std::pair<unsigned, bool> parse_eigen_study(const ParameterFile& f, const std::string& section) {
  const long n = f.get_integer(section, "Number of modes");
  if (n < 1)
    throw InputError(section + "/Number of modes", f.get(section, "Number of modes"),
                     "expected an integer >= 1");
  return {static_cast<unsigned>(n), f.get(section, "Write shapes") == "true"};
}
} // namespace

void declare_modes_parameters(ParameterFile& f) {
  declare_eigen_study(f, "Modes", "10",
                      "Number of natural modes computed by `hamdyn modes` (a discrete system with "
                      "fewer, left at this default, gives all of its own and says so).",
                      "Whether `hamdyn modes` writes the mode shapes for ParaView (modes.pvd and "
                      "its files, one snapshot of the mesh per mode, and attachments.vtp); false "
                      "writes modes.csv only.");
  f.declare("Modes", "Damping", "ignore", P::Selection("ignore|include"), "ignore | include",
            "ignore: the undamped natural modes K phi = omega^2 M phi (the case's damping is "
            "left out, said in one line); include: the damped (complex) modes of "
            "(lambda^2 M + lambda C + K) x = 0 with every dashpot, oscillator damper, viscous and "
            "Rayleigh damping, in modes.csv as omega = |lambda|, omega_damped = Im lambda, "
            "damping_ratio = -Re lambda / |lambda| and decay_rate = -Re lambda (an overdamped "
            "mode: a real lambda, a row of its own with omega_damped = 0). Line models only.");
}

void parse_modes_parameters(const ParameterFile& f, CaseParameters& c) {
  std::tie(c.n_modes, c.write_mode_shapes) = parse_eigen_study(f, "Modes");
  c.damped_modes = f.get("Modes", "Damping") == "include";
}

void declare_buckling_parameters(ParameterFile& f) {
  declare_eigen_study(
      f, "Buckling", "3",
      "Number of critical loads and buckling shapes computed by `hamdyn buckling`.",
      "Whether `hamdyn buckling` writes the buckling shapes for ParaView (buckling.pvd and its "
      "files, one snapshot per mode, scaled to a largest |w| of 1); false writes buckling.csv "
      "only.");
  f.declare("Buckling", "Load", "uniform", P::Selection("uniform|axial force"),
            "uniform | axial force",
            "The load whose critical values `hamdyn buckling` computes: uniform, a uniform "
            "compression P [N] on top of Model/Axial force (a preload); axial force, the "
            "critical multiples lambda of Model/Axial force itself (compressive, < 0, along the "
            "whole beam; it may vary with x: -q*(L - x), a column under its own weight, gives "
            "lambda q as Greenhill's critical weight).");
}

void parse_buckling_parameters(const ParameterFile& f, CaseParameters& c) {
  std::tie(c.buckling.n_modes, c.buckling.write_shapes) = parse_eigen_study(f, "Buckling");
  c.buckling.of_axial_force = f.get("Buckling", "Load") == "axial force";
}

void declare_static_parameters(ParameterFile& f) {
  f.declare("Static", "Load time", "0", P::Double(), "a finite real number",
            "The time t at which `hamdyn static` takes the case's loads (Load/Distributed force, "
            "the ends' Force and Moment, Attachments/Forces: expressions in t), held constant. "
            "Units: s.");
  f.declare("Static", "Write shape", "true", P::Selection("true|false"), "true | false",
            "Whether `hamdyn static` writes the deflected shape for ParaView (static.pvd and its "
            "files, with the fields a run's snapshots have); false writes static.csv only.");
  f.declare("Static", "Path", "load steps", P::Selection("load steps|arc length"),
            "load steps | arc length",
            "Model/Type = planar beam: how the static state is found from the reference, in "
            "`hamdyn static` and wherever a study starts from it. load steps: the load factor "
            "raised from 0 to 1 in steps (halved where one fails, doubled where one converges "
            "quickly) — stable equilibria only, so a limit point stops it; arc length: steps of "
            "a fixed length along the load-deflection path (Crisfield's), the load factor one of "
            "the unknowns — through limit points (snap-through, snap-back) to the first "
            "equilibrium at load factor 1 along the path. static_path.csv holds the path.");
  f.declare("Static", "Arc length steps", "20", P::Integer(1, 1000), "an integer from 1 to 1000",
            "Model/Type = planar beam with Path = arc length: the steps' length is that of the "
            "linearized path from load factor 0 to 1/(this number) (shortened where a step does "
            "not converge, never longer): about this many steps where the path is straight, more "
            "where it bends. Units: 1.");
}

void parse_static_parameters(const ParameterFile& f, CaseParameters& c) {
  c.statics.load_time = finite_value(f, "Static", "Load time");
  c.statics.write_shape = f.get("Static", "Write shape") == "true";
}

void declare_convergence_parameters(ParameterFile& f) {
  f.declare("Convergence", "Refine", "h", P::Selection("h|p|dt|h and dt"), "h | p | dt | h and dt",
            "What `hamdyn converge` refines from level to level: h doubles the elements, p "
            "takes degrees 1, 2, 3, 4 (Lagrange elements only), dt halves the time step, "
            "h and dt does both. A discrete system: dt only.");
  f.declare("Convergence", "Levels", "4", P::Integer(), "an integer from 2 to 12 (p: 2 to 4)",
            "Number of levels, the case as written being level 0 (for p: degree 1). A quantity "
            "without an exact reference needs 3 levels for its Richardson extrapolation.");
  f.declare("Convergence", "Number of frequencies", "3", P::Integer(), "an integer >= 0",
            "The first n angular frequencies studied (modal solver); 0: none. Not with "
            "Refine = dt (the frequencies do not depend on the time step).");
  f.declare("Convergence", "History", "", P::Anything(),
            "empty or a history.csv column, e.g. u_right or u@0.5",
            "A history.csv column studied over the run (its error at a level is the largest "
            "difference at the coarsest level's output times); a probe u@x or v@x is added when "
            "the case has none at x. Empty: frequencies only.");
}

void parse_convergence_parameters(const ParameterFile& f, CaseParameters& c) {
  ConvergenceParameters& cv = c.convergence;
  cv.refine_name = f.get("Convergence", "Refine");
  cv.refine = cv.refine_name == "p"          ? ConvergenceParameters::Refine::p
              : cv.refine_name == "dt"       ? ConvergenceParameters::Refine::dt
              : cv.refine_name == "h and dt" ? ConvergenceParameters::Refine::h_and_dt
                                             : ConvergenceParameters::Refine::h;
  const long levels = f.get_integer("Convergence", "Levels");
  const long most_levels = cv.refine == ConvergenceParameters::Refine::p ? 4 : 12;
  if (levels < 2 || levels > most_levels)
    throw InputError("Convergence/Levels", f.get("Convergence", "Levels"),
                     "expected an integer from 2 to " + std::to_string(most_levels) +
                         (most_levels == 4 ? " with Refine = p (degrees 1 to 4)" : ""));
  cv.levels = static_cast<unsigned>(levels);
  const long frequencies = f.get_integer("Convergence", "Number of frequencies");
  if (frequencies < 0)
    throw InputError("Convergence/Number of frequencies",
                     f.get("Convergence", "Number of frequencies"), "expected an integer >= 0");
  cv.n_frequencies = static_cast<unsigned>(frequencies);
  cv.history = trim(f.get("Convergence", "History"));
}

} // namespace hamdyn
