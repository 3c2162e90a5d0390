// Section input (Section/Shape = rectangle | circle | tube): the derived EI, rho A, rho I and
// kappa G A against formulas written out here, the conflicts and limits that are bad input, and
// a steel rectangular cantilever's frequencies from E, b, h through the whole pipeline.
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/section_parameters.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

using namespace hamdyn;

namespace {
struct Parsed {
  ParameterFile file;
  CaseParameters c;
};

// A case file written from the declared defaults, as a user writes one.
// `more` holds further subsections (not Model or Section).
std::unique_ptr<Parsed> parse(const std::string& model, const std::string& section_keys,
                              const std::string& more = "") {
  auto p = std::make_unique<Parsed>();
  declare_case_parameters(p->file);
  p->file.read_text("subsection Model\n set Type = " + model + "\nend\nsubsection Section\n" +
                        section_keys + "end\n" + more,
                    "section test");
  p->c = parse_case_parameters(p->file, ".");
  return p;
}

constexpr double young = 210e9, poisson = 0.3, density = 7850;
const std::string steel =
    " set Young's modulus = 210e9\n set Poisson's ratio = 0.3\n set Density = 7850\n";
} // namespace

TEST(SectionInput, RectangleCircleAndTubeAgainstHandFormulas) {
  const double g = young / (2 * (1 + poisson));
  {
    const double b = 0.04, h = 0.1, a = b * h, i = b * h * h * h / 12;
    const double kappa = 10 * (1 + poisson) / (12 + 11 * poisson); // 0.8497 at nu = 0.3
    EXPECT_NEAR(kappa, 0.849673, 1e-6);
    const auto p = parse("timoshenko beam",
                         " set Shape = rectangle\n set Width = 0.04\n set Height = 0.1\n" + steel);
    EXPECT_NEAR(p->c.mass_per_length, density * a, 1e-12 * density * a);
    EXPECT_NEAR(p->c.bending_stiffness, young * i, 1e-12 * young * i);
    EXPECT_NEAR(p->c.rotary_inertia_per_length, density * i, 1e-12 * density * i);
    EXPECT_NEAR(p->c.shear_stiffness, kappa * g * a, 1e-12 * kappa * g * a);
    // the Euler-Bernoulli beam keeps the classical rho I = 0
    const auto eb = parse("euler bernoulli beam",
                          " set Shape = rectangle\n set Width = 0.04\n set Height = 0.1\n" + steel);
    EXPECT_EQ(eb->c.rotary_inertia_per_length, 0.0);
    EXPECT_NEAR(eb->c.bending_stiffness, young * i, 1e-12 * young * i);
  }
  {
    const double d = 0.05, a = M_PI * d * d / 4, i = M_PI * std::pow(d, 4) / 64;
    const double kappa = 6 * (1 + poisson) / (7 + 6 * poisson); // 0.8864
    const auto p = parse("timoshenko beam", " set Shape = circle\n set Diameter = 0.05\n" + steel);
    EXPECT_NEAR(p->c.mass_per_length, density * a, 1e-12 * density * a);
    EXPECT_NEAR(p->c.bending_stiffness, young * i, 1e-12 * young * i);
    EXPECT_NEAR(p->c.shear_stiffness, kappa * g * a, 1e-12 * kappa * g * a);
  }
  {
    const double d = 0.1, t = 0.005, ro = d / 2, ri = ro - t, m = ri / ro;
    const double a = M_PI * (ro * ro - ri * ri), i = M_PI * (std::pow(ro, 4) - std::pow(ri, 4)) / 4;
    const double q = std::pow(1 + m * m, 2);
    const double kappa =
        6 * (1 + poisson) * q / ((7 + 6 * poisson) * q + (20 + 12 * poisson) * m * m);
    const auto p =
        parse("timoshenko beam",
              " set Shape = tube\n set Diameter = 0.1\n set Wall thickness = 0.005\n" + steel);
    EXPECT_NEAR(p->c.mass_per_length, density * a, 1e-12 * density * a);
    EXPECT_NEAR(p->c.bending_stiffness, young * i, 1e-12 * young * i);
    EXPECT_NEAR(p->c.shear_stiffness, kappa * g * a, 1e-12 * kappa * g * a);
    // Cowper's thin-walled limit m -> 1: 2(1 + nu) / (4 + 3 nu) = 0.5306
    EXPECT_NEAR(tube_section(1, 1e-6, poisson).shear_coefficient, 2 * 1.3 / (4 + 0.9), 1e-5);
    // and the solid limit m -> 0 is the circle's
    EXPECT_NEAR(tube_section(1, 0.5 - 1e-9, poisson).shear_coefficient,
                circle_section(1, poisson).shear_coefficient, 1e-9);
  }
}

TEST(SectionInput, UsedParametersNoteTheDerivedValues) {
  const auto p = parse("timoshenko beam",
                       " set Shape = rectangle\n set Width = 0.04\n set Height = 0.1\n" + steel);
  std::ostringstream written;
  p->file.write(written);
  const std::string text = written.str();
  const auto section = text.find("subsection Section\n");
  ASSERT_NE(section, std::string::npos);
  const auto note = text.find("# derived from Shape = rectangle", section);
  ASSERT_NE(note, std::string::npos);
  EXPECT_NE(text.find("Shear stiffness = ", note), std::string::npos);
  EXPECT_LT(note, text.find("end", section)); // inside the Section subsection
}

TEST(SectionInput, ConflictsAndLimitsAreBadInput) {
  const std::string rectangle = " set Shape = rectangle\n set Width = 0.04\n set Height = 0.1\n";
  // a direct key beside a section names both
  try {
    ParameterFile file;
    declare_case_parameters(file);
    file.read_text("subsection Model\n set Type = euler bernoulli beam\n set Bending stiffness = "
                   "5\nend\nsubsection Section\n" +
                       rectangle + steel + "end\n",
                   "conflict");
    parse_case_parameters(file, ".");
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("Model/Bending stiffness = '5'"), std::string::npos) << message;
    EXPECT_NE(message.find("Section/Shape = rectangle"), std::string::npos) << message;
  }
  EXPECT_THROW(
      parse("timoshenko beam",
            " set Shape = tube\n set Diameter = 0.1\n set Wall thickness = 0.05\n" + steel),
      InputError); // a wall of half the diameter is a solid section
  EXPECT_THROW(parse("timoshenko beam", rectangle + " set Density = 7850\n"),
               InputError); // no Young's modulus
  EXPECT_THROW(parse("timoshenko beam", " set Shape = circle\n" + steel), InputError);
  EXPECT_THROW(parse("timoshenko beam", rectangle + steel + " set Poisson's ratio = 0.6\n"),
               InputError);
  // keys the shape or the model does not use are warned about (an Euler-Bernoulli beam has no
  // shear, so no use for Poisson's ratio)
  const auto p =
      parse("euler bernoulli beam", rectangle + " set Young's modulus = 210e9\n set Density = "
                                                "7850\n set Poisson's ratio = 0.25\n"
                                                " set Diameter = 3\n");
  const auto warnings = unused_parameter_warnings(p->file, p->c);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("Section/Diameter = '3' is not used with Section/Shape = rectangle"),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find("Section/Poisson's ratio"), std::string::npos) << warnings[1];
}

TEST(SectionInput, SteelRectangularCantileverFrequencies) {
  // L = 2 m, b = 50 mm, h = 100 mm (bending about the strong axis): omega_k = (beta_k L)^2
  // sqrt(E I / (rho A L^4)) with beta L = 1.8751041, 4.6940911, 7.8547574 (cos x cosh x = -1).
  const double b = 0.05, h = 0.1, length = 2;
  const auto p = parse("euler bernoulli beam\n set Length = 2",
                       " set Shape = rectangle\n set Width = 0.05\n set Height = 0.1\n" + steel,
                       "subsection Left end\n set Support = clamped\nend\n"
                       "subsection Right end\n set Support = free\nend\n"
                       "subsection Discretization\n set Elements = 40\nend\n");
  PreparedCase pc(p->c, MPI_COMM_WORLD);
  const auto omega = natural_modes(pc.system, p->c, 3, pc.model->frequency_scale()).omega;
  const double scale =
      std::sqrt(young * b * h * h * h / 12 / (density * b * h * std::pow(length, 4)));
  const double beta_l[3] = {1.87510407, 4.69409113, 7.85475744};
  for (int k = 0; k < 3; ++k) {
    const double exact = beta_l[k] * beta_l[k] * scale;
    EXPECT_NEAR(omega[k], exact, 2e-6 * exact) << "mode " << k + 1;
  }
}
