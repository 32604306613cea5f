// Child processes, temporary directories and clang-14 invocations for the C front end and replay.
#include "frontend/c/Clang.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "util/Error.h"

namespace argus::frontend {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/argus-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data())) throw InternalError("cannot create a temporary directory: " + std::string(strerror(errno)));
  path_ = buffer.data();
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

namespace {

/// In the child: redirect a standard stream to a file, or exit with 127 if that fails.
void redirect(int fd, const std::string& path) {
  if (path.empty()) return;
  int file = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (file < 0 || dup2(file, fd) < 0) _exit(127);
  close(file);
}

}  // namespace

ProcessResult runProcess(const ProcessSpec& spec) {
  ProcessResult result;
  INVARIANT(!spec.argv.empty(), "no program to run");
  std::vector<char*> argv;
  for (auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  pid_t pid = fork();
  if (pid < 0) {
    result.errorText = std::string("fork failed: ") + strerror(errno);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);  // own process group: a timeout kills whatever the child started too
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    redirect(1, spec.stdoutPath);
    redirect(2, spec.stderrPath);
    execv(argv[0], argv.data());
    _exit(127);
  }
  setpgid(pid, pid);
  result.started = true;
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  while (true) {
    pid_t done = waitpid(pid, &status, spec.timeoutSeconds > 0 ? WNOHANG : 0);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      result.errorText = std::string("waitpid failed: ") + strerror(errno);
      return result;
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spec.timeoutSeconds > 0 && elapsed > spec.timeoutSeconds) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      result.timedOut = true;
      return result;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (result.exitCode == 127) result.errorText = "could not run " + spec.argv[0];
  return result;
}

ProcessResult compileToBitcode(const std::string& cFile, bool ilp32, bool debugInfo, const std::string& outPath,
                               const std::string& stderrPath) {
  ProcessSpec spec;
  // -fno-crash-diagnostics: a crashing clang would leave its reproducer files in /tmp.
  spec.argv = {ARGUS_CLANG, "-c", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone", ilp32 ? "-m32" : "-m64",
               "-w", "-fno-crash-diagnostics", "-o", outPath};
  if (debugInfo) spec.argv.insert(spec.argv.begin() + 1, "-g");
  // A .i file is preprocessed C; naming the language keeps clang from guessing by the extension.
  spec.argv.insert(spec.argv.end(), {"-x", cFile.ends_with(".i") ? "cpp-output" : "c", cFile});
  spec.stderrPath = stderrPath;
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
