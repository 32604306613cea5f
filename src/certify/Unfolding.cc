// The unfolding: activations are expanded breadth first from main; a location of an activation gets its
// copy the first time an edge needs it.
#include "certify/Unfolding.h"

#include <deque>

#include "ir/Queries.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::certify {
namespace {

struct TooLarge {};
struct Recursive {
  std::string procedure;
};

class Unfolder {
 public:
  Unfolder(const ir::Program& input, size_t maxLocations)
      : in_(input), maxLocations_(maxLocations), out_(std::make_unique<ir::Program>(input.sharedCtx())) {}

  Unfolding run() {
    const ir::Procedure& main = in_.proc(in_.mainProc());
    proc_ = out_->addProcedure(main.name, main.loc);
    out_->setMain(proc_);
    out_->origin() = in_.origin();
    for (const ir::Variable& v : in_.vars()) {
      ir::VarId id = v.role == ir::VarRole::Global
                         ? out_->addGlobal(v.name, v.cur.get_sort(), v.sourceName, v.type)
                         : out_->addVariable(proc_, v.proc == main.id ? v.role : ir::VarRole::Local, v.name,
                                             v.cur.get_sort(), v.sourceName, v.type);
      INVARIANT(id == v.id, "the unfolding keeps variable ids");
    }
    ir::LocId entry = out_->addLocation(proc_, "certify:entry", in_.loc(main.entry).loc);
    error_ = out_->addLocation(proc_, main.name + ".error", in_.loc(main.error).loc);
    ir::Procedure& unfolded = out_->mutableProc(proc_);
    unfolded.entry = entry;
    unfolded.error = error_;
    out_->mutableProc(proc_).exit = copyOf({{}, main.exit});
    out_->addTransition(entry, copyOf({{}, main.entry}), out_->ctx().bool_val(true), {}, {}, {}, {}, "start");
    activations_.push_back({{}, main.id});
    while (!activations_.empty()) {
      auto [context, proc] = activations_.front();
      activations_.pop_front();
      expand(context, proc);
    }
    return Unfolding{std::move(out_), std::move(copies_)};
  }

 private:
  /// The location of the unfolding that stands for `at`; every error location is the one error.
  ir::LocId copyOf(const ir::ContextLoc& at) {
    auto found = copies_.find(at);
    if (found != copies_.end()) return found->second;
    ir::LocId copy = error_;
    if (!in_.isErrorLoc(at.loc)) {
      if (out_->numLocs() >= maxLocations_) throw TooLarge{};
      const ir::Location& l = in_.loc(at.loc);
      copy = out_->addLocation(proc_, in_.proc(l.proc).name + "." + l.name + contextText(at.context), l.loc);
    }
    copies_.emplace(at, copy);
    return copy;
  }

  std::string contextText(const ir::CallString& context) const {
    if (context.empty()) return "";
    std::string text = " [via";
    for (ir::EdgeId call : context) {
      const ir::Edge& e = in_.edge(call);
      text += " " + in_.proc(e.proc).name + (e.loc.known() ? ":" + std::to_string(e.loc.line) : "#" + std::to_string(call));
    }
    return text + "]";
  }

  const std::vector<bool>& reachableIn(ir::ProcId proc) {
    auto [it, fresh] = reachable_.try_emplace(proc);
    if (fresh) it->second = ir::reachableFromEntry(in_, proc);
    return it->second;
  }

  /// Every edge of one activation of `proc` whose source its entry reaches.
  void expand(const ir::CallString& context, ir::ProcId proc) {
    for (ir::EdgeId id : in_.proc(proc).edges) {
      const ir::Edge& e = in_.edge(id);
      if (!reachableIn(proc)[e.from] || in_.isErrorLoc(e.from)) continue;
      ir::LocId from = copyOf({context, e.from});
      if (!e.isCall()) {
        ir::EdgeId copy = out_->addTransition(from, copyOf({context, e.to}), e.formula, e.writes, e.aux, e.inputs, e.loc,
                                              e.label);
        out_->mutableEdge(copy).unsupported = e.unsupported;
        continue;
      }
      call(context, e, from);
    }
  }

  /// The glue of one call: into a new activation of the callee, and back to the caller.
  void call(const ir::CallString& context, const ir::Edge& e, ir::LocId from) {
    const ir::Procedure& callee = in_.proc(e.callee);
    bool active = callee.id == in_.mainProc();
    for (ir::EdgeId outer : context) active |= in_.edge(outer).callee == callee.id;
    if (active) throw Recursive{callee.name};
    ir::CallString inner = context;
    inner.push_back(e.id);
    std::vector<z3::expr> bind;
    std::vector<ir::VarId> fresh = callee.params;
    for (size_t i = 0; i < callee.params.size(); ++i) bind.push_back(in_.var(callee.params[i]).next == e.args[i]);
    fresh.insert(fresh.end(), callee.results.begin(), callee.results.end());
    fresh.insert(fresh.end(), callee.locals.begin(), callee.locals.end());
    out_->addTransition(from, copyOf({inner, callee.entry}), smt::mkAnd(out_->ctx(), bind), fresh, {}, {}, e.loc,
                        "call " + callee.name);
    std::vector<z3::expr> copyBack;
    for (size_t i = 0; i < e.results.size(); ++i)
      copyBack.push_back(in_.var(e.results[i]).next == in_.var(callee.results[i]).cur);
    out_->addTransition(copyOf({inner, callee.exit}), copyOf({context, e.to}), smt::mkAnd(out_->ctx(), copyBack),
                        e.results, {}, {}, e.loc, "return from " + callee.name);
    activations_.push_back({std::move(inner), callee.id});
  }

  const ir::Program& in_;
  size_t maxLocations_;
  std::unique_ptr<ir::Program> out_;
  ir::ProcId proc_ = ir::kNone;
  ir::LocId error_ = ir::kNone;
  std::map<ir::ContextLoc, ir::LocId> copies_;
  std::deque<std::pair<ir::CallString, ir::ProcId>> activations_;
  std::map<ir::ProcId, std::vector<bool>> reachable_;
};

}  // namespace

std::variant<Unfolding, UnfoldingRefused> unfoldCalls(const ir::Program& input, size_t maxLocations) {
  try {
    return Unfolder(input, maxLocations).run();
  } catch (const Recursive& r) {
    return UnfoldingRefused{true, "the program is recursive (" + r.procedure + " calls itself)"};
  } catch (const TooLarge&) {
    return UnfoldingRefused{false, "unfolding the calls exceeds " + std::to_string(maxLocations) + " locations"};
  }
}

}  // namespace argus::certify
