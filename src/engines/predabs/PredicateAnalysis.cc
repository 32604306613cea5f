// Predicate abstraction: CEGAR around the CPA reachability algorithm, and the certificate of a closed ARG.
#include "engines/predabs/PredicateAnalysis.h"

#include <map>

#include "analysis/cpa/ArgDot.h"
#include "analysis/cpa/Preparation.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::engines::predabs {

PredicateAnalysis::PredicateAnalysis(const ir::Program& program, const Settings& settings, RunContext& context,
                                     BddSession& bdds)
    : program_(program),
      settings_(settings),
      context_(context),
      bdds_(bdds),
      precision_(std::make_shared<PredicatePrecision>(settings.precision, program.numLocs())) {
  INVARIANT(program.numProcs() == 1, "predicate analysis runs on one procedure");
  abstractor_ = std::make_unique<Abstractor>(program, predicates_, bdds,
                                             Abstractor::Config{settings.abstraction, settings.clusters, settings.maxCubes},
                                             context.solverConfig("predabs-abstraction"), context.stats);
  interpolator_ = cpa::makeInterpolator(settings.interpolation, settings.coreInterpolation, program.ctx(),
                                        context.solverConfig("predabs-interpolation"), context.solverConfig("predabs-core"));
  refiner_ = std::make_unique<Refiner>(program, predicates_, *precision_, *interpolator_, bdds,
                                       context.solverConfig("predabs-path"), context.stats, context.log);
  std::vector<std::unique_ptr<cpa::Cpa>> components;
  components.push_back(std::make_unique<PredicateCpa>(program, *abstractor_, precision_));
  cpa_ = std::make_unique<cpa::CompositeCpa>(program, std::move(components));
  reached_ = std::make_unique<cpa::ReachedSet>(*cpa_, settings.order);
}

void PredicateAnalysis::seedPredicates(const std::vector<z3::expr>& atoms, ir::LocId loc) {
  std::vector<PredicateId> ids;
  for (auto& atom : atoms)
    if (auto id = predicates_.intern(atom)) ids.push_back(*id);
  for (ir::LocId l = 0; l < program_.numLocs(); ++l)
    if (loc == ir::kNone || loc == l)
      for (PredicateId id : ids) precision_->add(l, id);
  predicates_.relate(ids);
  bdds_.ensureVariables(static_cast<int>(predicates_.size()));
}

ir::Result PredicateAnalysis::run() {
  reached_->initialize();
  cpa::ReachabilityAlgorithm algorithm(*cpa_, *reached_, settings_.merge, settings_.stop,
                                       cpa::AlgorithmServices{context_.stats, context_.log, context_.shutdown.get(), "predabs"});
  while (true) {
    cpa::RunResult explored = algorithm.run();
    bdds_.check();
    if (explored.status == cpa::RunStatus::Stopped) return finish(context_.stopped());
    if (explored.status == cpa::RunStatus::Exhausted) return finish(ir::Result::safe(certificate()));
    Refinement r = refiner_->refine(reached_->arg().pathTo(explored.target));
    switch (r.kind) {
      case Refinement::Kind::Feasible:
        r.trace.context = program_.sharedCtx();
        return finish(ir::Result::unsafe(std::move(r.trace)));
      case Refinement::Kind::Unknown:
        if (context_.shutdown && context_.shutdown->stopRequested()) return finish(context_.stopped());
        return finish(ir::Result::unknown(ir::UnknownReason::Incomplete, r.detail));
      case Refinement::Kind::NoProgress:
        return finish(ir::Result::unknown(ir::UnknownReason::Incomplete, r.detail));
      case Refinement::Kind::Refined:
        break;
    }
    if (settings_.maxRefinements >= 0 && refinements_ >= settings_.maxRefinements)
      return finish(ir::Result::unknown(ir::UnknownReason::BoundReached,
                                        "refinement limit of " + std::to_string(settings_.maxRefinements) + " reached"));
    ++refinements_;
    reached_->removeSubtree(r.pivot);
  }
}

ir::Certificate PredicateAnalysis::certificate() {
  std::map<ir::LocId, bdd> regions;
  for (cpa::ArgNode* node : reached_->reached()) {
    ir::LocId loc = cpa::ReachedSet::stateOf(*node).loc();
    INVARIANT(!program_.isErrorLoc(loc), "a closed ARG with a node at the error location");
    auto [it, fresh] = regions.emplace(loc, bddfalse);
    it->second |= predicateStateOf(*node).region();
  }
  return cpa::invariantsPerLocation(program_, [&](ir::LocId l) -> std::optional<z3::expr> {
    auto it = regions.find(l);
    if (it == regions.end()) return std::nullopt;
    return abstractor_->formula(it->second);
  });
}

ir::Result PredicateAnalysis::finish(ir::Result result) {
  Stats& s = context_.stats;
  s.set("predabs.arg_nodes", static_cast<int64_t>(reached_->arg().size()));
  s.set("predabs.predicates", static_cast<int64_t>(precision_->total()));
  s.set("predabs.predicates_per_location_avg", precision_->averagePerLocation());
  s.set("predabs.predicates_per_location_max", static_cast<int64_t>(precision_->maxPerLocation()));
  s.set("predabs.refinements", refinements_);
  if (context_.arg)
    context_.arg->dot = cpa::argDot(*reached_, program_, [&](const cpa::ArgNode& node) {
      return abstractor_->formula(predicateStateOf(node).region()).to_string();
    }, context_.arg->maxNodes);
  return result;
}

}  // namespace argus::engines::predabs
