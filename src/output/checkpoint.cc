#include "output/checkpoint.h"

#include "core/input_error.h"
#include "output/atomic_file.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace hamdyn {

namespace {
const std::string magic = "hamdyn checkpoint 1\n";

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

[[noreturn]] void missing(const std::string& name) {
  throw std::runtime_error("the checkpoint has no record '" + name + "'");
}

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
  return numbers(name).at(0);
}

const std::vector<double>& Checkpoint::numbers(const std::string& name) const {
  const auto found = numbers_.find(name);
  if (found == numbers_.end())
    missing(name);
  return found->second;
}

const std::string& Checkpoint::text(const std::string& name) const {
  const auto found = texts_.find(name);
  if (found == texts_.end())
    missing(name);
  return found->second;
}

void Checkpoint::get(const std::string& name, LA::Vector& v) const {
  const auto& global = numbers(name);
  if (global.size() != v.size())
    throw std::runtime_error("the checkpoint's " + name + " has " + std::to_string(global.size()) +
                             " entries where the case has " + std::to_string(v.size()));
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
    write_file_atomically(path, out);
  }
  MPI_Barrier(comm);
}

Checkpoint Checkpoint::read(const std::string& path, MPI_Comm comm) {
  std::string data;
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    std::ifstream in(path, std::ios::binary);
    if (in)
      data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  broadcast(data, comm);
  if (data.compare(0, magic.size(), magic) != 0)
    throw InputError(path + " is missing or not a hamdyn checkpoint");
  Checkpoint c;
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
