// Leveled diagnostics on stderr. Engines never print; they log here, so stdout stays parseable.
//
// Level 0 is silent except warnings, -v gives 1 (progress), -v -v gives 2 (details), 3 is debugging.
// In CHC-COMP mode every line starts with ';' so that even a merged stream stays valid SMT-LIB.
#pragma once

#include <fmt/format.h>

#include <mutex>
#include <string>
#include <string_view>

namespace argus {

class Logger {
 public:
  explicit Logger(int verbosity = 0) : verbosity_(verbosity) {}

  int verbosity() const { return verbosity_; }
  void setVerbosity(int v) { verbosity_ = v; }
  /// Text put in front of every line (";" in CHC-COMP mode).
  void setLinePrefix(std::string prefix) { prefix_ = std::move(prefix); }
  bool enabled(int level) const { return level <= verbosity_; }

  /// Writes one line "[module] message" if `level` is enabled.
  void write(int level, std::string_view module, std::string_view message);

  template <typename... Args>
  void log(int level, std::string_view module, fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level)) write(level, module, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void warn(std::string_view module, fmt::format_string<Args...> f, Args&&... args) {
    write(0, module, "warning: " + fmt::format(f, std::forward<Args>(args)...));
  }

 private:
  int verbosity_;
  std::string prefix_;
  std::mutex mutex_;
};

}  // namespace argus
