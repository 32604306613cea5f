// libFuzzer harness of the command line: the input is an argv (after "argus"), one argument per line, or
// one per NUL-separated piece once the input holds a NUL byte (so that mutations can put line breaks into
// arguments while the seeds stay readable). cli::check parses it and checks the options exactly as
// cli::run would, without reading an input or running a command. The exit code must be 0 (a command run
// would start; --help, --version) or 2 with exactly one line "argus: error: ..." on stderr; 3 (internal
// error) or anything escaping is a finding.
#include <sstream>
#include <vector>

#include "FuzzCheck.h"
#include "cli/Cli.h"
#include "cli/ExitCode.h"

using namespace argus;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input = fuzz::text(data, size);
  char separator = input.find('\0') == std::string::npos ? '\n' : '\0';
  std::vector<std::string> args{"argus"};
  std::istringstream pieces(input);
  for (std::string arg; std::getline(pieces, arg, separator);) args.push_back(arg);
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());

  std::ostringstream out, err;
  int code = cli::check(static_cast<int>(argv.size()), argv.data(), out, err);
  if (code == 0) return 0;
  std::string message = err.str();
  if (code != cli::kExitUsage) fuzz::finding("exit code " + std::to_string(code) + ": " + message);
  const std::string prefix = "argus: error: ";
  if (message.rfind(prefix, 0) != 0 || message.empty() || message.back() != '\n')
    fuzz::finding("usage error not as 'argus: error: ...' line: " + message);
  message.pop_back();
  fuzz::checkOneLine(message, "usage");
  fuzz::recordRejection("usage", message.substr(prefix.size()));
  return 0;
}
