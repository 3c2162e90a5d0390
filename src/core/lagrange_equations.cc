#include "core/lagrange_equations.h"

#include "core/case_variables.h"
#include "core/expression.h"
#include "core/ginac_text.h"
#include "core/input_error.h"

#include <cmath>
#include <stdexcept>

namespace hamdyn {

namespace {
using GiNaC::ex;

// The names a text may use, and the reading both parsers agree on.
struct Reader {
  std::vector<std::string> variables; // every variable, in the order of the values
  std::map<std::string, double> constants;
  GiNaC::symtab table;
  std::vector<GiNaC::exmap> probes; // the symbols at two points
  std::vector<std::vector<double>> probe_values;

  ex read(const EnergyText& u, const std::vector<std::string>& allowed,
          const std::string& described) const {
    const std::string expected =
        "expected an expression in " + described +
        " (constants pi, e and the names of Variables/Definitions; functions with a derivative: "
        "sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, exp, ln, log, sqrt, abs, sign)";
    std::vector<std::string> known = allowed;
    for (const auto& [name, value] : constants)
      known.push_back(name);
    const auto unknown = unknown_identifiers(u.text, known);
    if (!unknown.empty())
      throw InputError(u.parameter, u.entry,
                       "undefined variable '" + unknown.front() + "'; " + expected);
    std::unique_ptr<CompiledExpressions> compiled;
    try {
      compiled = std::make_unique<CompiledExpressions>(variables, std::vector{u.text}, constants);
    } catch (const std::invalid_argument& e) {
      throw InputError(u.parameter, u.entry,
                       std::string("malformed expression (") + e.what() + "); " + expected);
    }
    ex read;
    try {
      read = read_muparser_text(u.text, table);
    } catch (const std::exception&) {
      throw InputError(u.parameter, u.entry,
                       "hamdyn differentiates it and cannot (min, max, rint, floor, ceil, int, "
                       "comparisons and ?: have no derivative); " +
                           expected);
    }
    // GiNaC's reading must be muparser's (their grammars differ at the edges: -2^2, 2^3^2)
    for (std::size_t k = 0; k < probes.size(); ++k) {
      const double expected_value = *compiled->evaluate(probe_values[k].data());
      const ex value = read.subs(probes[k]).evalf();
      if (!std::isfinite(expected_value) || !GiNaC::is_a<GiNaC::numeric>(value) ||
          !GiNaC::ex_to<GiNaC::numeric>(value).is_real())
        continue;
      const double got = GiNaC::ex_to<GiNaC::numeric>(value).to_double();
      if (!(std::abs(got - expected_value) <= 1e-12 * std::max(std::abs(expected_value), 1e-300)))
        throw InputError(u.parameter, u.entry,
                         "muparser and the symbolic differentiation read it differently (" +
                             std::to_string(expected_value) + " against " + std::to_string(got) +
                             "); write it with explicit parentheses");
    }
    return read;
  }
};

std::vector<std::string> printed(const std::vector<ex>& expressions) {
  std::vector<std::string> texts;
  texts.reserve(expressions.size());
  for (const ex& e : expressions)
    texts.push_back(muparser_text(e));
  return texts;
}
} // namespace

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
  Reader reader;
  reader.constants = {{"pi", M_PI}, {"e", M_E}};
  for (const Definition& definition : VariablesInEffect::current())
    reader.constants[definition.name] = definition.value;
  for (const auto& [name, value] : reader.constants)
    reader.table[name] = numeric(value); // the double muparser uses, exactly
  std::vector<symbol> q, v, a;
  const symbol t("t");
  std::vector<std::string> positions_allow, rates_allow; // names in q, t and in q, v, t
  for (const std::string& name : d.coordinates) {
    q.emplace_back(name);
    v.emplace_back("v_" + name);
    a.emplace_back("_a_" + name);
  }
  for (std::size_t i = 0; i < n; ++i) {
    reader.table[d.coordinates[i]] = q[i];
    reader.table["v_" + d.coordinates[i]] = v[i];
    reader.variables.push_back(d.coordinates[i]);
    positions_allow.push_back(d.coordinates[i]);
  }
  for (std::size_t i = 0; i < n; ++i)
    reader.variables.push_back("v_" + d.coordinates[i]);
  for (std::size_t i = 0; i < n; ++i)
    reader.variables.push_back("_a_" + d.coordinates[i]);
  reader.variables.push_back("t");
  reader.table["t"] = t;
  positions_allow.push_back("t");
  rates_allow = positions_allow;
  for (std::size_t i = 0; i < n; ++i)
    rates_allow.push_back("v_" + d.coordinates[i]);
  // two points away from 0 (where many expressions are trivially alike)
  for (const double shift : {0.0, 0.37}) {
    exmap at;
    std::vector<double> values;
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(0.31 + 0.17 * double(i) + shift);
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(-0.23 + 0.11 * double(i) - shift);
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(0.13 + 0.07 * double(i) + shift);
    values.push_back(0.41 + shift);
    for (std::size_t i = 0; i < n; ++i) {
      at[q[i]] = values[i];
      at[v[i]] = values[n + i];
    }
    at[t] = values[3 * n];
    reader.probes.push_back(at);
    reader.probe_values.push_back(values);
  }
  const std::string in_q_t = "the coordinates and t", in_q_v_t =
                                                          "the coordinates, their rates v_<name> "
                                                          "and t";

  ex kinetic = 0, potential = 0, dissipation = 0;
  std::vector<ex> positions, velocities;
  for (const PointMass& point : d.points) {
    point_names_.push_back(point.name);
    point_masses_.push_back(point.mass);
    dimension_ = point.components.size();
    for (std::size_t c = 0; c < point.components.size(); ++c) {
      const ex r = reader.read(point.components[c], positions_allow, in_q_t);
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
    kinetic += reader.read(text, rates_allow, in_q_v_t);
  for (const EnergyText& text : d.potential)
    potential += reader.read(text, positions_allow, in_q_t);
  for (const EnergyText& text : d.dissipation)
    dissipation += reader.read(text, rates_allow, in_q_v_t);
  std::vector<ex> applied(n, 0);
  for (const CoordinateForce& f : d.forces)
    applied[f.coordinate] += reader.read(f.force, rates_allow, in_q_v_t);

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
  std::vector<ex> momentum_list = momentum;
  for (std::size_t i = 0; i < n; ++i)
    momentum_list.push_back(exact_derivative_of(kinetic - potential, q[i]));
  // What GiNaC printed must compile (a failure here is hamdyn's, not the case's).
  try {
    momenta_ = std::make_unique<CompiledExpressions>(reader.variables, printed(momentum_list),
                                                     reader.constants);
    forces_ = std::make_unique<CompiledExpressions>(reader.variables, printed(force_list),
                                                    reader.constants);
    tangents_ = std::make_unique<CompiledExpressions>(reader.variables, printed(tangent_list),
                                                      reader.constants);
    std::vector<ex> point_list = positions;
    point_list.insert(point_list.end(), velocities.begin(), velocities.end());
    points_ = std::make_unique<CompiledExpressions>(reader.variables, printed(point_list),
                                                    reader.constants);
    energies_ = std::make_unique<CompiledExpressions>(
        reader.variables,
        printed({kinetic, potential, t0, t1, exact_derivative_of(kinetic - potential, t)}),
        reader.constants);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("muparser does not read the derivatives: ") + e.what());
  }
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
