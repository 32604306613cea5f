// Processes in tests that check that nothing outlives what they test: a shell script run in the
// background through util/Process.h, waiting for a line in a file, and waiting for a process to end.
#pragma once

#include <chrono>
#include <string>
#include <thread>

#include "testing/TestFolder.h"
#include "util/Process.h"

namespace argus::testing {

/// Runs `/bin/sh -c script` with runProcess in a detached thread. Its output goes to /dev/null: ctest
/// would wait for the output of a process that survives the test.
inline void runInBackground(const std::string& script) {
  std::thread([script] {
    ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c", script};
    spec.stdoutPath = spec.stderrPath = "/dev/null";
    runProcess(spec);
  }).detach();
}

/// The text of a file once it ends with a newline, waiting up to five seconds; empty if it never does.
inline std::string awaitLine(const std::string& path) {
  for (int i = 0; i < 100; ++i) {
    std::string text = readAll(path);
    if (!text.empty() && text.back() == '\n') return text;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return "";
}

/// True once the process is gone or a zombie, waiting up to five seconds.
inline bool ended(int pid) {
  for (int i = 0; i < 100; ++i) {
    std::string stat = readAll("/proc/" + std::to_string(pid) + "/stat");
    auto close = stat.rfind(')');
    if (stat.empty() || (close != std::string::npos && stat.substr(close + 2, 1) == "Z")) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

}  // namespace argus::testing
