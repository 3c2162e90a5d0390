#include "models/euler_bernoulli_beam.h"
#include "models/model.h"
#include "models/string_model.h"
#include "models/timoshenko_beam.h"

#include <map>

namespace hamdyn {

namespace {
using Factory = std::unique_ptr<Model> (*)(const CaseParameters&, const dealii::Triangulation<1>&,
                                           MPI_Comm);
template <class ModelClass>
std::unique_ptr<Model> make(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                            MPI_Comm comm) {
  return std::make_unique<ModelClass>(c, tria, comm);
}
// The classes behind the rows of core/model_kind.cc (which core cannot name).
const std::map<ModelType, Factory> factories = {
    {ModelType::string, make<StringModel>},
    {ModelType::euler_bernoulli_beam, make<EulerBernoulliBeamModel>},
    {ModelType::timoshenko_beam, make<TimoshenkoBeamModel>}};
} // namespace

std::unique_ptr<Model> make_model(const CaseParameters& c, const dealii::Triangulation<1>& tria,
                                  MPI_Comm comm) {
  return factories.at(c.model_type)(c, tria, comm);
}

} // namespace hamdyn
