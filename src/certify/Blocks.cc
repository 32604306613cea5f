// Block encoding: interior locations in topological order, each edge instantiated at its source's
// state, and join locations given fresh terms equal to the incoming state of the edge taken.
#include "certify/Blocks.h"

#include <algorithm>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::certify {
namespace {

struct Incoming {
  z3::expr taken;
  ir::State post;
};

/// Interior locations of the block (not cut points), start first, in topological order.
std::vector<ir::LocId> interiorOrder(const ir::Program& p, const std::vector<bool>& isCut, ir::LocId start) {
  std::vector<bool> seen(p.numLocs(), false);
  std::vector<ir::LocId> postorder;
  std::vector<std::pair<ir::LocId, size_t>> stack{{start, 0}};
  seen[start] = true;
  while (!stack.empty()) {
    auto& [l, next] = stack.back();
    if (next == p.loc(l).out.size()) {
      postorder.push_back(l);
      stack.pop_back();
      continue;
    }
    ir::LocId to = p.edge(p.loc(l).out[next++]).to;
    if (!isCut[to] && !seen[to]) seen[to] = true, stack.push_back({to, 0});
  }
  return {postorder.rbegin(), postorder.rend()};
}

class BlockBuilder {
 public:
  BlockBuilder(const ir::Program& p, const ir::Instantiator& inst, const std::map<ir::ProcId, ir::Contract>& contracts,
               ir::ProcId proc)
      : p_(p), inst_(inst), contracts_(contracts), scope_(p.scope(proc)) {}

  Block block;

  /// Reach literal and state of a location from its incoming edges.
  std::pair<z3::expr, ir::State> merge(const std::vector<Incoming>& in) {
    if (in.size() == 1) return {in[0].taken, in[0].post};
    z3::context& ctx = p_.ctx();
    z3::expr reached = smt::freshConst(ctx, "certify!at", ctx.bool_sort());
    std::vector<const ir::State*> posts;
    std::vector<z3::expr> options;
    for (const Incoming& i : in) {
      options.push_back(i.taken);
      posts.push_back(&i.post);
    }
    ir::State state = ir::joinState(p_, scope_, posts);
    for (const Incoming& i : in) block.constraints.push_back(z3::implies(i.taken, ir::joinEquations(p_, scope_, state, i.post)));
    block.constraints.push_back(z3::implies(reached, smt::mkOr(ctx, options)));
    return {reached, state};
  }

  Incoming follow(const ir::Edge& e, const z3::expr& reached, const ir::State& s) {
    z3::context& ctx = p_.ctx();
    z3::expr taken = smt::freshConst(ctx, "certify!edge", ctx.bool_sort());
    if (!e.isCall()) {
      ir::EdgeInstance ei = inst_.transition(e.id, s);
      block.constraints.push_back(z3::implies(taken, reached && ei.formula));
      return {taken, ei.post};
    }
    block.constraints.push_back(z3::implies(taken, reached));
    return {taken, callThroughContract(e, taken, s)};
  }

 private:
  /// The caller's state after a call: fresh results and globals constrained by the callee's post.
  ir::State callThroughContract(const ir::Edge& e, const z3::expr& taken, const ir::State& s) {
    z3::context& ctx = p_.ctx();
    const ir::Procedure& callee = p_.proc(e.callee);
    auto it = contracts_.find(e.callee);
    z3::expr pre = it == contracts_.end() ? ctx.bool_val(true) : it->second.pre;
    z3::expr post = it == contracts_.end() ? ctx.bool_val(true) : it->second.post;
    std::vector<z3::expr> args = inst_.callArgs(e.id, s);
    smt::Substitution atEntry(ctx), atExit(ctx);
    ir::State after = s;
    for (size_t i = 0; i < args.size(); ++i) {
      atEntry.add(p_.var(callee.params[i]).cur, args[i]);
      atExit.add(p_.var(callee.params[i]).old, args[i]);
    }
    for (ir::VarId g : p_.globals()) {
      atEntry.add(p_.var(g).cur, s[g]);
      atExit.add(p_.var(g).old, s[g]);
      after[g] = smt::freshConst(ctx, p_.var(g).name, p_.var(g).cur.get_sort());
      atExit.add(p_.var(g).cur, after[g]);
    }
    // Results are assigned after the globals come back (a result may be a global).
    for (size_t i = 0; i < e.results.size(); ++i) {
      const ir::Variable& r = p_.var(callee.results[i]);
      z3::expr value = smt::freshConst(ctx, r.name, r.cur.get_sort());
      atExit.add(r.cur, value);
      after[e.results[i]] = value;
    }
    block.calls.push_back({e.id, taken, atEntry.apply(pre)});
    block.constraints.push_back(z3::implies(taken, atExit.apply(post)));
    return after;
  }

  const ir::Program& p_;
  const ir::Instantiator& inst_;
  const std::map<ir::ProcId, ir::Contract>& contracts_;
  std::vector<ir::VarId> scope_;
};

}  // namespace

std::vector<bool> cutPointsOf(const ir::Program& p, const ir::Certificate& c) {
  std::vector<bool> isCut(p.numLocs(), false);
  for (auto& [l, inv] : c.invariants) isCut[l] = true;
  for (auto& pr : p.procs()) isCut[pr.entry] = isCut[pr.exit] = isCut[pr.error] = true;
  return isCut;
}

Block encodeBlock(const ir::Program& p, const ir::Instantiator& inst, const std::vector<bool>& isCut,
                  const std::map<ir::ProcId, ir::Contract>& contracts, ir::LocId start, const z3::expr& startReached,
                  const ir::State& startState) {
  BlockBuilder b(p, inst, contracts, p.loc(start).proc);
  std::map<ir::LocId, std::vector<Incoming>> interiorIn, endIn;
  for (ir::LocId l : interiorOrder(p, isCut, start)) {
    auto [reached, state] = l == start ? std::make_pair(startReached, startState) : b.merge(interiorIn.at(l));
    for (ir::EdgeId id : p.loc(l).out) {
      const ir::Edge& e = p.edge(id);
      (isCut[e.to] ? endIn : interiorIn)[e.to].push_back(b.follow(e, reached, state));
    }
  }
  for (auto& [cut, in] : endIn) {
    auto [reached, state] = b.merge(in);
    b.block.ends.push_back({cut, reached, state});
  }
  return std::move(b.block);
}

}  // namespace argus::certify
