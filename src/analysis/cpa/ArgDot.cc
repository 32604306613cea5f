// Writes the live part of an ARG as a Graphviz digraph.
#include "analysis/cpa/ArgDot.h"

#include <fmt/format.h>

#include "ir/Dump.h"

namespace argus::cpa {

std::string argDot(const Arg& arg, const ir::Program& program,
                   const std::function<ir::LocId(const ArgNode&)>& locationOf,
                   const std::function<std::string(const ArgNode&)>& describe, size_t maxNodes) {
  // Ids of their own: the page holds the CFA's SVG too, whose elements dot names node1, edge1, ...
  std::string out = "digraph arg {\n  id=\"arggraph\";\n  node [shape=box fontname=\"monospace\" fontsize=10];\n"
                    "  edge [fontname=\"monospace\" fontsize=9];\n";
  if (arg.size() > maxNodes)
    return out + fmt::format("  note [shape=plaintext label=\"The ARG has {} nodes, more than {}: not drawn.\"];\n}}\n",
                             arg.size(), maxNodes);
  for (const auto& node : arg.allNodes()) {
    if (node->removed) continue;
    ir::LocId loc = locationOf(*node);
    const ir::Location& at = program.loc(loc);
    std::string title = fmt::format("#{} {}{}", node->id, at.name, at.loc.known() ? " (line " + std::to_string(at.loc.line) + ")" : "");
    std::string label = title + "\n" + ir::shortened(describe(*node), 80) + "\n";
    std::string style = program.isErrorLoc(loc) ? " color=red fontcolor=red" : node->covered() ? " style=dashed" : "";
    out += fmt::format("  a{} [id=\"argnode{}\" label=\"{}\"{}];\n", node->id, node->id, ir::dotEscape(label), style);
  }
  for (const auto& node : arg.allNodes()) {
    if (node->removed) continue;
    for (const ArgNode::Parent& parent : node->parents) {
      if (parent.node->removed) continue;
      const ir::Edge& edge = program.edge(parent.step.edge);
      std::string label = (edge.loc.known() ? "line " + std::to_string(edge.loc.line) + "\n" : "") +
                          ir::shortened(edge.label, 50) + "\n";
      out += fmt::format("  a{} -> a{} [id=\"argstep{}_{}\" label=\"{}\"];\n", parent.node->id, node->id,
                         parent.node->id, node->id, ir::dotEscape(label));
    }
    for (const ArgNode* by : node->coveredBy)
      if (!by->removed)
        out += fmt::format("  a{} -> a{} [id=\"argcover{}_{}\" style=dashed color=gray constraint=false];\n",
                           node->id, by->id, node->id, by->id);
  }
  return out + "}\n";
}

std::string argDot(const ReachedSet& reached, const ir::Program& program,
                   const std::function<std::string(const ArgNode&)>& describe, size_t maxNodes) {
  return argDot(reached.arg(), program, [](const ArgNode& node) { return ReachedSet::stateOf(node).loc(); },
                describe, maxNodes);
}

}  // namespace argus::cpa
