// clang-14 invocations for the C front end and replay.
#include "frontend/c/Clang.h"

#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/Error.h"

namespace argus::frontend {

ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath) {
  ProcessSpec spec;
  spec.argv = {ARGUS_CLANG, "-c", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone", ilp32 ? "-m32" : "-m64",
               "-w", "-o", outPath};
  if (debugInfo) spec.argv.insert(spec.argv.begin() + 1, "-g");
  // A .i file is preprocessed C; naming the language keeps clang from guessing by the extension.
  spec.argv.insert(spec.argv.end(), {"-x", cFile.ends_with(".i") ? "cpp-output" : "c", cFile});
  spec.stderrPath = stderrPath;
  spec.tmpDir = std::filesystem::path(outPath).parent_path().string();
  return runProcess(spec);
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
