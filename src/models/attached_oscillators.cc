#include "models/attached_oscillators.h"

namespace hamdyn {

using namespace dealii;

AttachedOscillators::AttachedOscillators(const std::vector<Attachment>& oscillators,
                                         const DoFHandler<1>& dof_handler, const NodeDof& node_dof,
                                         MPI_Comm comm)
    : oscillators_(oscillators), extra_(dof_handler, oscillators.size(), comm), comm_(comm) {
  for (const Attachment& o : oscillators_)
    hosts_.push_back(node_dof(o.x));
}

const DynamicSparsityPattern&
AttachedOscillators::system_sparsity(DynamicSparsityPattern& structure,
                                     DynamicSparsityPattern& system) const {
  std::vector<std::pair<types::global_dof_index, types::global_dof_index>> couplings;
  for (std::size_t k = 0; k < oscillators_.size(); ++k)
    couplings.emplace_back(dof(k), hosts_[k]);
  return extra_.system_sparsity(structure, system, couplings);
}

void AttachedOscillators::assemble(SecondOrderSystem& s,
                                   const AffineConstraints<double>& constraints,
                                   double viscous_factor) const {
  for (std::size_t k = 0; k < oscillators_.size(); ++k) {
    const Attachment& o = oscillators_[k];
    const auto z = dof(k), host = hosts_[k];
    // A held host does not move: the oscillator then hangs from the ground.
    const bool coupled = !constraints.is_constrained(host);
    s.point_mass.push_back({z, z, o.value});
    s.point_stiffness.push_back({z, z, o.stiffness});
    if (coupled) {
      s.point_stiffness.push_back({z, host, -o.stiffness});
      s.point_stiffness.push_back({host, host, o.stiffness});
      s.point_stiffness.push_back({host, z, -o.stiffness});
    }
    // extra_damping is the same list on every rank.
    if (o.damping - viscous_factor * o.value != 0)
      s.extra_damping.push_back({z, z, o.damping - viscous_factor * o.value});
    if (coupled && o.damping != 0) {
      s.extra_damping.push_back({z, host, -o.damping});
      s.extra_damping.push_back({host, host, o.damping});
      s.extra_damping.push_back({host, z, -o.damping});
    }
  }
}

void AttachedOscillators::initial_state(LA::Vector& u, LA::Vector& v) const {
  for (LA::Vector* x : {&u, &v}) {
    const std::vector<double> host_values = gather_entries(*x, hosts_, comm_);
    for (std::size_t k = 0; k < oscillators_.size(); ++k)
      if (extra_.owned().is_element(dof(k)))
        (*x)(dof(k)) = host_values[k];
    x->compress(VectorOperation::insert);
  }
}

std::vector<LinearFunctional> AttachedOscillators::history_functionals() const {
  std::vector<LinearFunctional> columns;
  for (std::size_t k = 0; k < oscillators_.size(); ++k)
    columns.push_back(
        {"oscillator_" + std::to_string(k + 1), {dof(k)}, {1.0}, {}, {}, nullptr, "m"});
  return columns;
}

} // namespace hamdyn
