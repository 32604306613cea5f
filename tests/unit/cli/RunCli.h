// Runs an argus command line in-process and captures exit code, stdout and stderr (the Logger's own
// stderr lines are not captured).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/Cli.h"

namespace argus::clitest {

struct CliOutcome {
  int code;
  std::string out, err;
};

/// `args` without the program name.
inline CliOutcome runCli(std::vector<std::string> args) {
  args.insert(args.begin(), "argus");
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  int code = cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

}  // namespace argus::clitest
