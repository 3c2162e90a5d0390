#include "output/attachment_markers.h"

namespace hamdyn {

const std::vector<std::string>& attachment_kind_names() {
  static const std::vector<std::string> names{"point mass",
                                              "spring",
                                              "dashpot",
                                              "force",
                                              "oscillator",
                                              "nonlinear spring",
                                              "nonlinear dashpot",
                                              "rotary inertia",
                                              "rotational spring",
                                              "rotational dashpot",
                                              "nonlinear rotational spring",
                                              "moving force",
                                              "moving mass",
                                              "vehicle"};
  return names;
}

namespace {
void add_end(std::vector<AttachmentMarker>& markers, const EndParameters& end, double x,
             bool has_rotation) {
  using K = AttachmentKind;
  if (!end.holds_translation) {
    if (end.point_mass > 0)
      markers.push_back({x, K::point_mass, end.point_mass});
    if (end.spring > 0)
      markers.push_back({x, K::spring, 0, end.spring});
    if (end.spring_law)
      markers.push_back({x, K::nonlinear_spring});
    if (end.dashpot > 0)
      markers.push_back({x, K::dashpot, 0, 0, end.dashpot});
    if (end.has_dashpot_law())
      markers.push_back({x, K::nonlinear_dashpot, 0, 0, end.dashpot_law_coefficient});
    if (!end.force->is_zero())
      markers.push_back({x, K::force, 0, 0, 0, end.force});
  }
  if (has_rotation && !end.holds_rotation) {
    if (end.rotary_inertia > 0)
      markers.push_back({x, K::rotary_inertia, end.rotary_inertia});
    if (end.rotational_spring > 0)
      markers.push_back({x, K::rotational_spring, 0, end.rotational_spring});
    if (end.rotational_spring_law)
      markers.push_back({x, K::nonlinear_rotational_spring});
    if (end.rotational_dashpot > 0)
      markers.push_back({x, K::rotational_dashpot, 0, 0, end.rotational_dashpot});
    if (!end.moment->is_zero())
      markers.push_back({x, K::force, 0, 0, 0, end.moment});
  }
}
} // namespace

std::vector<AttachmentMarker> attachment_markers(const CaseParameters& c) {
  using K = AttachmentKind;
  std::vector<AttachmentMarker> markers;
  const bool has_rotation = model_kind(c.model_type).has_rotation;
  add_end(markers, c.left, 0.0, has_rotation);
  add_end(markers, c.right, c.length, has_rotation);
  for (const auto& a : c.point_masses)
    markers.push_back({a.x, K::point_mass, a.value});
  for (const auto& a : c.springs)
    markers.push_back({a.x, K::spring, 0, a.value});
  for (const auto& a : c.nonlinear_springs)
    markers.push_back({a.x, K::nonlinear_spring});
  for (const auto& a : c.dashpots)
    markers.push_back({a.x, K::dashpot, 0, 0, a.value});
  for (const auto& a : c.nonlinear_dashpots)
    markers.push_back({a.x, K::nonlinear_dashpot, 0, 0, a.value});
  for (const auto& a : c.forces)
    markers.push_back({a.x, K::force, 0, 0, 0, a.expression});
  for (std::size_t k = 0; k < c.oscillators.size(); ++k) {
    const auto& a = c.oscillators[k];
    markers.push_back({a.x, K::oscillator, a.value, a.stiffness, a.damping, nullptr, int(k)});
  }
  auto moving = [&](AttachmentMarker m, const ExpressionPtr& position) {
    m.position = position;
    markers.push_back(m);
  };
  for (const MovingForce& f : c.moving_forces)
    moving({(*f.position)(0, 0), K::moving_force, 0, 0, 0, f.amplitude}, f.position);
  int vehicle = int(c.oscillators.size());
  for (const MovingBody& b : c.moving_bodies)
    moving(b.is_vehicle() ? AttachmentMarker((*b.position)(0, 0), K::vehicle, b.mass, b.stiffness,
                                             b.damping, nullptr, vehicle++)
                          : AttachmentMarker((*b.position)(0, 0), K::moving_mass, b.mass),
           b.position);
  return markers;
}

} // namespace hamdyn
