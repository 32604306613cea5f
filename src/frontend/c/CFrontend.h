// Public interface of the C front end: SV-COMP task files and the translation of a C file into an
// ir::Program (clang-14 → bitcode → LLVM passes → IR). See docs/ARCHITECTURE.md for the encodings.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/Program.h"
#include "util/Logger.h"
#include "util/Stats.h"

namespace argus::frontend {

/// A verification task: one C file, its error function and data model, and (from a .yml) the expected
/// verdict of the unreach-call property.
struct CTask {
  std::string file;                        // the .c or .i file (absolute or relative to cwd)
  std::string errorFunction = "reach_error";
  bool ilp32 = false;                      // data model: ILP32 (-m32) or LP64 (-m64)
  std::optional<bool> expectedSafe;        // from the task's expected_verdict, if any
  std::string taskFile;                    // the .yml, or empty for a plain C file
};

/// Reads an SV-COMP task definition (format 2.0). Accepts only tasks with an unreach-call property;
/// the error function is read from that property file (`G ! call(NAME())`). Throws InputError naming
/// the file (and line, where the YAML parser knows it) for anything malformed or unsupported.
CTask loadTask(const std::string& ymlPath);

/// A well-formed task definition none of whose properties argus checks (no-overflow, valid-memsafety, ...):
/// its input file and the names of its property files, so that a scan of a benchmark folder can pass over
/// the task and its C file.
struct UncheckedTask {
  std::string file;
  std::vector<std::string> properties;
  int propertiesLine = 1;  // where the task lists them, for messages
};

/// loadTask, except that a task that states no property argus checks is an UncheckedTask, not an error.
std::variant<CTask, UncheckedTask> readTask(const std::string& ymlPath);
std::variant<CTask, UncheckedTask> readTaskString(const std::string& text, const std::string& ymlPath);

/// loadTask on the text of a task definition; `ymlPath` names it in messages, and the files it names
/// are looked up relative to its folder.
CTask loadTaskString(const std::string& text, const std::string& ymlPath);

/// A plain .c/.i file as a task: error function and data model as given.
CTask plainTask(const std::string& cPath, const std::string& errorFunction, bool ilp32);

struct CFrontendOptions {
  ir::Encoding encoding = ir::Encoding::Int;
};

/// Translates the task's C file. Clang's diagnostics go to `log` (level 0: shown unless the log is
/// silenced), and a failed compilation throws InputError at the line of clang's first error. Features the IR does not model do not throw: they become
/// edges marked `unsupported` (see ir::Edge), so a program that never reaches them is still decided.
std::unique_ptr<ir::Program> translateC(const CTask& task, const CFrontendOptions& options, Logger& log,
                                        Stats& stats);

}  // namespace argus::frontend
