// A folder of clang's outputs keyed by everything that determines them, shared by the argus processes that
// name it in $ARGUS_COMPILE_CACHE. `argus bench --compile-cache` and the differential harness run the same C
// program under many configurations, and for a short run clang was most of the time (a FALSE of a small
// program: 0.9 of 1.15 s, for the bitcode of the translation, the bitcode of the replay and the link of the
// replay executable). Like ccache's direct mode: the key hashes clang's identity, its arguments, the working
// folder and the source file's bytes; the entry also records every file the compilation read (clang's -MD
// list, system headers included) with its hash, and is used only while all of them are unchanged.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::frontend {

/// Lower-case hex SHA-256 of `bytes`.
std::string sha256Hex(std::string_view bytes);

/// Lower-case hex SHA-256 of a file's bytes; nothing when it cannot be read.
std::optional<std::string> sha256OfFileIfReadable(const std::string& path);

class CompileCache {
 public:
  /// The cache named by $ARGUS_COMPILE_CACHE (created if missing), or nothing when the variable is unset
  /// or empty.
  static std::optional<CompileCache> fromEnvironment();
  explicit CompileCache(std::string folder) : folder_(std::move(folder)) {}

  /// The key of a clang run: `parts` (arguments, hashes of inputs) with clang's identity (its path, and
  /// the size and modification time of the binary it resolves to) and the working folder.
  static std::string key(const std::vector<std::string>& parts);

  /// Copies the entry's output to `outPath` when there is an entry for `key` whose recorded dependencies
  /// all still hash as recorded; false otherwise (the caller runs clang).
  bool fetch(const std::string& key, const std::string& outPath) const;

  /// Stores `outPath`'s file under `key` with the dependencies named by the make-style file `depFile`
  /// (clang's -MD -MF output; empty: none). Failures are ignored: the cache only saves time.
  void store(const std::string& key, const std::string& outPath, const std::string& depFile) const;

  const std::string& folder() const { return folder_; }

 private:
  std::string folder_;
};

/// The files a make-style dependency file lists after its target, as absolute paths.
std::vector<std::string> dependenciesOf(const std::string& depFileText);

}  // namespace argus::frontend
