// clang-14 invocations for the C front end and replay.
#include "frontend/c/Clang.h"

#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "util/Error.h"

namespace argus::frontend {

ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath, const std::vector<std::string>& extraFlags) {
  ProcessSpec spec;
  // -fno-crash-diagnostics: a crashing clang would leave its reproducer files in /tmp.
  spec.argv = {ARGUS_CLANG, "-c", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone", ilp32 ? "-m32" : "-m64",
               "-w", "-fno-crash-diagnostics", "-o", outPath};
  spec.argv.insert(spec.argv.end(), extraFlags.begin(), extraFlags.end());
  if (debugInfo) spec.argv.insert(spec.argv.begin() + 1, "-g");
  // A .i file is preprocessed C; naming the language keeps clang from guessing by the extension.
  spec.argv.insert(spec.argv.end(), {"-x", cFile.ends_with(".i") ? "cpp-output" : "c", cFile});
  spec.stderrPath = stderrPath;
  spec.tmpDir = std::filesystem::path(outPath).parent_path().string();
  return runProcess(spec);
}

ClangError firstClangError(const std::string& diagnostics, const std::string& cFile) {
  // "PATH:LINE:COL: error: MESSAGE" (or "fatal error"), after "In file included from PATH:LINE:" lines.
  static const std::regex error(R"(^(.*):([0-9]+):[0-9]+: (?:fatal )?error: (.*)$)");
  static const std::regex includedFrom(R"(^In file included from (.*):([0-9]+):$)");
  ClangError out;
  std::istringstream lines(diagnostics);
  int includeLine = 0;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, includedFrom) && m[1] == cFile && !includeLine) includeLine = std::stoi(m[2]);
    if (!std::regex_match(line, m, error)) continue;
    bool here = m[1] == cFile;
    out.line = here ? std::stoi(m[2]) : includeLine;
    out.message = here ? m[3].str() : m[1].str() + ":" + m[2].str() + ": " + m[3].str();
    break;
  }
  return out;
}

std::unique_ptr<llvm::Module> loadBitcode(const std::string& path, llvm::LLVMContext& context) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIRFile(path, diagnostic, context);
  if (!module) {
    std::string text;
    llvm::raw_string_ostream out(text);
    diagnostic.print("argus", out);
    throw InternalError("cannot load the bitcode clang produced: " + out.str());
  }
  return module;
}

std::string readTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace argus::frontend
