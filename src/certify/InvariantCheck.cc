// The invariant-certificate checker. Cut points are the certificate's locations plus every procedure's
// entry, exit and error; the cut-point system of a procedure has one state per position and one block per
// step. k = 1: for every cut point, one block under its invariant must establish the invariants of the
// next cut points and the preconditions of the calls on the way (fresh solver per cut point). k > 1
// (single-procedure programs): base case from the entry for fewer than k blocks, then the step case.
// An Inlined certificate is checked the same way on certify's own unfolding of the calls (Unfolding.h).
// A counter-model refutes the certificate; a solver that cannot decide leaves it undecided.
#include <fmt/format.h>

#include <functional>
#include <optional>
#include <unordered_set>

#include "certify/Blocks.h"
#include "certify/Checks.h"
#include "certify/Unfolding.h"
#include "ir/Queries.h"
#include "smt/Terms.h"

namespace argus::certify {
namespace {

/// Why the certificate fails (refuted or undecided); nothing while it holds.
using Outcome = std::optional<CheckOutcome>;

Outcome refuted(std::string why) { return CheckOutcome::refute(std::move(why)); }
Outcome undecided(std::string why) { return CheckOutcome::undecided(std::move(why)); }
/// A failed obligation: undecided when the solver could not decide it, refuted by a counter-model otherwise.
Outcome failedObligation(bool unknown, const std::string& what) {
  return unknown ? undecided("the solver could not decide: " + what) : refuted(what);
}

/// The certificate's view of the program: cut points and the invariant of each, implicit ones included.
class CutPoints {
 public:
  CutPoints(const ir::Program& p, const ir::Certificate& c) : p_(p), c_(c), isCut_(cutPointsOf(p, c)) {}
  const std::vector<bool>& isCut() const { return isCut_; }
  bool isTerminal(ir::LocId l) const {
    const ir::Procedure& pr = p_.proc(p_.loc(l).proc);
    return l == pr.exit || l == pr.error;
  }
  std::vector<ir::LocId> cutsOf(ir::ProcId proc) const {
    std::vector<ir::LocId> out;
    for (ir::LocId l : p_.proc(proc).locations)
      if (isCut_[l]) out.push_back(l);
    return out;
  }
  z3::expr pre(ir::ProcId proc) const { return part(proc, true); }
  z3::expr post(ir::ProcId proc) const { return part(proc, false); }

  /// The full invariant of cut point `l` at the variable terms `s` (entry: pre and unchanged params and
  /// globals; exit: post; error: false; and the certificate's own formula).
  z3::expr at(ir::LocId l, const ir::State& s) const {
    z3::context& ctx = p_.ctx();
    const ir::Procedure& pr = p_.proc(p_.loc(l).proc);
    if (l == pr.error) return ctx.bool_val(false);
    std::vector<ir::VarId> scope = p_.scope(pr.id);
    std::vector<z3::expr> parts;
    auto it = c_.invariants.find(l);
    if (it != c_.invariants.end()) parts.push_back(ir::evaluateAt(p_, it->second, scope, s));
    if (l == pr.exit) parts.push_back(ir::evaluateAt(p_, post(pr.id), scope, s));
    if (l == pr.entry) parts.push_back(entryCondition(pr.id, s));
    return smt::mkAnd(ctx, parts);
  }

  /// What holds at a procedure's entry: its precondition, and every param and global equals its `old`.
  z3::expr entryCondition(ir::ProcId proc, const ir::State& s) const {
    const ir::Procedure& pr = p_.proc(proc);
    std::vector<z3::expr> parts{ir::evaluateAt(p_, pre(proc), p_.scope(proc), s)};
    for (const auto* vars : {&pr.params, &p_.globals()})
      for (ir::VarId v : *vars) parts.push_back(s[v] == p_.var(v).old);
    return smt::mkAnd(p_.ctx(), parts);
  }

 private:
  z3::expr part(ir::ProcId proc, bool isPre) const {
    auto it = c_.contracts.find(proc);
    if (it == c_.contracts.end()) return p_.ctx().bool_val(true);
    return isPre ? it->second.pre : it->second.post;
  }

  const ir::Program& p_;
  const ir::Certificate& c_;
  std::vector<bool> isCut_;
};

/// A procedure's cut-point transition system, unrolled position by position into one solver.
class CutPointSystem {
 public:
  CutPointSystem(const ir::Program& p, const ir::Instantiator& inst, const CutPoints& cuts,
                 const ir::Certificate& c, ir::ProcId proc, smt::Solver& solver)
      : p_(p), inst_(inst), cuts_(cuts), cert_(c), proc_(proc), solver_(solver), scope_(p.scope(proc)) {}

  /// Position 0 at cut point `at`, or at any non-terminal cut point, with the `cur` constants as state.
  void start(std::optional<ir::LocId> at) {
    Position first{{}, ir::currentState(p_, scope_)};
    z3::context& ctx = p_.ctx();
    for (ir::LocId c : cuts_.cutsOf(proc_)) {
      if (at ? c == *at : !cuts_.isTerminal(c))
        first.at.emplace(c, at ? ctx.bool_val(true) : smt::freshConst(ctx, "certify!pc", ctx.bool_sort()));
    }
    positions_.push_back(std::move(first));
  }

  void assumeInvariants(size_t i) {
    for (auto& [c, lit] : positions_[i].at) solver_.add(z3::implies(lit, cuts_.at(c, positions_[i].state)));
  }

  /// Adds the next position: one block from every non-terminal cut point of the last position.
  void step() {
    z3::context& ctx = p_.ctx();
    const Position& last = positions_.back();
    std::map<ir::LocId, std::vector<BlockEnd>> ends;
    for (auto& [c, lit] : last.at) {
      if (cuts_.isTerminal(c)) continue;
      Block b = encodeBlock(p_, inst_, cuts_.isCut(), cert_.contracts, c, lit, last.state);
      for (auto& f : b.constraints) solver_.add(f);
      for (auto& call : b.calls) calls_.push_back({call, c});
      for (auto& e : b.ends) ends[e.cut].push_back(std::move(e));
    }
    std::vector<const ir::State*> posts;
    for (auto& [cut, list] : ends)
      for (auto& e : list) posts.push_back(&e.state);
    Position next{{}, posts.empty() ? ir::freshState(p_, scope_) : ir::joinState(p_, scope_, posts)};
    for (auto& [cut, list] : ends) {
      z3::expr at = smt::freshConst(ctx, "certify!pc", ctx.bool_sort());
      std::vector<z3::expr> options;
      for (auto& e : list) {
        options.push_back(e.reached);
        solver_.add(z3::implies(e.reached, ir::joinEquations(p_, scope_, next.state, e.state)));
      }
      solver_.add(z3::implies(at, smt::mkOr(ctx, options)));
      next.at.emplace(cut, at);
    }
    positions_.push_back(std::move(next));
  }

  /// "Some cut point at position i is reached with its invariant violated".
  z3::expr anyViolation(size_t i) const {
    std::vector<z3::expr> any;
    for (auto& [c, lit] : positions_[i].at) any.push_back(lit && !cuts_.at(c, positions_[i].state));
    return smt::mkOr(p_.ctx(), any);
  }

  /// The first cut point at position i whose invariant can be violated; Unknown answers count as such.
  /// One query asks for any violation first: when all hold (the common case) that is the only one.
  std::optional<std::pair<ir::LocId, bool>> violation(size_t i) {
    if (positions_[i].at.size() > 1 && decide(anyViolation(i)) == smt::SatResult::Unsat) return std::nullopt;
    for (auto& [c, lit] : positions_[i].at) {
      smt::SatResult r = decide(lit && !cuts_.at(c, positions_[i].state));
      if (r != smt::SatResult::Unsat) return std::make_pair(c, r == smt::SatResult::Unknown);
    }
    return std::nullopt;
  }

  /// "An execution reaches a cut point at position i" (it completes i blocks).
  z3::expr anyReached(size_t i) const {
    std::vector<z3::expr> reached;
    for (auto& [c, lit] : positions_[i].at) reached.push_back(lit);
    return smt::mkOr(p_.ctx(), reached);
  }

  /// Satisfiability of `query` together with the unrolling (under an assumption literal).
  smt::SatResult decide(const z3::expr& query) {
    z3::context& ctx = p_.ctx();
    z3::expr q = smt::freshConst(ctx, "certify!query", ctx.bool_sort());
    solver_.add(z3::implies(q, query));
    return solver_.check({q});
  }

  /// The first call whose precondition can fail (or that the solver cannot decide), with the cut point
  /// its block starts from and whether the solver could not decide.
  std::optional<std::tuple<CallObligation, ir::LocId, bool>> failingCall() {
    for (auto& [call, from] : calls_)
      if (smt::SatResult r = decide(call.taken && !call.pre); r != smt::SatResult::Unsat)
        return std::make_tuple(call, from, r == smt::SatResult::Unknown);
    return std::nullopt;
  }

 private:
  struct Position {
    std::map<ir::LocId, z3::expr> at;  // cut point -> "the position is at this cut point"
    ir::State state;
  };

  const ir::Program& p_;
  const ir::Instantiator& inst_;
  const CutPoints& cuts_;
  const ir::Certificate& cert_;
  ir::ProcId proc_;
  smt::Solver& solver_;
  std::vector<ir::VarId> scope_;
  std::vector<Position> positions_;
  std::vector<std::pair<CallObligation, ir::LocId>> calls_;
};

// ---------------------------------------------------------------- well-formedness and cut set

Outcome mentionsOnly(const ir::Program& p, const z3::expr& f, const std::unordered_set<unsigned>& allowed,
                     const std::string& what) {
  if (&f.ctx() != &p.ctx()) return refuted(what + " lives in another Z3 context than the program");
  if (!f.is_bool()) return refuted(what + " is not a Boolean formula");
  if (!smt::uninterpretedFunctions(f).empty()) return refuted(what + " uses an uninterpreted function");
  for (auto& c : smt::freeConstants(f))
    if (!allowed.count(c.id())) return refuted(what + " mentions " + c.decl().name().str() + ", which it may not");
  return std::nullopt;
}

Outcome wellFormed(const ir::Program& p, const ir::Certificate& c) {
  auto ids = [&](ir::ProcId proc, bool curScope, bool oldEntry, bool curResultsGlobals, bool curParams) {
    std::unordered_set<unsigned> out;
    const ir::Procedure& pr = p.proc(proc);
    if (curScope)
      for (ir::VarId v : p.scope(proc)) out.insert(p.var(v).cur.id());
    for (const auto* vars : {&pr.params, &p.globals()})
      for (ir::VarId v : *vars) {
        if (oldEntry) out.insert(p.var(v).old.id());
        if (curParams) out.insert(p.var(v).cur.id());
      }
    if (curResultsGlobals) {
      for (ir::VarId v : pr.results) out.insert(p.var(v).cur.id());
      for (ir::VarId v : p.globals()) out.insert(p.var(v).cur.id());
    }
    return out;
  };
  for (auto& [l, inv] : c.invariants) {
    if (l >= p.numLocs()) return refuted(fmt::format("invariant for location {}, which does not exist", l));
    ir::ProcId proc = p.loc(l).proc;
    if (auto bad = mentionsOnly(p, inv, ids(proc, true, true, false, false), "the invariant at " + describeLocation(p, l)))
      return bad;
  }
  for (auto& [proc, contract] : c.contracts) {
    if (proc >= p.numProcs()) return refuted(fmt::format("contract for procedure {}, which does not exist", proc));
    std::string name = p.proc(proc).name;
    if (auto bad = mentionsOnly(p, contract.pre, ids(proc, false, false, false, true), "the precondition of " + name))
      return bad;
    if (auto bad = mentionsOnly(p, contract.post, ids(proc, false, true, true, false), "the postcondition of " + name))
      return bad;
  }
  return std::nullopt;
}

/// A cycle of reachable locations that avoids every cut point, if there is one.
Outcome uncutCycle(const ir::Program& p, ir::ProcId proc, const std::vector<bool>& isCut) {
  std::vector<ir::LocId> heads = ir::uncutCycleHeads(p, proc, isCut);
  if (heads.empty()) return std::nullopt;
  return refuted("not a cut set: the cycle through " + describeLocation(p, heads.front()) +
                 " has no invariant location");
}

// ---------------------------------------------------------------- the checks

using SolverConfigFactory = std::function<smt::SolverConfig(const std::string&)>;

/// An invariant that fails at cut point `at` (see failedObligation).
Outcome violation(const std::string& prefix, const ir::Program& p, const std::string& block, ir::LocId at,
                  bool unknown, const std::string& phase) {
  const ir::Procedure& pr = p.proc(p.loc(at).proc);
  std::string what = at == pr.error  ? "the error location of " + pr.name + " is reachable (safety fails)"
                     : at == pr.exit ? "the post-condition of " + pr.name + " fails at its exit"
                     : at == pr.entry ? "the entry invariant of " + pr.name +
                                           " (pre, unchanged parameters and globals) fails on re-entry"
                                     : "the invariant at " + describeLocation(p, at) + " is " + phase;
  return failedObligation(unknown, prefix + what + " (" + block + ")");
}

/// Three-valued validity of `a => b` with a fresh solver: nothing when valid.
Outcome validity(const z3::expr& a, const z3::expr& b, const SolverConfigFactory& config, const std::string& name,
                 const std::string& failure) {
  smt::SatResult r = smt::checkSat(a.ctx(), {a, !b}, config(name));
  if (r == smt::SatResult::Unsat) return std::nullopt;
  return failedObligation(r == smt::SatResult::Unknown, failure);
}

std::string blockFrom(const ir::Program& p, ir::LocId from) {
  const ir::Procedure& pr = p.proc(p.loc(from).proc);
  return "block from " + (from == pr.entry ? "the entry of " + pr.name : describeLocation(p, from));
}

Outcome checkEntries(const ir::Program& p, const CutPoints& cuts, const ir::Certificate& c,
                     const std::vector<ir::ProcId>& procs, const CertifyOptions& options) {
  z3::context& ctx = p.ctx();
  SolverConfigFactory config = [&](const std::string& name) { return checkConfig(options, name); };
  if (auto bad = validity(ctx.bool_val(true), cuts.pre(p.mainProc()), config, "certify-main-pre",
                          "the precondition of " + p.proc(p.mainProc()).name + " must hold in every initial state"))
    return bad;
  for (ir::ProcId proc : procs) {
    const ir::Procedure& pr = p.proc(proc);
    auto it = c.invariants.find(pr.entry);
    if (it == c.invariants.end()) continue;
    z3::expr entry = cuts.entryCondition(proc, ir::currentState(p, p.scope(proc)));
    if (auto bad = validity(entry, it->second, config, "certify-entry",
                            "the invariant at the entry of " + pr.name + " does not follow from its precondition"))
      return bad;
  }
  return std::nullopt;
}

/// k = 1: every block, from every cut point of every reachable procedure.
Outcome checkInductive(const ir::Program& p, const CutPoints& cuts, const ir::Certificate& c,
                       const std::vector<ir::ProcId>& procs, const CertifyOptions& options) {
  ir::Instantiator inst(p);
  for (ir::ProcId proc : procs)
    for (ir::LocId from : cuts.cutsOf(proc)) {
      if (cuts.isTerminal(from)) continue;
      smt::Solver solver(p.ctx(), checkConfig(options, "certify-block"));
      CutPointSystem system(p, inst, cuts, c, proc, solver);
      system.start(from);
      system.assumeInvariants(0);
      system.step();
      if (auto call = system.failingCall()) {
        auto& [obligation, start, unknown] = *call;
        std::string what = "the precondition of " + p.proc(p.edge(obligation.call).callee).name + " may fail at " +
                           describeEdge(p, obligation.call) + " (block from " + describeLocation(p, from) + ")";
        return failedObligation(unknown, what);
      }
      if (auto bad = system.violation(1))
        return violation("", p, blockFrom(p, from), bad->first, bad->second,
                         from == p.proc(proc).entry ? "not initiated" : "not inductive");
    }
  return std::nullopt;
}

/// k > 1, one procedure without calls: base case for fewer than k blocks, then the step case.
Outcome checkKInductive(const ir::Program& p, const CutPoints& cuts, const ir::Certificate& c,
                        const CertifyOptions& options) {
  ir::ProcId main = p.mainProc();
  for (ir::EdgeId e : p.proc(main).edges)
    if (p.edge(e).isCall())
      return undecided(fmt::format("k-induction with k = {} is checked only for single-procedure programs", c.k));
  ir::Instantiator inst(p);
  smt::Solver baseSolver(p.ctx(), checkConfig(options, "certify-base"));
  CutPointSystem base(p, inst, cuts, c, main, baseSolver);
  base.start(p.proc(main).entry);
  base.assumeInvariants(0);
  for (size_t j = 1; j < c.k; ++j) {
    base.step();
    if (auto bad = base.violation(j))
      return violation("base case: ", p, fmt::format("within {} blocks from the entry", j), bad->first, bad->second,
                       "violated");
    base.assumeInvariants(j);
  }
  smt::Solver stepSolver(p.ctx(), checkConfig(options, "certify-step"));
  CutPointSystem step(p, inst, cuts, c, main, stepSolver);
  step.start(std::nullopt);
  for (size_t i = 0; i < c.k; ++i) {
    step.assumeInvariants(i);
    step.step();
  }
  if (auto bad = step.violation(c.k))
    return violation("step case: ", p, fmt::format("after {} blocks that satisfy the invariants", c.k), bad->first,
                     bad->second, fmt::format("not {}-inductive", c.k));
  return std::nullopt;
}

/// BlockBound, one procedure without calls: the invariants hold at every cut point reached within `bound`
/// blocks from the entry, and no execution completes a block more. One query over the
/// whole unrolling decides the usual case (all holds); only when it does not are the positions asked one
/// by one, to name the first failure.
Outcome checkBlockBound(const ir::Program& p, const CutPoints& cuts, const ir::Certificate& c,
                        const CertifyOptions& options) {
  ir::ProcId main = p.mainProc();
  if (c.bound == 0) return refuted("a block bound of 0");
  for (ir::EdgeId e : p.proc(main).edges)
    if (p.edge(e).isCall()) return undecided("a block bound is checked only for programs without calls (or inlined)");
  ir::Instantiator inst(p);
  smt::Solver solver(p.ctx(), checkConfig(options, "certify-block-bound"));
  CutPointSystem run(p, inst, cuts, c, main, solver);
  run.start(p.proc(main).entry);
  std::vector<z3::expr> failures;
  for (size_t j = 1; j <= c.bound; ++j) {
    run.step();
    failures.push_back(run.anyViolation(j));
  }
  run.step();  // a block beyond the bound: it must not be completed
  failures.push_back(run.anyReached(c.bound + 1));
  if (run.decide(smt::mkOr(p.ctx(), failures)) == smt::SatResult::Unsat) return std::nullopt;
  for (size_t j = 1; j <= c.bound; ++j) {
    if (auto bad = run.violation(j))
      return violation("", p, fmt::format("within {} blocks from the entry", j), bad->first, bad->second, "violated");
    run.assumeInvariants(j);
  }
  switch (run.decide(run.anyReached(c.bound + 1))) {
    case smt::SatResult::Unsat: return std::nullopt;
    case smt::SatResult::Sat: return refuted(fmt::format("an execution runs more than {} blocks", c.bound));
    case smt::SatResult::Unknown: break;
  }
  return undecided(fmt::format("the solver could not decide whether an execution runs longer than {} blocks", c.bound));
}

Outcome checkModular(const ir::Program& p, const ir::Certificate& c, const CertifyOptions& options) {
  if (c.k == 0) return refuted("k = 0 is not a valid induction depth");
  if (!c.inlined.empty()) return refuted("a modular certificate with invariants in calling contexts");
  if (auto bad = wellFormed(p, c)) return bad;
  CutPoints cuts(p, c);
  // Callees first, so that a wrong contract is reported where it fails rather than where it is used.
  std::vector<ir::ProcId> procs = ir::CallGraph(p).bottomUpOrder();
  for (ir::ProcId proc : procs)
    if (auto bad = uncutCycle(p, proc, cuts.isCut())) return bad;
  if (auto bad = checkEntries(p, cuts, c, procs, options)) return bad;
  if (c.kind == ir::Certificate::Kind::BlockBound) return checkBlockBound(p, cuts, c, options);
  if (c.k == 1) return checkInductive(p, cuts, c, procs, options);
  if (procs.size() > 1)
    return undecided(fmt::format("k-induction with k = {} is checked only for single-procedure programs", c.k));
  return checkKInductive(p, cuts, c, options);
}

/// Whether `at` names a location of the program in a calling context it has: a chain of call edges from
/// main's body, each in the procedure the previous one calls, ending in the location's procedure.
bool existsInProgram(const ir::Program& p, const ir::ContextLoc& at) {
  if (at.loc >= p.numLocs()) return false;
  ir::ProcId proc = p.mainProc();
  for (ir::EdgeId e : at.context) {
    if (e >= p.numEdges() || !p.edge(e).isCall() || p.loc(p.edge(e).from).proc != proc) return false;
    proc = p.edge(e).callee;
  }
  return p.loc(at.loc).proc == proc;
}

/// An Inlined certificate: its invariants put at the copies of certify's own unfolding, then checked there.
Outcome checkInlined(const ir::Program& p, const ir::Certificate& c, const CertifyOptions& options) {
  if (!c.invariants.empty() || !c.contracts.empty())
    return refuted("an inlined certificate with invariants or contracts of procedures");
  auto unfolded = unfoldCalls(p);
  if (auto* refused = std::get_if<UnfoldingRefused>(&unfolded))
    return refused->recursive ? refuted("an inlined certificate for a program certify cannot unfold: " + refused->detail)
                              : undecided(refused->detail);
  Unfolding& u = std::get<Unfolding>(unfolded);
  ir::Certificate atCopies;
  atCopies.kind = c.kind;
  atCopies.k = c.k;
  atCopies.bound = c.bound;
  for (auto& [at, formula] : c.inlined) {
    auto copy = u.copies.find(at);
    if (copy == u.copies.end()) {
      if (!existsInProgram(p, at))
        return refuted(fmt::format("an invariant at {} in a calling context of {} call edges that the program does "
                                   "not have",
                                   at.loc < p.numLocs() ? describeLocation(p, at.loc) : "a location that does not exist",
                                   at.context.size()));
      // A location in a context that certify's unfolding never reaches (code after a contradictory
      // assumption, say): an invariant there constrains no execution, so it is vacuous and left out.
      continue;
    }
    if (!atCopies.invariants.emplace(copy->second, formula).second)
      return refuted("two invariants for " + describeLocation(*u.program, copy->second));
  }
  return checkModular(*u.program, atCopies, options);
}

}  // namespace

CheckOutcome checkInvariants(const ir::Program& program, const ir::Certificate& certificate,
                             const CertifyOptions& options) {
  bool inlined = certificate.form == ir::Certificate::Form::Inlined;
  if (auto bad = inlined ? checkInlined(program, certificate, options) : checkModular(program, certificate, options))
    return *bad;
  size_t count = inlined ? certificate.inlined.size() : certificate.invariants.size();
  std::string where = inlined ? " in calling contexts (on certify's unfolding)" : "";
  if (certificate.kind == ir::Certificate::Kind::BlockBound)
    return CheckOutcome::accept(fmt::format("every execution ends within {} blocks between {} cut points{}",
                                            certificate.bound, count, where));
  return CheckOutcome::accept(fmt::format("{} invariants{}, {} contracts, {}-inductive", count, where,
                                          certificate.contracts.size(), certificate.k));
}

}  // namespace argus::certify
