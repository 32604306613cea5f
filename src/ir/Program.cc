// ir::Program construction, access and validation.
#include "ir/Program.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::ir {

std::string SourceLoc::str() const {
  if (!known()) return file;
  return file + ":" + std::to_string(line);
}

const char* toString(VarRole r) {
  switch (r) {
    case VarRole::Global: return "global";
    case VarRole::Param: return "param";
    case VarRole::Result: return "result";
    case VarRole::Local: return "local";
  }
  return "?";
}

Program::Program(std::shared_ptr<z3::context> ctx) : ctx_(std::move(ctx)) {
  INVARIANT(ctx_ != nullptr, "program without Z3 context");
}

VarId Program::newVariable(ProcId proc, VarRole role, const std::string& name, const z3::sort& sort,
                           const std::string& sourceName, ValueType type) {
  VarId id = static_cast<VarId>(vars_.size());
  z3::expr cur = ctx_->constant(name.c_str(), sort);
  z3::expr next = ctx_->constant((name + "'").c_str(), sort);
  z3::expr old = ctx_->constant((name + "@entry").c_str(), sort);
  vars_.push_back(Variable{id, name, sourceName, role, proc, cur, next, old, std::move(type)});
  return id;
}

VarId Program::addGlobal(const std::string& name, const z3::sort& sort, const std::string& sourceName,
                         ValueType type) {
  VarId v = newVariable(kNone, VarRole::Global, name, sort, sourceName, std::move(type));
  globals_.push_back(v);
  return v;
}

VarId Program::addVariable(ProcId p, VarRole role, const std::string& name, const z3::sort& sort,
                           const std::string& sourceName, ValueType type) {
  INVARIANT(role != VarRole::Global, "use addGlobal for globals");
  Procedure& pr = procs_.at(p);
  VarId v = newVariable(p, role, name, sort, sourceName, std::move(type));
  switch (role) {
    case VarRole::Param: pr.params.push_back(v); break;
    case VarRole::Result: pr.results.push_back(v); break;
    case VarRole::Local: pr.locals.push_back(v); break;
    case VarRole::Global: break;
  }
  return v;
}

ProcId Program::addProcedure(const std::string& name, SourceLoc loc) {
  INVARIANT(findProc(name) == kNone, "duplicate procedure " + name);
  ProcId id = static_cast<ProcId>(procs_.size());
  Procedure p;
  p.id = id;
  p.name = name;
  p.loc = std::move(loc);
  procs_.push_back(std::move(p));
  return id;
}

ProcId Program::addProcedureWithFrame(const std::string& name, SourceLoc loc) {
  ProcId p = addProcedure(name, loc);
  procs_[p].entry = addLocation(p, "entry", loc);
  procs_[p].exit = addLocation(p, "exit", loc);
  procs_[p].error = addLocation(p, "error", loc);
  return p;
}

LocId Program::addLocation(ProcId p, const std::string& name, SourceLoc loc) {
  LocId id = static_cast<LocId>(locs_.size());
  locs_.push_back(Location{id, p, name, std::move(loc), {}, {}});
  procs_.at(p).locations.push_back(id);
  return id;
}

EdgeId Program::pushEdge(Edge e) {
  INVARIANT(locs_.at(e.from).proc == locs_.at(e.to).proc, "edge between procedures");
  e.id = static_cast<EdgeId>(edges_.size());
  e.proc = locs_[e.from].proc;
  locs_[e.from].out.push_back(e.id);
  locs_[e.to].in.push_back(e.id);
  procs_[e.proc].edges.push_back(e.id);
  edges_.push_back(std::move(e));
  return edges_.back().id;
}

EdgeId Program::addTransition(LocId from, LocId to, const z3::expr& formula, std::vector<VarId> writes,
                              std::vector<z3::expr> aux, std::vector<NondetInput> inputs, SourceLoc loc,
                              std::string label) {
  Edge e{0, 0, from, to, EdgeKind::Transition, formula, std::move(writes), std::move(aux),
         std::move(inputs), kNone, {}, {}, std::move(loc), std::move(label), ""};
  return pushEdge(std::move(e));
}

EdgeId Program::addCall(LocId from, LocId to, ProcId callee, std::vector<z3::expr> args,
                        std::vector<VarId> results, SourceLoc loc, std::string label) {
  Edge e{0, 0, from, to, EdgeKind::Call, ctx_->bool_val(true), {}, {}, {}, callee, std::move(args),
         std::move(results), std::move(loc), std::move(label), ""};
  return pushEdge(std::move(e));
}

void Program::removeEdges(const std::vector<EdgeId>& dead) {
  std::unordered_set<EdgeId> deadSet(dead.begin(), dead.end());
  // Which locations survive: protected ones, and any touched by a surviving edge.
  std::vector<bool> keepLoc(locs_.size(), false);
  for (auto& p : procs_)
    for (LocId l : {p.entry, p.exit, p.error})
      if (l != kNone) keepLoc[l] = true;
  for (auto& e : edges_)
    if (!deadSet.count(e.id)) keepLoc[e.from] = keepLoc[e.to] = true;

  std::vector<LocId> locMap(locs_.size(), kNone);
  std::vector<Location> newLocs;
  for (auto& l : locs_) {
    if (!keepLoc[l.id]) continue;
    locMap[l.id] = static_cast<LocId>(newLocs.size());
    Location copy = l;
    copy.id = locMap[l.id];
    copy.in.clear();
    copy.out.clear();
    newLocs.push_back(std::move(copy));
  }
  std::vector<Edge> oldEdges = std::move(edges_);
  edges_.clear();
  locs_ = std::move(newLocs);
  for (auto& p : procs_) {
    std::vector<LocId> ls;
    for (LocId l : p.locations)
      if (locMap[l] != kNone) ls.push_back(locMap[l]);
    p.locations = std::move(ls);
    p.edges.clear();
    for (LocId* l : {&p.entry, &p.exit, &p.error})
      if (*l != kNone) *l = locMap[*l];
  }
  for (auto& e : oldEdges) {
    if (deadSet.count(e.id)) continue;
    e.from = locMap[e.from];
    e.to = locMap[e.to];
    pushEdge(std::move(e));
  }
}

ProcId Program::findProc(const std::string& name) const {
  for (auto& p : procs_)
    if (p.name == name) return p.id;
  return kNone;
}

std::vector<VarId> Program::scope(ProcId p) const {
  std::vector<VarId> out = globals_;
  const Procedure& pr = procs_.at(p);
  out.insert(out.end(), pr.params.begin(), pr.params.end());
  out.insert(out.end(), pr.results.begin(), pr.results.end());
  out.insert(out.end(), pr.locals.begin(), pr.locals.end());
  return out;
}

std::vector<VarId> Program::callWrites(const Edge& call) const {
  std::vector<VarId> out = call.results;
  for (VarId g : globals_)
    if (std::find(out.begin(), out.end(), g) == out.end()) out.push_back(g);
  return out;
}

Program Program::translate(std::shared_ptr<z3::context> target) const {
  z3::context& t = *target;
  auto tr = [&](const z3::expr& e) { return smt::inContext(e, t); };
  Program out(target);
  out.origin_ = origin_;
  out.locs_ = locs_;
  out.procs_ = procs_;
  out.globals_ = globals_;
  out.main_ = main_;
  for (auto& v : vars_)
    out.vars_.push_back(Variable{v.id, v.name, v.sourceName, v.role, v.proc, tr(v.cur), tr(v.next), tr(v.old), v.type});
  for (auto& e : edges_) {
    Edge c{e.id, e.proc, e.from, e.to, e.kind, tr(e.formula), e.writes, {}, {}, e.callee, {}, e.results,
           e.loc, e.label, e.unsupported};
    for (auto& a : e.aux) c.aux.push_back(tr(a));
    for (auto& in : e.inputs) c.inputs.push_back(NondetInput{tr(in.term), in.function, in.type, in.loc});
    for (auto& a : e.args) c.args.push_back(tr(a));
    out.edges_.push_back(std::move(c));
  }
  return out;
}

void Program::validate() const {
  auto fail = [&](const std::string& what) { throw InternalError("invalid ir::Program: " + what); };
  if (main_ == kNone || main_ >= procs_.size()) fail("no main procedure");
  for (auto& p : procs_) {
    if (p.entry == kNone || p.exit == kNone || p.error == kNone)
      fail("procedure " + p.name + " lacks entry, exit or error location");
    for (LocId l : {p.entry, p.exit, p.error})
      if (locs_.at(l).proc != p.id) fail("procedure " + p.name + " has a frame location of another");
  }
  // The variables in scope of each procedure, computed once: certify validates every program it judges.
  std::vector<std::unordered_set<VarId>> scopeOf(procs_.size());
  std::vector<std::unordered_set<unsigned>> curOf(procs_.size());
  for (ProcId q = 0; q < procs_.size(); ++q)
    for (VarId v : scope(q)) {
      scopeOf[q].insert(v);
      curOf[q].insert(vars_[v].cur.id());
    }
  for (auto& e : edges_) {
    // Named only when a rule is broken: the text costs more than the checks of a small edge.
    auto where = [&] { return "edge " + std::to_string(e.id) + " (" + e.label + ") in " + procs_[e.proc].name; };
    const std::unordered_set<VarId>& scopeSet = scopeOf.at(e.proc);
    const std::unordered_set<unsigned>& current = curOf.at(e.proc);
    std::unordered_set<unsigned> own;  // the next values the edge writes, its inputs
    auto allowed = [&](const z3::expr& c) { return current.count(c.id()) > 0 || own.count(c.id()) > 0; };
    if (e.kind == EdgeKind::Transition) {
      for (VarId w : e.writes) {
        if (!scopeSet.count(w)) fail(where() + " writes " + vars_[w].name + " out of scope");
        own.insert(vars_[w].next.id());
      }
      for (auto& a : e.aux) own.insert(a.id());
      if (!e.formula.is_bool()) fail(where() + ": formula is not Boolean");
      for (auto& c : smt::freeConstants(e.formula))
        if (!allowed(c)) fail(where() + " mentions " + c.to_string() + " which it may not");
      if (!smt::uninterpretedFunctions(e.formula).empty()) fail(where() + " uses an uninterpreted function");
      for (auto& in : e.inputs)
        for (auto& c : smt::freeConstants(in.term))
          if (!allowed(c)) fail(where() + " has an input term outside the edge");
    } else {
      if (e.callee >= procs_.size()) fail(where() + " calls an unknown procedure");
      const Procedure& callee = procs_[e.callee];
      if (e.args.size() != callee.params.size()) fail(where() + ": wrong number of arguments");
      if (e.results.size() != callee.results.size()) fail(where() + ": wrong number of results");
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (!z3::eq(e.args[i].get_sort(), vars_[callee.params[i]].cur.get_sort()))
          fail(where() + ": argument " + std::to_string(i) + " has the wrong sort");
        for (auto& c : smt::freeConstants(e.args[i]))
          if (!allowed(c)) fail(where() + ": argument mentions " + c.to_string());
      }
      for (size_t i = 0; i < e.results.size(); ++i) {
        if (!scopeSet.count(e.results[i])) fail(where() + ": result variable out of scope");
        if (!z3::eq(vars_[e.results[i]].cur.get_sort(), vars_[callee.results[i]].cur.get_sort()))
          fail(where() + ": result " + std::to_string(i) + " has the wrong sort");
      }
    }
  }
}

}  // namespace argus::ir
