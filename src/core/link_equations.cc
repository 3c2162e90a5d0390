#include "core/link_equations.h"

#include "core/ginac_text.h"
#include "core/input_error.h"

namespace hamdyn {

LinkEquations::LinkEquations(const std::vector<std::string>& coordinates,
                             const std::vector<LinkText>& links)
    : n_(coordinates.size()), links_(links) {
  try {
    derive(coordinates);
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) { // CLN and muparser refuse numbers beyond double precision
    std::string parameters;
    for (const LinkText& link : links)
      if (parameters.find(link.text.parameter) == std::string::npos)
        parameters += (parameters.empty() ? "" : ", ") + link.text.parameter;
    throw InputError(parameters, "",
                     std::string("the links' exact derivatives cannot be formed in double "
                                 "precision (") +
                         e.what() +
                         "); expected constants between 1e-300 and 1e300 in magnitude (or 0)");
  }
}

void LinkEquations::derive(const std::vector<std::string>& coordinates) {
  using GiNaC::ex;
  const std::vector<LinkText>& links = links_;
  const SymbolicReader reader(coordinates);
  const auto &q = reader.q(), &v = reader.v();
  const GiNaC::symbol& t = reader.t();
  const std::size_t n = n_;
  // per link: f, rho, b, then C (n) and d(residual)/dq (n)
  std::vector<ex> list;
  for (const LinkText& link : links) {
    const ex read = reader.read(link.text, !link.holonomic);
    ex position = 0, rate = 0;
    std::vector<ex> row(n), residual_q(n);
    if (link.holonomic) {
      position = read;
      rate = exact_derivative_of(read, t);
      for (std::size_t j = 0; j < n; ++j) {
        row[j] = exact_derivative_of(read, q[j]);
        residual_q[j] = row[j];
        rate += row[j] * v[j];
      }
    } else {
      rate = read;
      bool has_rate = false;
      for (std::size_t j = 0; j < n; ++j) {
        row[j] = exact_derivative_of(read, v[j]);
        residual_q[j] = exact_derivative_of(read, q[j]);
        has_rate = has_rate || !GiNaC::normal(row[j]).is_zero();
        for (std::size_t k = 0; k < n; ++k)
          if (row[j].has(v[k]) && !GiNaC::normal(exact_derivative_of(row[j], v[k])).is_zero())
            throw InputError(link.text.parameter, link.text.entry,
                             "the rate v_" + coordinates[k] +
                                 " enters nonlinearly; expected an expression linear in the "
                                 "rates, C(q, t) . q-dot + D(q, t) (a link on positions is "
                                 "Constraints/Holonomic)");
      }
      if (!has_rate)
        throw InputError(link.text.parameter, link.text.entry,
                         "no rate v_<name> appears; expected an expression linear in the rates "
                         "(a link on positions is Constraints/Holonomic)");
    }
    ex bias = exact_derivative_of(rate, t);
    for (std::size_t j = 0; j < n; ++j)
      bias += exact_derivative_of(rate, q[j]) * v[j];
    list.push_back(position);
    list.push_back(rate);
    list.push_back(bias);
    list.insert(list.end(), row.begin(), row.end());
    list.insert(list.end(), residual_q.begin(), residual_q.end());
  }
  compiled_ = reader.compile(list);
  variables_.assign(3 * n + 1, 0.0);
}

void LinkEquations::evaluate(const double* q, const double* v, double t, Values& values) const {
  const std::size_t n = n_, l = links_.size(), stride = 3 + 2 * n;
  for (std::size_t i = 0; i < n; ++i) {
    variables_[i] = q[i];
    variables_[n + i] = v ? v[i] : 0.0;
  }
  variables_[3 * n] = t;
  const double* r = compiled_->evaluate(variables_.data());
  values.position.resize(l);
  values.rate.resize(l);
  values.bias.resize(l);
  values.row.resize(l * n);
  values.residual_q.resize(l * n);
  for (std::size_t k = 0; k < l; ++k) {
    const double* x = r + k * stride;
    values.position[k] = x[0];
    values.rate[k] = x[1];
    values.bias[k] = x[2];
    std::copy(x + 3, x + 3 + n, values.row.begin() + k * n);
    std::copy(x + 3 + n, x + 3 + 2 * n, values.residual_q.begin() + k * n);
  }
}

} // namespace hamdyn
