// Temporary folders for tests, removed with their contents when the test is done with them (RAII on
// util/TempDir.h): a TestFolder with helpers to write and read files in it, and a TmpdirScope that points
// $TMPDIR at a fresh folder so that a test can check that the code under test leaves nothing behind.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "util/TempDir.h"

namespace argus::testing {

class TestFolder {
 public:
  explicit TestFolder(const std::string& prefix = "argus-test") : dir_(prefix), root_(dir_.path()) {}
  const std::filesystem::path& root() const { return root_; }
  std::string path(const std::string& relative) const { return (root_ / relative).string(); }
  /// Writes `text` to `relative` (creating folders) and returns the full path.
  std::string write(const std::string& relative, const std::string& text) const {
    std::filesystem::path p = root_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }

 private:
  TempDir dir_;
  std::filesystem::path root_;
};

inline std::string readAll(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// $TMPDIR is a fresh folder while this lives, or `path` (which need not exist); the previous value comes
/// back afterwards.
class TmpdirScope {
 public:
  TmpdirScope() : TmpdirScope(std::string()) {}
  explicit TmpdirScope(const std::string& path) {
    if (const char* old = std::getenv("TMPDIR")) previous_ = old;
    setenv("TMPDIR", path.empty() ? folder_.root().c_str() : path.c_str(), 1);
  }
  ~TmpdirScope() {
    if (previous_) setenv("TMPDIR", previous_->c_str(), 1);
    else unsetenv("TMPDIR");
  }
  TmpdirScope(const TmpdirScope&) = delete;
  TmpdirScope& operator=(const TmpdirScope&) = delete;
  const TestFolder& folder() const { return folder_; }
  /// What is left in the folder, one name a line (empty: nothing).
  std::string leftovers() const {
    std::string out;
    for (auto& entry : std::filesystem::directory_iterator(folder_.root()))
      out += entry.path().filename().string() + "\n";
    return out;
  }

 private:
  TestFolder folder_{"argus-tmpdir-test"};
  std::optional<std::string> previous_;
};

}  // namespace argus::testing
