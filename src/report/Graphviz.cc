// Runs Graphviz's dot on a graph's dot text in a temporary folder and keeps the <svg> element of its output.
#include "report/Graphviz.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "ir/Dump.h"
#include "util/Process.h"
#include "util/TempDir.h"

namespace argus::report {
namespace {

/// runProcess executes a path (no shell): a bare name is looked up on $PATH here. Empty when not found.
std::string findExecutable(const std::string& command) {
  if (command.find('/') != std::string::npos) return access(command.c_str(), X_OK) == 0 ? command : "";
  const char* path = std::getenv("PATH");
  std::istringstream folders(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string folder; std::getline(folders, folder, ':');) {
    std::string candidate = (folder.empty() ? "." : folder) + "/" + command;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

GraphPicture graphvizSvg(const std::string& dotText, const GraphvizLimits& limits) {
  std::string dot = findExecutable(limits.dotCommand);
  if (dot.empty())
    return {"", fmt::format("Graphviz's `{}` was not found (Debian package graphviz): the CFA is not drawn.",
                            limits.dotCommand)};
  std::optional<TempDir> folder;
  try {
    folder.emplace("argus-report");
  } catch (const std::exception& e) {  // the verdict is out already: the page says why, argus goes on
    return {"", std::string("No temporary folder for Graphviz: ") + e.what()};
  }
  std::string input = folder->file("cfa.dot"), output = folder->file("cfa.svg"), errors = folder->file("dot.err");
  std::ofstream(input, std::ios::binary) << dotText;
  ProcessSpec spec;
  spec.argv = {dot, "-Tsvg", "-o", output, input};
  spec.stderrPath = errors;
  spec.timeoutSeconds = limits.timeoutSeconds;
  ProcessResult run = runProcess(spec);
  if (!run.started) return {"", "Graphviz's dot could not be started: " + run.errorText};
  if (run.timedOut)
    return {"", fmt::format("Graphviz's dot took longer than report.dot_timeout = {:g} s: the CFA is not drawn.",
                            limits.timeoutSeconds)};
  if (run.exitCode != 0)
    return {"", fmt::format("Graphviz's dot failed (exit code {}, signal {}): {}", run.exitCode, run.signal,
                            firstLine(readFile(errors)))};
  std::string svg = readFile(output);
  size_t start = svg.find("<svg");  // after the XML prolog and DOCTYPE, which HTML does not take inline
  if (start == std::string::npos) return {"", "Graphviz's dot wrote no SVG."};
  return {svg.substr(start), ""};
}

GraphPicture drawCfa(const ir::Program& program, const GraphvizLimits& limits) {
  // Checked before ir::dumpDot, which takes long on a huge program too.
  if (program.numEdges() > limits.maxSize)
    return {"", fmt::format("The CFA has {} edges, more than report.max_graph_size = {}: not drawn. "
                            "`argus dump --cfa FILE --dot` writes it for Graphviz.",
                            program.numEdges(), limits.maxSize)};
  return graphvizSvg(ir::dumpDot(program), limits);
}

}  // namespace argus::report
