#include "studies/run_cable_spectrum.h"

#include "studies/cable_line.h"
#include "studies/cable_modes.h"
#include "studies/cable_response.h"
#include "studies/modal_spectrum.h"
#include "studies/run_cable_transient.h"
#include "studies/spectrum_history.h"
#include "studies/transient.h"

#include <complex>

namespace hamdyn {

namespace {
void check_cable_spectrum_case(const CaseParameters& c) {
  check_ground_motion_given(c);
  check_size_for_modes(c.cable->n_elements, "hamdyn spectrum of a cable");
  check_step_count(c);
}

// The case whose run the spectrum compares with: from rest at the static equilibrium the modes
// are taken about, whatever Cable/Initial state says.
CaseParameters at_equilibrium(const CaseParameters& c) {
  CaseParameters e = c;
  auto cable = std::make_shared<CableCase>(*c.cable);
  cable->start_at_equilibrium = true;
  e.cable = cable;
  return e;
}

// The modes about the equilibrium with, for each, Gamma = phi^T M r / phi^T M phi, the effective
// mass (phi^T M r)^2 / phi^T M phi, zeta = phi^T C phi / (2 omega phi^T M phi) (C: the dashpots
// and the axial damping; exact for one mode, the diagonal of the projected C otherwise) and its
// values of the history's columns: the midspan's and the masses' displacements, and the support
// elements' tension changes (their linearized force along the element).
ModalPeaks cable_modal_peaks(const CaseParameters& c) {
  ModalPeaks m(c);
  m.base_shear = false;
  CableLine line = make_cable_line(*c.cable);
  check_number_of_modes(line.chain, c.n_modes);
  solve_cable_equilibrium(line.chain);
  const ChainModes modes = chain_modes(line.chain, line.mass, c.n_modes);
  const ChainHarmonicResponse matrices(line.chain, line.mass);
  using Part = ChainHarmonicResponse::Part;
  const std::size_t n = line.chain.nodes.size(), midspan = midspan_node(line);
  std::vector<double> r(2 * n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    r[2 * i + c.cable->ground_direction] = 1;
  // the history's positions [m] and tensions [N], in its order (the values below follow it)
  const NamedColumns columns = cable_history_columns(*c.cable);
  for (std::size_t k = 0; k < columns.names.size(); ++k)
    if (columns.units[k] == "m" || columns.units[k] == "N")
      m.quantities.push_back(columns.names[k]);
  for (std::size_t k = 0; k < modes.omega.size(); ++k) {
    std::vector<double> phi(2 * n);
    std::vector<std::complex<double>> shape(2 * n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t a : {0, 1})
        shape[2 * i + a] = phi[2 * i + a] = modes.shapes[k][i][a];
    const double mass = matrices.form(Part::mass, phi, phi),
                 coupling = matrices.form(Part::mass, phi, r);
    m.factor.push_back(coupling / mass);
    m.effective_mass.push_back(coupling * coupling / mass);
    m.add_mode(modes.omega[k],
               matrices.form(Part::damping, phi, phi) / (2 * modes.omega[k] * mass));
    std::vector<double> values{phi[2 * midspan], phi[2 * midspan + 1]};
    for (const std::size_t node : line.mass_nodes)
      values.insert(values.end(), {phi[2 * node], phi[2 * node + 1]});
    values.push_back(matrices.tension(0, shape, 0, 0).real());
    values.push_back(matrices.tension(line.chain.elements.size() - 1, shape, 0, 0).real());
    m.shape_columns.push_back(values);
  }
  return m;
}

} // namespace

const LargeMotionSpectrum cable_spectrum{check_cable_spectrum_case, cable_modal_peaks,
                                         at_equilibrium, make_cable_history_run};

NamedValues run_cable_spectrum(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report) {
  return large_motion_spectrum(cable_spectrum, c, &file, comm, report);
}

NamedValues resume_cable_spectrum(const CaseParameters& c, MPI_Comm comm, bool report) {
  return large_motion_spectrum(cable_spectrum, c, nullptr, comm, report);
}

} // namespace hamdyn
