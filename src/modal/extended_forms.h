#pragma once
// x^T K y, x^T M y and K x - lambda M x of a system in extended precision, from its cells' forms
// (SecondOrderSystem::visit_cell_forms) and its point entries, never from the assembled
// matrices: the assembled product loses eps * cond(K) ~ eps N^4 of a beam's lowest eigenvalue,
// the element strains only ~eps N^2, and those in a 64-bit mantissa (system/extended_precision.h).
#include "system/cell_table.h"
#include "system/second_order_system.h"

#include <vector>

namespace hamdyn {

class ExtendedForms {
public:
  /// `s` must have cell forms (SecondOrderSystem::has_cell_forms).
  explicit ExtendedForms(const SecondOrderSystem& s);
  const SecondOrderSystem& system() const { return s_; }

  /// The Gram matrices k[i * n + j] = x_i^T K x_j and m[i * n + j] = x_i^T M x_j of the n
  /// vectors, summed over the ranks (every rank gets them). Held rows of x must be zero.
  void gram(const std::vector<LA::Vector>& x, std::vector<extended>& k,
            std::vector<extended>& m) const;

  struct Residual {
    extended stiffness = 0, mass = 0; // x^T K x, x^T M x
  };
  /// r = K x - lambda M x with x's Rayleigh quotient lambda = x^T K x / x^T M x, on the owned
  /// rows, zero on held rows, rounded to double once; returns x^T K x and x^T M x (summed over
  /// the ranks).
  Residual residual(const LA::Vector& x, LA::Vector& r) const;

private:
  /// x's values on the locally relevant DoFs (in their order).
  void relevant_values(const LA::Vector& x, std::vector<double>& values) const;
  /// Values of the point entries' rows and columns, gathered over the ranks.
  std::vector<double> point_values(const std::vector<const LA::Vector*>& x,
                                   const std::vector<MatrixEntry>& entries, bool rows) const;

  const SecondOrderSystem& s_;
  const CellTable& cells_; // a pass runs over its plain arrays: the refinement makes a few per mode
  // whether this rank's cells reach only its own DoFs (one rank): then no ghosted copy is made
  bool own_values_;
  LA::Vector ghosted_;
  // scratch kept across passes: at 10^6 DoFs a fresh allocation per pass cost more in page faults
  // than the pass itself
  mutable std::vector<double> values_;
  mutable std::vector<extended> products_[2];
};

} // namespace hamdyn
