#include "core/response_parameters.h"

#include "core/attachment_parameters.h"
#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/planar_beam_case.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace P = dealii::Patterns;

namespace {
constexpr const char* section = "Frequency response";
// More values than any study needs (10^6 solves of a 10^5-unknown beam take days): a range with
// a step far too small for its span is a typo, reported before anything runs.
constexpr double most_values = 1e6;
} // namespace

std::vector<double> parse_value_list(const std::string& text, const std::string& parameter,
                                     const std::string& unit, bool allow_empty) {
  const std::string allowed = "expected \"start:step:end\" with 0 <= start <= end and step > 0, "
                              "or a ','-separated list of values >= 0 [" +
                              unit + "]";
  std::vector<double> list;
  if (text.find(':') != std::string::npos) {
    std::vector<double> parts;
    for (const std::string& part : list_entries(text, ':', parameter))
      parts.push_back(number(part));
    if (parts.size() != 3 || !(parts[0] >= 0) || !(parts[1] > 0) || !(parts[2] >= parts[0]) ||
        !std::isfinite(parts[2]))
      throw InputError(parameter, text, allowed);
    // f_k = start + k step, k from 0 to the last within round-off of end (40:0.05:45 ends at 45
    // although 5 / 0.05 is 99.99999999999999 in floating point)
    const double span = (parts[2] - parts[0]) / parts[1];
    if (!(span < most_values))
      throw InputError(parameter, text,
                       "gives " + text_of(std::floor(span) + 1) + " values, at most " +
                           text_of(most_values) + " are allowed; " + allowed);
    const auto n = static_cast<long>(std::floor(span + 1e-9 * std::max(1.0, span)));
    for (long k = 0; k <= n; ++k)
      list.push_back(parts[0] + double(k) * parts[1]);
  } else {
    for (const std::string& item : list_entries(text, ',', parameter)) {
      const double f = number(item);
      if (!(f >= 0) || !std::isfinite(f))
        throw InputError(parameter, item, allowed);
      list.push_back(f);
    }
  }
  if (list.empty() && !allow_empty)
    throw InputError(parameter, text, allowed);
  return list;
}

void declare_response_parameters(ParameterFile& f) {
  f.declare(section, "Frequencies", "1:1:100", P::Anything(),
            "start:step:end with 0 <= start <= end, step > 0, or a list f1, f2, ... (each >= 0)",
            "The excitation frequencies of `hamdyn response` (u(t) = Re(U e^{i omega t}), "
            "omega = 2 pi f): start:step:end gives f_k = start + k step up to end (inclusive "
            "within round-off). Units: Hz.");
  f.declare(section, "Method", "direct", P::Selection("direct|modal"), "direct | modal",
            "direct: (K (1 + i eta) - omega^2 M + i omega C) U = F solved at every frequency; "
            "modal: superposition of the first Modes/Number of modes natural modes with the "
            "full projected C (or the Modal damping ratio), plus the static correction of the "
            "modes left out.");
  f.declare(section, "Structural damping", "0", P::Double(), nonnegative_text,
            "Loss factor eta of hysteretic damping, K (1 + i eta), on top of the case's damping "
            "C (frequency response only). Units: none.");
  f.declare(section, "Modal damping ratio", "0", P::Double(), "a real number in [0, 1)",
            "Damping ratio zeta added to every mode, 2 zeta omega_n in its modal equation "
            "(Method = modal only). Units: none.");
  f.declare(section, "Load PSD", "0", P::Anything(), "an expression in f, >= 0 (0: none)",
            "One-sided power spectral density S(f) of a stationary random factor a(t) on the "
            "harmonic load (a constant or an expression in the frequency f [Hz]): writes the "
            "response PSD |H(f)|^2 S(f) (psd.csv) and each column's RMS over the frequencies "
            "(psd_rms.csv). Units: 1/Hz.");
  f.declare(section, "Forces", "", P::Anything(),
            "';'-separated x:amplitude with x in [0, Length], amplitude a constant",
            "Harmonic point forces F e^{i omega t}, e.g. 0.5:1; when this or the Distributed "
            "force is set, the case's own loads are left out. Units: m, N.");
  f.declare(section, "Distributed force", "0", P::Anything(), "an expression in x",
            "Harmonic distributed force amplitude p(x) e^{i omega t}. Units: N/m.");
  f.declare(section, "Support motion", "", P::Anything(),
            "';'-separated left|right (a planar beam: start|end): u_x, u_z (each support at "
            "most once)",
            "A cable's or a planar beam's harmonic excitation: the support's displacement "
            "amplitude U e^{i omega t} in x and z, e.g. 'right: 0, 0.01' (a cable's right "
            "support moving vertically by 1 cm), or 'left: 0.01, 0; right: 0.01, 0' (a uniform "
            "ground motion in x); a support not named, and every held point, stays where it is "
            "(a planar beam's support moves in the components it holds only: a clamp's "
            "rotation stays). Units: m.");
  f.declare(section, "Shapes at", "", P::Anything(), "empty or a list of frequencies >= 0",
            "Frequencies whose operating deflection shapes (real part, imaginary part, "
            "amplitude) are written as a ParaView series (response.pvd); each is taken at the "
            "nearest of the Frequencies. Units: Hz.");
}

void parse_response_parameters(const ParameterFile& f, CaseParameters& c) {
  ResponseParameters& r = c.response;
  r.frequencies = parse_value_list(f.get(section, "Frequencies"),
                                   parameter_name(section, "Frequencies"), "Hz", false);
  r.method = f.get(section, "Method") == "modal" ? ResponseParameters::Method::modal
                                                 : ResponseParameters::Method::direct;
  r.structural_damping = nonnegative_value(f, section, "Structural damping");
  r.modal_damping_ratio = f.get_double(section, "Modal damping ratio");
  if (!(r.modal_damping_ratio >= 0 && r.modal_damping_ratio < 1))
    throw InputError(parameter_name(section, "Modal damping ratio"),
                     f.get(section, "Modal damping ratio"), "expected a real number in [0, 1)");
  const ExpressionPtr psd = expression(f, section, "Load PSD", {"f"});
  r.load_psd = psd->is_zero() ? nullptr : psd;
  r.shapes_at = parse_value_list(f.get(section, "Shapes at"), parameter_name(section, "Shapes at"),
                                 "Hz", true);
  if (!c.cable && !c.planar_beam) { // the line's loads; a cable's case warns of them as unused
    r.forces = parse_attachment_list(f, section, "Forces", c.length, AttachmentValue::constant);
    r.distributed_force = expression(f, section, "Distributed force", {"x"});
    return;
  }
  const std::string motion = parameter_name(section, "Support motion");
  // a cable's supports are its left and right ends, a planar beam's its start and end
  // (a frame's: its supported points)
  std::vector<std::string> supports{c.cable ? "left" : "start", c.cable ? "right" : "end"};
  if (c.planar_beam && c.planar_beam->frame) {
    supports.clear();
    for (const auto& [point, name] : c.planar_beam->frame->supports)
      supports.push_back(c.planar_beam->frame->points[point].name);
  }
  std::string names;
  for (const std::string& s : supports)
    names += (names.empty() ? "" : "|") + s;
  for (const std::string& item : list_entries(f.get(section, "Support motion"), ';', motion)) {
    const std::string allowed = "expected " + names +
                                ": u_x, u_z with u_x and u_z finite [m], each support at most "
                                "once";
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos)
      throw InputError(motion, item, allowed);
    HarmonicSupportMotion m;
    m.support = trim(item.substr(0, colon));
    const std::vector<std::string> parts = list_entries(item.substr(colon + 1), ',', motion);
    if (std::find(supports.begin(), supports.end(), m.support) == supports.end() ||
        parts.size() != 2)
      throw InputError(motion, item, allowed);
    m.x = number(parts[0]);
    m.z = number(parts[1]);
    for (const HarmonicSupportMotion& other : r.support_motion)
      if (other.support == m.support)
        throw InputError(motion, item, allowed);
    if (!std::isfinite(m.x) || !std::isfinite(m.z))
      throw InputError(motion, item, allowed);
    r.support_motion.push_back(m);
  }
}

} // namespace hamdyn
