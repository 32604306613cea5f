// RecMC over Horn clauses: the queries, reach facts and summary facts of the paper, with one incremental
// solver per clause. See RecMc.h for the vocabulary.
//
// Solver layout, per clause c (head P, body applications B_1..B_k over distinct argument variables):
//   * the constraint of c, asserted once;
//   * summary fact f of B_j at level L: asserted as (¬level(L) ∨ f(args_j)); a check "bodies at level b"
//     assumes level(L) for every L ≥ b, so exactly the facts that hold for height b take part. Facts
//     that are inductive (level ∞) are asserted plainly;
//   * reach facts of B_j: a chain of literals under(c, j) ⇒ (previous under ∨ tag(r)), tag(r) ⇒ r(args_j),
//     so that assuming the newest under-literal restricts B_j to its reach facts.
// A query's cube over the head arguments is pushed and popped around its checks.
#include "engines/recmc/RecMc.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <queue>

#include "engines/recmc/Seeds.h"
#include "smt/Mbp.h"
#include "smt/Solver.h"
#include "smt/Terms.h"

namespace argus::engines::recmc {

using namespace ir::horn;

void registerOptions(OptionRegistry& registry) {
  registry.addBool("recmc.drop_literals", true,
                   "generalise a blocked query's cube by dropping literals beyond its unsat core");
  registry.addBool("recmc.relative_induction", true,
                   "when blocking a query of P, assume the new summary fact for P's own body applications "
                   "(inductive generalisation)");
  registry.addBool("recmc.reuse_reach_facts", true,
                   "answer a query from an existing reach fact of its predicate before checking clauses");
  registry.addBool("recmc.weaken_equalities", true,
                   "generalise a blocked cube's equalities a = b to a >= b or a <= b where still blocked");
  registry.addBool("recmc.propagate", true, "push summary facts to higher bounds after each bound");
  registry.addBool("recmc.inline", true,
                   "inline non-recursive predicates defined by one clause before solving, where that does not "
                   "multiply the clauses (the model and derivation are translated back)");
  registry.addBool("recmc.seeds", true,
                   "start from inductive summary facts: equalities, bounds and orderings of sampled facts that "
                   "Houdini keeps");
  registry.addDouble("recmc.seed_seconds", 3, "time budget of the seeds (none are used when it runs out)");
  registry.addInt("recmc.max_bound", -1, "give up after this bound (-1: no limit)", -1);
}

Settings Settings::from(const Options& o) {
  Settings s;
  s.dropLiterals = o.getBool("recmc.drop_literals");
  s.relativeInduction = o.getBool("recmc.relative_induction");
  s.reuseReachFacts = o.getBool("recmc.reuse_reach_facts");
  s.propagate = o.getBool("recmc.propagate");
  s.weakenEqualities = o.getBool("recmc.weaken_equalities");
  s.seeds = o.getBool("recmc.seeds");
  s.seedSeconds = o.getDouble("recmc.seed_seconds");
  s.maxBound = o.getInt("recmc.max_bound");
  return s;
}

namespace {

constexpr int kInfinity = 1 << 29;

struct Stopped {};
struct Undecided {
  std::string why;
};

struct SummaryFact {
  z3::expr cube;    // the blocked cube: the fact is ¬cube (over the predicate's params)
  std::vector<z3::expr> literals;
  int level;
};

struct ReachFact {
  uint32_t pred;
  z3::expr formula;  // over the predicate's params
  uint32_t clause;
  std::vector<size_t> children;  // reach facts of the clause's body applications
};

struct Query {
  uint32_t pred;
  std::vector<z3::expr> cube;  // literals over the predicate's params
  int level;
  size_t parent;  // index of the query it was made for, or SIZE_MAX
};

class Solver {
 public:
  Solver(const System& sys, const Settings& settings, RunContext& run)
      : sys_(sys), ctx_(sys.context()), settings_(settings), run_(run), queryPred_(uint32_t(sys.preds.size())) {
    predParams_.resize(queryPred_ + 1);
    for (auto& p : sys.preds) predParams_[p.id] = p.params;
    facts_.resize(queryPred_ + 1);
    reach_.resize(queryPred_ + 1);
    clausesOf_.resize(queryPred_ + 1);
    usesOf_.resize(queryPred_ + 1);
    for (uint32_t c = 0; c < sys.clauses.size(); ++c) {
      const Clause& cl = sys.clauses[c];
      uint32_t head = cl.isQuery() ? queryPred_ : cl.head;
      clausesOf_[head].push_back(c);
      for (uint32_t j = 0; j < cl.body.size(); ++j) usesOf_[cl.body[j].pred].push_back({c, j});
      ClauseSolver cs{smt::Solver(ctx_, run.solverConfig("recmc-clause" + std::to_string(c))), {}, {}};
      cs.solver.add(cl.constraint);
      for (uint32_t j = 0; j < cl.body.size(); ++j) {
        z3::expr under = fresh("under");
        cs.solver.add(!under);  // no reach facts yet
        cs.under.push_back(under);
      }
      clauses_.push_back(std::move(cs));
    }
  }

  Answer run() {
    Answer answer;
    if (settings_.seeds) addSeeds();
    for (int bound = 0;; ++bound) {
      if (settings_.maxBound >= 0 && bound > settings_.maxBound) {
        answer.reason = ir::UnknownReason::BoundReached;
        answer.detail = "bound " + std::to_string(settings_.maxBound) + " reached";
        return answer;
      }
      run_.stats.setMax("recmc.bound", bound);
      run_.log.log(1, "recmc", "bound {}: {} summary facts, {} reach facts", bound, countFacts(), reachTable_.size());
      try {
        std::optional<size_t> cex = boundedSafety(bound);
        if (cex) {
          answer.kind = Answer::Kind::Unsafe;
          answer.bound = unsigned(bound);
          std::string why;
          answer.derivation = derivationOf(*cex, why);
          if (!answer.derivation) {
            answer.kind = Answer::Kind::Unknown;
            answer.reason = ir::UnknownReason::Incomplete;
            answer.detail = "no concrete derivation: " + why;
          }
          return answer;
        }
        if (settings_.propagate) {
          if (std::optional<int> level = propagate(bound)) {
            answer.kind = Answer::Kind::Safe;
            answer.bound = unsigned(bound);
            answer.model = modelAbove(*level);
            run_.log.log(1, "recmc", "summary facts of level {} are inductive", *level);
            return answer;
          }
        }
      } catch (const Stopped&) {
        Answer stopped;
        ir::Result r = run_.stopped();
        stopped.reason = r.reason;
        stopped.detail = r.detail;
        return stopped;
      } catch (const Undecided& u) {
        answer.reason = ir::UnknownReason::Incomplete;
        answer.detail = u.why;
        return answer;
      }
    }
  }

 private:
  struct ClauseSolver {
    smt::Solver solver;
    std::vector<z3::expr> under;                // per body application: the newest reach-fact literal
    std::map<int, z3::expr> levelLits;          // level → its activation literal in this solver
  };

  z3::expr fresh(const std::string& base) { return smt::freshConst(ctx_, "recmc!" + base, ctx_.bool_sort()); }
  void poll() const {
    if (run_.shutdown && run_.shutdown->stopRequested()) throw Stopped{};
  }
  size_t countFacts() const {
    size_t n = 0;
    for (auto& f : facts_) n += f.size();
    return n;
  }

  const std::vector<z3::expr>& paramsOf(uint32_t pred) const { return predParams_[pred]; }
  z3::expr onArgs(uint32_t pred, const z3::expr& f, const std::vector<z3::expr>& args) const {
    if (pred == queryPred_) return f;
    return smt::substitute(f, paramsOf(pred), args);
  }
  z3::expr levelLit(uint32_t c, int level) {
    auto& lits = clauses_[c].levelLits;
    auto it = lits.find(level);
    if (it != lits.end()) return it->second;
    z3::expr l = fresh("lvl" + std::to_string(level));
    lits.emplace(level, l);
    return l;
  }
  /// Assumptions that activate the summary facts of every level ≥ `level` in clause c's solver.
  std::vector<z3::expr> levelAssumptions(uint32_t c, int level) {
    std::vector<z3::expr> out;
    for (auto& [l, lit] : clauses_[c].levelLits)
      if (l >= level) out.push_back(lit);
    return out;
  }

  // ------------------------------------------------------------ facts into the solvers

  void assertSummaryFact(uint32_t pred, const SummaryFact& f, int level) {
    z3::expr fact = !f.cube;
    for (auto [c, j] : usesOf_[pred]) {
      z3::expr inst = onArgs(pred, fact, sys_.clauses[c].body[j].args);
      if (level >= kInfinity)
        clauses_[c].solver.add(inst);
      else
        clauses_[c].solver.add(!levelLit(c, level) || inst);
    }
  }

  size_t addReachFact(ReachFact r) {
    size_t id = reachTable_.size();
    uint32_t pred = r.pred;
    reachTable_.push_back(std::move(r));
    reach_[pred].push_back(id);
    run_.stats.add("recmc.reach_facts");
    for (auto [c, j] : usesOf_[pred]) {
      ClauseSolver& cs = clauses_[c];
      z3::expr tag = fresh("rf" + std::to_string(id));
      cs.solver.add(!tag || onArgs(pred, reachTable_[id].formula, sys_.clauses[c].body[j].args));
      z3::expr next = fresh("under");
      cs.solver.add(!next || cs.under[j] || tag);
      cs.under[j] = next;
    }
    return id;
  }

  /// Inductive facts from Seeds.h, as summary facts of every level.
  void addSeeds() {
    SeedLimits limits;
    limits.budgetSeconds = settings_.seedSeconds;
    std::vector<std::vector<z3::expr>> seeds = inductiveSeeds(sys_, limits, run_);
    for (auto& p : sys_.preds)
      for (const z3::expr& fact : seeds[p.id]) {
        z3::expr blocked = (!fact).simplify();
        SummaryFact f{blocked, {blocked}, kInfinity};
        assertSummaryFact(p.id, f, kInfinity);
        facts_[p.id].push_back(f);
      }
  }

  // ------------------------------------------------------------ bounded safety

  /// Decides whether the query predicate derives within `bound`: the reach fact of a query clause that
  /// proves it, or nullopt once a summary fact `false` holds at `bound`.
  std::optional<size_t> boundedSafety(int bound) {
    std::vector<Query> queries;
    queries.push_back({queryPred_, {}, bound, SIZE_MAX});
    // Lowest level first (then newest): children are answered before their parents are retried.
    auto later = [&](size_t a, size_t b) {
      if (queries[a].level != queries[b].level) return queries[a].level > queries[b].level;
      return a < b;
    };
    std::priority_queue<size_t, std::vector<size_t>, decltype(later)> open(later);
    open.push(0);
    while (!open.empty()) {
      poll();
      size_t qi = open.top();
      open.pop();
      Query q = queries[qi];
      run_.stats.add("recmc.queries");
      if (std::optional<size_t> r = process(q)) {
        // Reachable: the parent is retried (it may now find all its children answered).
        if (q.parent == SIZE_MAX) return *r;
        open.push(q.parent);
        continue;
      }
      if (pendingChild_) {
        Query child = *pendingChild_;
        pendingChild_.reset();
        child.parent = qi;
        queries.push_back(child);
        open.push(queries.size() - 1);
        continue;
      }
      // Blocked: the parent is retried with the new summary fact.
      if (q.parent != SIZE_MAX) open.push(q.parent);
    }
    return std::nullopt;  // the root was blocked
  }

  /// One step on query q: a reach fact that answers it (returned), a child query (pendingChild_), or a
  /// new summary fact that blocks it (neither).
  ///
  /// Per clause with body B_1..B_k, the checks S_0, S_1, ..., S_k: S_j takes B_1..B_j under their summary
  /// facts (over-approximation) and B_{j+1}..B_k under their reach facts (under-approximation). S_0
  /// satisfiable: every body application is reachable, and so is the query (a new reach fact of its
  /// predicate). S_j satisfiable for the first j > 0: B_j becomes a child query, projected from S_j's
  /// model; since S_{j-1} is not satisfiable, the child's cube meets no reach fact of B_j, so answering
  /// it adds a new one and the parent makes progress. S_k unsatisfiable for every clause: blocked.
  std::optional<size_t> process(const Query& q) {
    if (blockedByFacts(q)) return std::nullopt;
    if (settings_.reuseReachFacts)
      if (std::optional<size_t> r = reachFactMeeting(q)) {
        run_.stats.add("recmc.reach_fact_reuses");
        return r;
      }
    for (uint32_t c : clausesOf_[q.pred]) {
      const Clause& cl = sys_.clauses[c];
      if (q.level == 0 && !cl.body.empty()) continue;
      ClauseSolver& cs = clauses_[c];
      cs.solver.push();
      cs.solver.add(onArgs(q.pred, smt::mkAnd(ctx_, q.cube), cl.headArgs));
      std::vector<z3::expr> levels = levelAssumptions(c, q.level - 1);
      for (size_t j = 0; j <= cl.body.size(); ++j) {
        std::vector<z3::expr> assume = levels;
        for (size_t k = j; k < cl.body.size(); ++k) assume.push_back(cs.under[k]);
        if (check(cs.solver, assume) != smt::SatResult::Sat) continue;
        // Pop first: a new reach fact is asserted into every solver that uses the predicate, c's too.
        z3::model m = cs.solver.model();
        cs.solver.pop();
        return j == 0 ? reachFactFrom(q, c, m) : childQueryFrom(q, c, j - 1, m);
      }
      cs.solver.pop();
    }
    block(q);
    return std::nullopt;
  }

  smt::SatResult check(smt::Solver& s, const std::vector<z3::expr>& assume) {
    smt::SatResult r = s.check(assume);
    if (r == smt::SatResult::Unknown) {
      poll();
      throw Undecided{"solver answered unknown: " + s.reasonUnknown()};
    }
    return r;
  }

  bool blockedByFacts(const Query& q) {
    if (facts_[q.pred].empty()) return false;
    smt::Solver s(ctx_, run_.solverConfig("recmc-blocked"));
    for (auto& l : q.cube) s.add(l);
    for (auto& f : facts_[q.pred])
      if (f.level >= q.level) s.add(!f.cube);
    return check(s, {}) == smt::SatResult::Unsat;
  }

  std::optional<size_t> reachFactMeeting(const Query& q) {
    if (reach_[q.pred].empty()) return std::nullopt;
    smt::Solver s(ctx_, run_.solverConfig("recmc-reach"));
    for (auto& l : q.cube) s.add(l);
    for (size_t r : reach_[q.pred]) {
      s.push();
      s.add(reachTable_[r].formula);
      smt::SatResult meets = check(s, {});
      s.pop();
      if (meets == smt::SatResult::Sat) return r;
    }
    return std::nullopt;
  }

  /// The reach fact of body application `app` that the model satisfies (there is one when the check
  /// assumed the application's reach facts).
  std::optional<size_t> reachFactIn(const Application& app, const z3::model& m) const {
    for (size_t r : reach_[app.pred])
      if (m.eval(onArgs(app.pred, reachTable_[r].formula, app.args), true).is_true()) return r;
    return std::nullopt;
  }

  /// The summary facts of `app`'s predicate that take part in a check of bodies at `level`.
  void addSummaryFacts(const Application& app, int level, std::vector<z3::expr>& out) const {
    for (auto& f : facts_[app.pred])
      if (f.level >= level) out.push_back(onArgs(app.pred, !f.cube, app.args));
  }

  /// S_0 held: a new reach fact of the query's predicate, projected onto the head from the clause and
  /// the body's reach facts that the model satisfies.
  std::optional<size_t> reachFactFrom(const Query& q, uint32_t c, const z3::model& m) {
    const Clause& cl = sys_.clauses[c];
    std::vector<size_t> chosen;
    std::vector<z3::expr> parts{cl.constraint};
    for (auto& app : cl.body) {
      std::optional<size_t> r = reachFactIn(app, m);
      if (!r) throw Undecided{"internal: a model of the under-approximation meets no reach fact"};
      chosen.push_back(*r);
      parts.push_back(onArgs(app.pred, reachTable_[*r].formula, app.args));
    }
    ReachFact fact{q.pred, ctx_.bool_val(true), c, chosen};
    if (q.pred != queryPred_) {
      std::optional<std::vector<z3::expr>> cube = projectOnto(smt::mkAnd(ctx_, parts), cl.headArgs, cl.vars, m);
      if (!cube) throw Undecided{"model-based projection failed on clause " + cl.origin};
      fact.formula = smt::substitute(smt::mkAnd(ctx_, *cube), cl.headArgs, paramsOf(q.pred));
    }
    return addReachFact(std::move(fact));
  }

  /// S_{j+1} held (0-based body index j): a child query on B_j, projected from everything S_{j+1} asked.
  std::optional<size_t> childQueryFrom(const Query& q, uint32_t c, size_t j, const z3::model& m) {
    const Clause& cl = sys_.clauses[c];
    std::vector<z3::expr> parts{cl.constraint, onArgs(q.pred, smt::mkAnd(ctx_, q.cube), cl.headArgs)};
    for (size_t k = 0; k < cl.body.size(); ++k) {
      addSummaryFacts(cl.body[k], q.level - 1, parts);
      if (k > j) {
        std::optional<size_t> r = reachFactIn(cl.body[k], m);
        if (!r) throw Undecided{"internal: a model of the under-approximation meets no reach fact"};
        parts.push_back(onArgs(cl.body[k].pred, reachTable_[*r].formula, cl.body[k].args));
      }
    }
    const Application& app = cl.body[j];
    std::optional<std::vector<z3::expr>> cube = projectOnto(smt::mkAnd(ctx_, parts), app.args, cl.vars, m);
    if (!cube) throw Undecided{"model-based projection failed on clause " + cl.origin};
    std::vector<z3::expr> onParams;
    for (auto& l : *cube) onParams.push_back(smt::substitute(l, app.args, paramsOf(app.pred)));
    if (onParams.empty()) onParams.push_back(ctx_.bool_val(true));
    pendingChild_ = Query{app.pred, onParams, q.level - 1, SIZE_MAX};
    return std::nullopt;
  }

  std::optional<std::vector<z3::expr>> projectOnto(const z3::expr& f, const std::vector<z3::expr>& keep,
                                                   const std::vector<z3::expr>& vars, const z3::model& m) {
    std::vector<z3::expr> eliminate;
    for (auto& v : vars)
      if (std::none_of(keep.begin(), keep.end(), [&](const z3::expr& k) { return z3::eq(k, v); }))
        eliminate.push_back(v);
    auto start = std::chrono::steady_clock::now();
    auto out = smt::projectCube(eliminate, f, m, &run_.stats);
    run_.stats.addTime("recmc.mbp_time", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return out;
  }

  // ------------------------------------------------------------ blocking

  /// Is `cube` (over q.pred's params) unreachable at q.level through every clause? Collects the cube
  /// literals that the unsat cores used into `used`.
  bool blocks(const Query& q, const std::vector<z3::expr>& cube, std::vector<bool>* used) {
    z3::expr cubeF = smt::mkAnd(ctx_, cube);
    for (uint32_t c : clausesOf_[q.pred]) {
      const Clause& cl = sys_.clauses[c];
      if (q.level == 0 && !cl.body.empty()) continue;
      ClauseSolver& cs = clauses_[c];
      cs.solver.push();
      std::vector<z3::expr> assume = levelAssumptions(c, q.level - 1);
      std::vector<z3::expr> lits;
      for (size_t i = 0; i < cube.size(); ++i) {
        z3::expr a = fresh("lit");
        cs.solver.add(!a || onArgs(q.pred, cube[i], cl.headArgs));
        lits.push_back(a);
        assume.push_back(a);
      }
      if (settings_.relativeInduction && q.pred != queryPred_)
        for (auto& app : cl.body)
          if (app.pred == q.pred) cs.solver.add(!onArgs(q.pred, cubeF, app.args));
      smt::SatResult r = check(cs.solver, assume);
      if (r == smt::SatResult::Sat) {
        cs.solver.pop();
        return false;
      }
      if (used) {
        std::vector<z3::expr> core = cs.solver.unsatCore();
        for (size_t i = 0; i < lits.size(); ++i)
          for (auto& k : core)
            if (z3::eq(k, lits[i])) (*used)[i] = true;
      }
      cs.solver.pop();
    }
    return true;
  }

  void block(const Query& q) {
    std::vector<z3::expr> cube = q.cube;
    if (q.pred != queryPred_ && !cube.empty()) {
      std::vector<bool> used(cube.size(), false);
      if (blocks(q, cube, &used)) {
        std::vector<z3::expr> core;
        for (size_t i = 0; i < cube.size(); ++i)
          if (used[i]) core.push_back(cube[i]);
        // The core alone must block too (relative induction assumed the whole cube for the body).
        if (core.size() < cube.size() && blocks(q, core, nullptr)) cube = core;
      }
      if (settings_.dropLiterals && cube.size() > 1) {
        for (size_t i = 0; i < cube.size() && cube.size() > 1;) {
          poll();
          std::vector<z3::expr> smaller = cube;
          smaller.erase(smaller.begin() + long(i));
          if (blocks(q, smaller, nullptr))
            cube = smaller;
          else
            ++i;
        }
      }
    }
    if (settings_.weakenEqualities && q.pred != queryPred_) weakenEqualities(q, cube);
    if (cube.empty()) cube.push_back(ctx_.bool_val(true));
    int level = q.level;
    SummaryFact f{smt::mkAnd(ctx_, cube), cube, level};
    run_.stats.add("recmc.summary_facts");
    run_.log.log(3, "recmc", "summary fact of {} at {}: {}", predName(q.pred), level, (!f.cube).to_string());
    assertSummaryFact(q.pred, f, level);
    facts_[q.pred].push_back(f);
  }

  /// Replaces each arithmetic equality a = b of the blocked cube by a ≥ b or a ≤ b where the larger cube
  /// is still blocked: a summary fact "a < b" where dropping literals could only give "a ≠ b".
  void weakenEqualities(const Query& q, std::vector<z3::expr>& cube) {
    for (size_t i = 0; i < cube.size(); ++i) {
      z3::expr lit = cube[i];
      if (!lit.is_app() || lit.decl().decl_kind() != Z3_OP_EQ || !lit.arg(0).is_arith()) continue;
      for (const z3::expr& half : {lit.arg(0) >= lit.arg(1), lit.arg(0) <= lit.arg(1)}) {
        poll();
        std::vector<z3::expr> wider = cube;
        wider[i] = half;
        if (blocks(q, wider, nullptr)) {
          run_.stats.add("recmc.weakened_equalities");
          cube = std::move(wider);
          break;
        }
      }
    }
  }

  std::string predName(uint32_t pred) const { return pred == queryPred_ ? "false" : sys_.preds[pred].name; }

  // ------------------------------------------------------------ inductiveness

  /// Pushes summary facts to higher levels; the level whose facts turned out inductive, if any.
  std::optional<int> propagate(int bound) {
    for (int level = 0; level <= bound + 1; ++level) {
      bool anyLeft = false;
      for (uint32_t pred = 0; pred <= queryPred_; ++pred)
        for (size_t i = 0; i < facts_[pred].size(); ++i) {
          poll();
          SummaryFact& f = facts_[pred][i];
          if (f.level != level) continue;
          Query q{pred, f.literals, level + 1, SIZE_MAX};
          if (blocks(q, f.literals, nullptr)) {
            f.level = level + 1;
            assertSummaryFact(pred, f, level + 1);
            run_.stats.add("recmc.pushed_facts");
          } else {
            anyLeft = true;
          }
        }
      if (!anyLeft && level <= bound) {
        // The facts of levels ≥ level + 1 are those of level ≥ level: they are inductive.
        for (uint32_t pred = 0; pred <= queryPred_; ++pred)
          for (auto& f : facts_[pred])
            if (f.level > level && f.level < kInfinity) {
              f.level = kInfinity;
              assertSummaryFact(pred, f, kInfinity);
            }
        return level + 1;
      }
    }
    return std::nullopt;
  }

  Model modelAbove(int level) const {
    Model m;
    for (auto& p : sys_.preds) {
      std::vector<z3::expr> parts;
      for (auto& f : facts_[p.id])
        if (f.level >= level) parts.push_back(!f.cube);
      m.interp.push_back(smt::mkAnd(ctx_, parts));
    }
    return m;
  }

  // ------------------------------------------------------------ counterexamples

  /// The derivation a reach fact of the query predicate stands for: its justification tree with fresh
  /// variables per node, solved once for concrete values.
  std::optional<Derivation> derivationOf(size_t root, std::string& why) {
    struct Node {
      size_t fact;
      std::vector<size_t> children;
      std::vector<z3::expr> vars;
    };
    std::vector<Node> nodes;
    std::vector<z3::expr> constraints;
    constexpr size_t kMaxNodes = 20000;
    // Post-order expansion: children before parents.
    std::function<std::optional<size_t>(size_t)> expand = [&](size_t fact) -> std::optional<size_t> {
      const ReachFact& r = reachTable_[fact];
      const Clause& cl = sys_.clauses[r.clause];
      std::vector<size_t> kids;
      for (size_t child : r.children) {
        std::optional<size_t> k = expand(child);
        if (!k) return std::nullopt;
        kids.push_back(*k);
      }
      if (nodes.size() >= kMaxNodes) return std::nullopt;
      size_t id = nodes.size();
      std::vector<z3::expr> renamed;
      for (auto& v : cl.vars)
        renamed.push_back(smt::freshConst(ctx_, v.decl().name().str(), v.get_sort()));
      constraints.push_back(smt::substitute(cl.constraint, cl.vars, renamed));
      for (size_t j = 0; j < kids.size(); ++j) {
        const Clause& childClause = sys_.clauses[reachTable_[nodes[kids[j]].fact].clause];
        for (size_t a = 0; a < cl.body[j].args.size(); ++a) {
          z3::expr mine = smt::substitute(cl.body[j].args[a], cl.vars, renamed);
          z3::expr theirs = smt::substitute(childClause.headArgs[a], childClause.vars, nodes[kids[j]].vars);
          constraints.push_back(mine == theirs);
        }
      }
      nodes.push_back({fact, kids, renamed});
      return id;
    };
    if (!expand(root)) {
      why = "the derivation has more than " + std::to_string(kMaxNodes) + " clause instances";
      return std::nullopt;
    }
    smt::Solver s(ctx_, run_.solverConfig("recmc-derivation"));
    for (auto& c : constraints) s.add(c);
    smt::SatResult r = s.check();
    if (r != smt::SatResult::Sat) {
      why = r == smt::SatResult::Unsat ? "the reach facts' derivation is infeasible (a bug)" : "solver: " + s.reasonUnknown();
      return std::nullopt;
    }
    Derivation d;
    for (auto& n : nodes) {
      DerivationNode dn;
      dn.clause = reachTable_[n.fact].clause;
      dn.children = n.children;
      for (auto& v : n.vars) dn.values.push_back(s.eval(v));
      d.nodes.push_back(std::move(dn));
    }
    return d;
  }

  const System& sys_;
  z3::context& ctx_;
  Settings settings_;
  RunContext& run_;
  const uint32_t queryPred_;
  std::vector<std::vector<z3::expr>> predParams_;
  std::vector<std::vector<uint32_t>> clausesOf_;                     // per head predicate
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> usesOf_;   // per body predicate: (clause, app)
  std::vector<ClauseSolver> clauses_;
  std::vector<std::vector<SummaryFact>> facts_;
  std::vector<std::vector<size_t>> reach_;
  std::vector<ReachFact> reachTable_;
  std::optional<Query> pendingChild_;
};

}  // namespace

Answer solve(const System& system, const Settings& settings, RunContext& context) {
  Solver solver(system, settings, context);
  return solver.run();
}

}  // namespace argus::engines::recmc
