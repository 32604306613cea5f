// Parsing run configurations and building the per-task command lines.
#include "cli/bench/Commands.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "util/Options.h"

namespace argus::cli::bench {
namespace {

std::pair<std::string, std::string> splitAssignment(const std::string& assignment, const char* flag) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw OptionError(fmt::format("{} expects NAME=VALUE, got '{}'", flag, assignment));
  std::string name = assignment.substr(0, eq);
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
      throw OptionError(
          fmt::format("{}: the name '{}' may only use letters, digits, '-', '_' and '.'", flag, name));
  return {name, assignment.substr(eq + 1)};
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
  for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
  return text;
}

}  // namespace

std::string RunSpec::description() const {
  if (!isArgus) return commandTemplate;
  std::string out;
  for (auto& a : args) out += (out.empty() ? "" : " ") + a;
  return out;
}

RunSpec parseArgusRun(const std::string& assignment) {
  auto [name, args] = splitAssignment(assignment, "--run");
  RunSpec run;
  run.name = name;
  run.args = splitArguments(args);
  return run;
}

RunSpec parseExternalRun(const std::string& assignment) {
  auto [name, command] = splitAssignment(assignment, "--external");
  if (command.find("{file}") == std::string::npos && command.find("{task}") == std::string::npos)
    throw OptionError("--external " + name + ": the command needs a {file} or {task} placeholder");
  RunSpec run;
  run.name = name;
  run.isArgus = false;
  run.commandTemplate = command;
  run.reader = VerdictReader::forExternal(VerdictReader::defaultExternalPattern());
  return run;
}

namespace {

/// The whole number N >= `least` of "NAME=N".
std::pair<std::string, int> parseCount(const std::string& assignment, const char* flag, const char* what,
                                       int least) {
  auto [name, count] = splitAssignment(assignment, flag);
  bool digits = !count.empty() && count.size() < 10 &&
                std::all_of(count.begin(), count.end(), [](unsigned char c) { return std::isdigit(c); });
  if (!digits || std::stoi(count) < least)
    throw OptionError(fmt::format("{} {}: expects a whole number of {}{}, got '{}'", flag, name, what,
                                  least > 0 ? fmt::format(" (at least {})", least) : "", count));
  return {name, std::stoi(count)};
}

}  // namespace

SolvedFloor parseSolvedFloor(const std::string& assignment) {
  auto [name, count] = parseCount(assignment, "--min-solved", "tasks", 0);
  return {name, count};
}

CoreShare parseCoreShare(const std::string& assignment) {
  auto [name, count] = parseCount(assignment, "--cores", "cores", 1);
  return {name, count};
}

VirtualBestSpec parseVirtualBest(const std::string& assignment) {
  auto [name, list] = splitAssignment(assignment, "--virtual-best");
  VirtualBestSpec spec{name, {}};
  std::stringstream in(list);
  for (std::string member; std::getline(in, member, ',');) {
    if (member.empty()) continue;
    if (std::find(spec.members.begin(), spec.members.end(), member) != spec.members.end())
      throw OptionError(fmt::format("--virtual-best {}: '{}' is named twice", name, member));
    spec.members.push_back(member);
  }
  if (spec.members.size() < 2)
    throw OptionError(fmt::format("--virtual-best {}: expects at least two configurations, A,B,..., got '{}'",
                                  name, list));
  return spec;
}

std::vector<std::string> splitArguments(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size())
        word += text[++i];
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw OptionError("unterminated quote in '" + text + "'");
  if (inWord) words.push_back(word);
  return words;
}

std::string shellQuote(const std::string& s) { return "'" + replaceAll(s, "'", "'\\''") + "'"; }

std::string fillTemplate(const std::string& commandTemplate, const BenchTask& task, double timeoutSeconds) {
  std::string out = replaceAll(commandTemplate, "{file}", shellQuote(task.programFile));
  out = replaceAll(out, "{task}", shellQuote(task.path));
  return replaceAll(out, "{timeout}", fmt::format("{:g}", timeoutSeconds));
}

namespace {

/// The error function and data model that a plain C file's comments set (a .yml task sets its own).
void addTaskSettings(std::vector<std::string>& argv, const BenchTask& task) {
  if (!task.errorFunction.empty()) argv.insert(argv.end(), {"--error-function", task.errorFunction});
  if (!task.dataModel.empty()) argv.insert(argv.end(), {"--data-model", task.dataModel});
}

}  // namespace

std::vector<std::string> commandFor(const RunSpec& run, const BenchTask& task,
                                    const CommandContext& context) {
  if (!run.isArgus) return {"/bin/sh", "-c", fillTemplate(run.commandTemplate, task, context.timeoutSeconds)};
  std::vector<std::string> argv = {context.argusExecutable, "verify", task.path};
  if (context.timeoutSeconds > 0)
    argv.insert(argv.end(), {"--timeout", fmt::format("{:g}", context.timeoutSeconds)});
  addTaskSettings(argv, task);
  argv.insert(argv.end(), run.args.begin(), run.args.end());
  if (!context.jsonFile.empty()) argv.insert(argv.end(), {"--json", context.jsonFile});
  if (!context.witnessFile.empty()) argv.insert(argv.end(), {"--witness", context.witnessFile});
  return argv;
}

std::vector<std::string> validateCommandFor(const BenchTask& task, const CommandContext& context) {
  std::vector<std::string> argv = {context.argusExecutable, "validate", task.path, "--witness", context.witnessFile};
  if (context.timeoutSeconds > 0)
    argv.insert(argv.end(), {"--timeout", fmt::format("{:g}", context.timeoutSeconds)});
  addTaskSettings(argv, task);
  return argv;
}

}  // namespace argus::cli::bench
