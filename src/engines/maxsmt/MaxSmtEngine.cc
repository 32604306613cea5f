// The maxsmt engine: inline, build the cut-point graph, run VeryMax's proof search, and hand back the
// proved invariants at the loop heads of the input program (translated through the inliner).
#include "engines/maxsmt/MaxSmtEngine.h"

#include <algorithm>
#include <set>
#include <utility>

#include "analysis/invariants/AffineHull.h"
#include "analysis/invariants/Candidates.h"
#include "analysis/invariants/Congruences.h"
#include "analysis/invariants/Houdini.h"
#include "analysis/invariants/IntervalAnalysis.h"
#include "engines/kind/KInduction.h"
#include "engines/maxsmt/VeryMax.h"
#include "smt/Terms.h"
#include "transforms/Inline.h"
#include "util/Error.h"

namespace argus::engines::maxsmt {

Support MaxSmtEngine::supports(const ir::Program& program) const {
  // The same fragment as k-induction: every call is inlined.
  return kind::KInductionEngine().supports(program);
}

namespace {

/// Intervals (the interval analysis of kind's invariant generator) and then the affine congruences under
/// them, each kept only where Houdini confirms it inductive (with those before it): the conjunction per
/// cut point.
std::map<ir::LocId, z3::expr> givenInvariants(const transforms::CutPointSystem& ts, RunContext& ctx) {
  transforms::StepEncoder encoder(ts);
  analysis::Houdini houdini(encoder, ctx.solverConfig("maxsmt-houdini"));
  std::map<ir::LocId, std::vector<z3::expr>> accepted;
  // Keeps what Houdini confirms of `candidates` and returns the rest.
  auto confirm = [&](const std::vector<analysis::Candidate>& candidates, const char* counter) {
    if (candidates.empty()) return candidates;
    auto kept = houdini.filter(candidates);
    ctx.log.log(2, "maxsmt", "{}: {} candidates, {} kept", counter, candidates.size(),
                kept ? std::to_string(kept->size()) : "none (undecided)");
    if (!kept) return candidates;
    std::set<std::pair<ir::LocId, unsigned>> confirmed;
    for (const analysis::Candidate& c : *kept) {
      accepted[c.cut].push_back(c.formula);
      confirmed.emplace(c.cut, c.formula.id());
      ctx.log.log(3, "maxsmt", "given at {}: {}", ts.program().loc(c.cut).name, c.formula.to_string());
    }
    ctx.stats.set(counter, static_cast<int64_t>(kept->size()));
    std::vector<analysis::Candidate> dropped;
    for (const analysis::Candidate& c : candidates)
      if (!confirmed.count({c.cut, c.formula.id()})) dropped.push_back(c);
    return dropped;
  };
  if (ctx.options.getBool("maxsmt.intervals")) {
    analysis::IntervalAnalysis intervals(ts);
    if (intervals.run({}, ctx.shutdown.get())) {
      confirm(analysis::intervalCandidates(intervals), "maxsmt.intervals");
      // Orderings x ≤ y the intervals leave open (kind's candidates): a relation between inputs the loop
      // keeps (m ≤ n on hola/19) or a loop bound (x ≤ n) is then a premise rather than template rows.
      if (ctx.options.getBool("maxsmt.orderings"))
        confirm(analysis::orderingCandidates(ts, analysis::loopHeadHulls(intervals)), "maxsmt.orderings");
    }
  }
  std::vector<analysis::Candidate> equalitiesDropped;
  if (ctx.options.getBool("maxsmt.equalities")) {
    // Linear equalities from the affine hull of sampled reachable states (as in kind's generator): a
    // conditional invariant then needs no pair of rows for a relation such as x + y = k (hola/20).
    // On either side of each loop condition too (i even → i = 2y, i odd → i = 2y + 1): integer facts
    // that Farkas' lemma over the rationals cannot reach from any conjunction of rows (hola/34, 38), and
    // the phases of a loop (y = m while x ≤ m, y = x after: hola/19).
    smt::SolverConfig config = ctx.solverConfig("maxsmt-equalities");
    analysis::EqualitySearch search;
    search.partitioned = ctx.options.getBool("maxsmt.partitioned_equalities");
    equalitiesDropped = confirm(analysis::equalityCandidates(encoder, search, config), "maxsmt.equalities");
  }
  auto conjunctions = [&] {
    std::map<ir::LocId, z3::expr> out;
    for (auto& [cut, parts] : accepted) out.emplace(cut, smt::mkAnd(ts.program().ctx(), parts));
    return out;
  };
  if (ctx.options.getBool("maxsmt.congruences")) {
    analysis::CongruenceStats stats;
    std::vector<analysis::Candidate> candidates;
    for (auto& [cut, parts] :
         analysis::affineCongruences(encoder, ctx.solverConfig("maxsmt-congruences"), conjunctions(), &stats, 10))
      for (const z3::expr& part : parts) candidates.push_back({cut, part});
    ctx.stats.set("maxsmt.congruence_primes", static_cast<int64_t>(stats.primes));
    ctx.stats.set("maxsmt.congruence_checks", static_cast<int64_t>(stats.solverChecks));
    // An equality on one side of a condition may need a congruence to carry over to the next loop
    // (i even exactly when flag holds on hola/40), so those dropped before get a second chance.
    if (candidates.size() > confirm(candidates, "maxsmt.congruences").size())
      confirm(equalitiesDropped, "maxsmt.equalities_retried");
  }
  return conjunctions();
}

VeryMaxOptions optionsFrom(const Options& o) {
  VeryMaxOptions v;
  v.maxConjuncts = static_cast<unsigned>(o.getInt("maxsmt.conjuncts"));
  v.coefficientBound = static_cast<int>(o.getInt("maxsmt.coefficient_bound"));
  v.multiplierBits = static_cast<unsigned>(o.getInt("maxsmt.multiplier_bits"));
  v.maxNarrowings = static_cast<unsigned>(o.getInt("maxsmt.narrowings"));
  v.parallel = o.getBool("maxsmt.parallel");
  v.caseSplits = static_cast<unsigned>(o.getInt("maxsmt.case_splits"));
  v.disablingTransitions = o.getBool("maxsmt.disabling");
  v.integerMultipliers = o.getString("maxsmt.multipliers") == "integer";
  v.queryTimeoutSeconds = static_cast<double>(o.getInt("maxsmt.query_timeout"));
  v.method = o.getString("maxsmt.solver") == "optimize" ? smt::MaxSmtMethod::Optimize : smt::MaxSmtMethod::CoreGuided;
  return v;
}

void registerOptions(OptionRegistry& registry) {
  registry.addInt("maxsmt.conjuncts", 3, "largest template: conjunctions of 1..N linear inequalities per cut point", 1, 8);
  registry.addInt("maxsmt.coefficient_bound", 3, "template coefficients range over [-B, B]", 1, 1000);
  registry.addInt("maxsmt.multiplier_bits", 1,
                  "bits of the Farkas multiplier of each template premise (the bounded non-linearity)", 1, 4);
  registry.addInt("maxsmt.narrowings", 3, "conditional invariants tried per loop and assertion after the first",
                  0, 32);
  registry.addInt("maxsmt.query_timeout", 10, "seconds for one conditional-invariant search (all template sizes)",
                  1, 100000);
  registry.addChoice("maxsmt.multipliers", "integer", {"real", "integer"},
                     "Farkas multipliers of the known rows: rationals (complete over the rationals) or integers "
                     "(a pure LIA query; used only when every row's coefficients are integral)");
  registry.addBool("maxsmt.disabling", false,
                   "consecution may also hold because the conditional invariant disables the transition "
                   "(Farkas' infeasibility case; doubles the consecution constraints)");
  registry.addInt("maxsmt.case_splits", 1,
                  "when no conditional invariants prove a loop, split on a row over variables the loop does not "
                  "modify (from the assertion or the loop's conditions) and prove each case: N levels of splits",
                  0, 4);
  registry.addInt("maxsmt.rounds", 3,
                  "searches in all: after a failed one, the next has one more conjunct, twice the coefficient "
                  "range and twice the time per query",
                  1, 16);
  registry.addBool("maxsmt.parallel", false,
                   "solve the template sizes at once, each in its own thread and Z3 context (VeryMax-Par)");
  registry.addBool("maxsmt.intervals", true,
                   "interval invariants (kind's interval analysis, confirmed by Houdini) restrict the blocks "
                   "before any template is searched");
  registry.addBool("maxsmt.orderings", true,
                   "orderings x <= y between the integer variables of each loop head, confirmed by Houdini after "
                   "the intervals, are known before any template is searched");
  registry.addBool("maxsmt.equalities", true,
                   "linear equalities from the affine hull of sampled reachable states, confirmed by Houdini, "
                   "are known before any template is searched");
  registry.addBool("maxsmt.partitioned_equalities", true,
                   "with maxsmt.equalities, also the equalities of the sampled states on either side of each "
                   "condition the loop tests, as implications c -> e (i = 2y where i % 2 == 0)");
  registry.addBool("maxsmt.congruences", true,
                   "affine congruences modulo the primes of the program's remainders (x % 2), found under the "
                   "intervals, restrict the blocks too");
  registry.addChoice("maxsmt.integer_cuts", "auto", {"auto", "on", "off"},
                     "one Chvátal-Gomory cut (divisor 2) per Farkas implication, for reasoning only integers "
                     "allow (2q <= 1 gives q <= 0); auto: from the second round on, in programs that take "
                     "remainders");
  registry.addChoice("maxsmt.solver", "core-guided", {"core-guided", "optimize"},
                     "Max-SMT method: our own core-guided loop on the solver facade, or Z3's optimize");
}

}  // namespace

ir::Result MaxSmtEngine::run(const ir::Program& program, RunContext& ctx) {
  Support support = supports(program);
  if (!support.ok) return ir::Result::unknown(ir::UnknownReason::Unsupported, support.reason);
  try {
    std::shared_ptr<transforms::InlineBackTranslator> prepared = kind::prepareProgram(program);
    const ir::Program& target = prepared ? *prepared->result().program : program;
    transforms::CutPointSystem ts(target, target.mainProc());
    Linearizer linear(target.ctx());
    CutGraph graph(ts, linear, ctx.solverConfig("maxsmt-cubes"), CutGraphLimits{});
    // The invariants an analysis finds cheaply come first: the paths they rule out leave the cubes, and
    // every conditional invariant is searched for under them.
    std::map<ir::LocId, z3::expr> given = givenInvariants(ts, ctx);
    graph.restrictBlocks(given);
    size_t loops = 0;
    for (ir::LocId cut : ts.cutPoints())
      if (graph.isLoop(graph.component(cut)) && cut == graph.members(graph.component(cut)).front()) ++loops;
    ctx.stats.set("maxsmt.components", static_cast<int64_t>(loops));
    ctx.stats.set("maxsmt.blocks", static_cast<int64_t>(graph.blocks().size()));
    // A failed search is repeated with more room while time remains: one more conjunct, a wider
    // coefficient range and twice the time per query each round (the failed pairs of a round are no
    // failures with larger templates, so each round starts afresh).
    VeryMaxOptions options = optionsFrom(ctx.options);
    // Integer cuts cost a second combination per implication (hola/02: 0.6 s without, 8.8 s with): by
    // default only after a failed round, in programs that take remainders, where integrality is what a
    // proof may hinge on; never with a non-integer variable.
    std::string cuts = ctx.options.getString("maxsmt.integer_cuts");
    bool integerVariables = std::all_of(ts.vars().begin(), ts.vars().end(), [&](ir::VarId v) {
      return target.var(v).cur.is_int() || target.var(v).cur.is_bool();
    });
    bool cutsLater = integerVariables && cuts == "auto" && !analysis::moduliPrimes(target).empty();
    options.integerCuts = integerVariables && cuts == "on";
    unsigned rounds = static_cast<unsigned>(ctx.options.getInt("maxsmt.rounds"));
    std::unique_ptr<VeryMax> verymax;
    VeryMax::Outcome outcome = VeryMax::Outcome::Failed;
    for (unsigned round = 0; round < rounds && outcome == VeryMax::Outcome::Failed; ++round) {
      if (round > 0) {
        options.maxConjuncts += 1;
        options.coefficientBound *= 2;
        options.queryTimeoutSeconds *= 2;
        options.integerCuts = options.integerCuts || cutsLater;
        ctx.log.log(1, "maxsmt", "round {}: up to {} conjuncts, coefficients in [-{}, {}], {} s per search{}",
                    round + 1, options.maxConjuncts, options.coefficientBound, options.coefficientBound,
                    options.queryTimeoutSeconds, options.integerCuts ? ", integer cuts" : "");
      }
      ctx.stats.set("maxsmt.rounds", static_cast<int64_t>(round + 1));
      ctx.stats.set("maxsmt.integer_cuts", static_cast<int64_t>(options.integerCuts));
      verymax = std::make_unique<VeryMax>(graph, linear, options, ctx);
      verymax->assumeInvariants(given);
      outcome = verymax->proveSafe();
    }
    if (outcome == VeryMax::Outcome::Stopped) return ctx.stopped();
    if (outcome == VeryMax::Outcome::Failed)
      return ir::Result::unknown(ir::UnknownReason::Incomplete, "no conditional invariants prove the program");
    ir::Certificate cert;
    cert.context = target.sharedCtx();
    cert.kind = ir::Certificate::Kind::Invariants;
    cert.k = 1;
    for (ir::LocId head : ts.loopHeads()) cert.invariants.emplace(head, verymax->invariantAt(head));
    for (ir::LocId l : ts.unreachableCutPoints()) cert.invariants.emplace(l, target.ctx().bool_val(false));
    ir::Result result = ir::Result::safe(std::move(cert));
    result.engine = "maxsmt";
    if (prepared) *result.certificate() = prepared->certificate(*result.certificate());
    return result;
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  }
}

EngineInfo engineInfo() {
  return EngineInfo{"maxsmt",
                    "VeryMax (Brockschmidt et al., FMCAD 2015): conditional inductive invariants per loop from "
                    "Max-SMT over Farkas-encoded templates, preconditions passed backwards, narrowing on "
                    "failure; proves only (never FALSE)",
                    [] { return std::make_unique<MaxSmtEngine>(); }, registerOptions};
}

}  // namespace argus::engines::maxsmt
