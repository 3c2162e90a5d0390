#include "models/attached_oscillators.h"

#include <deal.II/base/mpi.h>
#include <deal.II/dofs/dof_tools.h>
#include <deal.II/lac/sparsity_tools.h>

namespace hamdyn {

using namespace dealii;

AttachedOscillators::AttachedOscillators(const std::vector<Attachment>& oscillators,
                                         const DoFHandler<1>& dof_handler, NodeDof node_dof,
                                         MPI_Comm comm)
    : oscillators_(oscillators), n_structure_(dof_handler.n_dofs()), comm_(comm) {
  for (const Attachment& o : oscillators_)
    hosts_.push_back(node_dof(o.x));
  structure_owned_ = dof_handler.locally_owned_dofs();
  DoFTools::extract_locally_relevant_dofs(dof_handler, structure_relevant_);
  const auto n_total = n_structure_ + oscillators_.size();
  owned_ = IndexSet(n_total);
  owned_.add_indices(structure_owned_);
  relevant_ = IndexSet(n_total);
  relevant_.add_indices(structure_relevant_);
  const bool last_rank =
      Utilities::MPI::this_mpi_process(comm) + 1 == Utilities::MPI::n_mpi_processes(comm);
  if (last_rank)
    owned_.add_range(n_structure_, n_total);
  // Every rank sees the oscillators (their values are few and the hosts may be anywhere).
  relevant_.add_range(n_structure_, n_total);
  owned_.compress();
  relevant_.compress();
}

const DynamicSparsityPattern&
AttachedOscillators::system_sparsity(DynamicSparsityPattern& structure,
                                     DynamicSparsityPattern& dsp) const {
  if (oscillators_.empty()) {
    SparsityTools::distribute_sparsity_pattern(structure, owned_, comm_, relevant_);
    return structure;
  }
  dsp.reinit(relevant_.size(), relevant_.size(), relevant_);
  for (const auto row : structure_relevant_)
    for (auto entry = structure.begin(row); entry != structure.end(row); ++entry)
      dsp.add(row, entry->column());
  for (std::size_t k = 0; k < oscillators_.size(); ++k) {
    dsp.add(dof(k), dof(k));
    dsp.add(dof(k), hosts_[k]);
    if (structure_relevant_.is_element(hosts_[k]))
      dsp.add(hosts_[k], dof(k));
  }
  SparsityTools::distribute_sparsity_pattern(dsp, owned_, comm_, relevant_);
  return dsp;
}

void AttachedOscillators::assemble(SecondOrderSystem& s,
                                   const AffineConstraints<double>& constraints,
                                   double viscous_factor) const {
  for (std::size_t k = 0; k < oscillators_.size(); ++k) {
    const Attachment& o = oscillators_[k];
    const auto z = dof(k), host = hosts_[k];
    // A held host does not move: the oscillator then hangs from the ground.
    const bool coupled = !constraints.is_constrained(host);
    if (owned_.is_element(z)) {
      s.mass.add(z, z, o.value);
      s.stiffness.add(z, z, o.stiffness);
      if (coupled)
        s.stiffness.add(z, host, -o.stiffness);
    }
    if (coupled && owned_.is_element(host)) {
      s.stiffness.add(host, host, o.stiffness);
      s.stiffness.add(host, z, -o.stiffness);
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
      if (owned_.is_element(dof(k)))
        (*x)(dof(k)) = host_values[k];
    x->compress(VectorOperation::insert);
  }
}

std::vector<LinearFunctional> AttachedOscillators::history_functionals() const {
  std::vector<LinearFunctional> columns;
  for (std::size_t k = 0; k < oscillators_.size(); ++k)
    columns.push_back({"oscillator_" + std::to_string(k + 1), {dof(k)}, {1.0}, {}, {}, nullptr});
  return columns;
}

void AttachedOscillators::structure_part(const LA::Vector& state, LA::Vector& structure) const {
  LA::Vector owned_part(structure_owned_, comm_);
  for (const auto i : structure_owned_)
    owned_part(i) = state(i);
  owned_part.compress(VectorOperation::insert);
  structure.reinit(structure_owned_, structure_relevant_, comm_);
  structure = owned_part;
}

} // namespace hamdyn
