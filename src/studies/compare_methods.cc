#include "studies/compare_methods.h"

#include "core/expression.h"
#include "exact/beam_frequencies.h"
#include "exact/string_frequencies.h"
#include "mesh/line_mesh.h"
#include "modal/eigen_solver.h"
#include "reductions/dense_eigen.h"
#include "reductions/impulse_dual.h"
#include "reductions/small_system.h"
#include "reductions/string_impulse_dual.h"
#include "studies/largest_difference.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <deal.II/distributed/shared_tria.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

namespace {
const double nan = std::numeric_limits<double>::quiet_NaN();

std::vector<double> square_roots(const std::vector<double>& squares) {
  std::vector<double> roots;
  roots.reserve(squares.size());
  for (double s : squares)
    roots.push_back(std::sqrt(std::max(s, 0.0)));
  return roots;
}

exact::StringWithEndMass exact_string(const CaseParameters& c) {
  return {c.length,           c.mass_per_length, c.tension, c.right.holds_translation,
          c.right.point_mass, c.right.spring};
}

// M^-1 y for the chain's (small, dense) mass.
dealii::Vector<double> solve_mass(const dealii::FullMatrix<double>& m, dealii::Vector<double> y) {
  dealii::LAPACKFullMatrix<double> lu(m.m());
  lu = m;
  lu.compute_lu_factorization();
  lu.solve(y);
  return y;
}

dealii::FullMatrix<double> diagonal(const dealii::Vector<double>& d) {
  dealii::FullMatrix<double> a(d.size(), d.size());
  for (unsigned int i = 0; i < d.size(); ++i)
    a(i, i) = d(i);
  return a;
}

// A triangulation like PreparedCase's, for the continuum dual.
std::unique_ptr<dealii::parallel::shared::Triangulation<1>>
line_triangulation(const CaseParameters& c, MPI_Comm comm) {
  auto tria = std::make_unique<dealii::parallel::shared::Triangulation<1>>(
      comm, dealii::Triangulation<1>::none, false,
      dealii::parallel::shared::Triangulation<1>::partition_zorder);
  make_line_mesh(line_vertices(c), *tria);
  return tria;
}

NewmarkParameters reduction_scheme(const CaseParameters& c) {
  // Generalized alpha for both reductions (an impulse dual with dashpots has a singular
  // "mass", which central difference cannot take).
  return generalized_alpha_parameters(c.scheme == Scheme::generalized_alpha ? c.spectral_radius
                                                                            : 1.0);
}
} // namespace

bool string_has_exact_solution(const CaseParameters& c, bool undamped_free) {
  const bool geometry = model_kind(c.model_type).has_exact_string_history &&
                        c.left.holds_translation && c.point_masses.empty() && c.springs.empty() &&
                        c.dashpots.empty() && c.forces.empty() && c.oscillators.empty();
  if (!geometry || !undamped_free)
    return geometry;
  // "0" and "0.0" alike are no load
  const bool unforced = c.right.force->is_zero() && c.distributed_force->is_zero();
  return c.viscous_damping == 0 && c.rayleigh_mass == 0 && c.rayleigh_stiffness == 0 &&
         c.right.dashpot == 0 && unforced;
}

bool beam_has_exact_frequencies(const CaseParameters& c) {
  return model_kind(c.model_type).has_exact_beam_frequencies && c.rotary_inertia_per_length == 0 &&
         c.point_masses.empty() && c.springs.empty() && c.oscillators.empty() &&
         !c.axial_force_field; // the frequency equation is for a uniform N
}

exact::BeamEnd exact_beam_end(const EndParameters& e) {
  exact::BeamEnd end;
  end.holds_translation = e.holds_translation;
  end.holds_rotation = e.holds_rotation;
  end.point_mass = e.point_mass;
  end.rotary_inertia = e.rotary_inertia;
  end.spring = e.spring;
  end.rotational_spring = e.rotational_spring;
  return end;
}

double compare_position(const CaseParameters& c) {
  if (!c.right.holds_translation)
    return c.length;
  const std::vector<double> x = line_vertices(c);
  return *std::min_element(x.begin(), x.end(), [&](double a, double b) {
    return std::abs(a - 0.5 * c.length) < std::abs(b - 0.5 * c.length);
  });
}

std::vector<double> exact_frequencies(const CaseParameters& c, unsigned int n) {
  if (string_has_exact_solution(c, false))
    return exact::string_frequencies(exact_string(c), n);
  if (beam_has_exact_frequencies(c))
    return exact::beam_frequencies(exact_beam_end(c.left), exact_beam_end(c.right), c.length,
                                   c.bending_stiffness, c.mass_per_length, n, c.axial_force);
  return {};
}

std::vector<double> exact_string_history(const CaseParameters& c, double x,
                                         const std::vector<double>& times) {
  if (!string_has_exact_solution(c, true))
    return {};
  const Expression &u0 = *c.initial_displacement, &v0 = *c.initial_velocity;
  const exact::StringModalSeries series(
      exact_string(c), 200, [&](double y) { return u0(y, 0); }, [&](double y) { return v0(y, 0); });
  std::vector<double> u;
  u.reserve(times.size());
  for (double t : times)
    u.push_back(series.displacement(x, t));
  return u;
}

namespace {
CaseParameters with_compare_probe(CaseParameters c) {
  c.probes = {compare_position(c)};
  c.probe_labels = {"compare"};
  return c;
}
} // namespace

CaseComparison::CaseComparison(const CaseParameters& c, MPI_Comm comm)
    : c_(with_compare_probe(c)), comm_(comm), x_(c_.probes.front()), chain_(make_chain(c_)),
      dual_(chain_), fe_(std::make_unique<PreparedCase>(c_, comm)) {}

CaseComparison::~CaseComparison() = default;

FrequencyComparison CaseComparison::frequencies() const {
  const CaseParameters& c = c_;
  FrequencyComparison f;
  const unsigned int n = c.n_modes;
  check_number_of_modes(*fe_);
  const double scale = fe_->model->frequency_scale();
  f.primal_fe = natural_modes(fe_->system, c, n, scale).omega;

  // Zero modes (rigid-body motions, self-stress states) are zero up to round-off of the largest
  // eigenvalue, which grows as h^-4 for a bar chain: a zero is below 1e-8 of the structure's own
  // frequency scale squared or below 1000 round-offs of the largest eigenvalue.
  auto zero_of = [&](const std::vector<double>& squares) {
    const double largest =
        squares.empty() ? 0.0 : *std::max_element(squares.begin(), squares.end());
    return std::max(1e-8 * scale * scale, 1e3 * std::numeric_limits<double>::epsilon() * largest);
  };
  const std::vector<double> chain_squares =
      generalized_eigenvalues(chain_.stiffness(), chain_.mass);
  double zero = zero_of(chain_squares);
  for (double s : chain_squares)
    if (s <= zero)
      ++f.rigid_body_modes;
  f.chain = square_roots(chain_squares);
  f.chain.resize(n, nan);

  // The dual's elastic modes stand next to the chain's: mode rigid_body_modes + k.
  f.dual.assign(n, nan);
  unsigned int k = f.rigid_body_modes;
  f.dual_note = ImpulseDual::unsupported(chain_);
  if (!f.dual_note.empty())
    f.dual_note = "no impulse dual: " + f.dual_note;
  const std::vector<double> dual_squares =
      f.dual_note.empty() ? dual_.squared_frequencies() : std::vector<double>();
  zero = zero_of(dual_squares);
  for (double s : dual_squares) {
    if (s <= zero)
      ++f.self_stress_states;
    else if (k < n)
      f.dual[k++] = std::sqrt(s);
  }

  // The continuum dual of a string: its non-zero modes stand next to the primal ones (a string
  // fixed at x = 0 has no rigid-body mode).
  f.dual_fe.assign(n, nan);
  f.dual_fe_note = StringImpulseDual::unsupported(c);
  if (f.dual_fe_note.empty()) {
    const auto tria = line_triangulation(c, comm_);
    const StringImpulseDual dual(c, *tria, comm_, true, x_);
    const auto omega = compute_modes(dual.system(), n + 1, -0.01 * scale * scale).omega;
    unsigned int k = 0;
    for (double w : omega) {
      if (w < 1e-3 * scale) // a zero eigenvalue, to the accuracy of shift-and-invert
        ++f.dual_fe_self_stress_states;
      else if (k < n)
        f.dual_fe[k++] = w;
    }
  } else
    f.dual_fe_note = "no continuum dual: " + f.dual_fe_note;

  f.exact = exact_frequencies(c, n);
  f.exact.resize(n, nan);
  return f;
}

HistoryComparison CaseComparison::histories() const {
  const CaseParameters& c = c_;
  const DiscreteChain& chain = chain_;
  HistoryComparison h;
  h.x = x_;

  // primal FE, on all ranks; its times are every method's
  {
    const auto columns = history_columns(*fe_).names;
    const auto column = std::find(columns.begin(), columns.end(), "u@compare") - columns.begin();
    integrate(*fe_, [&](unsigned long, const State& s, const std::vector<double>& row) {
      h.time.push_back(s.t);
      h.primal_fe.push_back(row[column]);
    });
  }
  const NewmarkParameters scheme = reduction_scheme(c);

  // the chain, a discrete Lagrangian system of its own
  const auto at =
      std::min_element(chain.dof_positions.begin(), chain.dof_positions.begin() + chain.n_line_dofs,
                       [&](double a, double b) { return std::abs(a - h.x) < std::abs(b - h.x); }) -
      chain.dof_positions.begin();
  {
    SmallSystem s{chain.mass, chain.damping(), chain.stiffness(), chain.load};
    dealii::Vector<double> force = chain.load(0.0), pushed(chain.n_dofs());
    s.stiffness.vmult(pushed, chain.initial_displacement);
    force -= pushed;
    s.damping.vmult(pushed, chain.initial_velocity);
    force -= pushed;
    integrate_small_system(s, scheme, chain.initial_displacement, chain.initial_velocity,
                           solve_mass(chain.mass, force), h.time,
                           [&](double, const dealii::Vector<double>& u,
                               const dealii::Vector<double>&) { h.chain.push_back(u(at)); });
  }

  // its impulse dual, with the displacement recovered from the springs' forces
  if (!ImpulseDual::unsupported(chain).empty())
    h.dual.assign(h.time.size(), nan);
  else {
    dealii::Vector<double> s0, s1, s2;
    dual_.initial_state(s0, s1, s2);
    SmallSystem s{diagonal(dual_.compliance()), diagonal(dual_.resistance()), dual_.susceptance(),
                  [this](double t) { return dual_.load(t); }};
    integrate_small_system(
        s, scheme, s0, s1, s2, h.time,
        [&](double, const dealii::Vector<double>&, const dealii::Vector<double>& s_dot) {
          h.dual.push_back(dual_.displacements(s_dot)(at));
        });
  }

  // the string's continuum dual, on all ranks
  if (StringImpulseDual::unsupported(c).empty()) {
    const auto tria = line_triangulation(c, comm_);
    const StringImpulseDual dual(c, *tria, comm_, false, h.x);
    NewmarkIntegrator integrator(dual.system(), scheme);
    State state;
    integrator.allocate(state);
    dual.initial_state(state);
    step_through(integrator, state, h.time,
                 [&](const State& s) { h.dual_fe.push_back(dual.displacement(s.v)); });
  } else
    h.dual_fe.assign(h.time.size(), nan);

  h.exact = exact_string_history(c, h.x, h.time);
  h.exact.resize(h.time.size(), nan);
  return h;
}

double bracket_width(double exact, double fe, double chain, std::string* why) {
  std::string reason;
  if (std::isnan(fe) || std::isnan(chain) || !(fe > 0))
    reason = "none: a method has no such mode";
  else if (chain > fe)
    reason = "none: chain above FE";
  else if (!std::isnan(exact) && !(chain <= exact && exact <= fe))
    reason = chain > exact ? "none: chain above exact" : "none: FE below exact";
  if (why != nullptr)
    *why = reason;
  return reason.empty() ? (fe - chain) / fe : std::numeric_limits<double>::quiet_NaN();
}

double largest_bracket_width(const FrequencyComparison& f) {
  double widest = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = f.rigid_body_modes; k < f.primal_fe.size(); ++k) {
    const double w = bracket_width(f.exact[k], f.primal_fe[k], f.chain[k]);
    if (!std::isnan(w) && !(w <= widest))
      widest = w;
  }
  return widest;
}

HistoryDifferences history_differences(const HistoryComparison& h) {
  return {largest_difference(h.chain, h.primal_fe), largest_difference(h.dual, h.chain),
          largest_difference(h.dual_fe, h.primal_fe), largest_difference(h.primal_fe, h.exact)};
}

} // namespace hamdyn
