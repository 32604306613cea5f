// Inlining: copies procedure bodies per call site; variables are re-created with the same names in the
// same order, so they keep their ids and Z3 constants and every formula is reused unchanged.
#include "transforms/Inline.h"

#include <functional>

#include "ir/Queries.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {
namespace {

using namespace ir;

class Inliner {
 public:
  Inliner(const Program& in, size_t maxLocations)
      : in_(in), out_(std::make_shared<Program>(in.sharedCtx())), maxLocations_(maxLocations) {}

  InlineResult run() {
    const Procedure& main = in_.proc(in_.mainProc());
    newMain_ = out_->addProcedure(main.name, main.loc);
    copyVariables();
    LocId entry = newLoc(main.entry, main.name);
    LocId exit = newLoc(main.exit, main.name);
    LocId error = newLoc(main.error, main.name);
    Procedure& nm = out_->mutableProc(newMain_);
    nm.entry = entry;
    nm.exit = exit;
    nm.error = error;
    copyBody(main.id, entry, exit, main.name);
    out_->setMain(newMain_);
    out_->origin() = in_.origin();
    return InlineResult{out_, std::move(originalEdge_), std::move(originalLoc_)};
  }

 private:
  void copyVariables() {
    for (auto& v : in_.vars()) {
      VarId id;
      if (v.role == VarRole::Global) {
        id = out_->addGlobal(v.name, v.cur.get_sort(), v.sourceName, v.type);
      } else {
        // main keeps its roles; everything else becomes a local of the one remaining procedure.
        VarRole role = v.proc == in_.mainProc() ? v.role : VarRole::Local;
        id = out_->addVariable(newMain_, role, v.name, v.cur.get_sort(), v.sourceName, v.type);
      }
      INVARIANT(id == v.id, "variable ids must survive inlining");
    }
  }

  LocId newLoc(LocId orig, const std::string& prefix) {
    if (out_->numLocs() >= maxLocations_)
      throw UnsupportedError("inlining exceeds " + std::to_string(maxLocations_) + " locations");
    const Location& l = in_.loc(orig);
    LocId id = out_->addLocation(newMain_, prefix + ":" + l.name, l.loc);
    originalLoc_.push_back(orig);
    return id;
  }

  EdgeId record(EdgeId newEdge, EdgeId orig) {
    originalEdge_.resize(newEdge + 1, kNone);
    originalEdge_[newEdge] = orig;
    return newEdge;
  }

  /// Copies `proc`'s body; its entry and exit map to the given locations, its error to main's error.
  void copyBody(ProcId proc, LocId entry, LocId exit, const std::string& prefix) {
    const Procedure& pr = in_.proc(proc);
    std::vector<LocId> map(in_.numLocs(), kNone);
    map[pr.entry] = entry;
    map[pr.exit] = exit;
    map[pr.error] = out_->proc(newMain_).error;
    for (LocId l : pr.locations)
      if (map[l] == kNone) map[l] = newLoc(l, prefix);
    for (EdgeId id : pr.edges) {
      const Edge& e = in_.edge(id);
      if (!e.isCall()) {
        EdgeId n = out_->addTransition(map[e.from], map[e.to], e.formula, e.writes, e.aux, e.inputs, e.loc,
                                       e.label);
        out_->mutableEdge(n).unsupported = e.unsupported;
        record(n, id);
        continue;
      }
      inlineCall(e, map[e.from], map[e.to]);
    }
  }

  void inlineCall(const Edge& call, LocId from, LocId to) {
    const Procedure& callee = in_.proc(call.callee);
    std::string prefix = callee.name + "@" + std::to_string(++sites_);
    LocId calleeEntry = newLoc(callee.entry, prefix);
    LocId calleeExit = newLoc(callee.exit, prefix);
    // Call: parameters take the arguments; locals and results start indeterminate (written, unconstrained).
    std::vector<z3::expr> bind;
    std::vector<VarId> writes;
    for (size_t i = 0; i < callee.params.size(); ++i) {
      bind.push_back(in_.var(callee.params[i]).next == call.args[i]);
      writes.push_back(callee.params[i]);
    }
    writes.insert(writes.end(), callee.locals.begin(), callee.locals.end());
    writes.insert(writes.end(), callee.results.begin(), callee.results.end());
    record(out_->addTransition(from, calleeEntry, smt::mkAnd(out_->ctx(), bind), writes, {}, {}, call.loc,
                               call.label.empty() ? "call " + callee.name : call.label),
           kNone);
    copyBody(callee.id, calleeEntry, calleeExit, prefix);
    // Return: the caller's result variables take the callee's results.
    std::vector<z3::expr> ret;
    for (size_t i = 0; i < call.results.size(); ++i)
      ret.push_back(in_.var(call.results[i]).next == in_.var(callee.results[i]).cur);
    record(out_->addTransition(calleeExit, to, smt::mkAnd(out_->ctx(), ret), call.results, {}, {}, call.loc,
                               "return from " + callee.name),
           kNone);
  }

  const Program& in_;
  std::shared_ptr<Program> out_;
  size_t maxLocations_;
  ProcId newMain_ = kNone;
  std::vector<EdgeId> originalEdge_;
  std::vector<LocId> originalLoc_;
  unsigned sites_ = 0;
};

}  // namespace

InlineResult inlineAll(const ir::Program& program, size_t maxLocations) {
  ir::CallGraph cg(program);
  if (cg.hasRecursion()) throw UnsupportedError("recursion (inlining needs a non-recursive program)");
  return Inliner(program, maxLocations).run();
}

}  // namespace argus::transforms
