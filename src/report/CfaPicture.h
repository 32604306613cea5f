// The control-flow automata drawn by Graphviz for the HTML report: `dot -Tsvg` on the text of
// ir::dumpDot, run as a child process under a timeout. A missing dot, a graph too large to draw, a
// timeout or a failing dot give no picture but a note that says why: the report is written regardless.
#pragma once

#include <cstddef>
#include <string>

#include "ir/Program.h"

namespace argus::report {

struct CfaPicture {
  std::string svg;   // the <svg> element alone (no XML prolog), or empty
  std::string note;  // why there is no picture, when `svg` is empty
};

struct GraphvizLimits {
  std::string dotCommand = "dot";  // a name looked up on $PATH, or a path
  double timeoutSeconds = 10;
  size_t maxEdges = 2000;  // larger programs are not drawn: dot would take minutes, the page be unreadable
};

/// `dotText` as inline SVG; `edges` is the graph's edge count, checked against the limit first.
CfaPicture graphvizSvg(const std::string& dotText, size_t edges, const GraphvizLimits& limits);

/// The program's CFA (every procedure) as inline SVG.
CfaPicture drawCfa(const ir::Program& program, const GraphvizLimits& limits);

}  // namespace argus::report
