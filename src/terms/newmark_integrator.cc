#include "terms/newmark_integrator.h"

#include "terms/moving_body_term.h"
#include "terms/nodal_force_term.h"

namespace hamdyn {

NewmarkIntegrator::NewmarkIntegrator(const SecondOrderSystem& system,
                                     const NewmarkParameters& parameters)
    : operator_(system), scheme_(operator_, parameters) {}

void NewmarkIntegrator::allocate(State& s) const {
  operator_.allocate(s);
}

void NewmarkIntegrator::initialize(State& s) {
  operator_.initialize(s);
  scheme_.forget_factorization();
}

void NewmarkIntegrator::initialize_with_acceleration(State& s) {
  operator_.initialize_with_acceleration(s);
  scheme_.forget_factorization();
}

double NewmarkIntegrator::first_negative_slope_time() const {
  return operator_.term<NodalForceTerm>()->first_negative_slope_time();
}

const std::string& NewmarkIntegrator::first_negative_slope_element() const {
  return operator_.term<NodalForceTerm>()->first_negative_slope_element();
}

const MovingBodyTerm* NewmarkIntegrator::moving_bodies() const {
  return operator_.term<MovingBodyTerm>();
}

void NewmarkIntegrator::save(Checkpoint& c) const {
  // {the tension J is factored with, last and most iterations, halved steps, the first negative
  // slope's time}: the layout of earlier versions, so that their checkpoints resume; the terms
  // fill their slots (0 and 4)
  c.set("integrator", std::vector<double>{0.0, double(scheme_.last_iterations()),
                                          double(scheme_.most_iterations()),
                                          double(scheme_.halved_steps()), -1.0});
  operator_.save(c);
}

void NewmarkIntegrator::restore(const Checkpoint& c) {
  const auto& values = c.numbers("integrator", 5);
  scheme_.set_counters(unsigned(values[1]), unsigned(values[2]),
                       static_cast<unsigned long>(values[3]));
  operator_.restore(c);
  scheme_.forget_factorization();
}

} // namespace hamdyn
