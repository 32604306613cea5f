// clang-14 invocations for the C front end and replay.
#include "frontend/c/Clang.h"

#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "frontend/c/CompileCache.h"
#include "util/Error.h"

namespace argus::frontend {

ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath, const std::vector<std::string>& extraFlags) {
  // -fno-crash-diagnostics: a crashing clang would leave its reproducer files in /tmp.
  // Floating point as IEEE-754 says, the same in the model and in the native replay: no contraction of
  // a * b + c into a fused multiply-add (clang's default for C may emit llvm.fmuladd, which the target
  // fuses or not), and the data model's SSE2 arithmetic (dataModelFlags).
  std::vector<std::string> flags = {"-c", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone",
                                    "-w", "-fno-crash-diagnostics", "-ffp-contract=off"};
  std::vector<std::string> dataModel = dataModelFlags(ilp32);
  flags.insert(flags.begin() + 5, dataModel.begin(), dataModel.end());
  if (debugInfo) flags.insert(flags.begin(), "-g");
  flags.insert(flags.end(), extraFlags.begin(), extraFlags.end());
  // A .i file is preprocessed C; naming the language keeps clang from guessing by the extension.
  flags.insert(flags.end(), {"-x", cFile.ends_with(".i") ? "cpp-output" : "c", cFile});

  std::optional<CompileCache> cache = CompileCache::fromEnvironment();
  std::string key;
  if (cache)
    if (std::optional<std::string> source = sha256OfFileIfReadable(cFile)) {
      std::vector<std::string> parts = flags;
      parts.insert(parts.begin(), "bitcode");
      parts.push_back(*source);
      key = CompileCache::key(parts);
      if (cache->fetch(key, outPath)) {
        if (!stderrPath.empty()) std::ofstream{stderrPath};  // entries are made of clean compilations only
        ProcessResult hit;
        hit.started = true;
        hit.exitCode = 0;
        return hit;
      }
    }

  ProcessSpec spec;
  spec.argv = {ARGUS_CLANG, "-o", outPath};
  spec.argv.insert(spec.argv.end(), flags.begin(), flags.end());
  std::string depFile = outPath + ".d";
  if (!key.empty()) spec.argv.insert(spec.argv.begin() + 1, {"-MD", "-MF", depFile});
  spec.stderrPath = stderrPath;
  spec.tmpDir = std::filesystem::path(outPath).parent_path().string();
  ProcessResult result = runProcess(spec);
  bool clean = result.started && result.exitCode == 0 && (stderrPath.empty() || readTextFile(stderrPath).empty());
  if (!key.empty() && clean) cache->store(key, outPath, depFile);
  return result;
}

std::vector<std::string> dataModelFlags(bool ilp32) {
  if (ilp32) return {"-m32", "-msse2", "-mfpmath=sse"};
  return {"-m64"};
}

const std::vector<std::string>& overflowCheckFlags() {
  // Not recoverable: a check that fails ends the run (the handler does not return), so the model needs no
  // edge back from the handler and the native run stops at the first fault, which the runtime reports.
  static const std::vector<std::string> flags = {"-fsanitize=signed-integer-overflow,shift",
                                                 "-fno-sanitize-recover=signed-integer-overflow,shift"};
  return flags;
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

std::optional<std::string> readFileIfReadable(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string readTextFile(const std::string& path) { return readFileIfReadable(path).value_or(""); }

}  // namespace argus::frontend
