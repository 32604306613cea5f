// Graphs drawn by Graphviz for the HTML report: the control-flow automata (ir::dumpDot) and the ARG of a
// CPA engine (the dot text it wrote, cpa::argDot). `dot -Tsvg` runs as a child process under a timeout. A
// missing dot, a graph too large to draw, a timeout or a failing dot give no picture but a note that says
// why: the report is written regardless.
#pragma once

#include <cstddef>
#include <string>

#include "ir/Program.h"

namespace argus::report {

struct GraphPicture {
  std::string svg;   // the <svg> element alone (no XML prolog), or empty
  std::string note;  // why there is no picture, when `svg` is empty
};

struct GraphvizLimits {
  std::string dotCommand = "dot";  // a name looked up on $PATH, or a path
  double timeoutSeconds = 10;
  /// Edges of a CFA, nodes of an ARG: larger graphs are not drawn (dot would take minutes, the page be
  /// unreadable).
  size_t maxSize = 2000;
};

/// `dotText` as inline SVG.
GraphPicture graphvizSvg(const std::string& dotText, const GraphvizLimits& limits);

/// The program's CFA (every procedure) as inline SVG, unless it has more than `limits.maxSize` edges.
GraphPicture drawCfa(const ir::Program& program, const GraphvizLimits& limits);

}  // namespace argus::report
