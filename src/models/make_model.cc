#include "models/euler_bernoulli_beam.h"
#include "models/model.h"
#include "models/string_model.h"
#include "models/timoshenko_beam.h"

namespace hamdyn {

std::unique_ptr<Model> make_model(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                                  MPI_Comm comm) {
  switch (c.model_type) {
  case ModelType::euler_bernoulli_beam:
    return std::make_unique<EulerBernoulliBeamModel>(c, tria, comm);
  case ModelType::timoshenko_beam:
    return std::make_unique<TimoshenkoBeamModel>(c, tria, comm);
  case ModelType::string:
    break;
  }
  return std::make_unique<StringModel>(c, tria, comm);
}

} // namespace hamdyn
