#include "studies/planar_beam_modes.h"

#include "core/input_error.h"
#include "reductions/dense_eigen.h"
#include "reductions/gyroscopic_eigen.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
std::vector<unsigned> free_dofs(const PlanarBeamLine& line) {
  std::vector<unsigned> free;
  for (std::size_t i = 0; i < line.n_dofs(); ++i)
    if (!line.held[i] && !line.tied(i))
      free.push_back(unsigned(i));
  return free;
}
// The Coriolis matrix 2 Omega M_A J on the inert rows (`free[inert[r]]` the DoF of row r): for
// nodes a, b of an element, G(x_a, z_b) = -2 Omega m_ab and G(z_a, x_b) = 2 Omega m_ab.
dealii::FullMatrix<double> coriolis_matrix(const PlanarBeamLine& line,
                                           const std::vector<unsigned>& free,
                                           const std::vector<unsigned>& inert, double rate) {
  std::vector<int> row(line.n_dofs(), -1);
  for (unsigned r = 0; r < inert.size(); ++r)
    row[free[inert[r]]] = int(r);
  dealii::FullMatrix<double> g(inert.size(), inert.size());
  const unsigned nodes = line.degree() + 1, nd = 3 * nodes;
  std::vector<double> me(nd * nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    line.elements[e].mass(me.data());
    for (unsigned a = 0; a < nodes; ++a)
      for (unsigned b = 0; b < nodes; ++b) {
        const double coriolis = 2 * rate * me[(3 * a) * nd + 3 * b];
        const int xa = row[line.row(line.dof(e, a, 0))], za = row[line.row(line.dof(e, a, 1))],
                  xb = row[line.row(line.dof(e, b, 0))], zb = row[line.row(line.dof(e, b, 1))];
        if (xa >= 0 && zb >= 0)
          g(xa, zb) -= coriolis;
        if (za >= 0 && xb >= 0)
          g(za, xb) += coriolis;
      }
  }
  return g;
}
} // namespace

void check_planar_beam_eigenproblem(const PlanarBeamLine& line, unsigned n_modes,
                                    PlanarEigenproblem problem, const std::string& study,
                                    const std::string& count_key) {
  refuse_followers(line, study,
                   " (its eigenvalues may be complex: flutter), which this study does not solve");
  const std::size_t n = free_dofs(line).size();
  if (n > most_dofs_for_planar_beam_modes)
    throw InputError("Discretization/Elements", std::to_string(line.elements.size()),
                     "expected at most " + std::to_string(most_dofs_for_planar_beam_modes) +
                         " free degrees of freedom for hamdyn " + study +
                         " of a planar beam (its eigenvalues are dense; this mesh has " +
                         std::to_string(n) + ")");
  // the modes are as many as the DoFs with mass (the rotations have none where rho I = 0), the
  // buckling shapes as the free DoFs
  const bool modes = problem == PlanarEigenproblem::modes,
             rotary = line.elements.front().section().rotary_inertia > 0;
  std::size_t most = 0;
  for (const unsigned i : free_dofs(line))
    most += i % 3 != 2 || rotary || !modes ? 1 : 0;
  // about steady rotation the first-order form (twice the DoFs with mass, non-symmetric) and an
  // inverse iteration of that size for each mode: 1200 DoFs take about 20 s
  if (modes && line.elements.front().steady_rotation_rate() != 0 &&
      most > most_dofs_for_rotating_planar_beam_modes)
    throw InputError("Discretization/Elements", std::to_string(line.elements.size()),
                     "expected at most " +
                         std::to_string(most_dofs_for_rotating_planar_beam_modes) +
                         " degrees of freedom with mass for hamdyn " + study +
                         " of a planar beam about "
                         "steady rotation (its gyroscopic eigenproblem is dense and non-symmetric; "
                         "this mesh has " +
                         std::to_string(most) + ")");
  if (n_modes > most)
    throw InputError(count_key, std::to_string(n_modes),
                     "expected at most " + std::to_string(most) +
                         ", the planar beam's free degrees of freedom" +
                         (modes ? " with mass" : ""));
}

FreeMatrices free_matrices(const PlanarBeamLine& line, const std::vector<double>& q,
                           FreeMatrices::Pair pair) {
  FreeMatrices matrices;
  matrices.free = free_dofs(line);
  const std::vector<unsigned>& free = matrices.free;
  std::vector<int> index(line.n_dofs(), -1); // a DoF's row among the free ones
  for (std::size_t k = 0; k < free.size(); ++k)
    index[free[k]] = int(k);
  matrices.first.reinit(free.size(), free.size());
  matrices.second.reinit(free.size(), free.size());
  const unsigned nd = 3 * (line.degree() + 1);
  std::vector<double> qe(nd), first(nd * nd), second(nd * nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    if (pair == FreeMatrices::Pair::tangent_and_mass) {
      line.elements[e].tangent(qe.data(), first.data());
      line.elements[e].mass(second.data());
    } else
      line.elements[e].tangent_parts(qe.data(), first.data(), second.data());
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j) {
        const int r = index[line.row(line.dof(e, i / 3, i % 3))],
                  c = index[line.row(line.dof(e, j / 3, j % 3))];
        if (r >= 0 && c >= 0) {
          matrices.first(r, c) += first[i * nd + j];
          matrices.second(r, c) += second[i * nd + j];
        }
      }
  }
  return matrices;
}

void scale_shape(std::vector<double>& shape) {
  double largest = 0; // the largest displacement component, its sign kept
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (i % 3 != 2 && std::abs(shape[i]) > std::abs(largest))
      largest = shape[i];
  if (largest == 0) // a shape of the rotations alone
    for (const double v : shape)
      if (std::abs(v) > std::abs(largest))
        largest = v;
  if (largest != 0)
    for (double& v : shape)
      v /= largest;
}

double mass_form(const PlanarBeamLine& line, const std::vector<double>& u) {
  const unsigned nd = 3 * (line.degree() + 1);
  std::vector<double> ue(nd), me(nd * nd);
  double mass = 0;
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, u, ue.data());
    line.elements[e].mass(me.data());
    for (unsigned i = 0; i < nd; ++i)
      for (unsigned j = 0; j < nd; ++j)
        mass += ue[i] * me[i * nd + j] * ue[j];
  }
  return mass;
}

LineForms line_forms(const PlanarBeamLine& line, const std::vector<double>& q,
                     const std::vector<double>& u) {
  LineForms forms;
  const unsigned nd = 3 * (line.degree() + 1);
  std::vector<double> qe(nd), ue(nd);
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    element_dofs(line, e, q, qe.data());
    element_dofs(line, e, u, ue.data());
    double material, geometric;
    line.elements[e].tangent_forms(qe.data(), ue.data(), material, geometric);
    forms.material += material;
    forms.geometric += geometric;
    forms.tangent += line.elements[e].quadratic_energy() ? material : material + geometric;
  }
  forms.mass = mass_form(line, u);
  return forms;
}

PlanarBeamModes planar_beam_modes(const PlanarBeamLine& line, const std::vector<double>& q,
                                  unsigned n_modes) {
  FreeMatrices matrices = free_matrices(line, q, FreeMatrices::Pair::tangent_and_mass);
  const std::vector<unsigned>& free = matrices.free;
  const dealii::FullMatrix<double>&k = matrices.first, &m = matrices.second;
  // DoFs without mass (theta where rho I = 0) are condensed out statically (Guyan): the
  // eigenproblem of the others is K_ii - K_im K_mm^-1 K_mi, M_ii, and a mode's massless DoFs
  // follow as -K_mm^-1 K_mi u_i (with a singular M, LAPACK's dsygv fails or returns nonsense)
  std::vector<unsigned> inert, massless; // rows of k and m
  for (unsigned r = 0; r < free.size(); ++r)
    (m(r, r) > 0 ? inert : massless).push_back(r);
  dealii::FullMatrix<double> kc(inert.size(), inert.size()), mc(inert.size(), inert.size());
  dealii::FullMatrix<double> coupling; // K_mm^-1 K_mi
  for (unsigned a = 0; a < inert.size(); ++a)
    for (unsigned b = 0; b < inert.size(); ++b) {
      kc(a, b) = k(inert[a], inert[b]);
      mc(a, b) = m(inert[a], inert[b]);
    }
  if (!massless.empty()) {
    dealii::FullMatrix<double> kmm(massless.size(), massless.size()),
        kmi(massless.size(), inert.size());
    for (unsigned a = 0; a < massless.size(); ++a) {
      for (unsigned b = 0; b < massless.size(); ++b)
        kmm(a, b) = k(massless[a], massless[b]);
      for (unsigned b = 0; b < inert.size(); ++b)
        kmi(a, b) = k(massless[a], inert[b]);
    }
    kmm.gauss_jordan();
    coupling.reinit(massless.size(), inert.size());
    kmm.mmult(coupling, kmi);
    // kc -= K_im (K_mm^-1 K_mi)
    dealii::FullMatrix<double> reduction(inert.size(), inert.size());
    kmi.Tmmult(reduction, coupling);
    kc.add(-1.0, reduction);
  }
  // a mode's shape on every DoF from its values on the inert ones (the massless DoFs follow)
  const auto full_shape = [&](const dealii::Vector<double>& u) {
    std::vector<double> shape(line.n_dofs(), 0.0);
    for (unsigned a = 0; a < inert.size(); ++a)
      shape[free[inert[a]]] = u[a];
    if (!massless.empty()) {
      dealii::Vector<double> follow(massless.size());
      coupling.vmult(follow, u);
      for (unsigned a = 0; a < massless.size(); ++a)
        shape[free[massless[a]]] = -follow[a];
    }
    copy_ties(line, shape);
    return shape;
  };
  PlanarBeamModes modes;
  const double rate = line.elements.front().steady_rotation_rate();
  if (rate != 0) {
    // about steady rotation: M u'' + G u' + K u = 0 with the Coriolis terms G = 2 Omega M_A J
    // (J the quarter turn on each node's (x, z); from the frame's kinetic energy int rho A
    // |u' + Omega J (r - hub)|^2 / 2) and K the tangent with the centrifugal softening
    const dealii::FullMatrix<double> g = coriolis_matrix(line, free, inert, rate);
    const GyroscopicModes gyroscopic = gyroscopic_modes(kc, mc, g, n_modes);
    for (std::size_t j = 0; j < gyroscopic.omega.size(); ++j) {
      std::vector<double> shape = full_shape(gyroscopic.real[j]),
                          quadrature = full_shape(gyroscopic.imaginary[j]);
      // omega from the shape's quotient (gyroscopic_frequency), its stiffness from the
      // elements' strains as below
      const LineForms in_phase = line_forms(line, q, shape),
                      in_quadrature = line_forms(line, q, quadrature);
      dealii::Vector<double> gb(inert.size());
      g.vmult(gb, gyroscopic.imaginary[j]);
      modes.omega.push_back(gyroscopic_frequency(in_phase.tangent + in_quadrature.tangent,
                                                 in_phase.mass + in_quadrature.mass,
                                                 gyroscopic.real[j] * gb, gyroscopic.omega[j]));
      modes.shapes.push_back(std::move(shape));
    }
    return modes;
  }
  const EigenPairs pairs = generalized_eigenpairs(kc, mc);
  for (std::size_t j = 0; j < pairs.values.size() && j < n_modes; ++j) {
    std::vector<double> shape = full_shape(pairs.vectors[j]);
    scale_shape(shape);
    // omega^2 as the Rayleigh quotient of the shape, its stiffness from the elements' strains:
    // LAPACK's value is accurate to eps times the largest (the axial modes', 10^9 times the
    // first bending one's at EA/EI ~ 10^4 1/m^2: 1.5e-8 off the Timoshenko beam's first
    // frequency), the quotient's error the vector's squared
    const LineForms forms = line_forms(line, q, shape);
    modes.omega.push_back(std::sqrt(std::max(forms.tangent / forms.mass, 0.0)));
    modes.shapes.push_back(std::move(shape));
  }
  return modes;
}

} // namespace hamdyn
