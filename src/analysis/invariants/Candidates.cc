// Candidate generation from interval results and from the program text.
#include "analysis/invariants/Candidates.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>

#include "smt/Terms.h"

namespace argus::analysis {
namespace {

using namespace ir;

/// The interval every value of `v` lies in anyway.
Interval typeRange(const Variable& v) {
  if (v.cur.is_bool()) return Interval::boolean();
  unsigned bits = v.type.bits;
  if (bits == 0 || bits > 64) return Interval::top();
  if (bits == 64) return Interval::top();
  int64_t half = int64_t{1} << (bits - 1);
  return {-half, half - 1};
}

/// The bounds of `i` that say more than `known`, as atoms over v's `cur` constant.
std::vector<z3::expr> boundAtoms(const Variable& v, const Interval& i, const Interval& known) {
  std::vector<z3::expr> out;
  z3::context& c = v.cur.ctx();
  if (v.cur.is_bool()) {
    if (i.isPoint() && !known.isPoint()) out.push_back(i.lo() == 1 ? v.cur : !v.cur);
    return out;
  }
  if (i.hasLo() && i.lo() > known.lo()) out.push_back(v.cur >= c.int_val(i.lo()));
  if (i.hasHi() && i.hi() < known.hi()) out.push_back(v.cur <= c.int_val(i.hi()));
  return out;
}

/// Calls `visit` on each edge of the blocks leaving `cut` (forward) or entering it.
void forEachBlockEdge(const transforms::CutPointSystem& ts, LocId cut, bool forward,
                      const std::function<void(const Edge&)>& visit) {
  const Program& p = ts.program();
  std::vector<LocId> work{cut};
  std::vector<bool> seen(p.numLocs(), false);
  seen[cut] = true;
  while (!work.empty()) {
    LocId l = work.back();
    work.pop_back();
    for (EdgeId e : forward ? p.loc(l).out : p.loc(l).in) {
      if (!ts.isStepEdge(e)) continue;
      visit(p.edge(e));
      LocId next = forward ? p.edge(e).to : p.edge(e).from;
      if (!ts.isCut(next) && !seen[next]) seen[next] = true, work.push_back(next);
    }
  }
}

/// Whether `e` holds a numeral at or beyond a 32-bit type's bounds (the front end's overflow checks).
bool mentionsTypeBound(const z3::expr& e) {
  if (e.is_numeral()) {
    int64_t v;
    return !e.is_numeral_i64(v) || v >= INT32_MAX || v <= INT32_MIN;
  }
  if (!e.is_app()) return false;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (mentionsTypeBound(e.arg(i))) return true;
  return false;
}

}  // namespace

std::vector<VarId> loopVariables(const transforms::CutPointSystem& ts, LocId cut) {
  const Program& p = ts.program();
  std::unordered_map<unsigned, VarId> byConstant;
  for (auto& v : p.vars()) {
    byConstant.emplace(v.cur.id(), v.id);
    byConstant.emplace(v.next.id(), v.id);
  }
  std::set<VarId> vars;
  for (bool forward : {true, false})
    forEachBlockEdge(ts, cut, forward, [&](const Edge& edge) {
      for (auto& k : smt::freeConstants(edge.formula)) {
        auto it = byConstant.find(k.id());
        if (it != byConstant.end()) vars.insert(it->second);
      }
    });
  return {vars.begin(), vars.end()};
}

std::vector<z3::expr> loopConditions(const transforms::CutPointSystem& ts, LocId head) {
  const Program& p = ts.program();
  std::set<unsigned> current;
  for (VarId v : ts.vars())
    if (p.var(v).cur.is_int() || p.var(v).cur.is_bool()) current.insert(p.var(v).cur.id());
  std::vector<z3::expr> out;
  std::set<unsigned> seen;
  // Down the Boolean structure only: a comparison inside an arithmetic term (the sign test of C's
  // remainder) is part of what the atom around it says.
  std::function<void(const z3::expr&)> walk = [&](const z3::expr& e) {
    if (!e.is_app() || !e.is_bool() || !seen.insert(e.id()).second) return;
    if (current.count(e.id())) {  // a Boolean variable (a C condition stored: flag = x != 0)
      out.push_back(e);
      return;
    }
    Z3_decl_kind kind = e.decl().decl_kind();
    bool connective = kind == Z3_OP_AND || kind == Z3_OP_OR || kind == Z3_OP_NOT || kind == Z3_OP_IMPLIES ||
                      kind == Z3_OP_ITE || (kind == Z3_OP_EQ && e.arg(0).is_bool());
    if (connective) {
      for (unsigned i = 0; i < e.num_args(); ++i) walk(e.arg(i));
      return;
    }
    bool comparison = kind == Z3_OP_LE || kind == Z3_OP_GE || kind == Z3_OP_LT || kind == Z3_OP_GT ||
                      kind == Z3_OP_EQ || kind == Z3_OP_DISTINCT;
    if (!comparison || !e.arg(0).is_int() || mentionsTypeBound(e)) return;
    std::vector<z3::expr> constants = smt::freeConstants(e);
    if (constants.empty()) return;
    for (const z3::expr& k : constants)
      if (!current.count(k.id())) return;
    out.push_back(e);
  };
  forEachBlockEdge(ts, head, true, [&](const Edge& edge) { walk(edge.formula); });
  return out;
}

std::vector<VarId> relationalVariables(const transforms::CutPointSystem& ts, LocId head, size_t limit) {
  const Program& p = ts.program();
  std::vector<VarId> local, all;
  for (VarId v : loopVariables(ts, head))
    if (p.var(v).cur.is_int()) local.push_back(v);
  for (VarId v : ts.vars())
    if (p.var(v).cur.is_int() &&
        (!p.var(v).isTemporary() || std::find(local.begin(), local.end(), v) != local.end()))
      all.push_back(v);
  return all.size() <= limit ? all : local;
}

std::vector<Candidate> intervalCandidates(const IntervalAnalysis& analysis) {
  const transforms::CutPointSystem& ts = analysis.system();
  const Program& p = ts.program();
  z3::context& c = p.ctx();
  std::vector<Candidate> out;
  for (LocId cut : ts.loopHeads()) {
    const BoxSet& set = analysis.at(cut);
    if (set.isBottom()) {
      out.push_back({cut, c.bool_val(false)});
      continue;
    }
    Box hull = set.hull();
    for (auto& v : p.vars())
      if (analysis.transfer().tracked(v.id))
        for (auto& atom : boundAtoms(v, hull[v.id], typeRange(v))) out.push_back({cut, atom});
    if (set.boxes().size() < 2) continue;
    // The disjunction of the boxes, each stated only where it is tighter than the hull.
    std::vector<z3::expr> disjuncts;
    bool trivial = false;
    for (const Box& box : set.boxes()) {
      std::vector<z3::expr> conj;
      for (auto& v : p.vars())
        if (analysis.transfer().tracked(v.id))
          for (auto& atom : boundAtoms(v, box[v.id], hull[v.id])) conj.push_back(atom);
      trivial = trivial || conj.empty();
      disjuncts.push_back(smt::mkAnd(c, conj));
    }
    if (!trivial) out.push_back({cut, smt::mkOr(c, disjuncts)});
  }
  return out;
}

Hulls loopHeadHulls(const IntervalAnalysis& analysis) {
  Hulls out;
  for (LocId cut : analysis.system().loopHeads())
    if (!analysis.at(cut).isBottom()) out.emplace(cut, analysis.at(cut).hull());
  return out;
}

std::vector<Candidate> orderingCandidates(const transforms::CutPointSystem& ts, const Hulls& known,
                                          size_t maxVariables, const ShutdownToken* stop) {
  const Program& p = ts.program();
  std::vector<Candidate> out;
  for (LocId cut : ts.loopHeads()) {
    if (stop && stop->stopRequested()) break;
    auto hull = known.find(cut);
    auto decided = [&](VarId x, VarId y) {
      if (hull == known.end()) return false;
      const Interval &a = hull->second[x], &b = hull->second[y];
      return (a.hasHi() && b.hasLo() && a.hi() <= b.lo()) || (a.hasLo() && b.hasHi() && a.lo() > b.hi());
    };
    std::vector<VarId> ints = relationalVariables(ts, cut, maxVariables);
    for (VarId x : ints)
      for (VarId y : ints)
        if (x != y && !decided(x, y)) out.push_back({cut, p.var(x).cur <= p.var(y).cur});
  }
  return out;
}

}  // namespace argus::analysis
