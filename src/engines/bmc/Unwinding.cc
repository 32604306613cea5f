// Construction and encoding of the BMC unwinding; see Unwinding.h for the scheme.
#include "engines/bmc/Unwinding.h"

#include <algorithm>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::engines::bmc {

Unwinding::Unwinding(const ir::Program& program, smt::Solver& solver, Stats& stats, UnwindingOptions options)
    : p_(program),
      solver_(solver),
      stats_(stats),
      options_(std::move(options)),
      inst_(program, ir::Folding::Constants),
      loops_(program),
      live_(program, inst_),
      merges_(program, loops_) {
  if (options_.openSites) reachesError_ = locationsReachingError();
}

bool Unwinding::merged(ir::LocId l, ir::VarId v) const {
  // A havoc summary brings fresh results and globals to the exit of an activation.
  if (options_.openSites && p_.proc(p_.loc(l).proc).exit == l) {
    const ir::Variable& var = p_.var(v);
    if (var.role == ir::VarRole::Global || var.role == ir::VarRole::Result) return true;
  }
  return live_.live(l, v) && merges_.needsMerge(l, v);
}

z3::expr Unwinding::freshLiteral(const char* prefix) {
  return smt::freshConst(p_.ctx(), options_.statsPrefix + "!" + prefix, p_.ctx().bool_sort());
}

void Unwinding::assertFormula(const z3::expr& f) {
  solver_.add(f);
  stats_.add(options_.statsPrefix + ".formula_size", static_cast<int64_t>(smt::dagSize(f)));
}

bool Unwinding::hasSinglePredecessor(ir::LocId loc, const std::vector<uint32_t>& counters) const {
  const ir::Procedure& pr = p_.proc(p_.loc(loc).proc);
  if (options_.openSites && loc == pr.exit) return false;  // havoc summaries arrive here too
  bool head = loops_.isHead(loc);
  bool firstVisit = !head || counters.back() == 0;
  // A procedure's entry is first reached only by its call (or as the root).
  if (loc == pr.entry && firstVisit) return true;
  std::vector<ir::EdgeId> candidates;
  for (ir::EdgeId id : p_.loc(loc).in) {
    const ir::Edge& e = p_.edge(id);
    if (!loops_.reachable(e.from)) continue;
    // A head is first entered from outside its loop, and re-entered only by back edges.
    if (head && loops_.inLoop(e.from, loc) == firstVisit) continue;
    candidates.push_back(id);
  }
  // An edge that leaves a loop comes from one node per iteration count of that loop.
  return candidates.size() == 1 && !loops_.leavesLoop(p_.edge(candidates[0]));
}

bool Unwinding::withinBound(const Node& n, unsigned bound) const {
  if (n.depth > bound) return false;
  return std::all_of(n.counters.begin(), n.counters.end(), [&](uint32_t c) { return c <= bound; });
}

Unwinding::FrameId Unwinding::internFrame(NodeId callNode, ir::EdgeId callEdge) {
  auto [it, fresh] = frameIndex_.emplace(std::make_pair(callNode, callEdge), static_cast<FrameId>(frames_.size()));
  if (fresh) frames_.push_back(Frame{callNode, callEdge});
  return it->second;
}

uint32_t Unwinding::depthOfCall(NodeId caller, ir::ProcId callee) const {
  uint32_t depth = 1;
  for (NodeId n = caller; n != kNoId;) {
    if (p_.loc(nodes_[n].loc).proc == callee) ++depth;
    FrameId f = nodes_[n].frame;
    n = f == kNoId ? kNoId : frames_[f].callNode;
  }
  return depth;
}

Unwinding::NodeId Unwinding::createNode(const Key& key, uint32_t depth, const z3::expr& literal,
                                        const ir::State& post) {
  const auto& [loc, frame, counters] = key;
  NodeId id = static_cast<NodeId>(nodes_.size());
  bool join = !hasSinglePredecessor(loc, counters);
  Node n{loc, frame, counters, depth, join, literal, post, {}, 0, std::nullopt, false, std::nullopt, std::nullopt};
  if (join) {
    n.reach = freshLiteral("reach");
    // Variables without a merge keep the first in-edge's terms: dead ones are never read before they
    // are written, and live ones arrive with the same term on every in-edge (checked in addInEdge).
    for (ir::VarId v : p_.scope(p_.loc(loc).proc))
      if (merged(loc, v)) (*n.state)[v] = smt::freshConst(p_.ctx(), p_.var(v).name, p_.var(v).cur.get_sort());
    joins_.push_back(id);
  }
  nodes_.push_back(std::move(n));
  index_.emplace(key, id);
  pending_.push_back(id);
  if (p_.isErrorLoc(loc)) errors_.push_back(id);
  return id;
}

void Unwinding::addInEdge(const Key& key, uint32_t depth, InEdge in, const ir::State& post) {
  auto it = index_.find(key);
  NodeId id = it != index_.end() ? it->second : createNode(key, depth, in.literal, post);
  Node& n = nodes_[id];
  INVARIANT(n.in.empty() || n.join, "a second in-edge into a node with a single predecessor");
  if (n.join) {
    std::vector<z3::expr> equal;
    for (ir::VarId v : p_.scope(p_.loc(n.loc).proc)) {
      if (merged(n.loc, v)) equal.push_back((*n.state)[v] == post[v]);
      else INVARIANT(!live_.live(n.loc, v) || z3::eq((*n.state)[v], post[v]),
                     "variable " + p_.var(v).name + " arrives with different terms at a node without a merge");
    }
    if (!equal.empty()) assertFormula(z3::implies(in.literal, smt::mkAnd(p_.ctx(), equal)));
  }
  n.in.push_back(std::move(in));
}

void Unwinding::addRoot() {
  const ir::Procedure& main = p_.proc(p_.mainProc());
  ir::State start = ir::freshState(p_, p_.scope(main.id));
  Key key{main.entry, kNoId, std::vector<uint32_t>(loops_.chain(main.entry).size(), 0)};
  createNode(key, 1, p_.ctx().bool_val(true), start);
}

void Unwinding::expandTransition(NodeId n, const ir::Edge& e) {
  ir::EdgeInstance inst = inst_.transition(e.id, *nodes_[n].state);
  if (inst.formula.is_false()) return;
  z3::expr taken = freshLiteral("edge");
  assertFormula(z3::implies(taken, nodes_[n].reach && inst.formula));
  if (!e.unsupported.empty()) unsupportedInstances_[e.id].push_back(taken);
  Key key{e.to, nodes_[n].frame, loops_.countersAfter(e, nodes_[n].counters)};
  addInEdge(key, nodes_[n].depth, InEdge{taken, Via::Transition, e.id, n, inst.inputTerms}, inst.post);
}

void Unwinding::expandCall(NodeId n, const ir::Edge& e) {
  const ir::Procedure& callee = p_.proc(e.callee);
  z3::expr taken = freshLiteral("call");
  assertFormula(z3::implies(taken, nodes_[n].reach));
  // Callee entry: params = args, globals as in the caller, locals and results arbitrary.
  ir::State entry = *nodes_[n].state;
  std::vector<z3::expr> args = inst_.callArgs(e.id, entry);
  for (size_t i = 0; i < args.size(); ++i) entry[callee.params[i]] = args[i];
  for (const auto* vars : {&callee.results, &callee.locals})
    for (ir::VarId v : *vars) entry[v] = smt::freshConst(p_.ctx(), p_.var(v).name, p_.var(v).cur.get_sort());
  FrameId frame = internFrame(n, e.id);
  Key key{callee.entry, frame, std::vector<uint32_t>(loops_.chain(callee.entry).size(), 0)};
  addInEdge(key, depthOfCall(n, e.callee), InEdge{taken, Via::Call, e.id, n}, entry);
}

void Unwinding::expandReturn(NodeId exitNode) {
  const Frame frame = frames_[nodes_[exitNode].frame];
  const ir::Edge& call = p_.edge(frame.callEdge);
  const ir::Procedure& callee = p_.proc(call.callee);
  const Node& caller = nodes_[frame.callNode];
  const ir::State& exitState = *nodes_[exitNode].state;
  // Globals come back from the callee, then the results are assigned (a result may be a global).
  ir::State post = *caller.state;
  for (ir::VarId g : p_.globals()) post[g] = exitState[g];
  for (size_t i = 0; i < call.results.size(); ++i) post[call.results[i]] = exitState[callee.results[i]];
  Key key{call.to, caller.frame, loops_.countersAfter(call, caller.counters)};
  uint32_t depth = caller.depth;
  addInEdge(key, depth, InEdge{nodes_[exitNode].reach, Via::Return, call.id, exitNode}, post);
}

void Unwinding::expand(NodeId n) {
  nodes_[n].expanded = true;
  ir::LocId loc = nodes_[n].loc;
  const ir::Procedure& pr = p_.proc(p_.loc(loc).proc);
  if (loc == pr.entry && nodes_[n].frame != kNoId) stats_.add(options_.statsPrefix + ".inlined_calls");
  bool keepState = nodes_[n].join;
  if (loc == pr.exit) {
    if (nodes_[n].frame != kNoId) expandReturn(n);
  } else if (loc != pr.error) {
    for (ir::EdgeId id : p_.loc(loc).out) {
      if (excluded_.count(id)) continue;
      const ir::Edge& e = p_.edge(id);
      if (e.isCall()) {
        expandCall(n, e);
        keepState = true;  // the return continues from the caller's state
      } else {
        expandTransition(n, e);
      }
    }
  }
  if (!keepState) nodes_[n].state.reset();
}

bool Unwinding::deepen(unsigned bound, const ShutdownToken* shutdown) {
  if (nodes_.empty()) addRoot();
  std::vector<NodeId> beyond;
  size_t done = 0;
  while (!pending_.empty()) {
    std::vector<NodeId> batch = std::move(pending_);
    pending_.clear();
    for (NodeId n : batch) {
      if (++done % 64 == 0 && shutdown && shutdown->stopRequested()) return false;
      if (withinBound(nodes_[n], bound)) expand(n);
      else beyond.push_back(n);
    }
  }
  pending_ = std::move(beyond);
  return true;
}

RoundLiterals Unwinding::closeRound() {
  z3::context& ctx = p_.ctx();
  z3::expr close = freshLiteral("close");
  for (NodeId id : joins_) {
    Node& n = nodes_[id];
    if (n.inEncoded < n.in.size()) {
      std::vector<z3::expr> options;
      for (size_t i = n.inEncoded; i < n.in.size(); ++i) options.push_back(n.in[i].literal);
      z3::expr tail = freshLiteral("more");
      options.push_back(tail);
      assertFormula(z3::implies(n.tail ? *n.tail : n.reach, smt::mkOr(ctx, options)));
      n.tail = tail;
      n.inEncoded = n.in.size();
    }
    assertFormula(z3::implies(close, !*n.tail));
  }
  z3::expr error = freshLiteral("error");
  std::vector<z3::expr> reached;
  for (size_t i = errorsEncoded_; i < errors_.size(); ++i) reached.push_back(nodes_[errors_[i]].reach);
  for (size_t i = siteErrorsEncoded_; i < siteErrors_.size(); ++i) reached.push_back(siteErrors_[i].second);
  siteErrorsEncoded_ = siteErrors_.size();
  if (lastError_) reached.push_back(*lastError_);
  assertFormula(z3::implies(error, smt::mkOr(ctx, reached)));
  lastError_ = error;
  errorsEncoded_ = errors_.size();

  RoundLiterals out{close, error, std::nullopt};
  if (!pending_.empty()) {
    std::vector<z3::expr> frontier;
    for (NodeId n : pending_) frontier.push_back(nodes_[n].reach);
    out.frontier = freshLiteral("frontier");
    assertFormula(z3::implies(*out.frontier, smt::mkOr(ctx, frontier)));
  }
  return out;
}

const Unwinding::InEdge* Unwinding::takenInEdge(const Node& n, const z3::model& model, bool preferReal) const {
  for (const InEdge& in : n.in) {
    if (preferReal && in.via == Via::Transition && !p_.edge(in.edge).unsupported.empty()) continue;
    if (model.eval(in.literal, true).is_true()) return &in;
  }
  return nullptr;
}

ir::Trace Unwinding::extractTrace(const z3::model& model) const {
  Counterexample c = extractCounterexample(model);
  INVARIANT(c.openSites.empty(), "a trace through an open site");
  return std::move(c.trace);
}

Unwinding::Counterexample Unwinding::extractCounterexample(const z3::model& model) const {
  Counterexample out;
  out.trace.context = p_.sharedCtx();
  const InEdge* last = nullptr;
  for (bool preferReal : {true, false}) {
    for (NodeId id : errors_) {
      if (!model.eval(nodes_[id].reach, true).is_true()) continue;
      if ((last = takenInEdge(nodes_[id], model, preferReal))) break;
    }
    if (last) break;
  }
  if (!last) {
    // No error location: an open site that may reach one.
    for (auto& [site, literal] : siteErrors_) {
      if (!model.eval(literal, true).is_true()) continue;
      out.openSites.push_back(site);
      last = takenInEdge(nodes_[site], model, false);
      break;
    }
    INVARIANT(!out.openSites.empty(), "no reached error node in the model");
    if (!last) return out;  // the site is the root (never: the root is no site)
  }
  for (const InEdge* in = last;;) {
    if (in->via == Via::Havoc) {
      out.openSites.push_back(in->from);
    } else {
      ir::TraceStep step;
      step.kind = in->via == Via::Call     ? ir::TraceStep::Kind::Call
                  : in->via == Via::Return ? ir::TraceStep::Kind::Return
                                           : ir::TraceStep::Kind::Edge;
      step.edge = in->edge;
      for (const z3::expr& input : in->inputs) step.inputs.push_back(model.eval(input, true));
      out.trace.steps.push_back(std::move(step));
    }
    const Node& from = nodes_[in->from];
    if (from.in.empty()) break;  // the root
    in = takenInEdge(from, model, false);
    INVARIANT(in != nullptr, "a reached node without a taken in-edge");
  }
  std::reverse(out.trace.steps.begin(), out.trace.steps.end());
  return out;
}

void Unwinding::exclude(ir::EdgeId e) {
  excluded_.insert(e);
  for (const z3::expr& taken : unsupportedInstances_[e]) assertFormula(!taken);
}

// ---------------------------------------------------------------- stratified inlining

bool Unwinding::isSite(NodeId n) const {
  if (n == 0) return false;  // the root
  const Node& node = nodes_[n];
  return loops_.isHead(node.loc) || (node.frame != kNoId && p_.proc(p_.loc(node.loc).proc).entry == node.loc);
}

std::vector<bool> Unwinding::locationsReachingError() const {
  // Backwards from every error location (a worklist): the source of an edge into a location that reaches
  // one (a transition, or a call whose target does: after the return), and at a procedure's entry the
  // source of every call of the procedure (the error inside the callee).
  std::vector<std::vector<ir::EdgeId>> callsOf(p_.numProcs());
  for (const ir::Edge& e : p_.edges())
    if (e.isCall()) callsOf[e.callee].push_back(e.id);
  std::vector<bool> reaches(p_.numLocs(), false);
  std::vector<ir::LocId> work;
  auto mark = [&](ir::LocId l) {
    if (!reaches[l]) reaches[l] = true, work.push_back(l);
  };
  for (auto& proc : p_.procs())
    if (proc.error != ir::kNone) mark(proc.error);
  while (!work.empty()) {
    ir::LocId l = work.back();
    work.pop_back();
    for (ir::EdgeId e : p_.loc(l).in) mark(p_.edge(e).from);
    if (const ir::Procedure& proc = p_.proc(p_.loc(l).proc); l == proc.entry)
      for (ir::EdgeId call : callsOf[proc.id]) mark(p_.edge(call).from);
  }
  return reaches;
}

void Unwinding::openSite(NodeId n) {
  z3::context& ctx = p_.ctx();
  nodes_[n].open = freshLiteral("open");
  nodes_[n].block = freshLiteral("block");
  z3::expr reach = nodes_[n].reach;
  assertFormula(z3::implies(*nodes_[n].block, !reach));
  // The havoc summary: the activation ends at its exit with every result and global arbitrary.
  const ir::Procedure& pr = p_.proc(p_.loc(nodes_[n].loc).proc);
  ir::State post = *nodes_[n].state;
  for (ir::VarId v : p_.scope(pr.id)) {
    const ir::Variable& var = p_.var(v);
    if (var.role == ir::VarRole::Global || var.role == ir::VarRole::Result)
      post[v] = smt::freshConst(ctx, var.name, var.cur.get_sort());
  }
  z3::expr taken = freshLiteral("havoc");
  assertFormula(z3::implies(taken, reach && *nodes_[n].open));
  Key key{pr.exit, nodes_[n].frame, std::vector<uint32_t>(loops_.chain(pr.exit).size(), 0)};
  addInEdge(key, nodes_[n].depth, InEdge{taken, Via::Havoc, ir::kNone, n}, post);
  if (reachesError_[nodes_[n].loc]) {
    z3::expr error = freshLiteral("site_error");
    assertFormula(z3::implies(error, reach && *nodes_[n].open));
    siteErrors_.emplace_back(n, error);
  }
}

bool Unwinding::expandToSites(const ShutdownToken* shutdown) {
  INVARIANT(options_.openSites, "expandToSites needs an unwinding with open sites");
  if (nodes_.empty()) addRoot();
  size_t done = 0;
  for (bool progress = true; progress;) {
    progress = false;
    std::vector<NodeId> batch = std::move(pending_);
    pending_.clear();
    for (NodeId n : batch) {
      if (++done % 64 == 0 && shutdown && shutdown->stopRequested()) return false;
      if (nodes_[n].expanded) continue;  // a site inlined since the last call
      if (!isSite(n)) {
        expand(n);
        progress = true;
      } else {
        if (!nodes_[n].open) openSite(n), progress = true;
        pending_.push_back(n);
      }
    }
  }
  return true;
}

void Unwinding::inlineSite(NodeId n) {
  // Stays in pending_ until the next expandToSites(), which drops expanded nodes: erasing it here cost a
  // search of every open site per inlined site (thousands of each on deep recursions).
  INVARIANT(nodes_[n].open && !nodes_[n].expanded, "inlining a node that is no open site");
  assertFormula(!*nodes_[n].open);
  inlined_.push_back(n);
  expand(n);
}

uint32_t Unwinding::level(NodeId n) const {
  uint32_t level = nodes_[n].depth;
  for (uint32_t c : nodes_[n].counters) level = std::max(level, c);
  return level;
}

namespace {
ir::UnrollingNode::Counters namedCounters(const LoopNest& loops, ir::LocId loc, const std::vector<uint32_t>& counters) {
  ir::UnrollingNode::Counters out;
  for (size_t i = 0; i < counters.size(); ++i) out.emplace_back(loops.chain(loc)[i], counters[i]);
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

ir::UnrollingNode Unwinding::name(NodeId n) const {
  ir::UnrollingNode out;
  out.loc = nodes_[n].loc;
  out.counters = namedCounters(loops_, out.loc, nodes_[n].counters);
  for (FrameId f = nodes_[n].frame; f != kNoId; f = nodes_[frames_[f].callNode].frame) {
    const Node& caller = nodes_[frames_[f].callNode];
    out.stack.insert(out.stack.begin(), {frames_[f].callEdge, namedCounters(loops_, caller.loc, caller.counters)});
  }
  return out;
}

size_t Unwinding::stackDepth(NodeId n) const {
  size_t depth = 0;
  for (FrameId f = nodes_[n].frame; f != kNoId; f = nodes_[frames_[f].callNode].frame) ++depth;
  return depth;
}

std::string Unwinding::describe(NodeId n) const {
  const Node& node = nodes_[n];
  const ir::Procedure& pr = p_.proc(p_.loc(node.loc).proc);
  if (loops_.isHead(node.loc) && !(node.loc == pr.entry && node.counters.back() == 0 && node.frame != kNoId))
    return "loop at " + p_.loc(node.loc).loc.str() + " in " + pr.name + ", iteration " +
           std::to_string(node.counters.back() + 1);
  std::string where = node.frame == kNoId ? "" : p_.edge(frames_[node.frame].callEdge).loc.str();
  return pr.name + (where.empty() ? "" : " called at " + where) + " (depth " + std::to_string(node.depth) + ")";
}

}  // namespace argus::engines::bmc
