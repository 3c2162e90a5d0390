#include "models/model.h"
#include "models/string_model.h"

namespace hamdyn {

std::unique_ptr<Model> make_model(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                                  MPI_Comm comm) {
  // Model/Type is validated when the case is parsed; "string" is the only model so far.
  return std::make_unique<StringModel>(c, tria, comm);
}

} // namespace hamdyn
