#pragma once
// A run's saved state, so that a run killed by a scheduler continues where it stopped: named
// records of numbers, texts and distributed vectors. Vectors are gathered in the global DoF
// order, so a checkpoint written on one rank count is read on any other. Rank 0 writes one file,
// atomically (storage/atomic_file.h), so the last complete checkpoint survives a kill at any
// moment.
//
// Written by hand rather than with deal.II's serialization: in 9.4 that is tied to
// parallel::distributed triangulations (there is none in 1D) and to the rank count it was
// written on.
#include "system/second_order_system.h"

#include <map>
#include <string>
#include <vector>

namespace hamdyn {

class Checkpoint {
public:
  void set(const std::string& name, double value) { numbers_[name] = {value}; }
  void set(const std::string& name, const std::vector<double>& values) { numbers_[name] = values; }
  void set(const std::string& name, const std::string& text) { texts_[name] = text; }
  /// Names, one a line: a history's columns or a run's snapshot files.
  void set(const std::string& name, const std::vector<std::string>& names) {
    texts_[name] = one_a_line(names);
  }
  /// Gathers `v` (collective); only rank 0 keeps the values.
  void set(const std::string& name, const LA::Vector& v, MPI_Comm comm);

  /// The record `name`; throws InputError naming the file and the record when the checkpoint
  /// has none (every record error is bad input: a damaged or foreign checkpoint).
  double number(const std::string& name) const;
  /// The record `name`, which must lie in [low, high] for this case.
  double number(const std::string& name, double low, double high) const;
  const std::vector<double>& numbers(const std::string& name) const;
  /// The record `name`, which must hold `size` numbers for this case.
  const std::vector<double>& numbers(const std::string& name, std::size_t size) const;
  const std::string& text(const std::string& name) const;
  /// Whether the checkpoint has a record `name`.
  bool has(const std::string& name) const {
    return numbers_.count(name) > 0 || texts_.count(name) > 0;
  }
  /// Whether the record `name` holds exactly `names` (see set).
  bool holds(const std::string& name, const std::vector<std::string>& names) const {
    return text(name) == one_a_line(names);
  }
  /// This rank's entries of `v` (already laid out) from the record `name`.
  void get(const std::string& name, LA::Vector& v) const;

  /// Rank 0 writes `path` atomically (collective: every rank returns when it is on disk).
  void write(const std::string& path, MPI_Comm comm) const;
  /// Rank 0 reads `path` and every rank gets the records (collective). Throws InputError naming
  /// the file when it is missing, not a regular file, of another format version, damaged (its
  /// checksum), incomplete, or holds a non-finite number.
  static Checkpoint read(const std::string& path, MPI_Comm comm);

  /// Throws InputError: "PATH: record 'name' WHAT".
  [[noreturn]] void refuse(const std::string& name, const std::string& what) const;

private:
  static std::string one_a_line(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names)
      text += name + "\n";
    return text;
  }
  std::map<std::string, std::vector<double>> numbers_;
  std::map<std::string, std::string> texts_;
  std::string path_; // the file read, for messages
};

} // namespace hamdyn
