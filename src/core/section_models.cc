#include "core/section_models.h"

#include "core/cable_case.h"
#include "core/case_parameters.h"
#include "core/discrete_case.h"
#include "core/ground_motion_parameters.h"
#include "core/parameter_file.h"
#include "core/planar_beam_case.h"
#include "core/response_parameters.h"
#include "core/section_parameters.h"
#include "core/spectrum_parameters.h"
#include "core/text.h"

#include <memory>

namespace hamdyn {

namespace {
// The output keys of a line's positions and snapshots (a discrete system with Points writes
// points.pvd every Snapshot interval steps; a cable writes its line)
bool line_output_key(const std::string& key) {
  return key == "Probes" || key == "Space-time points" || key == "Precision" ||
         key == "Snapshot interval";
}

void parse_discrete(const ParameterFile& f, const std::string&, CaseParameters& c) {
  c.discrete = std::make_shared<const DiscreteCase>(parse_discrete_case(f));
}

bool discrete_reads(const ParameterFile& f, const std::string& section, const std::string& key) {
  const bool points = !trim(f.get("Discrete system", "Points")).empty();
  return section == "Output" && (!line_output_key(key) || (key == "Snapshot interval" && points));
}

void parse_cable(const ParameterFile& f, const std::string& case_directory, CaseParameters& c) {
  c.cable = std::make_shared<const CableCase>(parse_cable_case(f));
  c.mass_matrix = c.cable->consistent_mass ? MassMatrix::consistent : MassMatrix::lumped;
  parse_response_parameters(f, c);
  parse_ground_motion_parameters(f, case_directory, c);
  parse_spectrum_parameters(f, c);
}

bool cable_reads(const ParameterFile& f, const std::string& section, const std::string& key) {
  return section == "Ground motion" || section == "Response spectrum" ||
         (section == "Section" && section_key_read(f, key, false)) ||
         (section == "Discretization" && (key == "Elements" || key == "Mass matrix")) ||
         (section == "Output" && (!line_output_key(key) || key == "Snapshot interval")) ||
         (section == "Static" && key == "Write shape") ||
         (section == "Frequency response" &&
          (key == "Frequencies" || key == "Structural damping" || key == "Support motion" ||
           key == "Load PSD" || key == "Shapes at"));
}
void parse_planar_beam(const ParameterFile& f, const std::string& case_directory,
                       CaseParameters& c) {
  c.planar_beam = std::make_shared<const PlanarBeamCase>(parse_planar_beam_case(f, case_directory));
  parse_response_parameters(f, c);
  parse_ground_motion_parameters(f, case_directory, c);
  parse_spectrum_parameters(f, c);
}

bool planar_beam_reads(const ParameterFile& f, const std::string& section, const std::string& key) {
  return section == "Ground motion" || section == "Response spectrum" ||
         (section == "Section" && section_key_read(f, key, true)) ||
         (section == "Discretization" && (key == "Elements" || key == "Degree")) ||
         (section == "Output" && (!line_output_key(key) || key == "Snapshot interval")) ||
         (section == "Static" && key != "Load time") || (section == "Buckling" && key != "Load") ||
         (section == "Frequency response" &&
          (key == "Frequencies" || key == "Structural damping" || key == "Support motion" ||
           key == "Load PSD" || key == "Shapes at"));
}
} // namespace

const std::vector<SectionModel>& section_models() {
  static const std::vector<SectionModel> models{
      {ModelType::discrete,
       discrete_model_name,
       "a discrete system",
       "a discrete system of named coordinates, inertias, springs, dashpots, forces and "
       "constraints (the Discrete system and Constraints sections; the line models' sections "
       "are not used)",
       {"Discrete system", "Constraints"},
       declare_discrete_parameters,
       parse_discrete,
       discrete_reads},
      {ModelType::cable,
       cable_model_name,
       "a cable",
       "a cable in the plane, hanging or taut, of axial stiffness EA between two supports (the "
       "Cable section, with Discretization/Elements and Mass matrix)",
       {"Cable"},
       declare_cable_parameters,
       parse_cable,
       cable_reads},
      {ModelType::planar_beam,
       planar_beam_model_name,
       "a planar beam",
       "a geometrically exact beam in the plane (Reissner's: axial, shear and bending strains "
       "exact at any rotation) from a start to an end point, or a frame of such members "
       "joined at points (the Planar beam and Geometry sections, with Discretization/Elements "
       "and Degree)",
       {"Planar beam", "Geometry"},
       declare_planar_beam_parameters,
       parse_planar_beam,
       planar_beam_reads},
  };
  return models;
}

const SectionModel* section_model(const std::string& name) {
  for (const SectionModel& m : section_models())
    if (m.name == name)
      return &m;
  return nullptr;
}

const SectionModel* section_model(ModelType type) {
  for (const SectionModel& m : section_models())
    if (m.type == type)
      return &m;
  return nullptr;
}

} // namespace hamdyn
