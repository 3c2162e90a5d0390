#include "core/case_parameters.h"
#include "core/input_error.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace hamdyn;

namespace {
std::string error_of(const std::vector<std::string>& overrides) {
  try {
    test_support::make_case(overrides);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The case file of the foundation issue, verbatim.
const char* const issue_case = R"(subsection Model
  set Type = string
  set Length = 1.0                  # m
  set Mass per length = 0.01        # kg/m
  set Tension = 100                 # N
  set Viscous damping = 0.02        # N s/m^2, distributed gamma u_t
  set Rayleigh mass coefficient = 0
  set Rayleigh stiffness coefficient = 0
end
subsection Left end
  set Support = fixed               # fixed | free
end
subsection Right end
  set Support = free
  set Point mass = 0.005            # kg
  set Spring = 2000                 # N/m, to ground
  set Dashpot = 0                   # N s/m, to ground
  set Force = 0                     # N, expression in t
end
subsection Load
  set Distributed force = 0         # N/m, expression in x and t
end
subsection Initial conditions
  set Displacement = 0.005*sin(pi*x/2)   # m, expression in x
  set Velocity = 0                       # m/s, expression in x
end
subsection Discretization
  set Elements = 200
  set Degree = 2                    # 1..4
  set Mass matrix = consistent      # consistent | lumped
  set Mesh file =                   # optional Gmsh .msh from meshes/
end
subsection Time integration
  set Scheme = generalized alpha    # generalized alpha | central difference
  set Spectral radius = 1           # rho_inf in [0,1]; 1 = Newmark average acceleration
  set Time step = 1e-4              # s
  set Final time = 0.1              # s
end
subsection Modes
  set Number of modes = 10
end
subsection Output
  set Directory = results/default
  set Snapshot interval = 10        # steps between ParaView snapshots
  set Probes = 0.5                  # x positions (comma-separated) recorded in history.csv
end
)";
} // namespace

TEST(CaseParameters, DefaultCaseIsTheIssueCase) {
  const auto path = std::filesystem::temp_directory_path() / "hamdyn_issue_case.prm";
  std::ofstream(path) << issue_case;
  ParameterFile file;
  declare_case_parameters(file);
  file.read(path.string());
  const CaseParameters c = parse_case_parameters(file, ".");
  const CaseParameters d = test_support::make_case({});
  for (const CaseParameters* p : {&c, &d}) {
    EXPECT_EQ(p->tension, 100.0);
    EXPECT_EQ(p->mass_per_length, 0.01);
    EXPECT_EQ(p->viscous_damping, 0.02);
    EXPECT_EQ(p->model_type, ModelType::string);
    EXPECT_TRUE(p->left.holds_translation);
    EXPECT_FALSE(p->right.holds_translation);
    EXPECT_EQ(p->right.point_mass, 0.005);
    EXPECT_EQ(p->right.spring, 2000.0);
    EXPECT_EQ(p->n_elements, 200u);
    EXPECT_EQ(p->degree, 2u);
    EXPECT_EQ(p->time_step, 1e-4);
    EXPECT_EQ(p->final_time, 0.1);
    EXPECT_EQ(p->n_modes, 10u);
    ASSERT_EQ(p->probes.size(), 1u);
    EXPECT_EQ(p->probes[0], 0.5);
  }
  std::filesystem::remove(path);
}

TEST(CaseParameters, FileErrorsNameTheLine) {
  const auto path = std::filesystem::temp_directory_path() / "hamdyn_bad_case.prm";
  std::ofstream(path) << "subsection Model\n  set Tension = 100\n  set Tensoin = 5\nend\n";
  ParameterFile file;
  declare_case_parameters(file);
  try {
    file.read(path.string());
    FAIL() << "an unknown key was accepted";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(":3:"), std::string::npos) << m;
    EXPECT_NE(m.find("unknown parameter 'Tensoin'"), std::string::npos) << m;
  }
  std::filesystem::remove(path);
}

struct BadInput {
  std::string override_, parameter, value;
  bool beam = false; // on a clamped-free Euler-Bernoulli beam (a string does not use the key)
};

class CaseParametersBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CaseParametersBadInput, NamesParameterAndValue) {
  const BadInput& b = GetParam();
  const std::string m =
      b.beam
          ? error_of({"Model/Type=euler bernoulli beam", "Left end/Support=clamped", b.override_})
          : error_of({b.override_});
  ASSERT_FALSE(m.empty()) << b.override_ << " was accepted";
  EXPECT_NE(m.find(b.parameter), std::string::npos) << m;
  EXPECT_NE(m.find(b.value), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos) << "not one line: " << m;
}

INSTANTIATE_TEST_SUITE_P(
    AllChecks, CaseParametersBadInput,
    ::testing::Values(
        BadInput{"Bogus/Key=1", "unknown section 'Bogus'", "Bogus"},
        BadInput{"Model/Tensoin=1", "unknown parameter 'Tensoin'", "Model"},
        BadInput{"Model/Tension=abc", "Model/Tension", "abc"},
        BadInput{"Model/Tension=-1", "Model/Tension", "-1"},
        BadInput{"Model/Tension=0", "Model/Tension", "0"},
        BadInput{"Model/Length=0", "Model/Length", "0"},
        BadInput{"Model/Mass per length=0", "Model/Mass per length", "0"},
        BadInput{"Model/Viscous damping=-0.1", "Model/Viscous damping", "-0.1"},
        BadInput{"Model/Rayleigh mass coefficient=-1", "Model/Rayleigh mass coefficient", "-1"},
        BadInput{"Right end/Point mass=-0.5", "Right end/Point mass", "-0.5"},
        BadInput{"Right end/Spring=-3", "Right end/Spring", "-3"},
        BadInput{"Right end/Dashpot=-2", "Right end/Dashpot", "-2"},
        BadInput{"Left end/Support=glued", "Left end/Support", "glued"},
        BadInput{"Left end/Support=clamped", "fixed | pinned | free for a string", "clamped"},
        BadInput{"Model/Bending stiffness=0", "Model/Bending stiffness", "0", true},
        BadInput{"Right end/Rotational spring=-1", "Right end/Rotational spring", "-1", true},
        BadInput{"Right end/Moment=t*z", "Right end/Moment", "'z'", true},
        BadInput{"Right end/Force=cos(w*t)", "Right end/Force", "'w'"},
        BadInput{"Load/Distributed force=sin(q*x)", "Load/Distributed force", "'q'"},
        BadInput{"Initial conditions/Displacement=sin(x", "Initial conditions/Displacement",
                 "malformed"},
        BadInput{"Discretization/Elements=0", "Discretization/Elements", "0"},
        BadInput{"Discretization/Elements=2.5", "Discretization/Elements", "2.5"},
        BadInput{"Discretization/Degree=5", "Discretization/Degree", "5"},
        BadInput{"Discretization/Degree=0", "Discretization/Degree", "0"},
        BadInput{"Discretization/Mesh file=no_such_mesh.msh", "Discretization/Mesh file",
                 "no_such_mesh.msh"},
        BadInput{"Time integration/Time step=0", "Time integration/Time step", "0"},
        BadInput{"Time integration/Final time=-1", "Time integration/Final time", "-1"},
        BadInput{"Time integration/Spectral radius=1.5", "Time integration/Spectral radius", "1.5"},
        BadInput{"Time integration/Scheme=runge kutta", "Time integration/Scheme", "runge kutta"},
        BadInput{"Time integration/Scheme=central difference", "Discretization/Mass matrix",
                 "lumped"},
        BadInput{"Modes/Number of modes=0", "Modes/Number of modes", "0"},
        BadInput{"Output/Probes=0.5,2", "Output/Probes", "2"},
        BadInput{"Output/Space-time points=1", "Output/Space-time points", "1"},
        BadInput{"Output/Space-time points=-5", "Output/Space-time points", "-5"},
        BadInput{"Attachments/Point masses=0.5", "Attachments/Point masses", "expected x:value"},
        BadInput{"Attachments/Springs=1.5:10", "Attachments/Springs", "1.5:10"},
        BadInput{"Attachments/Dashpots=0.2:-1", "Attachments/Dashpots", "0.2:-1"},
        BadInput{"Attachments/Forces=0.3:sin(k*t)", "Attachments/Forces", "'k'"}));

TEST(CaseParameters, BeamSupports) {
  const auto c = test_support::make_case(
      {"Model/Type=euler bernoulli beam", "Left end/Support=clamped", "Right end/Support=sliding"});
  EXPECT_EQ(c.model_type, ModelType::euler_bernoulli_beam);
  EXPECT_TRUE(c.left.holds_translation && c.left.holds_rotation);
  EXPECT_TRUE(!c.right.holds_translation && c.right.holds_rotation);
  const auto p =
      test_support::make_case({"Model/Type=euler bernoulli beam", "Left end/Support=pinned"});
  EXPECT_TRUE(p.left.holds_translation && !p.left.holds_rotation);
  EXPECT_FALSE(p.right.holds_translation || p.right.holds_rotation);
  EXPECT_THROW(test_support::make_case({"Model/Type=euler bernoulli beam"}), InputError)
      << "'fixed' is a string's support name";
}

TEST(CaseParameters, UnwritableOutputDirectory) {
  EXPECT_THROW(check_output_directory_writable("/proc/hamdyn_cannot_be_here"), InputError);
  EXPECT_NO_THROW(check_output_directory_writable(
      (std::filesystem::temp_directory_path() / "hamdyn_new_dir/sub").string()));
}

namespace {
// A case file read onto the declared defaults, as `hamdyn run CASE.prm` reads it.
struct ReadCase {
  explicit ReadCase(const std::string& text) {
    declare_case_parameters(file);
    file.read_text(text, "test case");
    c = parse_case_parameters(file, ".");
  }
  ParameterFile file;
  CaseParameters c;
};
} // namespace

TEST(CaseParameters, DeclaredDefaultsArePhysicallyNeutral) {
  const ReadCase empty("");
  const CaseParameters& c = empty.c;
  EXPECT_EQ(c.viscous_damping, 0.0);
  EXPECT_EQ(c.rayleigh_mass, 0.0);
  EXPECT_EQ(c.rayleigh_stiffness, 0.0);
  for (const EndParameters* end : {&c.left, &c.right}) {
    EXPECT_TRUE(end->holds_translation);
    EXPECT_EQ(end->point_mass + end->spring + end->dashpot + end->rotary_inertia +
                  end->rotational_spring + end->rotational_dashpot,
              0.0);
    EXPECT_EQ(end->force->text(), "0");
  }
  EXPECT_TRUE(c.point_masses.empty() && c.springs.empty() && c.dashpots.empty() &&
              c.forces.empty() && c.oscillators.empty());
  EXPECT_EQ(c.distributed_force->text(), "0");
  EXPECT_EQ(c.initial_displacement->text(), "0");
  EXPECT_EQ(c.initial_velocity->text(), "0");
  EXPECT_TRUE(c.probes.empty());
  EXPECT_TRUE(unused_parameter_warnings(empty.file, c).empty());
}

TEST(CaseParameters, EmptyCaseFileGetsEveryPrintedDefault) {
  // `hamdyn parameters` prints "subsection S" and "  Key = default" lines; an empty case file
  // must get exactly those values.
  const ReadCase empty("");
  std::ostringstream printed;
  empty.file.print_documentation(printed);
  std::istringstream lines(printed.str());
  std::string section;
  unsigned int compared = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("subsection ", 0) == 0)
      section = line.substr(11);
    else if (line.size() > 2 && line[2] != ' ' && line.find(" = ") != std::string::npos) {
      const auto eq = line.find(" = ");
      const std::string key = line.substr(2, eq - 2), printed_default = line.substr(eq + 3);
      EXPECT_EQ(empty.file.get(section, key), printed_default) << section << "/" << key;
      ++compared;
    } else if (line.size() > 2 && line[2] != ' ' && line.back() == '=') { // an empty default
      const std::string key = line.substr(2, line.size() - 4);
      EXPECT_EQ(empty.file.get(section, key), "") << section << "/" << key;
      ++compared;
    }
  }
  EXPECT_EQ(compared, empty.file.entries().size());
}

TEST(CaseParameters, KeysTheModelDoesNotUseAreNeitherCheckedNorTaken) {
  const ReadCase beam("subsection Model\n set Type = euler bernoulli beam\n set Tension = -1\n"
                      " set Shear stiffness = 5\nend\n"
                      "subsection Left end\n set Support = clamped\n set Spring = 7\nend\n"
                      "subsection Right end\n set Support = free\nend\n");
  const auto warnings = unused_parameter_warnings(beam.file, beam.c);
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_NE(warnings[0].find("Model/Tension = '-1' is not used by an euler bernoulli beam"),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find("Model/Shear stiffness = '5'"), std::string::npos) << warnings[1];
  EXPECT_NE(warnings[2].find("Left end/Spring = '7' is not used: Left end/Support = clamped "
                             "holds the translation"),
            std::string::npos)
      << warnings[2];
  EXPECT_EQ(beam.c.left.spring, 0.0);

  const ReadCase string(
      "subsection Model\n set Bending stiffness = 1.0\n set Tension = 100.0\nend\n"
      "subsection Right end\n set Support = free\n set Rotary inertia = 2\n"
      " set Moment = sin(t)\nend\n");
  const auto string_warnings = unused_parameter_warnings(string.file, string.c);
  // another model's key is named when it is set at all, even to its default 1 (written 1.0)
  ASSERT_EQ(string_warnings.size(), 3u);
  EXPECT_NE(string_warnings[0].find("Model/Bending stiffness = '1.0' is not used by a string"),
            std::string::npos)
      << string_warnings[0];
  EXPECT_NE(string_warnings[1].find("Right end/Rotary inertia = '2' is not used by a string"),
            std::string::npos)
      << string_warnings[1];
  EXPECT_NE(string_warnings[2].find("Right end/Moment"), std::string::npos) << string_warnings[2];
  EXPECT_EQ(string.c.right.rotary_inertia, 0.0);
}

TEST(CaseParameters, TensionOfABeamIsWarnedAtItsDefaultToo) {
  // A beam's prestress is Axial force; Tension = 100 (the string's default) is not taken.
  const ReadCase beam("subsection Model\n set Type = timoshenko beam\n set Tension = 100\n"
                      " set Rotary inertia per length = 1\n set Axial force = -3.5\nend\n");
  const auto warnings = unused_parameter_warnings(beam.file, beam.c);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("Model/Tension = '100' is not used by a timoshenko beam"),
            std::string::npos)
      << warnings[0];
  EXPECT_EQ(beam.c.axial_force, -3.5);
  const ReadCase string("subsection Model\n set Axial force = 2\nend\n");
  ASSERT_EQ(unused_parameter_warnings(string.file, string.c).size(), 1u);
  EXPECT_EQ(string.c.axial_force, 0.0);
  EXPECT_THROW(ReadCase("subsection Model\n set Type = euler bernoulli beam\n"
                        " set Axial force = inf\nend\n"),
               InputError);
}
