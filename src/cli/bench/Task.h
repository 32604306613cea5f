// The tasks of a benchmark run and where their expected verdicts come from.
//
// LIST arguments: a directory (every .yml and .smt2 below it, and every .c/.i that no .yml there uses as
// its input), a .txt list (one path per line, relative to the list file, `#` comments, `${VAR}` and
// `${VAR:-default}` expanded from the environment), or a single task file. Expected verdicts: a .yml's
// expected_verdict; a comment in the file (see TaskComments); otherwise the `expected` column of the nearest MANIFEST.tsv in an ancestor folder.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/c/CFrontend.h"

namespace argus::cli::bench {

struct BenchTask {
  std::string path;         // the task file (.yml, .c, .i, .smt2), as found (absolute or relative to cwd)
  std::string programFile;  // the C or .smt2 file ({file} of external commands)
  std::string category;     // name of the task's parent folder
  std::string display;      // "category/file name", for progress lines
  std::optional<bool> expectedSafe;  // TRUE/sat = safe; none when unknown
  bool chc = false;                  // .smt2: verdicts read sat/unsat
  std::string errorFunction;  // plain C files: from a comment or MANIFEST.tsv; empty: argus' default
  std::string dataModel;      // plain C files: from a comment; empty: argus' default
  /// A .yml's expected FALSE: the (sub)property it violates (SV-COMP judges a FALSE by it: a
  /// FALSE(unreach-call) of a no-overflow task is wrong); empty: any FALSE.
  std::string expectedViolation;
};

/// Expands every LIST argument into tasks, in order, without duplicates. Throws InputError for a missing
/// file, a list line that names nothing, an unset variable, or a task file argus cannot read. A .yml found
/// in a directory whose properties argus does not check (valid-memsafety, termination, ...) is passed over
/// with its C file, and its path added to `passedOver`; one named explicitly is an error if argus does not
/// know its property, and run otherwise (memory safety: argus answers UNKNOWN).
std::vector<BenchTask> collectTasks(const std::vector<std::string>& lists,
                                    std::vector<std::string>* passedOver = nullptr);

/// The task for one file (expected verdict looked up as described above).
BenchTask makeTask(const std::string& path);
/// The task for a .yml that frontend::readTask has read already.
BenchTask makeTask(const std::string& path, const frontend::CTask& loaded);

/// What a task file says about itself in comments: `// @expect safe|unsafe`, `// @error-function NAME`
/// and `// @data-model ILP32|LP64` (C), `; expect: sat|unsat|unknown` (SMT-LIB).
struct TaskComments {
  std::optional<std::optional<bool>> expectedSafe;  // set when the file says; inner nullopt: "unknown"
  std::string errorFunction;
  std::string dataModel;
};
TaskComments readTaskComments(const std::string& path);

/// A row of the nearest MANIFEST.tsv in an ancestor folder of `path`, if one lists it.
struct ManifestEntry {
  std::optional<bool> expectedSafe;
  std::string errorFunction;  // empty or "-" when the manifest has none
};
std::optional<ManifestEntry> manifestEntry(const std::string& path);

/// Replaces ${VAR} and ${VAR:-default} by the environment's values; throws InputError(file, line) for
/// a variable that is unset and has no default.
std::string expandVariables(const std::string& text, const std::string& file, int line);

}  // namespace argus::cli::bench
