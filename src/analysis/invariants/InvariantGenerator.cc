// The generator thread: rounds of candidates, each filtered by Houdini and posted at once.
#include "analysis/invariants/InvariantGenerator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "analysis/invariants/AffineHull.h"
#include "analysis/invariants/Candidates.h"
#include "analysis/invariants/Congruences.h"
#include "analysis/invariants/Houdini.h"
#include "analysis/invariants/IntervalAnalysis.h"
#include "smt/Solver.h"

namespace argus::analysis {
namespace {

/// Above this many ordering candidates the relational rounds wait for the disjunctive interval rounds.
constexpr size_t kEarlyOrderingCandidates = 1000;
/// Abstract posts the partitioned interval round may take (a few seconds); the full ssh tasks take
/// 40,000, the eca-rers2012 state machines 100,000.
constexpr size_t kPartitionPosts = 2'000'000;
/// The congruence round's budget: beyond it, the analysis of a large program gives nothing.
constexpr double kCongruenceSeconds = 5;

/// One round's worth of work on the private copy of the program.
class Rounds {
 public:
  Rounds(const ir::Program& program, ir::ProcId proc, Logger& log, Stats& stats, ShutdownToken& token,
         InvariantChannel& channel)
      : ts_(program, proc),
        encoder_(ts_),
        houdini_(encoder_, config(stats, token)),
        log_(log),
        stats_(stats),
        token_(token),
        channel_(channel) {}

  /// Interval analysis with up to `boxes` disjuncts; false if stopped.
  bool intervals(size_t boxes) {
    IntervalAnalysisOptions options;
    options.maxBoxes = boxes;
    options.wideningDelay = 1 + static_cast<unsigned>(boxes);
    IntervalAnalysis analysis(ts_);
    {
      ScopedTimer timer(stats_, "invgen.interval_time");
      if (!analysis.run(options, &token_)) return false;
    }
    stats_.add("invgen.interval_posts", static_cast<int64_t>(analysis.posts()));
    if (boxes == 1) hulls_ = loopHeadHulls(analysis);
    return check(boxes == 1 ? "intervals" : "intervals(" + std::to_string(boxes) + ")",
                 intervalCandidates(analysis));
  }

  /// Intervals partitioned by the key variables (state machines): a disjunction of up to `boxes` boxes,
  /// one per combination of control values; nothing to do without key variables.
  bool partitionedIntervals(size_t boxes) {
    if (boxes == 0) return true;
    IntervalAnalysisOptions options;
    options.partition = true;
    options.maxBoxes = boxes;
    options.maxPosts = kPartitionPosts;
    IntervalAnalysis analysis(ts_);
    if (analysis.keyVariables().empty()) return true;
    {
      ScopedTimer timer(stats_, "invgen.partition_time");
      if (!analysis.run(options, &token_)) {
        // Too many control states to enumerate: the round gives nothing, the later rounds still run.
        if (analysis.exhausted())
          stats_.set("invgen.partition_exhausted", static_cast<int64_t>(analysis.posts()));
        return analysis.exhausted();
      }
    }
    stats_.add("invgen.partition_posts", static_cast<int64_t>(analysis.posts()));
    return check("partitioned intervals", intervalCandidates(analysis));
  }

  bool orderings() { return check("orderings", orderingList()); }

  /// Affine congruences modulo the primes of the program's remainders (Congruences.h), found under the
  /// invariants accepted so far (z ≥ 1 and z odd decide z % 2 == 1); nothing to do without remainders.
  bool congruences() {
    std::map<ir::LocId, z3::expr> premises;
    for (auto& [cut, parts] : accepted_) premises.emplace(cut, smt::mkAnd(ts_.program().ctx(), parts));
    std::vector<Candidate> candidates;
    {
      ScopedTimer timer(stats_, "invgen.congruence_time");
      CongruenceStats stats;
      for (auto& [cut, parts] : affineCongruences(encoder_, config(stats_, token_), premises, &stats,
                                                  kCongruenceSeconds))
        if (std::find(ts_.loopHeads().begin(), ts_.loopHeads().end(), cut) != ts_.loopHeads().end())
          for (const z3::expr& part : parts) candidates.push_back({cut, part});
    }
    if (token_.stopRequested()) return false;
    return check("congruences", candidates);
  }
  size_t orderingCount() { return orderingList().size(); }

  bool equalities(bool partitioned) {
    std::vector<Candidate> candidates;
    {
      ScopedTimer timer(stats_, "invgen.equality_time");
      EqualitySearch search;
      search.partitioned = partitioned;
      candidates = equalityCandidates(encoder_, search, config(stats_, token_));
    }
    if (token_.stopRequested()) return false;
    return check("equalities", candidates);
  }

  /// Candidates dropped in earlier rounds, once more: later rounds may have made them inductive.
  bool retryDropped() {
    if (dropped_.empty() || !acceptedSinceDrop_) return true;
    return check("retry", std::exchange(dropped_, {}), false);
  }

 private:
  /// The ordering candidates, built once (counted before their round, checked in it), after the first
  /// interval round whose hulls decide some of them.
  const std::vector<Candidate>& orderingList() {
    if (!orderings_) orderings_ = orderingCandidates(ts_, hulls_, kMaxOrderingVariables, &token_);
    return *orderings_;
  }

  static smt::SolverConfig config(Stats& stats, ShutdownToken& token) {
    smt::SolverConfig c;
    c.stats = &stats;
    c.shutdown = &token;
    c.name = "invgen-houdini";
    return c;
  }

  /// Filters the candidates not posted before and posts the survivors; false if stopped or undecided.
  bool check(const std::string& source, const std::vector<Candidate>& candidates, bool onlyNew = true) {
    std::vector<Candidate> fresh;
    for (const Candidate& c : candidates)
      if (posted_.insert({c.cut, toSmtText(c.formula)}).second || !onlyNew) fresh.push_back(c);
    stats_.add("invgen.candidates", static_cast<int64_t>(fresh.size()));
    if (fresh.empty()) return true;
    std::optional<std::vector<Candidate>> accepted;
    {
      ScopedTimer timer(stats_, "invgen.houdini_time");
      accepted = houdini_.filter(fresh);
    }
    if (!accepted) return false;
    log_.log(2, "invgen", "{}: {} of {} candidates inductive", source, accepted->size(), fresh.size());
    rememberDropped(fresh, *accepted);
    if (accepted->empty()) return true;
    InvariantBatch batch{source, watch_.seconds(), {}};
    for (const Candidate& c : *accepted) {
      accepted_[c.cut].push_back(c.formula);
      batch.invariants.emplace_back(c.cut, toSmtText(c.formula));
      log_.log(3, "invgen", "{} at {}: {}", source, ts_.program().loc(c.cut).name, batch.invariants.back().second);
    }
    stats_.add("invgen.invariants", static_cast<int64_t>(accepted->size()));
    channel_.post(std::move(batch));
    return true;
  }

  /// Keeps what Houdini dropped for retryDropped(); acceptances help only drops of earlier rounds
  /// (within a round, the dropped candidates were already checked with the accepted ones assumed).
  void rememberDropped(const std::vector<Candidate>& tried, const std::vector<Candidate>& accepted) {
    if (!accepted.empty() && !dropped_.empty()) acceptedSinceDrop_ = true;
    size_t next = 0;  // Houdini returns the accepted candidates in their original order
    for (const Candidate& c : tried) {
      if (next < accepted.size() && c.cut == accepted[next].cut && z3::eq(c.formula, accepted[next].formula))
        ++next;
      else
        dropped_.push_back(c);
    }
  }

  transforms::CutPointSystem ts_;
  transforms::StepEncoder encoder_;
  Houdini houdini_;
  Hulls hulls_;  // of the first interval round: sound bounds, which Houdini normally accepts as invariants
  std::optional<std::vector<Candidate>> orderings_;
  Logger& log_;
  Stats& stats_;
  ShutdownToken& token_;
  InvariantChannel& channel_;
  Stopwatch watch_;
  std::set<std::pair<ir::LocId, std::string>> posted_;
  std::vector<Candidate> dropped_;
  bool acceptedSinceDrop_ = false;
  std::map<ir::LocId, std::vector<z3::expr>> accepted_;  // every invariant posted, per cut point
};

}  // namespace

InvariantGenerator::InvariantGenerator(const ir::Program& program, ir::ProcId proc, GeneratorOptions options,
                                       Logger& log, Stats& stats, const std::shared_ptr<ShutdownToken>& parent,
                                       std::shared_ptr<InvariantChannel> channel)
    : ctx_(std::make_shared<z3::context>()),
      program_(std::make_unique<ir::Program>(program.translate(ctx_))),
      proc_(proc),
      options_(options),
      log_(log),
      stats_(stats),
      token_(parent ? ShutdownToken::childOf(parent) : std::make_shared<ShutdownToken>()),
      channel_(std::move(channel)) {
  thread_ = std::thread([this] { work(); });
}

InvariantGenerator::~InvariantGenerator() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void InvariantGenerator::stop() { token_->requestStop("invariant generator stopped"); }

void InvariantGenerator::work() {
  // Nothing may escape a thread: a failure here only means fewer invariants.
  try {
    Rounds rounds(*program_, proc_, log_, stats_, *token_, *channel_);
    bool going = options_.domains != InvariantDomains::None;
    bool relational = options_.domains == InvariantDomains::All;
    // The relational rounds come right after the first intervals, unless there are so many ordering
    // candidates (loops that touch many variables) that Houdini would hold back the cheap disjunctive
    // interval rounds for long: then they come last.
    // (Counted after the first intervals, which decide some orderings.)
    bool relationalEarly = false;
    auto relations = [&] { return rounds.orderings() && rounds.equalities(options_.partitionedEqualities); };
    for (size_t boxes = 1; going && boxes <= options_.maxBoxes; boxes *= 2) {
      going = rounds.intervals(boxes);
      if (going && boxes == 1) going = rounds.partitionedIntervals(options_.partitionBoxes);
      if (going && boxes == 1 && relational) going = rounds.congruences();
      if (boxes == 1) relationalEarly = relational && rounds.orderingCount() <= kEarlyOrderingCandidates;
      if (going && boxes == 1 && relationalEarly) going = relations();
    }
    if (going && relational && !relationalEarly) going = relations();
    if (going) rounds.retryDropped();
  } catch (const z3::exception& e) {
    // After a stop request, Z3 may report the interruption as an error; a resource limit only means
    // fewer invariants. Any other Z3 error is a bug of ours.
    if (!token_->stopRequested()) reportFailure(std::string("Z3: ") + e.msg(), !smt::isResourceLimit(e.msg()));
  } catch (const std::bad_alloc&) {
    if (!token_->stopRequested()) reportFailure("out of memory", false);
  } catch (const std::exception& e) {
    reportFailure(e.what(), true);
  }
  channel_->finish();
}

void InvariantGenerator::reportFailure(const std::string& what, bool isBug) {
  log_.warn("invgen", "invariant generator failed: {}", what);
  stats_.set("invgen.failure", what);
  if (isBug) channel_->fail(what);
}

}  // namespace argus::analysis
