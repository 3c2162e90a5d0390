#pragma once
// A recorded ground acceleration a_g(t): a two-column CSV (t [s], a [m/s^2]) or a PEER NGA .AT2
// file (values in g), read once and interpolated linearly between its samples, zero before the
// first and after the last.
#include <string>
#include <vector>

namespace hamdyn {

/// Standard gravity, the g of PEER's records (CGPM 1901; NIST SP 330).
constexpr double standard_gravity = 9.80665; // m/s^2

class GroundRecord {
public:
  /// Reads `path` (`shown`: the name as the case file wrote it, for messages): .AT2 by its
  /// extension (case-insensitive), CSV otherwise. Throws InputError naming `parameter`, the file
  /// and the line of anything malformed: a value that is not a finite number, times that do not
  /// increase, a missing NPTS or DT, fewer values than NPTS.
  GroundRecord(const std::string& path, const std::string& shown, const std::string& parameter);
  /// From samples (t strictly increasing) in m/s^2.
  GroundRecord(std::vector<double> t, std::vector<double> a);

  /// a_g(t) in m/s^2, before any scale factor.
  double operator()(double t) const;
  const std::vector<double>& times() const { return t_; }
  const std::vector<double>& values() const { return a_; }
  double duration() const { return t_.empty() ? 0 : t_.back(); }

private:
  std::vector<double> t_, a_;
};

} // namespace hamdyn
