#include "core/ground_record.h"

#include "core/input_error.h"
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>

namespace hamdyn {

namespace {
// A finite number filling `text` (after trimming), or NaN.
double finite_number(const std::string& text) {
  const std::string t = trim(text);
  if (t.empty())
    return NAN;
  std::size_t used = 0;
  double v = NAN;
  try {
    v = std::stod(t, &used);
  } catch (const std::exception&) {
    return NAN;
  }
  return used == t.size() && std::isfinite(v) ? v : NAN;
}

bool has_at2_extension(const std::string& path) {
  if (path.size() < 4)
    return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::toupper(c)); });
  return ext == ".AT2";
}
} // namespace

GroundRecord::GroundRecord(std::vector<double> t, std::vector<double> a)
    : t_(std::move(t)), a_(std::move(a)) {}

GroundRecord::GroundRecord(const std::string& path, const std::string& shown,
                           const std::string& parameter) {
  // A FIFO would block the read for ever and a symlink loop throws from std::filesystem: both,
  // like a directory, are no record
  std::error_code error;
  const bool regular = std::filesystem::is_regular_file(std::filesystem::status(path, error));
  std::ifstream in;
  if (regular && !error)
    in.open(path);
  if (!in.is_open() || !in)
    throw InputError(parameter, shown,
                     "cannot be read as a regular file; expected a two-column CSV (t, a in "
                     "m/s^2) or a PEER NGA .AT2 file");
  auto bad = [&](unsigned long line, const std::string& what) {
    return InputError(parameter, shown, "line " + std::to_string(line) + ": " + what);
  };
  std::string line;
  unsigned long number = 0;
  if (has_at2_extension(path)) {
    // PEER NGA format (PEER Ground Motion Database, user's manual, 2010): four header lines, the
    // fourth "NPTS= n, DT= dt SEC", then the accelerations in g, several to a line.
    long npts = -1;
    double dt = NAN;
    static const std::regex header(R"(NPTS\s*=\s*([0-9]+)\s*,?\s*DT\s*=\s*([0-9.eE+-]+))",
                                   std::regex::icase);
    while (number < 4 && std::getline(in, line)) {
      ++number;
      std::smatch m;
      if (std::regex_search(line, m, header)) {
        // (more digits than a long holds: past any record's length, refused below)
        const std::string digits = m[1];
        npts = digits.size() > 15 ? std::numeric_limits<long>::max() : std::stol(digits);
        dt = finite_number(m[2]);
      }
    }
    if (number < 4 || npts < 1 || !(dt > 0))
      throw bad(number, "expected four header lines, the fourth with NPTS = n, DT = dt SEC (a "
                        "PEER NGA .AT2 record)");
    while (std::getline(in, line)) {
      ++number;
      std::istringstream values(line);
      for (std::string item; values >> item;) {
        const double g = finite_number(item);
        if (std::isnan(g))
          throw bad(number, "'" + shortened(item) + "' is not a finite number");
        t_.push_back(dt * double(a_.size()));
        a_.push_back(g * standard_gravity);
      }
    }
    if (long(a_.size()) < npts)
      throw bad(number, "the header says NPTS = " + std::to_string(npts) + " but " +
                            std::to_string(a_.size()) + " values follow");
    t_.resize(std::size_t(npts));
    a_.resize(std::size_t(npts));
    return;
  }
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#')
      continue;
    const auto comma = text.find(',');
    const double t = comma == std::string::npos ? NAN : finite_number(text.substr(0, comma));
    const double a = comma == std::string::npos ? NAN : finite_number(text.substr(comma + 1));
    if (std::isnan(t) || std::isnan(a)) {
      if (t_.empty() && a_.empty() && number == 1)
        continue; // a header line "t,a"
      throw bad(number, "'" + shortened(text) + "' is not t,a with two finite numbers");
    }
    if (!t_.empty() && !(t > t_.back()))
      throw bad(number, "t = " + text_of(t) + " s does not follow " + text_of(t_.back()) +
                            " s; expected increasing times");
    t_.push_back(t);
    a_.push_back(a);
  }
  if (t_.empty())
    throw InputError(parameter, shown, "holds no samples; expected lines t,a (s, m/s^2)");
}

double GroundRecord::operator()(double t) const {
  if (t_.empty() || t < t_.front() || t > t_.back())
    return 0;
  const auto after = std::upper_bound(t_.begin(), t_.end(), t);
  if (after == t_.end())
    return a_.back();
  const std::size_t k = std::size_t(after - t_.begin());
  if (k == 0)
    return a_.front();
  const double s = (t - t_[k - 1]) / (t_[k] - t_[k - 1]);
  return (1 - s) * a_[k - 1] + s * a_[k];
}

} // namespace hamdyn
