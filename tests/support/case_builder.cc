#include "support/case_builder.h"

#include "core/default_case.h"
#include "core/input_error.h"
#include "discrete/discrete_system.h"
#include "studies/prepared_case.h"
#include "studies/run_discrete.h"
#include "studies/transient.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace hamdyn::test_support {

CaseParameters make_case(const std::vector<std::string>& overrides) {
  return case_from_text(default_case_text(), overrides);
}

std::string seed_case(const std::string& name) {
  std::ifstream file(std::string(HAMDYN_SOURCE_DIR) + "/cases/seeds/" + name);
  if (!file)
    throw std::runtime_error("no seed case " + name);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string discrete_case_error(const std::string& text) {
  try {
    const CaseParameters c = case_from_text(text, {});
    const DiscreteSystem system(*c.discrete);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

CaseParameters case_from_text(const std::string& text, const std::vector<std::string>& overrides) {
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text(text, default_case_name);
  for (const auto& o : overrides)
    file.set(o);
  return parse_case_parameters(file, ".");
}

History simulate_discrete(const CaseParameters& c, MPI_Comm comm) {
  History h;
  const NamedColumns columns = discrete_history_columns(*c.discrete);
  h.columns = columns.names;
  h.units = columns.units;
  integrate_discrete(c, comm, [&](const std::vector<double>& row) { h.rows.push_back(row); });
  return h;
}

std::vector<double> History::column(const std::string& name) const {
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name) {
      std::vector<double> values;
      for (const auto& r : rows)
        values.push_back(r[k]);
      return values;
    }
  throw std::runtime_error("no history column " + name);
}

std::string History::unit(const std::string& name) const {
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name)
      return units.at(k);
  throw std::runtime_error("no history column " + name);
}

History simulate(const CaseParameters& c, MPI_Comm comm) {
  PreparedCase pc(c, comm);
  check_time_step(pc);
  History h;
  const NamedColumns columns = history_columns(pc);
  h.columns = columns.names;
  h.units = columns.units;
  integrate(pc, [&](unsigned long, const State&, const std::vector<double>& row) {
    h.rows.push_back(row);
  });
  return h;
}

double observed_order(const std::vector<double>& sizes, const std::vector<double>& errors) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = double(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const double x = std::log(sizes[i]), y = std::log(errors[i]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

std::vector<double> roots(const std::function<double(double)>& g, unsigned int n, double step) {
  std::vector<double> r;
  for (double a = step; r.size() < n; a += step) {
    double lo = a, hi = a + step;
    if ((g(lo) < 0) == (g(hi) < 0))
      continue;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (lo + hi);
      ((g(lo) < 0) == (g(mid) < 0) ? lo : hi) = mid;
    }
    r.push_back(0.5 * (lo + hi));
  }
  return r;
}

void report(const std::string& what, double value) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    std::printf("[ measured ] %s = %.6g\n", what.c_str(), value);
}

double bessel_j(double nu, double z) {
  double sum = 0, term = std::pow(z / 2, nu) / std::tgamma(nu + 1);
  for (int m = 0; m < 80; ++m) {
    sum += term;
    term *= -(z / 2) * (z / 2) / ((m + 1) * (m + 1 + nu));
  }
  return sum;
}

double largest_magnitude(const std::vector<double>& x) {
  double m = 0;
  for (double v : x)
    m = std::max(m, std::abs(v));
  return m;
}

double duffing_period(double w0_squared, double eps, double amplitude) {
  const double w2 = w0_squared + eps * amplitude * amplitude;
  const double m = eps * amplitude * amplitude / (2 * w2);
  double a = 1, b = std::sqrt(1 - m);
  for (int i = 0; i < 40; ++i) {
    const double next = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = next;
  }
  return 4 * (M_PI / (2 * a)) / std::sqrt(w2);
}

const char* const single_degree_of_freedom_case = R"(
subsection Model
  set Type = string
  set Length = 1
  set Mass per length = 0.003
  set Tension = 100
end
subsection Left end
  set Support = fixed
end
subsection Right end
  set Support = free
  set Point mass = 2
  set Spring = 500
  set Dashpot = 3
end
subsection Discretization
  set Elements = 1
  set Degree = 1
end
)";

} // namespace hamdyn::test_support
