#pragma once
#include "system/second_order_system.h"

namespace hamdyn {

/// Largest stable step of central difference, 2 / omega_max, with omega_max^2 bounded above by
/// Gershgorin's theorem applied to M^-1 K (M diagonal; held rows skipped). The bound is exact for
/// a uniform P1 string (omega_max = 2c/h) and conservative otherwise. Damping does not lower the
/// limit of the gamma = 1/2 member (Hughes, The Finite Element Method, Table 9.1.1).
double central_difference_critical_step(const SecondOrderSystem& system);

} // namespace hamdyn
