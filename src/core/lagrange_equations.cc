#include "core/lagrange_equations.h"

#include "core/ginac_text.h"
#include "core/input_error.h"

#include <cmath>
#include <stdexcept>

namespace hamdyn {

using GiNaC::ex;

LagrangeEquations::LagrangeEquations(const EnergyDefinition& d) : n_(d.coordinates.size()) {
  try {
    derive(d);
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    // CLN's arithmetic (under GiNaC) and muparser refuse numbers beyond double precision: a
    // constant such as 1e308*50 or a subnormal 4.9e-324 in the case's texts
    std::string parameters;
    auto add = [&](const std::vector<EnergyText>& texts) {
      for (const EnergyText& text : texts)
        if (parameters.find(text.parameter) == std::string::npos)
          parameters += (parameters.empty() ? "" : ", ") + text.parameter;
    };
    for (const PointMass& point : d.points)
      add(point.components);
    add(d.kinetic);
    add(d.potential);
    add(d.dissipation);
    for (const CoordinateForce& force : d.forces)
      add({force.force});
    throw InputError(parameters + (d.gravity.empty() ? "" : ", Discrete system/Gravity"), "",
                     std::string("the equations' exact derivatives cannot be formed in double "
                                 "precision (") +
                         e.what() +
                         "); expected constants between 1e-300 and 1e300 in magnitude (or 0)");
  }
}

void LagrangeEquations::derive(const EnergyDefinition& d) {
  using namespace GiNaC;
  const std::size_t n = n_;
  const SymbolicReader reader(d.coordinates);
  const std::vector<symbol>&q = reader.q(), &v = reader.v(), &a = reader.a();
  const symbol& t = reader.t();
  ex kinetic = 0, potential = 0, dissipation = 0;
  std::vector<ex> positions, velocities;
  for (const PointMass& point : d.points) {
    point_names_.push_back(point.name);
    point_masses_.push_back(point.mass);
    dimension_ = point.components.size();
    for (std::size_t c = 0; c < point.components.size(); ++c) {
      const ex r = reader.read(point.components[c], false);
      ex velocity = r.diff(t);
      for (std::size_t j = 0; j < n; ++j)
        velocity += exact_derivative_of(r, q[j]) * v[j];
      kinetic += numeric(point.mass) / 2 * pow(velocity, 2);
      if (c < d.gravity.size() && d.gravity[c] != 0)
        potential -= numeric(point.mass) * numeric(d.gravity[c]) * r;
      positions.push_back(r);
      velocities.push_back(velocity);
    }
  }
  for (const EnergyText& text : d.kinetic)
    kinetic += reader.read(text, true);
  for (const EnergyText& text : d.potential)
    potential += reader.read(text, false);
  for (const EnergyText& text : d.dissipation)
    dissipation += reader.read(text, true);
  std::vector<ex> applied(n, 0);
  for (const CoordinateForce& f : d.forces)
    applied[f.coordinate] += reader.read(f.force, true);

  // M = d2T/dv dv must not depend on the rates (T at most quadratic in them)
  std::vector<ex> momentum(n), mass(n * n);
  for (std::size_t i = 0; i < n; ++i)
    momentum[i] = exact_derivative_of(kinetic, v[i]);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      mass[i * n + j] = exact_derivative_of(momentum[i], v[j]);
      for (std::size_t k = 0; k < n; ++k)
        if (mass[i * n + j].has(v[k]) && normal(mass[i * n + j]).has(v[k]))
          throw InputError(
              d.kinetic.empty() ? "Discrete system/Kinetic energy" : d.kinetic.front().parameter,
              d.kinetic.empty() ? "" : d.kinetic.front().entry,
              "T must be at most quadratic in the rates, and d2T/dv_" + d.coordinates[i] + " dv_" +
                  d.coordinates[j] + " depends on the rate v_" + d.coordinates[k]);
    }
  std::vector<ex> inertia(n, 0), conservative(n), dissipative(n), residual(n);
  for (std::size_t i = 0; i < n; ++i) {
    ex g = momentum[i].diff(t) - exact_derivative_of(kinetic, q[i]) +
           exact_derivative_of(potential, q[i]);
    for (std::size_t j = 0; j < n; ++j) {
      inertia[i] += mass[i * n + j] * a[j];
      g += exact_derivative_of(momentum[i], q[j]) * v[j];
    }
    conservative[i] = g;
    dissipative[i] = exact_derivative_of(dissipation, v[i]);
    residual[i] = conservative[i] + dissipative[i] - applied[i];
  }
  std::vector<ex> force_list = inertia, tangent_list = mass;
  force_list.insert(force_list.end(), conservative.begin(), conservative.end());
  force_list.insert(force_list.end(), dissipative.begin(), dissipative.end());
  force_list.insert(force_list.end(), applied.begin(), applied.end());
  for (const auto* of : {&inertia, &residual})
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k)
        tangent_list.push_back(exact_derivative_of((*of)[i], q[k]));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k)
      tangent_list.push_back(exact_derivative_of(residual[i], v[k]));
  for (const auto* list : {&force_list, &tangent_list})
    for (const ex& e : *list)
      depends_on_time_ = depends_on_time_ || e.has(t);
  rheonomic_ = kinetic.has(t) || potential.has(t);
  depends_on_time_ = depends_on_time_ || rheonomic_;
  exmap at_rest;
  for (std::size_t i = 0; i < n; ++i)
    at_rest[v[i]] = 0;
  const ex t0 = kinetic.subs(at_rest);
  ex t1 = 0;
  for (std::size_t i = 0; i < n; ++i)
    t1 += momentum[i].subs(at_rest) * v[i];
  natural_ = !rheonomic_ && normal(t0).is_zero() && normal(t1).is_zero();
  for (std::size_t i = 0; i < n; ++i) {
    bool cyclic = normal(applied[i]).is_zero() && !depends_on(dissipation, v[i]);
    for (const ex& e : {kinetic, potential, dissipation})
      cyclic = cyclic && !depends_on(e, q[i]);
    for (const ex& f : applied)
      cyclic = cyclic && !depends_on(f, q[i]);
    cyclic_.push_back(cyclic);
  }
  std::vector<ex> momentum_list = momentum;
  for (std::size_t i = 0; i < n; ++i)
    momentum_list.push_back(exact_derivative_of(kinetic - potential, q[i]));
  // What GiNaC printed must compile (a failure here is hamdyn's, not the case's).
  momenta_ = reader.compile(momentum_list);
  forces_ = reader.compile(force_list);
  tangents_ = reader.compile(tangent_list);
  std::vector<ex> point_list = positions;
  point_list.insert(point_list.end(), velocities.begin(), velocities.end());
  points_ = reader.compile(point_list);
  energies_ =
      reader.compile({kinetic, potential, t0, t1, exact_derivative_of(kinetic - potential, t)});
  values_.assign(3 * n + 1, 0.0);
}

const double* LagrangeEquations::evaluate(const CompiledExpressions& e, const double* q,
                                          const double* v, const double* a, double t) const {
  const std::size_t n = n_;
  for (std::size_t i = 0; i < n; ++i) {
    values_[i] = q[i];
    values_[n + i] = v ? v[i] : 0.0;
    values_[2 * n + i] = a ? a[i] : 0.0;
  }
  values_[3 * n] = t;
  return e.evaluate(values_.data());
}

void LagrangeEquations::forces(const double* q, const double* v, const double* a, double t,
                               Forces& f) const {
  const double* r = evaluate(*forces_, q, v, a, t);
  const std::size_t n = n_;
  f.inertia.assign(r, r + n);
  f.conservative.assign(r + n, r + 2 * n);
  f.dissipative.assign(r + 2 * n, r + 3 * n);
  f.applied.assign(r + 3 * n, r + 4 * n);
}

void LagrangeEquations::tangents(const double* q, const double* v, const double* a, double t,
                                 Tangents& d) const {
  const double* r = evaluate(*tangents_, q, v, a, t);
  const std::size_t nn = n_ * n_;
  d.mass.assign(r, r + nn);
  d.inertia_q.assign(r + nn, r + 2 * nn);
  d.forces_q.assign(r + 2 * nn, r + 3 * nn);
  d.forces_v.assign(r + 3 * nn, r + 4 * nn);
}

double LagrangeEquations::kinetic_energy(const double* q, const double* v, double t) const {
  return evaluate(*energies_, q, v, nullptr, t)[0];
}

double LagrangeEquations::potential_energy(const double* q, double t) const {
  return evaluate(*energies_, q, nullptr, nullptr, t)[1];
}

LagrangeEquations::EnergyParts LagrangeEquations::energy_parts(const double* q, const double* v,
                                                               double t) const {
  const double* r = evaluate(*energies_, q, v, nullptr, t);
  return {r[2], r[3], r[0] - r[2] - r[3], r[1], r[4]};
}

void LagrangeEquations::points(const double* q, const double* v, double t,
                               std::vector<double>& positions,
                               std::vector<double>& velocities) const {
  const double* r = evaluate(*points_, q, v, nullptr, t);
  const std::size_t size = point_masses_.size() * dimension_;
  positions.assign(r, r + size);
  velocities.assign(r + size, r + 2 * size);
}

void LagrangeEquations::momenta(const double* q, const double* v, double t,
                                std::vector<double>& momentum,
                                std::vector<double>& gradient) const {
  const double* r = evaluate(*momenta_, q, v, nullptr, t);
  momentum.assign(r, r + n_);
  gradient.assign(r + n_, r + 2 * n_);
}

} // namespace hamdyn
