#pragma once
// Files that are either absent, the old version or the complete new one, never half written:
// a run can be killed at any moment (a scheduler's time limit, SIGKILL, a node failure) and a
// reader (ParaView, a resumed run) must still find a valid file. The text goes to `path.tmp`,
// is flushed to disk, and rename(2) replaces `path` in one step (POSIX guarantees a reader sees
// the old or the new file).
#include <cstdint>
#include <string>

namespace hamdyn {

/// Writes `contents` to `path` atomically as above; throws std::runtime_error naming the file
/// when it cannot be written. `durable`: the data reach the disk before the rename (fdatasync),
/// so a node failure, not only a killed process, leaves the old or the new file.
void write_file_atomically(const std::string& path, const std::string& contents,
                           bool durable = true);

/// Opens `path` for appending whole records with write_all: a new file (created empty, replacing
/// one of that name), or with `keep` an existing one cut back to its first *keep bytes (a
/// checkpoint's length), which must be there. Returns the descriptor; throws naming the file.
int open_records(const std::string& path, const std::uint64_t* keep = nullptr);

/// Appends `contents` to the open descriptor `fd` with write(2) until all is written (a regular
/// file's write is not split by signals, so a kill leaves whole records); throws naming `path`.
void write_all(int fd, const std::string& contents, const std::string& path);
/// write_all of whole records after the first `whole` bytes of the file: when the write fails (a
/// full disk), the file is cut back to those `whole` bytes before the error is passed on, so that
/// it never ends in half a record.
void append_records(int fd, const std::string& contents, const std::string& path,
                    std::uint64_t whole);

} // namespace hamdyn
