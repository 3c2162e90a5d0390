#include "models/make_planar_member.h"

#include "models/euler_bernoulli_member.h"
#include "models/linear_timoshenko_member.h"

#include <map>

namespace hamdyn {

namespace {
using Factory = std::unique_ptr<PlanarBeamElement> (*)(unsigned, double, double,
                                                       const PlanarBeamSection&,
                                                       PlanarBeamInterpolation);
template <class Element>
std::unique_ptr<PlanarBeamElement> make(unsigned degree, double length, double angle,
                                        const PlanarBeamSection& section,
                                        PlanarBeamInterpolation interpolation) {
  return std::make_unique<Element>(degree, length, angle, section, interpolation);
}
// The classes behind the rows of core/planar_member_kind.cc (which core cannot name).
const std::map<std::string, Factory> factories = {
    {"planar beam", make<PlanarBeamElement>},
    {"timoshenko beam", make<LinearTimoshenkoMember>},
    {"euler bernoulli beam", make<EulerBernoulliMember>}};
} // namespace

std::unique_ptr<PlanarBeamElement> make_planar_member(const std::string& kind, unsigned degree,
                                                      double length, double reference_angle,
                                                      const PlanarBeamSection& section,
                                                      PlanarBeamInterpolation interpolation) {
  return factories.at(kind)(degree, length, reference_angle, section, interpolation);
}

} // namespace hamdyn
