#include "studies/mode_shapes.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

// The rules are written in mode_shapes.h.
void write_mode_shape(const PreparedCase& pc, const LA::Vector& mode, unsigned int number,
                      const FieldData& field_data, VtuSeries& series, bool keep_sign) {
  const MPI_Comm comm = pc.comm;
  LA::Vector structure;
  pc.model->structure_part(mode, structure);
  const OutputFields fields = pc.model->output_fields();
  const bool rotation = fields.components == 2;
  const unsigned int n = pc.model->output_subdivisions() + 1;
  auto each_sample = [&](const std::function<void(double x, double w, double theta)>& f) {
    pc.model->sample_output_fields(structure, structure, structure,
                                   [&](const double* x, const double* values, const double*) {
                                     for (unsigned int j = 0; j < n; ++j)
                                       f(x[j], values[j], rotation ? values[n + j] : 0.0);
                                   });
  };
  double largest[2] = {0, 0}; // |w|, |theta| at the sampled points
  each_sample([&](double, double w, double theta) {
    largest[0] = std::max(largest[0], std::abs(w));
    largest[1] = std::max(largest[1], std::abs(theta));
  });
  largest[0] = dealii::Utilities::MPI::max(largest[0], comm);
  largest[1] = dealii::Utilities::MPI::max(largest[1], comm);
  const bool by_rotation = !(largest[0] > 1e-12 * largest[1] * pc.parameters.length);
  const unsigned int field = by_rotation ? 1 : 0;
  // the first x where |field| reaches its largest value (to round-off), and the sign there
  struct {
    double x;
    int sign;
  } first{std::numeric_limits<double>::infinity(), 1};
  each_sample([&](double x, double w, double theta) {
    const double value = field == 0 ? w : theta;
    if (std::abs(value) >= (1 - 1e-9) * largest[field] && x < first.x)
      first = {x, value < 0 ? -1 : 1};
  });
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_DOUBLE_INT, MPI_MINLOC, comm);
  const double scale = (keep_sign ? 1 : first.sign) / largest[field];
  FieldData with_rotation_flag = field_data;
  with_rotation_flag.emplace_back("scaled_by_rotation", by_rotation);
  OutputFields mode_fields;
  mode_fields.point = rotation ? std::vector<std::string>{"mode_w", "mode_theta"}
                               : std::vector<std::string>{"mode_w"};
  mode_fields.n_local_cells = fields.n_local_cells;
  series.write(
      mode_fields, n - 1, number,
      [&](LineVtuPiece& piece) {
        std::vector<double> scaled(mode_fields.point.size() * n);
        pc.model->sample_output_fields(structure, structure, structure,
                                       [&](const double* x, const double* values, const double*) {
                                         for (std::size_t i = 0; i < scaled.size(); ++i)
                                           scaled[i] = scale * values[i];
                                         piece.add_cell(x, scaled.data(), nullptr);
                                       });
      },
      false, with_rotation_flag);
}

} // namespace hamdyn
