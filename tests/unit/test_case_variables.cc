// Variables/Definitions: named constants usable in every numeric key, list and expression of a
// case, each a constant expression of the ones before it; bad definitions and undefined names are
// bad input naming them; --set and batch sweeps replace one definition and recompute the rest.
#include "batch/sweep.h"
#include "core/case_parameters.h"
#include "core/case_variables.h"
#include "core/expression.h"
#include "core/input_error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace hamdyn;

namespace {
CaseParameters parse(const std::string& text, ParameterFile& file) {
  declare_case_parameters(file);
  file.read_text(text, "variables test");
  return parse_case_parameters(file, ".");
}

// The InputError's message for a case, or "" when it parses.
std::string error_of(const std::string& text) {
  try {
    ParameterFile file;
    parse(text, file);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const std::string definitions = "subsection Variables\n"
                                " set Definitions = L = 2; m = 0.5; k = 4*pi^2*m; n = 10\n"
                                "end\n";
} // namespace

TEST(CaseVariables, DefinitionsAreEvaluatedInOrder) {
  const Definitions d = evaluate_definitions("L = 2; m = 0.5; k = 4*pi^2*m; w = sqrt(k/m)", {});
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].value, 2.0);
  EXPECT_DOUBLE_EQ(d[2].value, 4 * M_PI * M_PI * 0.5);
  EXPECT_DOUBLE_EQ(d[3].value, 2 * M_PI); // a 1 Hz oscillator's omega
  EXPECT_TRUE(evaluate_definitions("", {}).empty());
}

TEST(CaseVariables, UsableInNumericKeysListsAndExpressions) {
  ParameterFile file;
  const CaseParameters c =
      parse(definitions + "subsection Model\n set Length = L\n"
                          " set Tension = k * L\nend\n"
                          "subsection Attachments\n set Point masses = L/4:m\n"
                          " set Oscillators = L/2:m,k,0.1*m\nend\n"
                          "subsection Load\n set Distributed force = "
                          "m*sin(pi*x/L)*cos(sqrt(k/m)*t)\nend\n"
                          "subsection Discretization\n set Elements = 2*n\nend\n",
            file);
  const double k = 4 * M_PI * M_PI * 0.5;
  EXPECT_EQ(c.length, 2.0);
  EXPECT_DOUBLE_EQ(c.tension, 2 * k);
  ASSERT_EQ(c.point_masses.size(), 1u);
  EXPECT_EQ(c.point_masses[0].x, 0.5);
  EXPECT_EQ(c.point_masses[0].value, 0.5);
  ASSERT_EQ(c.oscillators.size(), 1u);
  EXPECT_DOUBLE_EQ(c.oscillators[0].stiffness, k);
  EXPECT_EQ(c.n_elements, 20u);
  EXPECT_NEAR((*c.distributed_force)(1.0, 0.25), 0.5 * std::cos(2 * M_PI * 0.25), 1e-15);
  // used_parameters.prm keeps the expressions and notes their values
  std::ostringstream written;
  file.write(written);
  const std::string text = written.str();
  EXPECT_NE(text.find("set Length"), std::string::npos);
  EXPECT_NE(text.find("= L "), std::string::npos) << text; // deal.II adds "# default: 1.0"
  EXPECT_NE(text.find("# Length = L = 2"), std::string::npos);
  EXPECT_NE(text.find("# k = 19.7392088"), std::string::npos);
  // and read back, it gives the same case
  ParameterFile again;
  const CaseParameters d = parse(text, again);
  EXPECT_EQ(d.length, c.length);
  EXPECT_EQ(d.tension, c.tension);
}

TEST(CaseVariables, BadDefinitionsAndUndefinedNamesNameThem) {
  auto with = [](const std::string& definitions_text, const std::string& more = "") {
    return error_of("subsection Variables\n set Definitions = " + definitions_text + "\nend\n" +
                    more);
  };
  EXPECT_NE(with("k = 4*m; m = 1").find("'m' is used before its definition"), std::string::npos);
  EXPECT_NE(with("k = 4*q").find("'q' is not defined"), std::string::npos);
  for (const char* reserved : {"x", "t", "e", "pi", "theta", "v_a", "sin"})
    EXPECT_NE(with(std::string(reserved) + " = 1").find("is reserved"), std::string::npos)
        << reserved;
  EXPECT_NE(with("a = 1/0").find("expected a finite value"), std::string::npos);
  EXPECT_NE(with("a = 1; a = 2").find("defined twice"), std::string::npos);
  EXPECT_NE(with("a 1").find("expected name = expression"), std::string::npos);
  EXPECT_NE(with("2a = 1").find("is not a name"), std::string::npos);
  // a discrete system's coordinate is reserved too
  EXPECT_NE(with("th1 = 1", "subsection Model\n set Type = discrete\nend\n"
                            "subsection Discrete system\n set Coordinates = th1\n"
                            " set Inertias = J: 1 @ th1\nend\n")
                .find("is reserved"),
            std::string::npos);
  // a numeric key naming an undefined variable is bad input naming the key
  const std::string length = error_of("subsection Model\n set Length = Q\nend\n");
  EXPECT_NE(length.find("Model/Length = 'Q'"), std::string::npos) << length;
  EXPECT_NE(length.find("undefined variable 'Q'"), std::string::npos) << length;
  // an integer key needs an integral value
  EXPECT_NE(error_of(definitions + "subsection Discretization\n set Elements = n/3\nend\n")
                .find("Discretization/Elements = 'n/3'"),
            std::string::npos);
  // a value out of range is reported as for a numeral
  EXPECT_NE(error_of(definitions + "subsection Model\n set Length = -L\nend\n")
                .find("Model/Length = '-L': expected a real number > 0"),
            std::string::npos);
}

TEST(CaseVariables, SetOrSweepOneDefinition) {
  ParameterFile file;
  declare_case_parameters(file);
  file.read_text(definitions + "subsection Model\n set Tension = k\nend\n", "set test");
  file.set("Variables/m=0.25");
  const CaseParameters c = parse_case_parameters(file, ".");
  EXPECT_DOUBLE_EQ(c.tension, 4 * M_PI * M_PI * 0.25); // k recomputed from the new m
  EXPECT_THROW(file.set("Variables/zz=1"), InputError);

  // a batch sweep of Variables/m: each member's case gets its definition
  const auto dir = std::filesystem::temp_directory_path() / "hamdyn_variables_sweep";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "base.prm") << definitions << "subsection Model\n set Tension = k\nend\n";
  std::ofstream(dir / "sweep.prm") << "subsection Batch\n set Case = base.prm\n"
                                      " set Study = modes\n set Values = Variables/m = 0.1, 0.2\n"
                                      "end\n";
  const Sweep sweep = read_sweep((dir / "sweep.prm").string());
  ASSERT_EQ(sweep.members.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    ParameterFile member;
    declare_case_parameters(member);
    read_member_case(sweep, k, {}, (dir / "out").string(), member);
    EXPECT_DOUBLE_EQ(parse_case_parameters(member, dir.string()).tension,
                     4 * M_PI * M_PI * 0.1 * double(k + 1));
  }
  std::filesystem::remove_all(dir);
}
