// Temporary folders that remove themselves: a fresh folder below $TMPDIR (or /tmp) that is removed with
// everything in it when its TempDir ends. Every live folder is also registered, so that a process that
// ends without unwinding its stack (the hard deadline's _Exit, a second Ctrl-C, std::terminate) can
// still remove them with removeLiveTempDirs(). A folder belongs to the process that created it: a forked
// copy of a TempDir (a test's death test) leaves it alone.
#pragma once

#include <string>

namespace argus {

class TempDir {
 public:
  /// Creates `$TMPDIR/<prefix>-XXXXXX`; throws InternalError when that is impossible.
  explicit TempDir(const std::string& prefix = "argus");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
  int owner_;  // the process id of the creator
};

/// Removes every folder of a TempDir of this process that is still alive (their destructors then have
/// nothing left to do). Only for a process about to end without running destructors: a thread that creates a TempDir
/// afterwards waits for that end instead (an error there could end the process first, with another exit
/// code). Not async-signal-safe.
void removeLiveTempDirs();

}  // namespace argus
