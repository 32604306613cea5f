// Running clang-14 and other child processes for the C front end and the native replay: temporary
// directories that clean up after themselves, a child-process runner with a timeout, compilation of a
// C file to LLVM bitcode, and loading bitcode into an in-process llvm::Module.
#pragma once

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

namespace argus::frontend {

/// A fresh directory below $TMPDIR (or /tmp), removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct ProcessResult {
  bool started = false;   // false: fork/exec failed (errorText says why)
  bool timedOut = false;  // killed after the timeout
  int exitCode = -1;      // valid when the child exited normally
  int signal = 0;         // the signal that ended the child, if any
  std::string errorText;
};

struct ProcessSpec {
  std::vector<std::string> argv;
  std::string stdoutPath;  // empty: inherit ours
  std::string stderrPath;  // empty: inherit ours
  double timeoutSeconds = 0;  // 0: none
};

/// Runs a child process (no shell) and waits for it; on timeout, kills its whole process group.
ProcessResult runProcess(const ProcessSpec& spec);

/// Compiles a C (or preprocessed .i) file to bitcode with clang-14 (-m32 for ILP32, -m64 for LP64).
/// `debugInfo` adds -g. Clang's stderr goes to `stderrPath` (empty: to ours). Returns the result of
/// the clang run; the caller decides what a failure means.
ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath = "");

/// Where clang's first error is, as far as `cFile` goes: the line in `cFile` (of the error, or of the
/// #include that leads to it; 0 if neither) and "MESSAGE", or "PATH:LINE: MESSAGE" for an error in another
/// file. Empty `message` if the diagnostics hold no error.
struct ClangError {
  int line = 0;
  std::string message;
};
ClangError firstClangError(const std::string& diagnostics, const std::string& cFile);

/// Reads a bitcode file; throws InternalError if LLVM cannot parse what clang wrote.
std::unique_ptr<llvm::Module> loadBitcode(const std::string& path, llvm::LLVMContext& context);

/// Text of a file (empty if unreadable).
std::string readTextFile(const std::string& path);

}  // namespace argus::frontend
