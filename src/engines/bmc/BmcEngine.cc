// The BMC driver: deepen the unwinding bound by bound, ask for an error under the round's literals,
// set aside traces that end on unsupported edges, and stop when the unwinding is complete.
#include "engines/bmc/BmcEngine.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "engines/bmc/Unwinding.h"
#include "ir/Queries.h"
#include "engines/SolverFailure.h"

namespace argus::engines::bmc {
namespace {

struct Settings {
  unsigned maxBound, step;
  bool forwardCondition;
};

/// One run: the solver, the unwinding and what was learnt about unsupported features.
class Run {
 public:
  Run(const ir::Program& p, RunContext& ctx, Settings s)
      : p_(p), ctx_(ctx), settings_(s), solver_(p.ctx(), ctx.solverConfig("bmc")),
        unwinding_(p, solver_, ctx.stats) {}

  ir::Result go() {
    for (unsigned k = 1;; k = std::min(settings_.maxBound, k + settings_.step)) {
      if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
      size_t nodesBefore = unwinding_.numNodes();
      if (!unwinding_.deepen(k, ctx_.shutdown.get())) return ctx_.stopped();
      RoundLiterals round = unwinding_.closeRound();
      ctx_.stats.set("bmc.bound", static_cast<int64_t>(k));
      ctx_.stats.set("bmc.nodes", static_cast<int64_t>(unwinding_.numNodes()));
      if (auto found = searchError(k, round)) return *found;
      auto complete = isComplete(k, round, unwinding_.numNodes() - nodesBefore);
      if (!complete) return unknownFromSolver(k);
      ctx_.log.log(1, "bmc", "bound {}: {} nodes, {} pending, no error{}", k, unwinding_.numNodes(),
                   unwinding_.numPending(), *complete ? ", unwinding complete" : "");
      if (*complete) return explored(k);
      if (k >= settings_.maxBound)
        return ir::Result::unknown(ir::UnknownReason::BoundReached,
                                   fmt::format("bound {} reached{}", k, featureNote()));
    }
  }

 private:
  smt::SatResult check(const std::vector<z3::expr>& assumptions) {
    smt::SatResult r = solver_.check(assumptions);
    ctx_.stats.add("bmc.checks");
    ctx_.stats.set("bmc.solver_time", solver_.checkSeconds());
    return r;
  }

  /// Unsafe, or Unknown when the solver cannot decide; nothing when no real error is reachable at k.
  std::optional<ir::Result> searchError(unsigned k, const RoundLiterals& round) {
    for (;;) {
      smt::SatResult r = check({round.close, round.error});
      if (r == smt::SatResult::Unsat) return std::nullopt;
      if (r == smt::SatResult::Unknown) return unknownFromSolver(k);
      ir::Trace trace = unwinding_.extractTrace(solver_.model());
      const ir::Edge& last = p_.edge(trace.steps.back().edge);
      if (trace.steps.back().kind != ir::TraceStep::Kind::Edge || last.unsupported.empty()) {
        ctx_.log.log(1, "bmc", "bound {}: error reached in {} steps", k, trace.steps.size());
        return ir::Result::unsafe(std::move(trace));
      }
      ctx_.log.log(1, "bmc", "bound {}: unsupported feature reachable ({}), excluding it", k, last.unsupported);
      features_.insert(last.unsupported);
      unwinding_.exclude(last.id);
    }
  }

  /// Whether every execution stays within bound k (false also when the forward condition is not asked at
  /// k); nothing when the solver cannot decide.
  std::optional<bool> isComplete(unsigned k, const RoundLiterals& round, size_t nodesAdded) {
    if (!round.frontier) return true;  // nothing was cut off
    if (!settings_.forwardCondition) return false;
    if (!forwardDue(k, nodesAdded)) {
      ctx_.stats.add("bmc.forward_skipped");
      return false;
    }
    smt::SatResult r = check({round.close, *round.frontier});
    if (r == smt::SatResult::Unknown) return std::nullopt;
    if (r == smt::SatResult::Sat) nextForward_ = k + std::max(1u, k / 4);
    return r == smt::SatResult::Unsat;
  }

  /// Whether to ask the forward condition at k. An execution that runs on past the bound needs a model of
  /// the whole unwinding, which costs more than the (mostly trivial) error query of a round: a loop with a
  /// trip count of 200 spent two thirds of its time on 199 satisfiable forward queries. So past the first
  /// bounds it is asked once the bound has grown by a quarter since it was last satisfiable, and at every
  /// bound whose round grew the unwinding by a quarter or more: there each later bound costs more than the
  /// query (a recursion unwinds exponentially many nodes per bound). Never skipped at the largest bound.
  bool forwardDue(unsigned k, size_t nodesAdded) const {
    constexpr unsigned kAlwaysUpTo = 8;
    return k <= kAlwaysUpTo || k >= nextForward_ || k >= settings_.maxBound ||
           4 * nodesAdded >= unwinding_.numNodes();
  }

  ir::Result explored(unsigned k) {
    if (!features_.empty())
      return ir::Result::unknown(ir::UnknownReason::Unsupported, fmt::format("{}", fmt::join(features_, ", ")));
    ir::Certificate c;
    c.context = p_.sharedCtx();
    c.kind = ir::Certificate::Kind::CompleteUnrolling;
    c.bound = k;
    return ir::Result::safe(std::move(c));
  }

  ir::Result unknownFromSolver(unsigned k) {
    if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
    return ir::Result::unknown(ir::UnknownReason::Incomplete,
                               fmt::format("solver unknown at bound {}: {}", k, solver_.reasonUnknown()));
  }

  std::string featureNote() const {
    return features_.empty() ? "" : fmt::format("; unsupported feature reachable: {}", fmt::join(features_, ", "));
  }

  const ir::Program& p_;
  RunContext& ctx_;
  Settings settings_;
  smt::Solver solver_;
  Unwinding unwinding_;
  std::set<std::string> features_;
  unsigned nextForward_ = 0;  // the bound at which the forward condition is asked again
};

}  // namespace

Support BmcEngine::supports(const ir::Program& program) const {
  std::string bad = ir::irreducibleProcedure(program);
  return bad.empty() ? Support::yes() : Support::no("irreducible control flow in " + bad);
}

ir::Result BmcEngine::run(const ir::Program& program, RunContext& ctx) {
  std::string bad = ir::irreducibleProcedure(program);
  if (!bad.empty()) return ir::Result::unknown(ir::UnknownReason::Unsupported, "irreducible control flow in " + bad);
  Settings s{static_cast<unsigned>(ctx.options.getInt("bmc.max_bound")),
             static_cast<unsigned>(ctx.options.getInt("bmc.step")), ctx.options.getBool("bmc.forward_condition")};
  try {
    ir::Result r = Run(program, ctx, s).go();
    r.engine = "bmc";
    return r;
  } catch (const z3::exception& e) {
    return unknownFromSolverException(e);
  }
}

void BmcEngine::registerOptions(OptionRegistry& r) {
  r.addInt("bmc.max_bound", 1000000,
           "Largest unwinding bound (loop iterations per loop, procedure occurrences on the call stack); "
           "reaching it without an answer gives UNKNOWN (bound reached).",
           1, 1000000000);
  r.addInt("bmc.step", 1, "How much the bound grows from one deepening round to the next.", 1, 1000000);
  r.addBool("bmc.forward_condition", true,
            "At each bound, ask whether any execution is cut off by the bound; if none is and no error is "
            "reachable, the program is safe (certificate: complete unrolling). Off: only a structurally "
            "complete unwinding proves safety.");
}

}  // namespace argus::engines::bmc
