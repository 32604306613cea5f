// Certificate summaries as text and JSON.
#include "report/CertificateText.h"

#include <fmt/format.h>

namespace argus::report {
namespace {

const char* kindName(ir::Certificate::Kind kind) {
  switch (kind) {
    case ir::Certificate::Kind::Invariants: return "invariants";
    case ir::Certificate::Kind::CompleteUnrolling: return "complete-unrolling";
    case ir::Certificate::Kind::BlockBound: return "block-bound";
    case ir::Certificate::Kind::InliningTree: return "inlining-tree";
  }
  return "?";
}

std::string locationName(const ir::Program& program, ir::LocId id) {
  const ir::Location& loc = program.loc(id);
  std::string out = program.proc(loc.proc).name + "." + loc.name;
  return loc.loc.known() ? out + " (" + loc.loc.str() + ")" : out;
}

/// "file:line", or "" when the line is unknown.
std::string knownSource(const ir::SourceLoc& loc) { return loc.known() ? loc.str() : ""; }

/// "main:12 > f:30": the call sites of a calling context, outermost first.
std::string contextName(const ir::Program& program, const ir::CallString& context) {
  std::string out;
  for (ir::EdgeId call : context) {
    const ir::Edge& e = program.edge(call);
    out += (out.empty() ? "" : " > ") + program.proc(e.proc).name +
           (e.loc.known() ? ":" + std::to_string(e.loc.line) : "#" + std::to_string(call));
  }
  return out;
}

std::string contextLocationName(const ir::Program& program, const ir::ContextLoc& at) {
  std::string out = locationName(program, at.loc);
  return at.context.empty() ? out : out + " via " + contextName(program, at.context);
}

std::string oneLine(const z3::expr& e) {
  std::string s = e.to_string();
  std::string out;
  bool space = false;
  for (char c : s) {
    bool ws = c == ' ' || c == '\n' || c == '\t';
    if (ws && space) continue;
    out += ws ? ' ' : c;
    space = ws;
  }
  return out;
}

std::string summary(const ir::Certificate& c) {
  if (c.kind == ir::Certificate::Kind::CompleteUnrolling)
    return fmt::format("complete unrolling up to bound {}", c.bound);
  if (c.kind == ir::Certificate::Kind::InliningTree)
    return fmt::format("inlining tree with {} inlined site{}", c.inlinedSites.size(),
                       c.inlinedSites.size() == 1 ? "" : "s");
  if (c.kind == ir::Certificate::Kind::BlockBound)
    return fmt::format("every execution ends within {} blocks between {} cut point{}", c.bound,
                       c.invariants.size() + c.inlined.size(), c.invariants.size() + c.inlined.size() == 1 ? "" : "s");
  if (c.form == ir::Certificate::Form::Inlined)
    return fmt::format("{} invariant{} in calling contexts (k = {})", c.inlined.size(), c.inlined.size() == 1 ? "" : "s",
                       c.k);
  return fmt::format("{} invariant{} (k = {}), {} contract{}", c.invariants.size(),
                     c.invariants.size() == 1 ? "" : "s", c.k, c.contracts.size(),
                     c.contracts.size() == 1 ? "" : "s");
}

}  // namespace

std::string certificateText(const ir::Program& program, const ir::Certificate& c, bool detailed) {
  std::string out = "Certificate: " + summary(c) + "; " + (c.checked ? "checked" : "not checked") +
                    (c.checkDetail.empty() ? "" : ": " + c.checkDetail) + "\n";
  if (!detailed) return out;
  for (auto& [loc, inv] : c.invariants)
    out += "  at " + locationName(program, loc) + ": " + oneLine(inv) + "\n";
  for (auto& [at, inv] : c.inlined) out += "  at " + contextLocationName(program, at) + ": " + oneLine(inv) + "\n";
  for (auto& [proc, contract] : c.contracts)
    out += "  contract of " + program.proc(proc).name + ": pre " + oneLine(contract.pre) + ", post " +
           oneLine(contract.post) + "\n";
  return out;
}

nlohmann::json certificateJson(const ir::Program& program, const ir::Certificate& c) {
  nlohmann::json out = {{"kind", kindName(c.kind)}, {"checked", c.checked}, {"check_detail", c.checkDetail}};
  if (c.kind == ir::Certificate::Kind::CompleteUnrolling) {
    out["bound"] = c.bound;
    return out;
  }
  if (c.kind == ir::Certificate::Kind::InliningTree) {  // nodes of an unrolling, no formulas
    out["inlined_sites"] = c.inlinedSites.size();
    return out;
  }
  out["k"] = c.k;
  if (c.kind == ir::Certificate::Kind::BlockBound) out["bound"] = c.bound;
  out["form"] = c.form == ir::Certificate::Form::Inlined ? "inlined" : "modular";
  out["invariants"] = nlohmann::json::array();
  // "loc" (the location's id) and "source" ("file:line", or "" when unknown) let the HTML report place
  // an invariant on its source line and in the CFA drawing.
  for (auto& [loc, inv] : c.invariants)
    out["invariants"].push_back({{"location", locationName(program, loc)},
                                 {"loc", loc},
                                 {"source", knownSource(program.loc(loc).loc)},
                                 {"formula", oneLine(inv)}});
  for (auto& [at, inv] : c.inlined)
    out["invariants"].push_back({{"location", locationName(program, at.loc)},
                                 {"loc", at.loc},
                                 {"source", knownSource(program.loc(at.loc).loc)},
                                 {"context", contextName(program, at.context)},
                                 {"formula", oneLine(inv)}});
  out["contracts"] = nlohmann::json::array();
  for (auto& [proc, contract] : c.contracts)
    out["contracts"].push_back({{"procedure", program.proc(proc).name},
                                {"source", knownSource(program.proc(proc).loc)},
                                {"pre", oneLine(contract.pre)},
                                {"post", oneLine(contract.post)}});
  return out;
}

}  // namespace argus::report
