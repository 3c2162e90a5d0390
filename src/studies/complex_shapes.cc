#include "studies/complex_shapes.h"

#include <cmath>

namespace hamdyn {

void write_complex_shape(const PreparedCase& pc, const LA::Vector& re, const LA::Vector& im,
                         double time, const FieldData& field_data, VtuSeries& series) {
  const OutputFields fields = pc.model->output_fields();
  const bool rotation = fields.components == 2;
  const unsigned int n = pc.model->output_subdivisions() + 1, components = fields.components;
  OutputFields shape_fields;
  for (const char* part : {"_re", "_im", "_abs"})
    for (const char* name : {"w", "theta"})
      if (name[0] == 'w' || rotation)
        shape_fields.point.push_back(std::string(name) + part);
  shape_fields.n_local_cells = fields.n_local_cells;
  LA::Vector structure_re, structure_im;
  pc.model->structure_part(re, structure_re);
  pc.model->structure_part(im, structure_im);
  series.write(
      shape_fields, n - 1, time,
      [&](LineVtuPiece& piece) {
        std::vector<double> values(shape_fields.point.size() * n);
        // the real part is sampled as the displacement, the imaginary part as the velocity
        pc.model->sample_output_fields(structure_re, structure_im, structure_im,
                                       [&](const double* x, const double* sampled, const double*) {
                                         for (unsigned int c = 0; c < components; ++c)
                                           for (unsigned int i = 0; i < n; ++i) {
                                             const double a = sampled[c * n + i],
                                                          b = sampled[(components + c) * n + i];
                                             values[c * n + i] = a;
                                             values[(components + c) * n + i] = b;
                                             values[(2 * components + c) * n + i] =
                                                 std::hypot(a, b);
                                           }
                                         piece.add_cell(x, values.data(), nullptr);
                                       });
      },
      false, field_data);
}

} // namespace hamdyn
