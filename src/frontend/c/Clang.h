// Running clang-14 for the C front end and the native replay: compilation of a C file to LLVM bitcode, and
// loading bitcode into an in-process llvm::Module. Child processes are run by util/Process.h, their files
// live in temporary folders (util/TempDir.h).
#pragma once

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/Process.h"
#include "util/TempDir.h"

namespace argus::frontend {

/// Compiles a C (or preprocessed .i) file to bitcode with clang-14 (-m32 for ILP32, -m64 for LP64).
/// `debugInfo` adds -g; `extraFlags` go after ours. Clang's stderr goes to `stderrPath` (empty: to ours),
/// its temporary files to the folder of `outPath`. Returns the result of the clang run; the caller decides
/// what a failure means.
ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath = "", const std::vector<std::string>& extraFlags = {});

/// The data model's flags, for the bitcode and for the native replay's executable alike: -m32 or -m64, and
/// with -m32 SSE2 arithmetic instead of x87 (whose registers keep excess precision, so that a native run
/// would round differently from binary32/binary64; -m64 uses SSE2 anyway).
std::vector<std::string> dataModelFlags(bool ilp32);

/// The flags that make clang check signed overflow and shifts as UBSan does (-fsanitize=signed-integer-
/// overflow,shift): each check is a branch to a call of a `__ubsan_handle_*_abort` function. The front end
/// compiles a no-overflow task with them (each such call is an error location) and so does the native
/// replay of its counterexamples (the runtime then reports the fault): clang decides what is undefined,
/// once, for both.
const std::vector<std::string>& overflowCheckFlags();

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

/// The bytes of a file; nothing when it cannot be read.
std::optional<std::string> readFileIfReadable(const std::string& path);

/// Text of a file (empty if unreadable).
std::string readTextFile(const std::string& path);

}  // namespace argus::frontend
