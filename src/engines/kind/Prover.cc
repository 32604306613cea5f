// The k-induction loop, its statistics and its certificates.
#include "engines/kind/Prover.h"

#include <fmt/format.h>

#include <map>

#include "smt/Terms.h"

namespace argus::engines::kind {

using smt::SatResult;

namespace {
/// Up to this k, every check runs at every k; beyond, checks that cost more than the base case wait.
constexpr unsigned kAlwaysUpTo = 4;
}  // namespace

ProverOptions ProverOptions::from(const Options& options) {
  ProverOptions o;
  o.maxK = static_cast<unsigned>(options.getInt("kind.max_k"));
  o.forward = options.getBool("kind.forward");
  std::string domains = options.getString("kind.invariants");
  o.generator.domains = domains == "none"        ? analysis::InvariantDomains::None
                        : domains == "intervals" ? analysis::InvariantDomains::Intervals
                                                 : analysis::InvariantDomains::All;
  o.generator.maxBoxes = static_cast<size_t>(options.getInt("kind.max_disjuncts"));
  o.generator.partitionBoxes = static_cast<size_t>(options.getInt("kind.partition_boxes"));
  o.generator.partitionedEqualities = options.getBool("kind.partitioned_equalities");
  return o;
}

Prover::Prover(const ir::Program& program, ProverOptions options, RunContext& ctx)
    : program_(program),
      options_(options),
      ctx_(ctx),
      ts_(program, program.mainProc()),
      encoder_(ts_),
      base_(encoder_, ctx.solverConfig("kind-base")),
      step_(encoder_, ctx.solverConfig("kind-step")),
      channel_(std::make_shared<analysis::InvariantChannel>()) {
  ctx.stats.set("kind.locations", static_cast<int64_t>(program.numLocs()));
  ctx.stats.set("kind.loop_heads", static_cast<int64_t>(ts_.loopHeads().size()));
  if (options_.generator.domains != analysis::InvariantDomains::None)
    generator_ = std::make_unique<analysis::InvariantGenerator>(program, program.mainProc(), options_.generator,
                                                                 ctx.log, ctx.stats, ctx.shutdown, channel_);
}

bool Prover::injectPending() {
  bool any = false;
  for (analysis::InvariantBatch& batch : channel_->take()) {
    for (auto& [cut, text] : batch.invariants) {
      z3::expr formula = analysis::fromSmtText(program_, text);
      step_.addInvariant(cut, formula);
      injected_.push_back({cut, formula, batch.source});
    }
    any = any || !batch.invariants.empty();
    ctx_.stats.add("kind.invariants_injected", static_cast<int64_t>(batch.invariants.size()));
    std::string entry = fmt::format("{:.2f}s {}: {}", watch_.seconds(), batch.source, batch.invariants.size());
    std::string log = ctx_.stats.getString("kind.injections");
    ctx_.stats.set("kind.injections", log.empty() ? entry : log + "; " + entry);
    ctx_.log.log(1, "kind", "injected {} invariants from {} at {:.2f}s", batch.invariants.size(), batch.source,
                 watch_.seconds());
  }
  return any;
}

template <typename Check>
SatResult Prover::timed(const char* key, double& total, Check check) {
  Stopwatch watch;
  SatResult r = check();
  double seconds = watch.seconds();
  total += seconds;
  ctx_.stats.addTime(key, seconds);
  return r;
}

ir::Result Prover::undecided(const char* what) {
  if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
  return ir::Result::unknown(ir::UnknownReason::Incomplete, std::string("solver returned unknown in the ") + what);
}

ir::Result Prover::prove() {
  for (unsigned k = 1; options_.maxK == 0 || k <= options_.maxK; ++k) {
    if (ctx_.shutdown && ctx_.shutdown->stopRequested()) return ctx_.stopped();
    // A bug in the generator's thread ends the run visibly rather than leaving k-induction on its own.
    if (std::string failure = channel_->failure(); !failure.empty())
      return ir::Result::unknown(ir::UnknownReason::Error, "the invariant generator failed: " + failure);
    ctx_.stats.set("kind.k", static_cast<int64_t>(k));
    ctx_.log.log(1, "kind", "k = {}", k);
    if (auto decided = baseAndForward(k)) return *decided;
    if (!stepDue(k)) {
      ctx_.stats.add("kind.step_skipped");
      continue;
    }
    if (auto decided = inductiveStep(k)) return *decided;
  }
  return ir::Result::unknown(ir::UnknownReason::BoundReached, fmt::format("k reached {}", options_.maxK));
}

std::optional<ir::Result> Prover::baseAndForward(unsigned k) {
  SatResult base = timed("kind.base_time", baseSeconds_, [&] { return base_.errorWithin(k); });
  if (base == SatResult::Sat) {
    ctx_.stats.set("kind.proof", std::string("counterexample"));
    return ir::Result::unsafe(base_.counterexample(k));
  }
  if (base == SatResult::Unknown) return undecided("base case");
  // Like the step, the forward condition only waits when it has cost more than the base case so far.
  if (!options_.forward || (k > kAlwaysUpTo && forwardSeconds_ > baseSeconds_)) return std::nullopt;
  SatResult longer = timed("kind.forward_time", forwardSeconds_, [&] { return base_.runsLongerThan(k); });
  if (longer == SatResult::Unsat) return provedByForward(k);
  if (longer == SatResult::Unknown) return undecided("forward condition");
  return std::nullopt;
}

bool Prover::stepDue(unsigned k) {
  // A property k-inductive at k is so at every larger k, so skipping a step check only delays a proof.
  // Once the step costs more than the base case, it waits for the base case (and BMC-like progress)
  // to catch up, unless new invariants arrived, which may make it succeed at once.
  bool fresh = injectPending();
  return fresh || k <= kAlwaysUpTo || k == options_.maxK || stepSeconds_ <= baseSeconds_ + forwardSeconds_;
}

std::optional<ir::Result> Prover::inductiveStep(unsigned k) {
  while (true) {
    SatResult inductive = timed("kind.step_time", stepSeconds_, [&] { return step_.check(k); });
    if (inductive == SatResult::Unsat) return provedByStep(k);
    if (inductive == SatResult::Unknown) return undecided("inductive step");
    // Retry the same k at once whenever new invariants have arrived meanwhile.
    if (!injectPending()) return std::nullopt;
    ctx_.stats.add("kind.step_retries");
  }
}

unsigned Prover::smallestK(unsigned k) {
  // Invariants that arrived late let the step succeed at whatever k the loop had reached; with all of
  // them from the start a small k often suffices, and certify's effort grows with k.
  constexpr unsigned kTryUpTo = 3;
  if (injected_.empty()) return k;
  for (unsigned j = 1; j < k && j <= kTryUpTo; ++j) {
    StepCase fresh(encoder_, ctx_.solverConfig("kind-step-min"));
    for (const Injected& inv : injected_) fresh.addInvariant(inv.cut, inv.formula);
    SatResult r = timed("kind.step_time", stepSeconds_, [&] { return fresh.check(j); });
    if (r == SatResult::Unsat) return j;
    if (r == SatResult::Unknown) break;
  }
  return k;
}

ir::Result Prover::provedByStep(unsigned k) {
  ir::Certificate cert;
  cert.context = program_.sharedCtx();
  cert.kind = ir::Certificate::Kind::Invariants;
  cert.k = smallestK(k);
  std::map<ir::LocId, std::vector<z3::expr>> byCut;
  for (ir::LocId head : ts_.loopHeads()) byCut[head];
  for (const Injected& inv : injected_) byCut[inv.cut].push_back(inv.formula);
  for (auto& [cut, parts] : byCut) cert.invariants.emplace(cut, smt::mkAnd(program_.ctx(), parts));
  for (ir::LocId l : ts_.unreachableCutPoints()) cert.invariants.emplace(l, program_.ctx().bool_val(false));
  // Which invariants the final step needed (its unsat core), by generator round.
  std::map<std::string, int> used;
  for (size_t i : step_.usedInvariants()) {
    ++used[injected_[i].source];
    ctx_.log.log(2, "kind", "the step used {} at {}: {}", injected_[i].source, program_.loc(injected_[i].cut).name,
                 injected_[i].formula.to_string());
  }
  std::string text;
  int total = 0;
  for (auto& [source, n] : used) {
    text += (text.empty() ? "" : ", ") + fmt::format("{} x{}", source, n);
    total += n;
  }
  ctx_.stats.set("kind.proof", std::string("step"));
  ctx_.stats.set("kind.proof_invariants_used", static_cast<int64_t>(total));
  if (!text.empty()) ctx_.stats.set("kind.proof_invariants", text);
  ctx_.stats.set("kind.certificate_k", static_cast<int64_t>(cert.k));
  ctx_.log.log(1, "kind", "inductive step holds at k = {} using {} invariants (certificate: k = {})", k, total,
               cert.k);
  return ir::Result::safe(std::move(cert));
}

ir::Result Prover::provedByForward(unsigned k) {
  // After k blocks between the cut points every execution has ended: exactly a block bound over our
  // cut points (certify unrolls them k times; a per-loop unrolling bound would multiply the bounds of
  // nested loops).
  ir::Certificate cert;
  cert.context = program_.sharedCtx();
  cert.kind = ir::Certificate::Kind::BlockBound;
  cert.bound = k;
  for (ir::LocId head : ts_.loopHeads()) cert.invariants.emplace(head, program_.ctx().bool_val(true));
  for (ir::LocId l : ts_.unreachableCutPoints()) cert.invariants.emplace(l, program_.ctx().bool_val(false));
  ctx_.stats.set("kind.proof", std::string("forward"));
  ctx_.log.log(1, "kind", "forward condition holds at k = {}", k);
  return ir::Result::safe(std::move(cert));
}

}  // namespace argus::engines::kind
