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
    if (!in_.loc(main.entry).in.empty()) {
      // Entered again through a loop: a fresh entry in front keeps "the entry is visited once" true.
      LocId fresh = out_->addLocation(newMain_, main.name + ":entry", in_.loc(main.entry).loc);
      result_.originalLoc.push_back(kNone);
      result_.context.emplace_back();
      record(out_->addTransition(fresh, entry, out_->ctx().bool_val(true), {}, {}, {}, in_.loc(main.entry).loc, "enter"),
             kNone, {InlineGlue::Kind::Entry, kNone});
      out_->mutableProc(newMain_).entry = fresh;
    }
    out_->setMain(newMain_);
    out_->origin() = in_.origin();
    result_.program = out_;
    return std::move(result_);
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
    result_.originalLoc.push_back(orig);
    result_.context.push_back(context_);
    return id;
  }

  EdgeId record(EdgeId newEdge, EdgeId orig, InlineGlue glue = {}) {
    result_.originalEdge.resize(newEdge + 1, kNone);
    result_.glue.resize(newEdge + 1);
    result_.originalEdge[newEdge] = orig;
    result_.glue[newEdge] = glue;
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
    context_.push_back(call.id);
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
           kNone, {InlineGlue::Kind::Call, call.id});
    copyBody(callee.id, calleeEntry, calleeExit, prefix);
    context_.pop_back();
    // Return: the caller's result variables take the callee's results.
    std::vector<z3::expr> ret;
    for (size_t i = 0; i < call.results.size(); ++i)
      ret.push_back(in_.var(call.results[i]).next == in_.var(callee.results[i]).cur);
    record(out_->addTransition(calleeExit, to, smt::mkAnd(out_->ctx(), ret), call.results, {}, {}, call.loc,
                               "return from " + callee.name),
           kNone, {InlineGlue::Kind::Return, call.id});
  }

  const Program& in_;
  std::shared_ptr<Program> out_;
  size_t maxLocations_;
  ProcId newMain_ = kNone;
  InlineResult result_;
  CallString context_;  // the call edges from main to the body being copied
  unsigned sites_ = 0;
};

}  // namespace

InlineResult inlineAll(const ir::Program& program, size_t maxLocations) {
  ir::CallGraph cg(program);
  if (cg.hasRecursion()) throw UnsupportedError("recursion (inlining needs a non-recursive program)");
  return Inliner(program, maxLocations).run();
}

ir::Certificate InlineBackTranslator::certificate(const ir::Certificate& onResult) const {
  ir::Certificate out = onResult;
  // No formulas at locations to map. An inlining tree speaks about the input program (stratified inlining
  // runs on it): its nodes pass unchanged. certify checks them on the input, where another program's nodes
  // expand nothing (or name no location at all: refuted).
  if (onResult.kind == ir::Certificate::Kind::CompleteUnrolling || onResult.kind == ir::Certificate::Kind::InliningTree)
    return out;
  INVARIANT(onResult.form == ir::Certificate::Form::Modular, "the inlined program's certificate is modular");
  bool inlinedCalls = false;
  for (auto& c : inlined_.context) inlinedCalls |= !c.empty();
  out.invariants.clear();
  out.contracts.clear();
  out.form = inlinedCalls ? ir::Certificate::Form::Inlined : ir::Certificate::Form::Modular;
  for (auto& [loc, formula] : onResult.invariants) {
    ir::LocId original = inlined_.originalLoc.at(loc);
    if (original == ir::kNone) continue;  // the fresh entry: its invariant is implied by the entry's
    if (inlinedCalls)
      out.inlined.emplace(ir::ContextLoc{inlined_.context.at(loc), original}, formula);
    else
      out.invariants.emplace(original, formula);
  }
  return out;
}

std::optional<ir::Trace> InlineBackTranslator::trace(const ir::Trace& onResult, const smt::SolverConfig&) const {
  ir::Trace out;
  out.context = onResult.context;
  using Kind = ir::TraceStep::Kind;
  for (const ir::TraceStep& step : onResult.steps) {
    const InlineGlue& glue = inlined_.glue.at(step.edge);
    switch (glue.kind) {
      case InlineGlue::Kind::None:
        out.steps.push_back({Kind::Edge, inlined_.originalEdge.at(step.edge), {}, {}});
        break;
      case InlineGlue::Kind::Call:
        out.steps.push_back({Kind::Call, glue.call, {}, {}});
        break;
      case InlineGlue::Kind::Return:
        out.steps.push_back({Kind::Return, glue.call, {}, {}});
        break;
      case InlineGlue::Kind::Entry:
        break;
    }
  }
  return out;
}

}  // namespace argus::transforms
