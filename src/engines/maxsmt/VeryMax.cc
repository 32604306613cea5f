// The recursion of VeryMax (prove, narrowing, memoisation) and its Max-SMT queries (see VeryMax.h).
#include "engines/maxsmt/VeryMax.h"

#include <fmt/format.h>

#include <algorithm>
#include <future>

#include "smt/Qe.h"
#include "smt/Terms.h"
#include "util/Stats.h"

namespace argus::engines::maxsmt {
namespace {

/// A row without variables that holds (d ≤ 0): true in every state.
bool holdsEverywhere(const LinearRow& row) { return row.expr.isConstant() && row.expr.constant <= 0; }

/// The negation of an integer row c·x + d ≤ 0: -c·x - d + 1 ≤ 0; nullopt when the row holds everywhere
/// (no state lies outside it).
std::optional<LinearRow> negated(const LinearRow& row) {
  if (holdsEverywhere(row)) return std::nullopt;
  LinearRow out;
  out.expr.add(row.expr, -1);
  out.expr.constant += 1;
  return out;
}

/// Every way to pick one negated row from each narrowing piece at a cut point: the states outside all
/// pieces, as cubes. An empty result means no state is outside them.
std::vector<Cube> outsidePieces(const std::vector<std::vector<LinearRow>>& pieces) {
  std::vector<Cube> out{Cube{}};
  for (const auto& rows : pieces) {
    std::vector<Cube> next;
    for (const Cube& c : out)
      for (const LinearRow& row : rows)
        if (auto neg = negated(row)) {
          Cube extended = c;
          extended.push_back(*neg);
          next.push_back(std::move(extended));
        }
    out = std::move(next);
  }
  return out;
}

Cube concat(std::initializer_list<const Cube*> parts) {
  Cube out;
  for (const Cube* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}

}  // namespace

VeryMax::VeryMax(const CutGraph& graph, Linearizer& linear, VeryMaxOptions options, RunContext& ctx)
    : graph_(&graph), linear_(&linear), options_(options), ctx_(&ctx), z3_(graph.system().program().ctx()) {
  const ir::Program& p = graph.system().program();
  for (ir::VarId v : graph.system().vars()) keyVar_.emplace(linear.declare(p.var(v).cur), v);
  integralRows_ = true;
  for (const Block& block : graph.blocks())
    for (const Cube& cube : block.cubes)
      for (const LinearRow& row : cube) {
        integralRows_ = integralRows_ && row.expr.constant.get_den() == 1;
        for (auto& [v, c] : row.expr.coeffs) integralRows_ = integralRows_ && c.get_den() == 1;
      }
  samples_ = sampleStates(graph, ctx.solverConfig("maxsmt-samples"));
  size_t total = 0;
  for (auto& [cut, list] : samples_) total += list.size();
  ctx.stats.set("maxsmt.samples", static_cast<int64_t>(total));
  for (auto& [cut, list] : samples_)
    for (const Sample& sample : list) {
      std::string text;
      for (auto& [v, value] : sample) text += " " + p.var(v).name + "=" + value.get_str();
      ctx.log.log(3, "maxsmt", "sample at {}:{}", p.loc(cut).name, text);
    }
}

bool VeryMax::valid(const z3::expr& formula) {
  smt::SolverConfig config = ctx_->solverConfig("maxsmt-check");
  config.queryTimeoutSeconds = 10;
  return smt::checkSat(z3_, {!formula}, config) == smt::SatResult::Unsat;
}

z3::expr VeryMax::invariantAt(ir::LocId cut) const {
  std::vector<z3::expr> parts;
  if (auto it = given_.find(cut); it != given_.end()) parts.push_back(it->second);
  if (auto it = known_.find(cut); it != known_.end()) parts.insert(parts.end(), it->second.begin(), it->second.end());
  return smt::mkAnd(z3_, parts).simplify();
}

z3::expr VeryMax::rowsFormula(const std::vector<LinearRow>& rows) const {
  std::vector<z3::expr> parts;
  for (const LinearRow& row : rows)
    if (!holdsEverywhere(row)) parts.push_back(linear_->toExpr(row));
  return smt::mkAnd(z3_, parts);
}

z3::expr VeryMax::solutionAt(const Solution& s, ir::LocId cut) const {
  auto it = s.find(cut);
  return it == s.end() ? z3_.bool_val(true) : rowsFormula(it->second);
}

std::vector<Cube> VeryMax::knownCubes(ir::LocId cut) {
  auto it = known_.find(cut);
  if (it == known_.end() || it->second.empty()) return {Cube{}};
  auto cubes = graph_->cubesOf(smt::mkAnd(z3_, it->second));
  if (!cubes || cubes->empty() || cubes->size() > 8) return {Cube{}};
  return *cubes;
}

std::optional<z3::expr> VeryMax::precondition(const Block& block, const z3::expr& psiAtTarget) {
  const auto& vars = graph_->system().vars();
  const ir::Program& p = graph_->system().program();
  z3::expr after = ir::evaluateAt(p, psiAtTarget, vars, block.post);
  std::vector<z3::expr> eliminate = block.auxiliaries;
  for (ir::VarId v : vars)
    if (!z3::eq(block.post[v], p.var(v).cur)) eliminate.push_back(block.post[v]);
  z3::expr bad = smt::projectExists(eliminate, block.formula && !after, 10);
  if (smt::hasQuantifier(bad)) return std::nullopt;
  return (!bad).simplify();
}

VeryMax::Outcome VeryMax::proveSafe() {
  const auto& ts = graph_->system();
  ir::LocId error = ts.error();
  if (!ts.reachable(error) || !ts.isCut(error)) return Outcome::Proved;
  return prove(error, z3_.bool_val(false), 0);
}

VeryMax::Outcome VeryMax::prove(ir::LocId q, const z3::expr& psi, unsigned depth) {
  if (ctx_->shutdown->stopRequested()) return Outcome::Stopped;
  ctx_->stats.add("maxsmt.prove_calls", 1);
  if (valid(z3::implies(invariantAt(q), psi))) {
    ctx_->stats.add("maxsmt.strengthening_hits", 1);
    return Outcome::Proved;
  }
  const ir::Program& p = graph_->system().program();
  std::string key = p.loc(q).name + "|" + psi.to_string();
  if (failed_.count(key)) {
    ctx_->stats.add("maxsmt.memo_hits", 1);
    return Outcome::Failed;
  }
  if (depth > options_.maxDepth) return Outcome::Failed;
  ctx_->log.log(2, "maxsmt", "{}prove {} at {}", std::string(depth * 2, ' '), psi.to_string(), p.loc(q).name);
  Outcome outcome = Outcome::Failed;
  if (graph_->isLoop(graph_->component(q))) {
    outcome = proveInLoop(q, psi, depth);
  } else if (!graph_->into(q).empty()) {
    outcome = Outcome::Proved;
    for (size_t b : graph_->into(q)) {
      const Block& block = graph_->blocks()[b];
      auto pre = precondition(block, psi);
      outcome = pre ? prove(block.from, *pre, depth + 1) : Outcome::Failed;
      if (outcome != Outcome::Proved) break;
    }
    if (outcome == Outcome::Proved) known_[q].push_back(psi);
  }
  if (outcome == Outcome::Failed) failed_.insert(key);
  return outcome;
}

Cube VeryMax::atState(const Cube& cube, const ir::State& state) {
  const ir::Program& p = graph_->system().program();
  Cube out;
  for (const LinearRow& row : cube) {
    LinearRow moved = row;
    moved.expr.coeffs.clear();
    for (auto& [key, c] : row.expr.coeffs) {
      auto it = keyVar_.find(key);
      unsigned to = it == keyVar_.end() || z3::eq(state[it->second], p.var(it->second).cur)
                        ? key
                        : linear_->declare(state[it->second]);
      mpq_class sum = moved.expr.coeffs[to] + c;
      if (sum == 0)
        moved.expr.coeffs.erase(to);
      else
        moved.expr.coeffs[to] = sum;
    }
    out.push_back(moved);
  }
  return out;
}

bool VeryMax::holdsAt(const Cube& rows, const Sample& sample) const {
  for (const LinearRow& row : rows) {
    mpq_class value = row.expr.constant;
    for (auto& [key, c] : row.expr.coeffs) {
      auto it = sample.find(keyVar_.at(key));
      if (it != sample.end()) value += c * it->second;
    }
    if (value > 0 || (row.equality && value != 0)) return false;
  }
  return true;
}

bool VeryMax::sampleOutside(const std::vector<Solution>& pieces, const std::vector<ir::LocId>& members,
                            const Cube& inCase) const {
  for (ir::LocId h : members) {
    auto it = samples_.find(h);
    if (it == samples_.end()) continue;
    for (const Sample& sample : it->second)
      if (holdsAt(inCase, sample) &&
          std::none_of(pieces.begin(), pieces.end(), [&](const Solution& s) { return holdsAt(s.at(h), sample); }))
        return true;
  }
  return false;
}

bool VeryMax::integral(const LinearRow& row) const {
  const ir::Program& p = graph_->system().program();
  bool out = row.expr.constant.get_den() == 1;
  for (auto& [key, c] : row.expr.coeffs) {
    auto it = keyVar_.find(key);
    out = out && c.get_den() == 1 && it != keyVar_.end() &&
          (p.var(it->second).cur.is_int() || p.var(it->second).cur.is_bool());
  }
  return out;
}

LinearRow VeryMax::complement(const LinearRow& row) const {
  LinearRow out;
  out.expr.add(row.expr, -1);
  if (integral(row)) out.expr.constant += 1;  // over the integers e ≤ 0 fails exactly where -e + 1 ≤ 0
  return out;                                 // else -e ≤ 0: the cases overlap at e = 0, which is sound
}

bool VeryMax::beyondPieces(const Solution& piece, const std::vector<Solution>& earlier,
                           const std::vector<ir::LocId>& members) {
  for (ir::LocId h : members) {
    std::vector<z3::expr> parts{solutionAt(piece, h)};
    for (const Solution& e : earlier) parts.push_back(!solutionAt(e, h));
    smt::SolverConfig config = ctx_->solverConfig("maxsmt-check");
    config.queryTimeoutSeconds = 5;
    if (smt::checkSat(z3_, parts, config) != smt::SatResult::Unsat) return true;
  }
  return false;
}

VeryMax::Outcome VeryMax::proveInLoop(ir::LocId q, const z3::expr& psi, unsigned depth) {
  // Narrowing first goes on only while some sampled state lies outside the pieces; then the case splits;
  // and only then narrowing without that limit (hola/04 needs a piece for entry states no sample reached,
  // hola/13 spent 20 s on such pieces before the split that proves it).
  bool cutShort = false;
  Outcome outcome = proveInCase(q, psi, depth, {}, &cutShort);
  if (outcome == Outcome::Failed && options_.caseSplits > 0)
    outcome = proveByCases(q, psi, depth, {}, options_.caseSplits);
  if (outcome == Outcome::Failed && cutShort) outcome = proveInCase(q, psi, depth, {});
  return outcome;
}

bool VeryMax::feasible(const Cube& cube, std::vector<z3::expr> rows) {
  smt::SolverConfig config = ctx_->solverConfig("maxsmt-feasible");
  config.queryTimeoutSeconds = 5;
  for (const LinearRow& r : cube) rows.push_back(linear_->toExpr(r));
  return smt::checkSat(z3_, rows, config) != smt::SatResult::Unsat;
}

std::vector<VeryMax::Split> VeryMax::splits(ir::LocId q, const z3::expr& psi, const Cube& inCase) {
  int component = graph_->component(q);
  const ir::Program& p = graph_->system().program();
  // The variables the loop's blocks assign, and the literals of ¬ψ and of those blocks, which give the rows.
  std::set<ir::VarId> modified;
  std::vector<Cube> sources;
  if (auto bad = graph_->cubesOf(!psi)) sources = *bad;
  for (const Block& block : graph_->blocks())
    if (graph_->component(block.from) == component && graph_->component(block.to) == component) {
      for (ir::VarId v : graph_->system().vars())
        if (!z3::eq(block.post[v], p.var(v).cur)) modified.insert(v);
      sources.insert(sources.end(), block.cubes.begin(), block.cubes.end());
    }
  auto unmodified = [&](const LinearRow& row) {
    if (row.expr.isConstant()) return false;
    for (auto& [key, c] : row.expr.coeffs) {
      auto it = keyVar_.find(key);
      if (it == keyVar_.end() || modified.count(it->second)) return false;
    }
    return true;
  };
  // A case must hold somewhere the facts known at q allow (an interval may already decide the row); a split
  // needs two such cases.
  std::vector<z3::expr> atQ{invariantAt(q)};
  std::vector<Split> out;
  std::set<std::string> seen;
  for (const Cube& cube : sources)
    for (const LinearRow& literal : cube) {
      if (!unmodified(literal)) continue;
      LinearRow below = literal;  // e ≤ 0
      below.equality = false;
      LinearRow above;            // e ≥ 0, i.e. -e ≤ 0
      above.expr.add(literal.expr, -1);
      // e ≤ 0 against its complement; an integer equality e = 0 three ways: e ≤ -1, e = 0, e ≥ 1 (the
      // branches `if (flag)` makes: flag = 0 and the two sides of it).
      Split split{{below}, {complement(below)}};
      if (literal.equality && integral(literal)) split = {{complement(above)}, {below, above}, {complement(below)}};
      Split cases;
      std::set<std::string> keys;
      for (const Cube& c : split) {
        Cube inside = inCase;
        inside.insert(inside.end(), c.begin(), c.end());
        if (!feasible(inside, atQ)) continue;
        cases.push_back(c);
        keys.insert(rowsFormula(c).to_string());
      }
      std::string key;
      for (const std::string& k : keys) key += k + ";";
      if (cases.size() >= 2 && seen.insert(key).second) out.push_back(std::move(cases));
    }
  // Three-way splits first: one refines the two-way splits on either side of its equality (flag ≥ 1 and
  // flag ≤ -1 are the other cubes of `if (flag)`).
  std::stable_sort(out.begin(), out.end(), [](const Split& a, const Split& b) { return a.size() > b.size(); });
  if (out.size() > options_.splitCandidates) out.resize(options_.splitCandidates);
  return out;
}

VeryMax::Outcome VeryMax::proveByCases(ir::LocId q, const z3::expr& psi, unsigned depth, const Cube& inCase,
                                       unsigned splitsLeft) {
  const ir::Program& p = graph_->system().program();
  for (const Split& split : splits(q, psi, inCase)) {
    Outcome outcome = Outcome::Proved;
    for (const Cube& side : split) {
      Cube thisCase = inCase;
      thisCase.insert(thisCase.end(), side.begin(), side.end());
      ctx_->stats.add("maxsmt.cases", 1);
      ctx_->log.log(2, "maxsmt", "{}case {} at {}", std::string(depth * 2, ' '),
                    rowsFormula(thisCase).to_string(), p.loc(q).name);
      outcome = proveInCase(q, psi, depth, thisCase);
      if (outcome == Outcome::Failed && splitsLeft > 1) outcome = proveByCases(q, psi, depth, thisCase, splitsLeft - 1);
      if (outcome != Outcome::Proved) break;
    }
    if (outcome != Outcome::Failed) return outcome;
  }
  return Outcome::Failed;
}

VeryMax::Outcome VeryMax::proveInCase(ir::LocId q, const z3::expr& psi, unsigned depth, const Cube& inCase,
                                      bool* cutShort) {
  int component = graph_->component(q);
  std::vector<ir::LocId> members = graph_->members(component);
  const ir::Program& p = graph_->system().program();
  std::vector<Solution> narrowing;
  // Outside the case the facts say nothing: the case's rows hold throughout a run of the loop or never.
  z3::expr outsideCase = !rowsFormula(inCase);
  if (!inCase.empty() && valid(z3::implies(invariantAt(q), outsideCase || psi))) return Outcome::Proved;
  for (unsigned attempt = 0; attempt <= options_.maxNarrowings; ++attempt) {
    if (ctx_->shutdown->stopRequested()) return Outcome::Stopped;
    // With `cutShort`, a further piece is sought only while some sampled reachable state (in the case) lies
    // outside the pieces so far: without one the search has nothing to aim at and often spends its whole
    // time limit.
    if (cutShort && !narrowing.empty() && !sampleOutside(narrowing, members, inCase)) {
      *cutShort = true;
      return Outcome::Failed;
    }
    std::optional<Candidate> candidate = search(q, psi, narrowing, inCase);
    if (!candidate) return ctx_->shutdown->stopRequested() ? Outcome::Stopped : Outcome::Failed;
    if (!narrowing.empty() && !beyondPieces(candidate->invariant, narrowing, members))
      return Outcome::Failed;  // the new piece lies inside the old ones: no progress
    for (ir::LocId h : members)
      ctx_->log.log(2, "maxsmt", "{}conditional invariant at {}: {} ({} entries open)", std::string(depth * 2, ' '),
                    p.loc(h).name, solutionAt(candidate->invariant, h).to_string(),
                    candidate->unsatisfiedEntries.size());
    // An open entry must lead into the new piece or an earlier one (whose states are safe for good).
    auto piecesAt = [&](ir::LocId h) {
      std::vector<z3::expr> pieces{outsideCase, solutionAt(candidate->invariant, h)};
      for (const Solution& earlier : narrowing) pieces.push_back(solutionAt(earlier, h));
      return smt::mkOr(z3_, pieces).simplify();
    };
    Outcome entries = Outcome::Proved;
    for (size_t b : candidate->unsatisfiedEntries) {
      const Block& block = graph_->blocks()[b];
      auto pre = precondition(block, piecesAt(block.to));
      entries = pre ? prove(block.from, *pre, depth + 1) : Outcome::Failed;
      if (entries != Outcome::Proved) break;
    }
    if (entries == Outcome::Stopped) return entries;
    if (entries == Outcome::Proved) {
      // The invariant is the disjunction of this piece and the earlier (narrowed-away) ones.
      for (ir::LocId h : members) known_[h].push_back(piecesAt(h));
      return Outcome::Proved;
    }
    ctx_->stats.add("maxsmt.narrowings", 1);
    narrowing.push_back(candidate->invariant);
  }
  return Outcome::Failed;
}

namespace {

/// One Max-SMT query for one template size, in whatever context it was built or translated to.
struct Query {
  std::vector<z3::expr> hard, softs;
  std::vector<size_t> softBlock;  // the entry block of each soft constraint
  std::vector<z3::expr> samples;  // lighter soft constraints: sampled reachable states are inside
  // Unknowns: per cut point, per row, per template variable the coefficient, then the constant.
  std::map<ir::LocId, std::vector<std::pair<std::vector<std::pair<ir::VarId, z3::expr>>, z3::expr>>> unknowns;
};

struct Answer {
  smt::SatResult status = smt::SatResult::Unknown;
  std::vector<size_t> openEntries;  // entry blocks with an initiation left open (the cost across sizes)
  unsigned missedSamples = 0;
  bool optimal = true;              // false: the cheapest model an undecided query saw
  // Values of the unknowns, in the order of Query::unknowns.
  std::map<ir::LocId, std::vector<std::pair<std::vector<std::pair<ir::VarId, mpq_class>>, mpq_class>>> values;
};

Answer solveQueryUnguarded(z3::context& ctx, const Query& q, smt::SolverConfig config, smt::MaxSmtMethod method) {
  smt::MaxSmt maxsmt(ctx, config, method);
  for (const z3::expr& h : q.hard) maxsmt.addHard(h);
  // Initiations are what the search optimises; samples only break ties among the optimal conditional
  // invariants, so a maximal set of them is enough (a maximum costs the proof that no candidate holds one
  // more sample, which dominated the Max-SMT time).
  for (const z3::expr& s : q.softs) maxsmt.addSoft(s, 1);
  for (const z3::expr& s : q.samples) maxsmt.addPreference(s);
  smt::MaxSmtResult r = maxsmt.solve();
  Answer a;
  a.status = r.status;
  // An undecided query's cheapest model is still a conditional invariant (every hard constraint holds):
  // only its open entries may be more than necessary.
  if (!r.model) return a;
  if (r.status == smt::SatResult::Unknown) a.status = smt::SatResult::Sat, a.optimal = false;
  // Cost across template sizes: entry blocks left open (a larger template has more rows per entry).
  std::set<size_t> open;
  for (size_t i = 0; i < q.softs.size(); ++i)
    if (!r.satisfied[i]) open.insert(q.softBlock[i]);
  a.openEntries.assign(open.begin(), open.end());
  a.missedSamples = static_cast<unsigned>(std::count(r.preferred.begin(), r.preferred.end(), false));
  auto value = [&](const z3::expr& e) {
    auto v = numeralValue(r.model->eval(e, true));
    return v ? *v : mpq_class(0);
  };
  for (auto& [cut, rows] : q.unknowns)
    for (auto& [coeffs, constant] : rows) {
      std::vector<std::pair<ir::VarId, mpq_class>> cs;
      for (auto& [v, c] : coeffs) cs.emplace_back(v, value(c));
      a.values[cut].emplace_back(std::move(cs), value(constant));
    }
  return a;
}

/// A query whose context is interrupted (another template size won, or the deadline) may throw from any
/// call into Z3, reading the model included: that is an undecided answer, not an error.
Answer solveQuery(z3::context& ctx, const Query& q, smt::SolverConfig config, smt::MaxSmtMethod method) {
  try {
    return solveQueryUnguarded(ctx, q, config, method);
  } catch (const z3::exception&) {
    return Answer{};
  }
}

Query translated(const Query& q, z3::context& to) {
  Query out;
  for (auto& e : q.hard) out.hard.push_back(smt::inContext(e, to));
  for (auto& e : q.softs) out.softs.push_back(smt::inContext(e, to));
  for (auto& e : q.samples) out.samples.push_back(smt::inContext(e, to));
  out.softBlock = q.softBlock;
  for (auto& [cut, rows] : q.unknowns)
    for (auto& [coeffs, constant] : rows) {
      std::vector<std::pair<ir::VarId, z3::expr>> cs;
      for (auto& [v, c] : coeffs) cs.emplace_back(v, smt::inContext(c, to));
      out.unknowns[cut].emplace_back(std::move(cs), smt::inContext(constant, to));
    }
  return out;
}

}  // namespace

std::optional<VeryMax::Candidate> VeryMax::search(ir::LocId q, const z3::expr& psi,
                                                  const std::vector<Solution>& narrowing, const Cube& inCase) {
  int component = graph_->component(q);
  std::vector<ir::LocId> members = graph_->members(component);
  const auto& ts = graph_->system();
  const ir::Program& p = ts.program();
  const auto& blocks = graph_->blocks();
  ir::State pre = ir::currentState(p, ts.vars());
  FarkasEncoder farkas(z3_, options_.multiplierBits, options_.integerMultipliers && integralRows_,
                       options_.disablingTransitions, options_.integerCuts);
  // The case's rows are known at every cut point of the loop (no block of it changes their variables).
  auto knownInCase = [&](ir::LocId h) {
    std::vector<Cube> cubes = knownCubes(h);
    for (Cube& c : cubes) c.insert(c.end(), inCase.begin(), inCase.end());
    return cubes;
  };
  std::map<ir::LocId, std::vector<Cube>> known, outside;
  for (ir::LocId h : members) {
    known[h] = knownInCase(h);
    std::vector<std::vector<LinearRow>> pieces;
    for (const Solution& s : narrowing) pieces.push_back(s.at(h));
    outside[h] = outsidePieces(pieces);
  }
  // The states that violate ψ, less those the given invariants at q exclude (the blocks' cubes were
  // restricted by them at their sources, the bad states here are not).
  auto given = given_.find(q);
  auto negPsi = graph_->cubesOf(given == given_.end() ? !psi : !psi && given->second);
  if (!negPsi) return std::nullopt;

  // The premises of every implication, with the infeasible ones dropped, are the same for every template
  // size: found once here. Consecution: per block inside the component, from outside the narrowed-away
  // pieces to inside them or the new one (the disjunction of the pieces stays inductive, since each
  // earlier piece is inductive on its own). Initiation: per entry block of the component. Safety: the
  // states at q that violate ψ, outside the pieces.
  struct Premised {
    size_t block;
    bool entry;  // initiation (an entry block of the component), else consecution
    std::vector<Cube> premises;
  };
  std::vector<Premised> blockPremises;  // in block order
  for (size_t b = 0; b < blocks.size(); ++b) {
    const Block& block = blocks[b];
    if (graph_->component(block.to) != component) continue;
    Premised item{b, graph_->component(block.from) != component, {}};
    if (!item.entry) {
      std::vector<Cube> after;
      for (const Cube& nc : outside.at(block.to)) after.push_back(atState(nc, block.post));
      for (const Cube& cube : block.cubes)
        for (const Cube& kc : known.at(block.from))
          for (const Cube& nc : outside.at(block.from))
            for (const Cube& na : after)
              if (Cube premises = concat({&cube, &kc, &nc, &na}); feasible(premises))
                item.premises.push_back(std::move(premises));
    } else {
      // Narrowing restricts the entries too: entry states inside an earlier piece are safe for good, so
      // only those outside every piece, and in the case, must start in the new one.
      std::vector<Cube> knownAtSource = knownCubes(block.from), after;
      Cube caseAfter = atState(inCase, block.post);
      for (Cube nc : outside.at(block.to)) {
        nc = atState(nc, block.post);
        nc.insert(nc.end(), caseAfter.begin(), caseAfter.end());
        after.push_back(std::move(nc));
      }
      for (const Cube& cube : block.cubes)
        for (const Cube& kc : knownAtSource)
          for (const Cube& na : after)
            if (Cube premises = concat({&cube, &kc, &na}); feasible(premises))
              item.premises.push_back(std::move(premises));
    }
    blockPremises.push_back(std::move(item));
  }
  std::vector<Cube> safety;
  for (const Cube& bad : *negPsi)
    for (const Cube& kc : known.at(q))
      for (const Cube& nc : outside.at(q))
        if (Cube premises = concat({&bad, &kc, &nc}); feasible(premises)) safety.push_back(std::move(premises));

  auto build = [&](unsigned k) {
    Query query;
    std::map<ir::LocId, std::vector<TemplateRow>> preRows;
    auto rowsAt = [&](ir::LocId h, const ir::State& state) {
      std::vector<TemplateRow> rows;
      for (auto& [coeffs, constant] : query.unknowns.at(h)) {
        TemplateRow row{{}, constant};
        for (auto& [v, c] : coeffs) row.coeffs.emplace(linear_->declare(state[v]), c);
        rows.push_back(row);
      }
      return rows;
    };
    for (ir::LocId h : members) {
      auto& rows = query.unknowns[h];
      for (unsigned j = 0; j < k; ++j) {
        std::vector<std::pair<ir::VarId, z3::expr>> coeffs;
        for (ir::VarId v : graph_->templateVars(h)) {
          z3::expr c = smt::freshConst(z3_, fmt::format("tpl.{}.{}.{}", p.loc(h).name, j, p.var(v).name),
                                       z3_.int_sort());
          query.hard.push_back(c >= -options_.coefficientBound && c <= options_.coefficientBound);
          coeffs.emplace_back(v, c);
        }
        rows.emplace_back(std::move(coeffs), smt::freshConst(z3_, fmt::format("tpl.{}.{}.d", p.loc(h).name, j),
                                                             z3_.int_sort()));
      }
      preRows[h] = rowsAt(h, pre);
    }
    for (const Premised& item : blockPremises) {
      const Block& block = blocks[item.block];
      std::vector<TemplateRow> targets = rowsAt(block.to, block.post);
      if (!item.entry) {
        for (const Cube& premises : item.premises)
          for (const TemplateRow& target : targets)
            query.hard.push_back(farkas.implies(Implication{premises, preRows.at(block.from)}, target));
        continue;
      }
      // Initiation is soft, one per entry block (all rows: a candidate with vacuous rows must not look
      // cheaper than one whose every row is real).
      std::vector<z3::expr> parts;
      for (const Cube& premises : item.premises)
        for (const TemplateRow& target : targets) parts.push_back(farkas.implies(Implication{premises, {}}, target));
      query.softs.push_back(smt::mkAnd(z3_, parts));
      query.softBlock.push_back(item.block);
    }
    // Safety (hard): I_q excludes every state violating ψ.
    for (const Cube& premises : safety) query.hard.push_back(farkas.infeasible(Implication{premises, preRows.at(q)}));
    // Tie-breaker (weight 1 against the initiations' heavier weight): contain the sampled reachable
    // states that lie outside the narrowed-away pieces.
    for (ir::LocId h : members)
      for (const Sample& sample : samples_[h]) {
        if (!holdsAt(inCase, sample)) continue;
        bool outsideAll = true;
        for (const Solution& piece : narrowing)
          if (holdsAt(piece.at(h), sample)) outsideAll = false;
        if (!outsideAll) continue;
        std::vector<z3::expr> rows;
        for (auto& [coeffs, constant] : query.unknowns.at(h)) {
          z3::expr sum = constant;
          for (auto& [v, c] : coeffs) {
            auto it = sample.find(v);
            if (it != sample.end() && it->second != 0)
              sum = sum + c * z3_.int_val(it->second.get_num().get_str().c_str());
          }
          rows.push_back(sum <= 0);
        }
        query.samples.push_back(smt::mkAnd(z3_, rows));
      }
    return query;
  };

  std::vector<Query> queries;
  for (unsigned k = 1; k <= options_.maxConjuncts; ++k) queries.push_back(build(k));
  ctx_->stats.add("maxsmt.farkas_multipliers", farkas.multipliers());

  Stopwatch watch;
  std::vector<Answer> answers(queries.size());
  // The queries of one search share a token: bounded by the query timeout, and stopped as soon as one
  // template size satisfies every initiation (no other answer can beat cost 0).
  std::shared_ptr<ShutdownToken> group = ShutdownToken::childOf(ctx_->shutdown);
  if (options_.queryTimeoutSeconds > 0) group->setTimeout(options_.queryTimeoutSeconds);
  smt::SolverConfig config = ctx_->solverConfig("maxsmt");
  config.shutdown = group.get();
  auto perfect = [](const Answer& a) {
    return a.status == smt::SatResult::Sat && a.openEntries.empty() && a.optimal;
  };
  if (options_.parallel && queries.size() > 1) {
    // One context per template size (VeryMax-Par), each in its own thread.
    std::vector<std::unique_ptr<z3::context>> contexts;
    std::vector<Query> local;
    for (const Query& query : queries) {
      contexts.push_back(std::make_unique<z3::context>());
      local.push_back(translated(query, *contexts.back()));
    }
    smt::SolverConfig threadConfig = config;
    threadConfig.stats = nullptr;  // Stats are not shared across threads
    std::vector<std::future<Answer>> futures;
    for (size_t i = 0; i < local.size(); ++i)
      futures.push_back(std::async(std::launch::async, [&, i] {
        return solveQuery(*contexts[i], local[i], threadConfig, options_.method);
      }));
    std::vector<bool> done(futures.size(), false);
    for (size_t pending = futures.size(); pending > 0;)
      for (size_t i = 0; i < futures.size(); ++i) {
        if (done[i] || futures[i].wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) continue;
        answers[i] = futures[i].get();
        done[i] = true;
        --pending;
        if (perfect(answers[i])) group->requestStop("a template size satisfied every initiation");
      }
  } else {
    for (size_t i = 0; i < queries.size(); ++i) {
      answers[i] = solveQuery(z3_, queries[i], config, options_.method);
      if (perfect(answers[i])) break;
    }
  }
  ctx_->stats.add("maxsmt.maxsmt_calls", static_cast<int64_t>(queries.size()));
  ctx_->stats.addTime("maxsmt.maxsmt_time", watch.seconds());

  for (size_t i = 0; i < answers.size(); ++i)
    ctx_->log.log(3, "maxsmt", "template size {}: {}{} (open entries {}, samples missed {} of {})", i + 1,
                  smt::toString(answers[i].status), answers[i].optimal ? "" : " (not optimal)", answers[i].openEntries.size(),
                  answers[i].missedSamples, queries[i].samples.size());
  // The best answer: least cost, then fewest conjuncts.
  std::optional<size_t> best;
  for (size_t i = 0; i < answers.size(); ++i)
    if (answers[i].status == smt::SatResult::Sat &&
        (!best || std::make_pair(answers[i].openEntries.size(), answers[i].missedSamples) <
                      std::make_pair(answers[*best].openEntries.size(), answers[*best].missedSamples)))
      best = i;
  if (!best) return std::nullopt;
  ctx_->stats.set("maxsmt.template_size", static_cast<int64_t>(*best + 1));
  const Answer& answer = answers[*best];
  Candidate candidate;
  candidate.unsatisfiedEntries = answer.openEntries;
  for (auto& [cut, rows] : answer.values) {
    std::vector<LinearRow>& out = candidate.invariant[cut];
    for (auto& [coeffs, constant] : rows) {
      LinearRow row;
      for (auto& [v, c] : coeffs)
        if (c != 0) row.expr.coeffs[linear_->declare(p.var(v).cur)] = c;
      row.expr.constant = constant;
      out.push_back(row);
    }
  }
  return candidate;
}

}  // namespace argus::engines::maxsmt
