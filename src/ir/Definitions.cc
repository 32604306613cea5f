// Available definitions of local variables: a forward must-analysis per procedure (see Definitions.h).
#include "ir/Definitions.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "smt/Implicant.h"
#include "smt/Terms.h"

namespace argus::ir {

AvailableDefinitions::AvailableDefinitions(const Program& program) {
  for (const Variable& v : program.vars()) {
    curVar_.emplace(v.cur.id(), v.id);
    nextVar_.emplace(v.next.id(), v.id);
  }
  collect(program);
  collectKills(program);
  holds_.assign(program.numLocs(), Holding(definitions_.size(), false));
  reached_.assign(program.numLocs(), false);
  for (const Procedure& proc : program.procs()) solve(program, proc.id);
}

std::optional<VarId> AvailableDefinitions::varOfCur(const z3::expr& constant) const {
  auto it = curVar_.find(constant.id());
  return it == curVar_.end() ? std::nullopt : std::optional<VarId>(it->second);
}

namespace {

/// A top-level conjunct `x' = e` (or `e = x'`) of an edge formula, read either way round: the written
/// variable and the value, once per side whose constant is a next-state one.
struct Assignment {
  VarId variable;
  z3::expr value;
};

}  // namespace

void AvailableDefinitions::collect(const Program& program) {
  generatedBy_.assign(program.numEdges(), {});
  std::map<std::pair<VarId, unsigned>, size_t> known;  // (variable, AST id of e) → definition
  for (const Edge& edge : program.edges()) {
    if (edge.isCall()) continue;
    auto written = [&](VarId v) { return std::find(edge.writes.begin(), edge.writes.end(), v) != edge.writes.end(); };
    // Per conjunct of the form `x' = e`, its readings as an assignment (one for each next-state side).
    std::vector<std::vector<Assignment>> assignments;
    for (const z3::expr& conjunct : smt::conjuncts(edge.formula)) {
      if (!conjunct.is_app() || conjunct.decl().decl_kind() != Z3_OP_EQ || conjunct.num_args() != 2) continue;
      std::vector<Assignment> readings;
      for (unsigned side = 0; side < 2; ++side)
        if (auto target = nextVar_.find(conjunct.arg(side).id()); target != nextVar_.end())
          readings.push_back({target->second, conjunct.arg(1 - side)});
      if (!readings.empty()) assignments.push_back(std::move(readings));
    }
    // A value the edge reads from no variable (an input, a fresh constant) and also stores in a variable
    // `v' = c`: after the edge, c is v's value, so a variable computed from c is defined over v.
    z3::expr_vector inputs(program.ctx()), storedIn(program.ctx());
    std::unordered_map<unsigned, VarId> storedInVar;  // AST id of an input → the variable it is stored in
    for (const std::vector<Assignment>& readings : assignments)
      for (const Assignment& a : readings) {
        const z3::expr& c = a.value;
        if (!c.is_const() || c.decl().decl_kind() != Z3_OP_UNINTERPRETED || varOfCur(c) || nextVar_.count(c.id()))
          continue;
        if (storedInVar.try_emplace(c.id(), a.variable).second) {
          inputs.push_back(c);
          storedIn.push_back(program.var(a.variable).cur);
        }
        break;
      }
    for (const std::vector<Assignment>& readings : assignments)
      for (const Assignment& a : readings) {
        const Variable& t = program.var(a.variable);
        if (t.role != VarRole::Local || !written(t.id)) continue;
        std::vector<VarId> operands;
        bool overPreState = true;
        for (const z3::expr& c : smt::freeConstants(a.value)) {
          std::optional<VarId> v = varOfCur(c);
          if (v && !written(*v)) {
            operands.push_back(*v);
            continue;
          }
          auto stored = storedInVar.find(c.id());
          if (v || stored == storedInVar.end() || stored->second == t.id) overPreState = false;
          else operands.push_back(stored->second);
        }
        if (!overPreState) continue;
        z3::expr value = a.value;
        if (!inputs.empty()) value = value.substitute(inputs, storedIn);
        auto [it, fresh] = known.try_emplace({t.id, value.id()}, definitions_.size());
        if (fresh) definitions_.push_back({t.id, t.cur == value, std::move(operands)});
        generatedBy_[edge.id].push_back(it->second);
        break;
      }
  }
}

void AvailableDefinitions::collectKills(const Program& program) {
  killedBy_.assign(program.numEdges(), {});
  for (const Edge& edge : program.edges()) {
    std::vector<VarId> writes = edge.isCall() ? program.callWrites(edge) : edge.writes;
    std::set<VarId> written(writes.begin(), writes.end());
    for (size_t d = 0; d < definitions_.size(); ++d) {
      const Definition& def = definitions_[d];
      if (written.count(def.variable) ||
          std::any_of(def.operands.begin(), def.operands.end(), [&](VarId v) { return written.count(v) > 0; }))
        killedBy_[edge.id].push_back(d);
    }
  }
}

AvailableDefinitions::Holding AvailableDefinitions::transfer(const Edge& edge, Holding in) const {
  for (size_t d : killedBy_[edge.id]) in[d] = false;
  for (size_t d : generatedBy_[edge.id]) in[d] = true;
  return in;
}

void AvailableDefinitions::solve(const Program& program, ProcId proc) {
  // Locations start unreached (the top of the lattice); the entry holds nothing. Each visit intersects
  // what an edge brings, so a location's set only shrinks after its first value: the greatest fixpoint.
  LocId entry = program.proc(proc).entry;
  reached_[entry] = true;
  std::vector<LocId> work{entry};
  std::vector<bool> queued(program.numLocs(), false);
  queued[entry] = true;
  while (!work.empty()) {
    LocId at = work.back();
    work.pop_back();
    queued[at] = false;
    for (EdgeId id : program.loc(at).out) {
      const Edge& edge = program.edge(id);
      Holding out = transfer(edge, holds_[at]);
      Holding& target = holds_[edge.to];
      bool changed = false;
      if (!reached_[edge.to]) {
        target = std::move(out);
        reached_[edge.to] = changed = true;
      } else {
        for (size_t d = 0; d < target.size(); ++d)
          if (target[d] && !out[d]) target[d] = false, changed = true;
      }
      if (changed && !queued[edge.to]) queued[edge.to] = true, work.push_back(edge.to);
    }
  }
}

std::vector<z3::expr> AvailableDefinitions::at(LocId loc) const {
  std::vector<z3::expr> out;
  for (size_t d = 0; d < holds_.at(loc).size(); ++d)
    if (holds_[loc][d]) out.push_back(definitions_[d].equation);
  return out;
}

std::vector<z3::expr> AvailableDefinitions::defining(LocId loc, const std::vector<z3::expr>& constants) const {
  std::set<VarId> wanted;
  for (const z3::expr& c : constants)
    if (std::optional<VarId> v = varOfCur(c)) wanted.insert(*v);
  const Holding& holding = holds_.at(loc);
  std::vector<bool> taken(holding.size(), false);
  std::vector<z3::expr> out;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t d = 0; d < holding.size(); ++d) {
      if (!holding[d] || taken[d] || !wanted.count(definitions_[d].variable)) continue;
      taken[d] = grew = true;
      out.push_back(definitions_[d].equation);
      wanted.insert(definitions_[d].operands.begin(), definitions_[d].operands.end());
    }
  }
  return out;
}

}  // namespace argus::ir
