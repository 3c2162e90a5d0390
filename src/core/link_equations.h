#pragma once
// Constraints written as expressions (Naprstek & Fischer, eq. 2; Meirovitch, Methods of
// Analytical Dynamics, secs. 2.3 and 4.8): a holonomic link f(q, t) = 0, and a non-holonomic
// link linear in the rates, C(q, t) . q-dot + D(q, t) = 0. Each is used at three levels:
//   positions   f(q, t) = 0                                (holonomic links only)
//   rates       rho = C . q-dot + D = 0,  C = df/dq, D = df/dt for a holonomic link
//   accelerations  C . q'' + b = 0,  b = sum_j (d rho/dq_j) q-dot_j + d rho/dt
// with exact derivatives (core/symbolic_reader.h): GiNaC forms them once, muparser evaluates.
#include "core/symbolic_reader.h"

#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

struct LinkText {
  std::string name;
  EnergyText text;
  bool holonomic; // f(q, t), or an expression linear in the rates
};

class LinkEquations {
public:
  /// Derives the links' rows; InputError naming the parameter and the entry for a rate in a
  /// holonomic link, a non-holonomic link in which a rate enters nonlinearly (naming the rate:
  /// d2 rho / d v_i d v_j is checked to vanish symbolically) or one without any rate.
  LinkEquations(const std::vector<std::string>& coordinates, const std::vector<LinkText>& links);

  std::size_t size() const { return links_.size(); }
  const LinkText& link(std::size_t k) const { return links_[k]; }

  /// At (q, v, t), each link's position residual f (0 for a non-holonomic link), rate residual
  /// rho, row C (n values), acceleration term b, and d(residual)/dq (n values): df/dq for a
  /// holonomic link (its position residual's), d rho/dq for a non-holonomic one (its rate
  /// residual's).
  struct Values {
    std::vector<double> position, rate, row, bias, residual_q;
  };
  void evaluate(const double* q, const double* v, double t, Values& values) const;

private:
  void derive(const std::vector<std::string>& coordinates);
  std::size_t n_;
  std::vector<LinkText> links_;
  std::unique_ptr<CompiledExpressions> compiled_;
  mutable std::vector<double> variables_; // q, v, a, t
};

} // namespace hamdyn
