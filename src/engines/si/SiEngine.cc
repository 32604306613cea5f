// The stratified-inlining loop and its two strategies; see SiEngine.h and README.md in this folder.
#include "engines/si/SiEngine.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "engines/SolverFailure.h"
#include "engines/bmc/Unwinding.h"
#include "ir/Queries.h"

namespace argus::engines::si {
namespace {

using NodeId = bmc::Unwinding::NodeId;

struct Settings {
  StrategyKind strategy;
  unsigned maxBound;
  unsigned minimiseCoresUpTo;
  bool preprocess;
};

/// What one query decided: the program is safe, a trace reaches an error, these open sites are to be
/// inlined next, or the solver could not answer.
struct Step {
  enum class Kind { Safe, Trace, Inline, Undecided };
  Kind kind = Kind::Undecided;
  ir::Trace trace;
  std::vector<NodeId> sites;
};

/// The incremental solver and the unwinding that strategies query.
class Session {
 public:
  Session(const ir::Program& p, RunContext& ctx, bool preprocess)
      : ctx_(ctx), solver_(p.ctx(), withPreprocessing(ctx.solverConfig("si"), preprocess)),
        unwinding_(p, solver_, ctx.stats, bmc::UnwindingOptions{"si", true}) {}

  smt::SatResult check(const std::vector<z3::expr>& assumptions) {
    smt::SatResult r = solver_.check(assumptions);
    ctx_.stats.add("si.queries");
    ctx_.stats.set("si.solver_time", solver_.checkSeconds());
    return r;
  }
  smt::Solver& solver() { return solver_; }
  static smt::SolverConfig withPreprocessing(smt::SolverConfig config, bool preprocess) {
    config.preprocessFirst = preprocess;
    return config;
  }
  bmc::Unwinding& unwinding() { return unwinding_; }
  RunContext& context() { return ctx_; }
  const bmc::RoundLiterals& round() const { return *round_; }
  void setRound(bmc::RoundLiterals r) { round_ = std::move(r); }

 private:
  RunContext& ctx_;
  smt::Solver solver_;
  bmc::Unwinding unwinding_;
  std::optional<bmc::RoundLiterals> round_;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual const char* name() const = 0;
  /// One query over the current unwinding (its round literals are set).
  virtual Step query(Session& s) = 0;
};

/// The block literals of the open sites (each implies that its site is not reached), with the round's
/// close and error literals: the under-approximation's assumptions.
std::vector<z3::expr> underApproximation(Session& s) {
  std::vector<z3::expr> literals;
  for (NodeId site : s.unwinding().openSites()) literals.push_back(s.unwinding().blockLiteral(site));
  literals.push_back(s.round().close);
  literals.push_back(s.round().error);
  return literals;
}

/// Corral's OverRefSI: first the under-approximation (every open site blocked; SAT is a real
/// counterexample), then the over-approximation (open sites keep their havoc summaries): UNSAT is a proof,
/// and a counterexample inlines the open sites it runs through. Without the first query the search
/// depends on which model the solver returns: a model through an open site is always at hand, and
/// inlining loop iterations one at a time can go on long past a real error (loops/sum01-1: 425 queries
/// and a timeout, where the under-approximation finds the bug at the eleventh iteration).
class OverRefinement final : public Strategy {
 public:
  const char* name() const override { return "overref"; }
  Step query(Session& s) override {
    Step step;
    smt::SatResult under = s.check(underApproximation(s));
    if (under == smt::SatResult::Unknown) return step;
    if (under == smt::SatResult::Sat)
      return Step{Step::Kind::Trace, s.unwinding().extractTrace(s.solver().model()), {}};
    smt::SatResult r = s.check({s.round().close, s.round().error});
    if (r == smt::SatResult::Unknown) return step;
    if (r == smt::SatResult::Unsat) return Step{Step::Kind::Safe, {}, {}};
    bmc::Unwinding::Counterexample c = s.unwinding().extractCounterexample(s.solver().model());
    if (c.openSites.empty()) return Step{Step::Kind::Trace, std::move(c.trace), {}};
    std::sort(c.openSites.begin(), c.openSites.end());
    c.openSites.erase(std::unique(c.openSites.begin(), c.openSites.end()), c.openSites.end());
    return Step{Step::Kind::Inline, {}, std::move(c.openSites)};
  }
};

/// Legion's UnderWidenSI: every open site is blocked by an assumption literal; SAT is a real
/// counterexample; UNSAT widens the under-approximation by inlining the blocked sites its unsat core
/// names. A core without blocked sites proves the program with the open sites unconstrained (havoc).
class UnderWidening final : public Strategy {
 public:
  explicit UnderWidening(unsigned minimiseUpTo) : minimiseUpTo_(minimiseUpTo) {}
  const char* name() const override { return "underwiden"; }
  Step query(Session& s) override {
    Step step;
    std::map<unsigned, NodeId> siteOf;  // block literal id -> site
    for (NodeId site : s.unwinding().openSites()) siteOf.emplace(s.unwinding().blockLiteral(site).id(), site);
    smt::SatResult r = s.check(underApproximation(s));
    if (r == smt::SatResult::Unknown) return step;
    if (r == smt::SatResult::Sat) return Step{Step::Kind::Trace, s.unwinding().extractTrace(s.solver().model()), {}};
    std::vector<z3::expr> core = blockedIn(s.solver().unsatCore(), siteOf);
    if (!core.empty() && core.size() <= minimiseUpTo_) core = minimise(s, std::move(core), siteOf);
    s.context().stats.add("si.core_literals", static_cast<int64_t>(core.size()));
    if (core.empty()) return Step{Step::Kind::Safe, {}, {}};
    for (const z3::expr& b : core) step.sites.push_back(siteOf.at(b.id()));
    step.kind = Step::Kind::Inline;
    return step;
  }

 private:
  static std::vector<z3::expr> withRound(Session& s, std::vector<z3::expr> blocks) {
    blocks.push_back(s.round().close);
    blocks.push_back(s.round().error);
    return blocks;
  }
  static std::vector<z3::expr> blockedIn(const std::vector<z3::expr>& core, const std::map<unsigned, NodeId>& siteOf) {
    std::vector<z3::expr> out;
    for (const z3::expr& e : core)
      if (siteOf.count(e.id())) out.push_back(e);
    return out;
  }
  /// Deletion-based minimisation: drop one blocked site at a time and keep it dropped when the query
  /// stays UNSAT (then the new core, a subset, replaces the rest). The result is minimal (no single
  /// literal can go) unless a query was undecided. Each attempt is a query, so only cores up to
  /// si.minimise_cores literals are minimised.
  std::vector<z3::expr> minimise(Session& s, std::vector<z3::expr> core, const std::map<unsigned, NodeId>& siteOf) {
    std::set<unsigned> needed;  // dropping it made the query satisfiable (or undecided: kept, sound)
    for (;;) {
      auto candidate = std::find_if(core.begin(), core.end(), [&](const z3::expr& e) { return !needed.count(e.id()); });
      if (candidate == core.end()) return core;
      std::vector<z3::expr> rest;
      for (const z3::expr& e : core)
        if (!z3::eq(e, *candidate)) rest.push_back(e);
      s.context().stats.add("si.minimisation_queries");
      if (s.check(withRound(s, rest)) != smt::SatResult::Unsat) {
        needed.insert(candidate->id());
        continue;
      }
      // Fewer blocked sites stay UNSAT: the new core (a subset of the rest) replaces the core. A literal
      // found needed for a superset stays needed for a subset.
      std::set<unsigned> kept;
      for (const z3::expr& e : blockedIn(s.solver().unsatCore(), siteOf)) kept.insert(e.id());
      std::vector<z3::expr> smaller;
      for (const z3::expr& e : rest)
        if (kept.count(e.id())) smaller.push_back(e);
      core = std::move(smaller);
    }
  }

  unsigned minimiseUpTo_;
};

/// One run: the session, the strategy and the recursion bound.
class Run {
 public:
  Run(const ir::Program& p, RunContext& ctx, Settings settings)
      : p_(p), ctx_(ctx), settings_(settings), session_(p, ctx, settings.preprocess) {
    if (settings.strategy == StrategyKind::OverRef) strategy_ = std::make_unique<OverRefinement>();
    else strategy_ = std::make_unique<UnderWidening>(settings.minimiseCoresUpTo);
  }

  ir::Result go() {
    bmc::Unwinding& unwinding = session_.unwinding();
    ctx_.stats.set("si.bound", bound_);
    if (!unwinding.expandToSites(ctx_.shutdown.get())) return ctx_.stopped();
    for (;;) {
      if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
      session_.setRound(unwinding.closeRound());
      ctx_.stats.set("si.open_sites", static_cast<int64_t>(unwinding.openSites().size()));
      ctx_.stats.set("si.nodes", static_cast<int64_t>(unwinding.numNodes()));
      Step step = strategy_->query(session_);
      switch (step.kind) {
        case Step::Kind::Undecided:
          return unknownFromSolver();
        case Step::Kind::Safe:
          return proved();
        case Step::Kind::Trace:
          if (auto bug = reached(std::move(step.trace))) return *bug;
          break;
        case Step::Kind::Inline:
          if (auto stop = inline_(step.sites)) return *stop;
          if (!unwinding.expandToSites(ctx_.shutdown.get())) return ctx_.stopped();
          ctx_.log.log(1, "si", "{} open sites, {} nodes", unwinding.openSites().size(), unwinding.numNodes());
          break;
      }
    }
  }

 private:
  /// Inlines the sites within the recursion bound, raising it to the least level asked for when none is.
  std::optional<ir::Result> inline_(const std::vector<NodeId>& sites) {
    bmc::Unwinding& unwinding = session_.unwinding();
    uint32_t least = UINT32_MAX;
    for (NodeId n : sites) least = std::min(least, unwinding.level(n));
    if (least > bound_) {
      if (least > settings_.maxBound)
        return ir::Result::unknown(ir::UnknownReason::BoundReached,
                                   fmt::format("recursion bound {} reached{}", settings_.maxBound, featureNote()));
      bound_ = least;
      ctx_.stats.set("si.bound", bound_);
      ctx_.log.log(1, "si", "recursion bound raised to {}", bound_);
    }
    size_t count = 0;
    for (NodeId n : sites) {
      if (unwinding.level(n) > bound_) continue;
      ctx_.log.log(1, "si", "{}inline {}", std::string(2 * unwinding.stackDepth(n), ' '), unwinding.describe(n));
      unwinding.inlineSite(n);
      ++count;
    }
    ctx_.stats.add("si.inlined_sites", static_cast<int64_t>(count));
    ctx_.log.log(1, "si", "{}: query {}, {} site(s) inlined", strategy_->name(), ctx_.stats.getInt("si.queries"),
                 count);
    return std::nullopt;
  }

  /// Unsafe for a trace to a real error; a trace that ends on an unsupported edge excludes that edge.
  std::optional<ir::Result> reached(ir::Trace trace) {
    const ir::TraceStep& last = trace.steps.back();
    const ir::Edge& edge = p_.edge(last.edge);
    if (last.kind == ir::TraceStep::Kind::Edge && !edge.unsupported.empty()) {
      ctx_.log.log(1, "si", "unsupported feature reachable ({}), excluding it", edge.unsupported);
      features_.insert(edge.unsupported);
      session_.unwinding().exclude(edge.id);
      return std::nullopt;
    }
    ctx_.log.log(1, "si", "error reached in {} steps", trace.steps.size());
    return ir::Result::unsafe(std::move(trace));
  }

  ir::Result proved() {
    if (!features_.empty())
      return ir::Result::unknown(ir::UnknownReason::Unsupported, fmt::format("{}", fmt::join(features_, ", ")));
    const bmc::Unwinding& unwinding = session_.unwinding();
    ir::Certificate c;
    c.context = p_.sharedCtx();
    c.kind = ir::Certificate::Kind::InliningTree;
    for (NodeId n : unwinding.inlinedSites()) c.inlinedSites.insert(unwinding.name(n));
    ctx_.log.log(1, "si", "no error reachable: {} sites inlined, {} left open", unwinding.inlinedSites().size(),
                 unwinding.openSites().size());
    return ir::Result::safe(std::move(c));
  }

  ir::Result unknownFromSolver() {
    if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
    return ir::Result::unknown(ir::UnknownReason::Incomplete,
                               "solver unknown: " + session_.solver().reasonUnknown());
  }

  std::string featureNote() const {
    return features_.empty() ? "" : fmt::format("; unsupported feature reachable: {}", fmt::join(features_, ", "));
  }

  const ir::Program& p_;
  RunContext& ctx_;
  Settings settings_;
  Session session_;
  std::unique_ptr<Strategy> strategy_;
  uint32_t bound_ = 1;
  std::set<std::string> features_;
};

void registerOptions(OptionRegistry& r) {
  r.addChoice("si.strategy", "underwiden", {"underwiden", "overref"},
              "How engine si chooses the call sites to inline: underwiden (Legion: block open sites, inline those "
              "an unsat core names) or overref (Corral: open sites havoc, inline those a counterexample runs "
              "through). The engines legion and corral fix the strategy.");
  r.addInt("si.max_bound", 1000000,
           "Largest recursion bound (occurrences of a procedure on the call stack, iterations of a loop) up to "
           "which sites are inlined; a site beyond it that a query needs gives UNKNOWN (bound reached).",
           1, 1000000000);
  r.addInt("si.minimise_cores", 100000,
           "underwiden: unsat cores with at most this many blocked sites are minimised (deletion, one query per "
           "site); larger cores are inlined as Z3 returns them (0: never minimise). Z3's cores name sites that "
           "do not matter, and inlining those costs more than the queries (fibo_2calls_10-1: 11 s minimised, "
           "a timeout at 20 s with a limit of 32).",
           0, 100000);
  r.addChoice("si.preprocess", "auto", {"auto", "on", "off"},
              "Each query first goes to a fresh solver that preprocesses the unwinding with the query's "
              "assumptions asserted (Z3's simplify, propagate-values, solve-eqs, elim-uncnstr), then to the "
              "incremental one (smt::SolverConfig::preprocessFirst; its unsat cores are then all assumptions); "
              "auto: on for overref, whose queries need no unsat cores (the full ntdrivers: a query of the incremental solver undecided after 40 s "
              "is answered in 0.2 s so).");
}

}  // namespace

Support SiEngine::supports(const ir::Program& program) const {
  std::string bad = ir::irreducibleProcedure(program);
  return bad.empty() ? Support::yes() : Support::no("irreducible control flow in " + bad);
}

ir::Result SiEngine::run(const ir::Program& program, RunContext& ctx) {
  std::string bad = ir::irreducibleProcedure(program);
  if (!bad.empty()) return ir::Result::unknown(ir::UnknownReason::Unsupported, "irreducible control flow in " + bad);
  StrategyKind strategy = fixed_ ? *fixed_
                          : ctx.options.getString("si.strategy") == "overref" ? StrategyKind::OverRef
                                                                              : StrategyKind::UnderWiden;
  std::string preprocess = ctx.options.getString("si.preprocess");
  Settings s{strategy, static_cast<unsigned>(ctx.options.getInt("si.max_bound")),
             static_cast<unsigned>(ctx.options.getInt("si.minimise_cores")),
             preprocess == "on" || (preprocess == "auto" && strategy == StrategyKind::OverRef)};
  try {
    ir::Result r = Run(program, ctx, s).go();
    r.engine = name_;
    return r;
  } catch (const z3::exception& e) {
    return unknownFromSolverException(e);
  }
}

std::vector<EngineInfo> engineInfos() {
  return {
      EngineInfo{"si",
                 "stratified inlining: the verification condition grows call site by call site (loops as "
                 "tail-recursive procedures); si.strategy chooses underwiden (Legion) or overref (Corral)",
                 [] { return std::make_unique<SiEngine>("si"); }, registerOptions},
      EngineInfo{"corral", "stratified inlining refined by counterexamples (Corral's OverRefSI; si with overref)",
                 [] { return std::make_unique<SiEngine>("corral", StrategyKind::OverRef); }, nullptr},
      EngineInfo{"legion", "stratified inlining widened by unsat cores (Legion's UnderWidenSI; si with underwiden)",
                 [] { return std::make_unique<SiEngine>("legion", StrategyKind::UnderWiden); }, nullptr},
  };
}

}  // namespace argus::engines::si
