// Text and Graphviz dumps of a program. Both read the same per-edge summary so that they agree.
#include "ir/Dump.h"

#include <fmt/format.h>

namespace argus::ir {
namespace {

const char* languageName(Language l) {
  switch (l) {
    case Language::C:
      return "C";
    case Language::Chc:
      return "CHC";
    case Language::Other:
      return "other";
  }
  return "?";
}

std::string typeText(const Variable& v) {
  std::string out = v.cur.get_sort().to_string();
  if (!v.type.cName.empty())
    out += " (" + v.type.cName + ")";
  else if (v.type.bits > 0)
    out += fmt::format(" ({}{})", v.type.isSigned ? "i" : "u", v.type.bits);
  return out;
}

std::string variableLine(const Variable& v) {
  std::string source = v.isTemporary() ? "temporary" : "source '" + v.sourceName + "'";
  return fmt::format("{} : {}  [{}, {}]", v.name, typeText(v), toString(v.role), source);
}

std::string locationTitle(const Program& p, LocId l) {
  const Location& loc = p.loc(l);
  const Procedure& proc = p.proc(loc.proc);
  std::string role = l == proc.entry   ? " [entry]"
                     : l == proc.exit  ? " [exit]"
                     : l == proc.error ? " [error]"
                                       : "";
  return fmt::format("L{} {}{}", l, loc.name, role);
}

std::string names(const Program& p, const std::vector<VarId>& vars) {
  std::string out;
  for (VarId v : vars) out += (out.empty() ? "" : ", ") + p.var(v).name;
  return out;
}

std::string terms(const std::vector<z3::expr>& es) {
  std::string out;
  for (auto& e : es) out += (out.empty() ? "" : ", ") + e.to_string();
  return out;
}

/// Z3 breaks long terms over several lines; continuation lines are indented under the first.
std::string indentLines(const std::string& text, const std::string& indent) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n') out += indent;
  }
  return out;
}

/// The headline of an edge: "call f(args) -> results" or its label.
std::string edgeHeadline(const Program& p, const Edge& e) {
  if (e.isCall())
    return fmt::format("call {}({}){}", p.proc(e.callee).name, terms(e.args),
                       e.results.empty() ? "" : " -> " + names(p, e.results));
  return e.label;
}

void appendEdge(std::string& out, const Program& p, const Edge& e) {
  const std::string pad = "        ";
  out += fmt::format("    E{}  L{} -> L{}", e.id, e.from, e.to);
  if (e.loc.known()) out += "  " + e.loc.str();
  if (auto head = edgeHeadline(p, e); !head.empty()) out += "  " + head;
  out += "\n";
  if (!e.unsupported.empty()) out += pad + "unsupported: " + e.unsupported + "\n";
  if (e.isCall()) return;
  if (!e.writes.empty()) out += pad + "writes: " + names(p, e.writes) + "\n";
  if (!e.aux.empty()) out += pad + "aux: " + terms(e.aux) + "\n";
  for (auto& in : e.inputs)
    out += pad + "input: " + in.term.to_string() + (in.function.empty() ? "" : " from " + in.function) + "\n";
  out += pad + "formula: " + indentLines(e.formula.to_string(), pad + "  ") + "\n";
}

void appendProcedure(std::string& out, const Program& p, const Procedure& proc) {
  out += fmt::format("\nprocedure {}{}{}\n", proc.name, proc.loc.known() ? "  " + proc.loc.str() : "",
                     proc.id == p.mainProc() ? "  (main)" : "");
  for (auto* vars : {&proc.params, &proc.results, &proc.locals})
    for (VarId v : *vars) out += "  var " + variableLine(p.var(v)) + "\n";
  out += "  locations:\n";
  for (LocId l : proc.locations) {
    const Location& loc = p.loc(l);
    out += "    " + locationTitle(p, l) + (loc.loc.known() ? "  " + loc.loc.str() : "");
    if (loc.loopStart.known()) out += fmt::format("  (head of the loop at {}:{})", loc.loopStart.line, loc.loopStart.column);
    out += "\n";
  }
  out += "  edges:\n";
  for (EdgeId e : proc.edges) appendEdge(out, p, p.edge(e));
}

std::string dotEdgeLabel(const Program& p, const Edge& e) {
  std::string label = e.loc.known() ? e.loc.str() + "\n" : "";
  if (auto head = edgeHeadline(p, e); !head.empty()) label += shortened(head, 60) + "\n";
  if (!e.isCall()) label += shortened(e.formula.to_string(), 80) + "\n";
  if (!e.unsupported.empty()) label += "unsupported: " + e.unsupported + "\n";
  return dotEscape(label);
}

void appendDotProcedure(std::string& out, const Program& p, const Procedure& proc) {
  out += fmt::format("  subgraph cluster_{} {{\n    label=\"{}\";\n", proc.id, dotEscape(proc.name));
  for (LocId l : proc.locations) {
    std::string style = l == proc.entry   ? " shape=doublecircle"
                        : l == proc.error ? " color=red fontcolor=red"
                                          : "";
    // The ids become the SVG elements' ids: the HTML report colours the trace's edges and the
    // certificate's locations by them.
    out += fmt::format("    n{} [id=\"loc{}\" label=\"{}\"{}];\n", l, l, dotEscape(locationTitle(p, l)), style);
  }
  for (EdgeId id : proc.edges) {
    const Edge& e = p.edge(id);
    out += fmt::format("    n{} -> n{} [id=\"edge{}\" label=\"{}\"{}];\n", e.from, e.to, id, dotEdgeLabel(p, e),
                       e.isCall() ? " style=dashed" : "");
  }
  out += "  }\n";
}

}  // namespace

std::string dotEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\l";
      continue;
    }
    out += c;
  }
  return out;
}

std::string shortened(std::string s, size_t max) {
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s.size() <= max ? s : s.substr(0, max - 3) + "...";
}

std::string dumpText(const Program& p) {
  const Origin& o = p.origin();
  std::string out = fmt::format("program: language {}, file '{}'", languageName(o.language), o.file);
  if (o.language == Language::C)
    out += fmt::format(", error function {}, data model {}, encoding {}", o.errorFunction,
                       o.ilp32 ? "ILP32" : "LP64", o.encoding == Encoding::Int ? "int" : "bv");
  out += fmt::format("\n{} procedures, {} variables, {} locations, {} edges\n", p.numProcs(), p.numVars(),
                     p.numLocs(), p.numEdges());
  if (!p.globals().empty()) out += "\nglobals:\n";
  for (VarId g : p.globals()) out += "  var " + variableLine(p.var(g)) + "\n";
  for (auto& proc : p.procs()) appendProcedure(out, p, proc);
  return out;
}

std::string dumpDot(const Program& p) {
  std::string out =
      "digraph argus {\n  node [shape=box fontname=\"monospace\" fontsize=10];\n"
      "  edge [fontname=\"monospace\" fontsize=9];\n";
  for (auto& proc : p.procs()) appendDotProcedure(out, p, proc);
  return out + "}\n";
}

}  // namespace argus::ir
