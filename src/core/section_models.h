#pragma once
// The models whose case is read from a section of their own rather than from the line models'
// Model keys (core/model_kind.h): the discrete system (Discrete system, Constraints), the cable
// (Cable). One row each in section_models.cc; Model/Type's choices and documentation, parsing,
// and the warnings for keys a case sets but its model does not read are all made from the table,
// so a new such model is its own files plus one row there.
#include "core/model_kind.h"

#include <string>
#include <vector>

namespace hamdyn {

class ParameterFile;
struct CaseParameters;

struct SectionModel {
  ModelType type;
  std::string name;        // as written after Model/Type
  std::string article;     // "a cable": how messages name a case of it
  std::string description; // its sentence in Model/Type's documentation
  /// The sections it reads alone (the others' keys there are warned of as unused).
  std::vector<std::string> sections;
  void (*declare)(ParameterFile& f);
  /// Reads its section (and whatever other keys it takes) into c, model_type included; throws
  /// InputError naming a key with a value not allowed.
  void (*parse)(const ParameterFile& f, const std::string& case_directory, CaseParameters& c);
  /// Whether it reads `section`/`key` beyond its own sections and the keys every model shares.
  bool (*reads)(const ParameterFile& f, const std::string& section, const std::string& key);
};

const std::vector<SectionModel>& section_models();
/// The row of Model/Type `name`, or null (a line model).
const SectionModel* section_model(const std::string& name);
/// The row of `type`, or null (a line model).
const SectionModel* section_model(ModelType type);

} // namespace hamdyn
