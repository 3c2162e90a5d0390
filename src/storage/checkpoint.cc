#include "storage/checkpoint.h"

#include "core/input_error.h"
#include "core/text.h"
#include "storage/atomic_file.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace hamdyn {

namespace {
// Format 2 added the checksum; a format-1 file is refused with its version named.
const std::string magic_prefix = "hamdyn checkpoint ";
const std::string magic = magic_prefix + "2\n";

// FNV-1a, 64 bits (Fowler, Noll & Vo; IETF draft-eastlake-fnv): a damaged byte anywhere in the
// file changes it. Written by hand because no library of the stack exposes a plain checksum, and
// the file needs one against damage, not against tampering.
std::uint64_t checksum(const char* data, std::size_t n) {
  std::uint64_t hash = 14695981039346656037ull;
  for (std::size_t i = 0; i < n; ++i) {
    hash ^= static_cast<unsigned char>(data[i]);
    hash *= 1099511628211ull;
  }
  return hash;
}

void put_size(std::string& out, std::uint64_t n) {
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
}
void put_text(std::string& out, const std::string& text) {
  put_size(out, text.size());
  out += text;
}

// Reads the serialized records back, checking every length against what is left, so that a
// truncated or foreign file is refused rather than misread.
class Reader {
public:
  Reader(const std::string& data, const std::string& path) : data_(data), path_(path) {}
  std::uint64_t size() {
    std::uint64_t n;
    take(&n, sizeof n);
    return n;
  }
  std::string text() {
    const auto n = size();
    if (n > remaining()) // before allocating: a damaged length must not ask for exabytes
      throw InputError(path_ + " is not a complete hamdyn checkpoint (it ends early)");
    std::string s(n, '\0');
    take(s.data(), n);
    return s;
  }
  char kind() {
    char k;
    take(&k, 1);
    return k;
  }
  void take(void* to, std::uint64_t n) {
    if (n > data_.size() - position_)
      throw InputError(path_ + " is not a complete hamdyn checkpoint (it ends early)");
    std::memcpy(to, data_.data() + position_, n);
    position_ += n;
  }
  std::uint64_t remaining() const { return data_.size() - position_; }
  bool at_end() const { return position_ == data_.size(); }

private:
  const std::string& data_;
  const std::string& path_;
  std::size_t position_ = 0;
};

void broadcast(std::string& data, MPI_Comm comm) {
  std::uint64_t size = data.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, comm);
  data.resize(size);
  constexpr std::uint64_t chunk = 1 << 30; // MPI counts are int
  for (std::uint64_t offset = 0; offset < size; offset += chunk)
    MPI_Bcast(data.data() + offset, int(std::min(chunk, size - offset)), MPI_CHAR, 0, comm);
}
} // namespace

void Checkpoint::set(const std::string& name, const LA::Vector& v, MPI_Comm comm) {
  const int n_ranks = int(dealii::Utilities::MPI::n_mpi_processes(comm));
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  const int local = int(v.locally_owned_size());
  std::vector<int> counts(n_ranks), offsets(n_ranks, 0);
  MPI_Gather(&local, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  for (int r = 1; r < n_ranks; ++r)
    offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<double> global(root ? v.size() : 0);
  const PetscScalar* values;
  check_petsc(VecGetArrayRead(v, &values));
  MPI_Gatherv(values, local, MPI_DOUBLE, global.data(), counts.data(), offsets.data(), MPI_DOUBLE,
              0, comm);
  check_petsc(VecRestoreArrayRead(v, &values));
  if (root)
    numbers_[name] = std::move(global);
}

double Checkpoint::number(const std::string& name) const {
  const std::vector<double>& values = numbers(name);
  if (values.size() != 1)
    refuse(name, "holds " + std::to_string(values.size()) + " numbers where one is expected");
  return values[0];
}

void Checkpoint::refuse(const std::string& name, const std::string& what) const {
  throw InputError((path_.empty() ? std::string("the checkpoint") : path_) + ": record '" + name +
                   "' " + what);
}

const std::vector<double>& Checkpoint::numbers(const std::string& name) const {
  const auto found = numbers_.find(name);
  if (found == numbers_.end())
    refuse(name, "is missing: the file was written by another kind of case or is damaged");
  return found->second;
}

const std::vector<double>& Checkpoint::numbers(const std::string& name, std::size_t size) const {
  const std::vector<double>& values = numbers(name);
  if (values.size() != size)
    refuse(name, "holds " + std::to_string(values.size()) + " numbers where this case has " +
                     std::to_string(size) +
                     ": it was written for another case (used_parameters.prm was changed)");
  return values;
}

double Checkpoint::number(const std::string& name, double low, double high) const {
  const double value = number(name);
  if (!(value >= low && value <= high))
    refuse(name, "= " + format_number(value) + " is outside [" + format_number(low) + ", " +
                     format_number(high) + "] for this case");
  return value;
}

const std::string& Checkpoint::text(const std::string& name) const {
  const auto found = texts_.find(name);
  if (found == texts_.end())
    refuse(name, "is missing: the file was written by another kind of case or is damaged");
  return found->second;
}

void Checkpoint::get(const std::string& name, LA::Vector& v) const {
  const auto& global = numbers(name);
  if (global.size() != v.size())
    refuse(name, "has " + std::to_string(global.size()) + " entries where this case has " +
                     std::to_string(v.size()) +
                     " unknowns: it was written for another mesh (Elements, Degree, Mesh file) "
                     "or model");
  const auto range = v.local_range();
  PetscScalar* values;
  check_petsc(VecGetArray(v, &values));
  std::copy(global.begin() + long(range.first), global.begin() + long(range.second), values);
  check_petsc(VecRestoreArray(v, &values));
}

void Checkpoint::write(const std::string& path, MPI_Comm comm) const {
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::string out = magic;
    for (const auto& [name, values] : numbers_) {
      out += 'N';
      put_text(out, name);
      put_size(out, values.size());
      out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(double));
    }
    for (const auto& [name, text] : texts_) {
      out += 'T';
      put_text(out, name);
      put_text(out, text);
    }
    out += 'E';
    put_size(out, numbers_.size() + texts_.size());
    put_size(out, checksum(out.data(), out.size()));
    write_file_atomically(path, out);
  }
  MPI_Barrier(comm);
}

Checkpoint Checkpoint::read(const std::string& path, MPI_Comm comm) {
  std::string data;
  int problem = 0; // 1 missing, 2 not a regular file (a directory or a FIFO would hang or throw)
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    problem = !std::filesystem::exists(status)            ? 1
              : !std::filesystem::is_regular_file(status) ? 2
                                                          : 0;
    std::ifstream in;
    if (problem == 0)
      in.open(path, std::ios::binary);
    if (in)
      data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  MPI_Bcast(&problem, 1, MPI_INT, 0, comm);
  if (problem == 1)
    throw InputError(path + " is missing: the directory holds no checkpoint to resume from");
  if (problem == 2)
    throw InputError(path + " is not a regular file: expected the checkpoint a run wrote");
  broadcast(data, comm);
  if (data.compare(0, magic_prefix.size(), magic_prefix) != 0)
    throw InputError(path + " is not a hamdyn checkpoint");
  if (data.compare(0, magic.size(), magic) != 0)
    throw InputError(
        path + " is a checkpoint of another format (" +
        printable(
            data.substr(magic_prefix.size(), data.find('\n') - magic_prefix.size()).substr(0, 20)) +
        "); this hamdyn reads format 2: run the case again");
  std::uint64_t stored = 0;
  if (data.size() < magic.size() + sizeof stored)
    throw InputError(path + " is not a complete hamdyn checkpoint (it ends early)");
  std::memcpy(&stored, data.data() + data.size() - sizeof stored, sizeof stored);
  data.resize(data.size() - sizeof stored);
  if (checksum(data.data(), data.size()) != stored)
    throw InputError(path + " is damaged: its checksum does not match its contents");
  Checkpoint c;
  c.path_ = path;
  Reader in(data, path);
  std::string skip(magic.size(), '\0');
  in.take(skip.data(), magic.size());
  std::uint64_t records = 0;
  for (char kind = in.kind(); kind != 'E'; kind = in.kind(), ++records) {
    const std::string name = in.text();
    if (kind == 'N') {
      const auto n = in.size();
      if (n > in.remaining() / sizeof(double))
        throw InputError(path + " is not a complete hamdyn checkpoint (it ends early)");
      std::vector<double> values(n);
      in.take(values.data(), n * sizeof(double));
      // A run stops at its first non-finite step without a checkpoint, so one here is damage.
      for (std::size_t k = 0; k < n; ++k)
        if (!std::isfinite(values[k]))
          c.refuse(name, "holds " + format_number(values[k]) + " at entry " + std::to_string(k) +
                             ": a checkpoint's values are finite");
      c.numbers_[name] = std::move(values);
    } else if (kind == 'T')
      c.texts_[name] = in.text();
    else
      throw InputError(path + " is not a complete hamdyn checkpoint (an unknown record)");
  }
  if (in.size() != records || !in.at_end())
    throw InputError(path + " is not a complete hamdyn checkpoint (its record count)");
  return c;
}

} // namespace hamdyn
