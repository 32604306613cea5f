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

/// The SV-COMP properties a task may state (its .prp file). argus checks unreach-call and no-overflow;
/// the memory-safety properties are read, so that a task stating one is answered UNKNOWN, not rejected.
enum class Property { UnreachCall, NoOverflow, ValidMemsafety, ValidMemcleanup };

/// SV-COMP's name: "unreach-call", "no-overflow", "valid-memsafety", "valid-memcleanup".
const char* propertyName(Property property);
/// Whether argus checks the property (the others are answered UNKNOWN).
bool isCheckedProperty(Property property);

/// What a property file states: the property, and for unreach-call the error function. Throws an
/// InputError naming the file when it states no property argus knows.
struct PropertyFile {
  Property property = Property::UnreachCall;
  std::string errorFunction;  // unreach-call only
};
PropertyFile readPropertyFile(const std::string& prpPath);
PropertyFile parsePropertyText(const std::string& text, const std::string& prpPath);

/// A verification task: one C file, its property (with the error function of unreach-call), data model,
/// and (from a .yml) the expected verdict.
struct CTask {
  std::string file;                        // the .c or .i file (absolute or relative to cwd)
  Property property = Property::UnreachCall;
  std::string errorFunction = "reach_error";  // unreach-call: the function whose call is the error
  bool ilp32 = false;                      // data model: ILP32 (-m32) or LP64 (-m64)
  std::optional<bool> expectedSafe;        // from the task's expected_verdict, if any
  std::string expectedSubproperty;         // an expected FALSE's subproperty (valid-deref, ...), if named
  std::string taskFile;                    // the .yml, or empty for a plain C file
};

/// Reads an SV-COMP task definition (format 2.0): its first property whose file argus knows (unreach-call
/// with the error function read from `G ! call(NAME())`, no-overflow, valid-memsafety, valid-memcleanup). Throws InputError naming
/// the file (and line, where the YAML parser knows it) for anything malformed or unsupported.
CTask loadTask(const std::string& ymlPath);

/// A well-formed task definition none of whose property files argus knows (termination, ...):
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

/// readTask, except that a task of a property argus reads but does not check yet (valid-memsafety,
/// valid-memcleanup) is an UncheckedTask too: what a scan of a benchmark folder passes over.
std::variant<CTask, UncheckedTask> readCheckedTask(const std::string& ymlPath);

/// loadTask on the text of a task definition; `ymlPath` names it in messages, and the files it names
/// are looked up relative to its folder.
CTask loadTaskString(const std::string& text, const std::string& ymlPath);

/// A plain .c/.i file as a task: error function and data model as given; the property from `prpPath`
/// when not empty (unreach-call of `errorFunction` otherwise).
CTask plainTask(const std::string& cPath, const std::string& errorFunction, bool ilp32,
                const std::string& prpPath = "");

struct CFrontendOptions {
  ir::Encoding encoding = ir::Encoding::Int;
};

/// Translates the task's C file. Clang's diagnostics go to `log` (level 0: shown unless the log is
/// silenced), and a failed compilation throws InputError at the line of clang's first error. Features the IR does not model do not throw: they become
/// edges marked `unsupported` (see ir::Edge), so a program that never reaches them is still decided.
std::unique_ptr<ir::Program> translateC(const CTask& task, const CFrontendOptions& options, Logger& log,
                                        Stats& stats);

}  // namespace argus::frontend
