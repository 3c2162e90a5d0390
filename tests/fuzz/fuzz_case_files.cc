// Fuzzes the case-file reader and its validation in-process: mutants of the shipped cases
// (cases/**.prm) and of the case files the test sources embed (raw strings holding a
// `subsection`) go through exactly what `hamdyn run CASE` does before it runs: ParameterFile::read,
// parse_case_parameters, unused_parameter_warnings, and the mesh's vertices. Every mutant must
// give a valid case or an InputError (exit 2 in the CLI); any other exception is a defect
// (it would be exit 1, or a stack trace), and a crash or hang fails the test by itself.
//
// Mutations (1 to 3 per mutant, from a seeded generator so that a failure can be replayed):
// swapping two tokens, deleting a token, a line or a run of characters, duplicating a line,
// putting a number at the limits of double (or no number at all) in place of one, inserting random
// bytes (NUL, CR, non-UTF-8 included), and inserting a stray `end` or `subsection`.
//
// Usage: fuzz_case_files SOURCE_DIR [MUTANTS [SEED]]
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/subnormals.h"
#include "discrete/discrete_system.h"
#include "mesh/line_mesh.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;
using hamdyn::InputError;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The seeds: every shipped case and every raw string literal in the test sources that is a case.
std::vector<std::pair<std::string, std::string>> seed_cases(const fs::path& source) {
  std::vector<std::pair<std::string, std::string>> seeds;
  for (const auto& entry : fs::recursive_directory_iterator(source / "cases"))
    if (entry.path().extension() == ".prm")
      seeds.emplace_back(entry.path().string(), read_file(entry.path()));
  for (const auto& entry : fs::recursive_directory_iterator(source / "tests")) {
    if (entry.path().extension() != ".cc")
      continue;
    const std::string text = read_file(entry.path());
    for (std::size_t at = text.find("R\"("); at != std::string::npos;
         at = text.find("R\"(", at + 3)) {
      const std::size_t end = text.find(")\"", at + 3);
      if (end == std::string::npos)
        break;
      const std::string literal = text.substr(at + 3, end - at - 3);
      if (literal.find("subsection") != std::string::npos)
        seeds.emplace_back(entry.path().string() + " (embedded)", literal);
    }
  }
  return seeds;
}

class Mutator {
public:
  explicit Mutator(unsigned long seed) : random_(seed) {}

  std::string mutate(std::string text) {
    const int n = 1 + int(below(3));
    for (int k = 0; k < n && !text.empty(); ++k)
      switch (below(8)) {
      case 0:
        swap_tokens(text);
        break;
      case 1:
        delete_token(text);
        break;
      case 2:
        delete_line(text);
        break;
      case 3:
        text.erase(below(text.size()), below(16) + 1);
        break;
      case 4:
        duplicate_line(text);
        break;
      case 5:
        replace_number(text);
        break;
      case 6:
        insert_bytes(text);
        break;
      default:
        text.insert(line_start(text), below(2) ? "end\n" : "subsection Model\n");
      }
    return text;
  }

private:
  std::size_t below(std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
  }

  // Tokens: runs of letters, digits and the characters of numbers and expressions' names.
  static bool in_token(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
           c == '+';
  }
  std::vector<std::pair<std::size_t, std::size_t>> tokens(const std::string& text) const {
    std::vector<std::pair<std::size_t, std::size_t>> list;
    for (std::size_t i = 0; i < text.size();) {
      if (!in_token(text[i])) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < text.size() && in_token(text[j]))
        ++j;
      list.emplace_back(i, j - i);
      i = j;
    }
    return list;
  }
  std::size_t line_start(const std::string& text) {
    const std::size_t at = text.rfind('\n', below(text.size()));
    return at == std::string::npos ? 0 : at + 1;
  }

  void swap_tokens(std::string& text) {
    const auto list = tokens(text);
    if (list.size() < 2)
      return;
    auto a = list[below(list.size())], b = list[below(list.size())];
    if (a.first > b.first)
      std::swap(a, b);
    if (a.first + a.second > b.first)
      return;
    const std::string first = text.substr(a.first, a.second),
                      second = text.substr(b.first, b.second);
    text.replace(b.first, b.second, first);
    text.replace(a.first, a.second, second);
  }
  void delete_token(std::string& text) {
    const auto list = tokens(text);
    if (!list.empty()) {
      const auto t = list[below(list.size())];
      text.erase(t.first, t.second);
    }
  }
  void delete_line(std::string& text) {
    const std::size_t start = line_start(text), end = text.find('\n', start);
    text.erase(start, end == std::string::npos ? std::string::npos : end - start + 1);
  }
  void duplicate_line(std::string& text) {
    const std::size_t start = line_start(text), end = text.find('\n', start);
    const std::string line =
        text.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    text.insert(start, line);
  }
  void replace_number(std::string& text) {
    static const char* const limits[] = {"0",
                                         "-0",
                                         "1e308",
                                         "-1e308",
                                         "1.7976931348623157e308",
                                         "1.8e308",
                                         "1e-308",
                                         "2.2250738585072014e-308",
                                         "4.9e-324",
                                         "1e-320",
                                         "nan",
                                         "inf",
                                         "-inf",
                                         "1e400",
                                         "-1e400",
                                         "9223372036854775807",
                                         "9223372036854775808",
                                         "4294967296",
                                         "1e19",
                                         "-1",
                                         "0x10",
                                         "1e",
                                         "",
                                         "1e-21",
                                         "1000000000",
                                         "2147483648",
                                         "1.0000000000000002",
                                         "0.99999999999999989"};
    std::vector<std::pair<std::size_t, std::size_t>> numbers;
    for (const auto& t : tokens(text))
      if (std::isdigit(static_cast<unsigned char>(text[t.first])) ||
          (t.second > 1 && text[t.first] == '-'))
        numbers.push_back(t);
    if (numbers.empty())
      return;
    const auto t = numbers[below(numbers.size())];
    text.replace(t.first, t.second, limits[below(std::size(limits))]);
  }
  void insert_bytes(std::string& text) {
    std::string bytes(below(8) + 1, '\0');
    for (char& c : bytes)
      c = static_cast<char>(below(256));
    if (below(4) == 0)
      bytes = below(2) ? "\r" : std::string(1, '\0');
    text.insert(below(text.size() + 1), bytes);
  }

  std::mt19937_64 random_;
};

// What `hamdyn run CASE` does with a case before it runs: reads and validates it, warns, and
// places the mesh's vertices (for meshes of a size the harness can afford), or builds a discrete
// system.
void read_and_validate(const std::string& text, const std::string& name,
                       const std::string& case_directory) {
  hamdyn::ParameterFile file;
  hamdyn::declare_case_parameters(file);
  file.read_text(text, name);
  const hamdyn::CaseParameters c = hamdyn::parse_case_parameters(file, case_directory);
  hamdyn::unused_parameter_warnings(file, c);
  if (c.discrete) // its matrices and checks (singular mass, dependent constraints)
    hamdyn::DiscreteSystem system(*c.discrete);
  else if (c.mesh_file.empty() ? c.n_elements <= 100000 : true)
    hamdyn::line_vertices(c);
}
} // namespace

int main(int argc, char** argv) {
  hamdyn::flush_subnormals_to_zero(); // as hamdyn runs (core/subnormals.h)
  if (argc < 2) {
    std::cerr << "usage: fuzz_case_files SOURCE_DIR [MUTANTS [SEED]]\n";
    return 2;
  }
  const fs::path source = argv[1];
  const unsigned long n_mutants = argc > 2 ? std::stoul(argv[2]) : 2000;
  const unsigned long seed = argc > 3 ? std::stoul(argv[3]) : 20261123;
  const auto seeds = seed_cases(source);
  if (seeds.empty()) {
    std::cerr << "no seed cases under " << source << "\n";
    return 1;
  }
  Mutator mutator(seed);
  unsigned long valid = 0, input_errors = 0, defects = 0;
  const auto start = std::chrono::steady_clock::now();
  for (unsigned long k = 0; k < n_mutants; ++k) {
    const auto& [name, text] = seeds[k % seeds.size()];
    const std::string mutant = mutator.mutate(text);
    try {
      read_and_validate(mutant, name, (source / "cases").string());
      ++valid;
    } catch (const InputError&) {
      ++input_errors;
    } catch (const std::exception& e) {
      if (++defects <= 5) {
        const std::string path = "fuzz_defect_" + std::to_string(k) + ".prm";
        std::ofstream(path, std::ios::binary) << mutant;
        std::cerr << "DEFECT: mutant " << k << " of " << name << " (saved as " << path
                  << "): not an InputError: " << e.what() << "\n";
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%lu mutants of %zu seed cases in %.1f s: %lu valid, %lu input errors, %lu defects\n",
              n_mutants, seeds.size(), seconds, valid, input_errors, defects);
  return defects == 0 ? 0 : 1;
}
