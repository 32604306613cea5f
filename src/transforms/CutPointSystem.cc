// Cut points, block order and the step encoding of the cut-point transition system.
//
// Encoding of one step (all blocks at once): every reachable location l has a reach literal r_l (for a
// cut point as source: pc = l), every edge e a selector t_e, and
//   t_e ⇒ r_from ∧ formula_e,   r_l ⇒ ∨ t_out   (a reached location continues; blocking ones cannot),
//   t_e ⇒ r_to (inner target) or t_e ⇒ pc' = to (cut-point target).
// Where paths join, a variable whose value differs between incoming edges gets a fresh constant m with
// t_e ⇒ m = value_e. Any assignment of selectors that satisfies this contains a real path from the
// source (follow taken edges forward), and all taken paths end in the same cut point (pc' is one term),
// so the model describes a real block; conversely a real block satisfies it with only its selectors on.
#include "transforms/CutPointSystem.h"

#include <fmt/format.h>

#include "ir/Queries.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {

using namespace ir;

CutPointSystem::CutPointSystem(const Program& program, ProcId proc)
    : program_(&program), proc_(proc), vars_(program.scope(proc)) {
  for (EdgeId e : program.proc(proc).edges)
    INVARIANT(!program.edge(e).isCall(), "cut-point system of a procedure with calls (inline first)");
  reachable_ = reachableFromEntry(program, proc);
  pcOf_.assign(program.numLocs(), -1);
  findCutPoints();
  findUnreachableCutPoints();
  orderInnerLocations();
}

LocId CutPointSystem::entry() const { return program_->proc(proc_).entry; }
LocId CutPointSystem::exit() const { return program_->proc(proc_).exit; }
LocId CutPointSystem::error() const { return program_->proc(proc_).error; }

bool CutPointSystem::isStepEdge(EdgeId e) const {
  const Edge& edge = program_->edge(e);
  return edge.proc == proc_ && reachable_[edge.from] && !isTerminal(edge.from);
}

void CutPointSystem::findCutPoints() {
  auto add = [&](LocId l) {
    if (pcOf_[l] >= 0) return;
    pcOf_[l] = static_cast<int>(cuts_.size());
    cuts_.push_back(l);
  };
  add(entry());
  add(exit());
  add(error());
  std::vector<LocId> heads = ir::loopHeads(*program_, proc_);
  std::vector<bool> isHead(program_->numLocs(), false);
  for (LocId h : heads) isHead[h] = true;
  // A loop head with a single successor only passes control on (front ends split a C loop header into
  // such a location and the test); dropping it when the others still cut every cycle makes one C
  // iteration one block.
  for (LocId h : heads) {
    if (program_->loc(h).out.size() != 1) continue;
    isHead[h] = false;
    if (!innerOrder(isHead)) isHead[h] = true;
  }
  for (LocId head : heads) {
    if (!isHead[head] || pcOf_[head] >= 0) continue;
    add(head);
    loopHeads_.push_back(head);
  }
}

std::optional<std::vector<LocId>> CutPointSystem::innerOrder(const std::vector<bool>& isHead) const {
  // Kahn's algorithm over the reachable locations that are neither heads nor frame locations.
  auto cut = [&](LocId l) { return isHead[l] || l == entry() || l == exit() || l == error(); };
  std::vector<unsigned> pending(program_->numLocs(), 0);
  std::vector<LocId> ready, order;
  size_t inner = 0;
  for (LocId l : program_->proc(proc_).locations) {
    if (!reachable_[l] || cut(l)) continue;
    ++inner;
    for (EdgeId e : program_->loc(l).in)
      if (LocId from = program_->edge(e).from; reachable_[from] && !cut(from)) ++pending[l];
    if (pending[l] == 0) ready.push_back(l);
  }
  while (!ready.empty()) {
    LocId l = ready.back();
    ready.pop_back();
    order.push_back(l);
    for (EdgeId e : program_->loc(l).out)
      if (LocId to = program_->edge(e).to; !cut(to) && --pending[to] == 0) ready.push_back(to);
  }
  if (order.size() != inner) return std::nullopt;
  return order;
}

void CutPointSystem::findUnreachableCutPoints() {
  // Cycles never mix reachable and unreachable locations, so a DFS restricted to the unreachable ones
  // finds back edges for all cycles among them.
  enum Colour : uint8_t { White, Grey, Black };
  std::vector<Colour> colour(program_->numLocs(), White);
  std::vector<bool> isHead(program_->numLocs(), false);
  struct Frame {
    LocId loc;
    size_t next;
  };
  for (LocId root : program_->proc(proc_).locations) {
    if (reachable_[root] || colour[root] != White) continue;
    std::vector<Frame> stack{{root, 0}};
    colour[root] = Grey;
    while (!stack.empty()) {
      Frame& f = stack.back();
      const auto& out = program_->loc(f.loc).out;
      if (f.next < out.size()) {
        LocId to = program_->edge(out[f.next++]).to;
        if (reachable_[to]) continue;
        if (colour[to] == Grey) isHead[to] = true;
        if (colour[to] == White) {
          colour[to] = Grey;
          stack.push_back({to, 0});
        }
        continue;
      }
      colour[f.loc] = Black;
      stack.pop_back();
    }
  }
  for (LocId l : program_->proc(proc_).locations)
    if (isHead[l]) unreachableCuts_.push_back(l);
}

void CutPointSystem::orderInnerLocations() {
  std::vector<bool> isHead(program_->numLocs(), false);
  for (LocId h : loopHeads_) isHead[h] = true;
  auto order = innerOrder(isHead);
  INVARIANT(order.has_value(), "a cycle avoids every cut point");
  innerOrder_ = std::move(*order);
}

// ---------------------------------------------------------------- StepEncoder

StepEncoder::StepEncoder(const CutPointSystem& ts) : ts_(&ts), inst_(ts.program()) {}

z3::expr StepEncoder::freshPc(const std::string& tag) const {
  return smt::freshConst(ctx(), "pc@" + tag, ctx().int_sort());
}

State StepEncoder::freshState() const { return ir::freshState(ts_->program(), ts_->vars()); }

z3::expr StepEncoder::pcInRange(const z3::expr& pc) const {
  return pc >= 0 && pc < static_cast<int>(ts_->cutPoints().size());
}

z3::expr StepEncoder::pcAt(const z3::expr& pc, LocId cut) const {
  INVARIANT(ts_->isCut(cut), "pcAt of a location that is not a reachable cut point");
  return pc == ctx().int_val(ts_->pcOf(cut));
}

z3::expr StepEncoder::at(const z3::expr& formula, const State& state) const {
  return evaluateAt(ts_->program(), formula, ts_->vars(), state);
}

z3::expr StepEncoder::holdsAt(const std::vector<std::pair<LocId, z3::expr>>& invariants, const z3::expr& pc,
                              const State& state) const {
  std::vector<z3::expr> parts;
  for (auto& [cut, inv] : invariants) parts.push_back(z3::implies(pcAt(pc, cut), at(inv, state)));
  return smt::mkAnd(ctx(), parts);
}

State StepEncoder::merge(const std::vector<Incoming>& incoming, const std::string& tag,
                         std::vector<z3::expr>& parts) const {
  if (incoming.empty()) return freshState();
  State out = incoming[0].post;
  for (VarId v : ts_->vars()) {
    bool same = true;
    for (auto& in : incoming) same = same && in.post[v].id() == out[v].id();
    if (same) continue;
    const Variable& var = ts_->program().var(v);
    z3::expr merged = smt::freshConst(ctx(), var.name + "@" + tag, var.cur.get_sort());
    for (auto& in : incoming) parts.push_back(z3::implies(in.selector, merged == in.post[v]));
    out[v] = merged;
  }
  return out;
}

void StepEncoder::encodeOutEdges(LocId l, const z3::expr& here, const State& state, const std::string& tag,
                                 Step& step, std::vector<std::vector<Incoming>>& incoming,
                                 std::vector<z3::expr>& parts) const {
  const Program& p = ts_->program();
  std::vector<z3::expr> selectors;
  for (EdgeId e : p.loc(l).out) {
    const Edge& edge = p.edge(e);
    EdgeInstance i = inst_.transition(e, state);
    z3::expr sel = smt::freshConst(ctx(), fmt::format("t{}@{}", e, tag), ctx().bool_sort());
    step.taken[e] = sel;
    selectors.push_back(sel);
    parts.push_back(z3::implies(sel, here && i.formula));
    if (ts_->isCut(edge.to)) parts.push_back(z3::implies(sel, pcAt(step.pcPost, edge.to)));
    incoming[edge.to].push_back({sel, std::move(i.post)});
  }
  parts.push_back(z3::implies(here, smt::mkOr(ctx(), selectors)));
}

Step StepEncoder::encode(const z3::expr& pcPre, const State& pre, const std::string& tag) const {
  const Program& p = ts_->program();
  Step step{ctx().bool_val(true), pcPre, freshPc(tag), pre, pre,
            std::vector<z3::expr>(p.numEdges(), ctx().bool_val(false))};
  std::vector<std::vector<Incoming>> incoming(p.numLocs());
  std::vector<z3::expr> parts{pcInRange(step.pcPost)};
  for (LocId cut : ts_->cutPoints()) {
    if (ts_->isTerminal(cut)) {
      // Stutter: the terminal state repeats.
      z3::expr stay = pcAt(pcPre, cut);
      parts.push_back(z3::implies(stay, pcAt(step.pcPost, cut)));
      incoming[cut].push_back({stay, pre});
      continue;
    }
    encodeOutEdges(cut, pcAt(pcPre, cut), pre, tag, step, incoming, parts);
  }
  for (LocId l : ts_->innerOrder()) {
    if (incoming[l].empty()) continue;
    z3::expr here = smt::freshConst(ctx(), fmt::format("r{}@{}", l, tag), ctx().bool_sort());
    for (auto& in : incoming[l]) parts.push_back(z3::implies(in.selector, here));
    State state = merge(incoming[l], tag, parts);
    encodeOutEdges(l, here, state, tag, step, incoming, parts);
  }
  std::vector<Incoming> atCuts;
  for (LocId cut : ts_->cutPoints())
    for (auto& in : incoming[cut]) atCuts.push_back(std::move(in));
  step.post = merge(atCuts, tag, parts);
  step.formula = smt::mkAnd(ctx(), parts);
  return step;
}

std::vector<EdgeId> StepEncoder::blockPath(const Step& step, const z3::model& model) const {
  const Program& p = ts_->program();
  int pc = model.eval(step.pcPre, true).get_numeral_int();
  INVARIANT(pc >= 0 && pc < static_cast<int>(ts_->cutPoints().size()), "model puts pc out of range");
  LocId l = ts_->cutPoints()[pc];
  std::vector<EdgeId> path;
  if (ts_->isTerminal(l)) return path;
  do {
    EdgeId next = kNone;
    for (EdgeId e : p.loc(l).out)
      if (model.eval(step.taken[e], true).is_true()) next = e;
    INVARIANT(next != kNone, "a reached location without a taken edge in the model");
    path.push_back(next);
    l = p.edge(next).to;
  } while (!ts_->isCut(l));
  return path;
}

}  // namespace argus::transforms
