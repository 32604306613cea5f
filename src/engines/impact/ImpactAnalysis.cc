// Impact: the refinement loop around the CPA reachability algorithm, coverage and forced coverage,
// and the certificate of a closed ARG.
#include "engines/impact/ImpactAnalysis.h"

#include <map>

#include "analysis/cpa/ArgDot.h"
#include "analysis/cpa/Preparation.h"
#include "engines/impact/LabelCpa.h"
#include "smt/Interpolator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::engines::impact {

ImpactAnalysis::ImpactAnalysis(const ir::Program& program, const Settings& settings, RunContext& context)
    : program_(program),
      settings_(settings),
      context_(context),
      instantiator_(program),
      scope_(program.scope(program.mainProc())),
      checker_(program, context.solverConfig("impact-coverage"), context.stats) {
  INVARIANT(program.numProcs() == 1, "Impact runs on one procedure");
  interpolator_ = cpa::makeInterpolator(settings.interpolation, settings.coreInterpolation, program.ctx(),
                                        context.solverConfig("impact-interpolation"), context.solverConfig("impact-core"));
  std::vector<std::unique_ptr<cpa::Cpa>> components;
  components.push_back(std::make_unique<LabelCpa>(program.ctx(), checker_));
  cpa_ = std::make_unique<cpa::CompositeCpa>(program, std::move(components));
  reached_ = std::make_unique<cpa::ReachedSet>(*cpa_, settings.order);
}

ir::Result ImpactAnalysis::run() {
  reached_->initialize();
  cpa::ReachabilityAlgorithm algorithm(*cpa_, *reached_, cpa::MergeKind::Sep, cpa::StopKind::Sep,
                                       cpa::AlgorithmServices{context_.stats, context_.log, context_.shutdown.get(), "impact"});
  algorithm.setBeforeExpansion([this](cpa::ArgNode* node) { return closeBeforeExpansion(node); });
  auto stopRequested = [this] { return context_.shutdown && context_.shutdown->stopRequested(); };
  while (true) {
    cpa::RunResult explored;
    {
      ScopedTimer timer(context_.stats, "impact.time.expansion");
      explored = algorithm.run();
    }
    if (explored.status == cpa::RunStatus::Stopped) return finish(context_.stopped());
    if (explored.status == cpa::RunStatus::Exhausted) explored.target = unrefinedTarget();
    if (!explored.target) return finish(ir::Result::safe(certificate()));
    if (settings_.maxRefinements >= 0 && refinements_ >= settings_.maxRefinements)
      return finish(ir::Result::unknown(ir::UnknownReason::BoundReached,
                                        "refinement limit of " + std::to_string(settings_.maxRefinements) + " reached"));
    Refinement r = refine(explored.target);
    if (r.kind == Refinement::Kind::Feasible) {
      r.trace.context = program_.sharedCtx();
      return finish(ir::Result::unsafe(std::move(r.trace)));
    }
    if (stopRequested()) return finish(context_.stopped());
    if (r.kind == Refinement::Kind::Unknown)
      return finish(ir::Result::unknown(ir::UnknownReason::Incomplete, r.detail));
    ++refinements_;
  }
}

// ---------------------------------------------------------------- refinement

cpa::ArgNode* ImpactAnalysis::unrefinedTarget() const {
  for (cpa::ArgNode* node : reached_->reached())
    if (program_.isErrorLoc(cpa::ReachedSet::stateOf(*node).loc()) && !smt::isFalse(labelOf(*node))) return node;
  return nullptr;
}

ImpactAnalysis::Refinement ImpactAnalysis::refine(cpa::ArgNode* target) {
  ScopedTimer timer(context_.stats, "impact.time.refinement");
  auto path = reached_->arg().pathTo(target);
  auto steps = cpa::stepsOf(path);
  cpa::PathFormula formula = cpa::pathFormula(instantiator_, program_.mainProc(), steps);
  smt::SatResult feasible;
  {
    ScopedTimer check(context_.stats, "impact.time.path_checks");
    context_.stats.add("impact.path_checks");
    smt::Solver solver(program_.ctx(), context_.solverConfig("impact-path"));
    for (auto& part : formula.parts) solver.add(part);
    feasible = solver.check();
    if (feasible == smt::SatResult::Unknown) return {Refinement::Kind::Unknown, {}, "path check: " + solver.reasonUnknown()};
  }
  if (feasible == smt::SatResult::Sat) return {Refinement::Kind::Feasible, cpa::traceOf(steps), ""};
  std::string why;
  if (!strengthenPath(path, formula, why)) return {Refinement::Kind::Unknown, {}, why};
  context_.log.log(2, "impact", "refined a path of {} steps; {} ARG nodes", path.size(), reached_->arg().size());
  return {Refinement::Kind::Refined, {}, ""};
}

bool ImpactAnalysis::strengthenPath(const std::vector<cpa::Arg::PathStep>& path, const cpa::PathFormula& formula,
                                    std::string& why) {
  std::optional<std::vector<z3::expr>> interpolants;
  {
    ScopedTimer interpolation(context_.stats, "impact.time.interpolation");
    interpolants = interpolator_->interpolate(formula.parts);
  }
  if (!interpolants) {
    why = cpa::noInterpolantsReason(interpolator_->failure());
    return false;
  }
  INVARIANT(interpolants->size() + 1 == path.size(), "one interpolant per inner position of the path");
  std::vector<cpa::ArgNode*> strengthened;
  for (size_t k = 0; k < interpolants->size(); ++k) {
    cpa::ArgNode* node = path[k].node;
    if (node->removed) continue;  // below a node that became `false`
    z3::expr over = cpa::atCurrent(program_, (*interpolants)[k], formula.states[k + 1], scope_).simplify();
    if (checker_.implies(labelOf(*node), over)) continue;
    strengthen(node, over);
    strengthened.push_back(node);
  }
  cpa::ArgNode* target = path.back().node;
  if (!target->removed) strengthen(target, program_.ctx().bool_val(false));
  ScopedTimer coverage(context_.stats, "impact.time.coverage");
  for (cpa::ArgNode* node : strengthened)
    if (!node->removed && !node->covered() && !smt::isFalse(labelOf(*node))) close(node);
  return true;
}

void ImpactAnalysis::strengthen(cpa::ArgNode* node, const z3::expr& conjunct) {
  const z3::expr& old = labelOf(*node);
  z3::expr label = smt::isFalse(conjunct) ? conjunct : smt::isTrue(old) ? conjunct : old && conjunct;
  relabel(*node, label);
  context_.stats.add("impact.strengthened_labels");
  uncoverAllCoveredBy(node);
  if (smt::isFalse(label)) removeChildren(node);  // unreachable
}

// ---------------------------------------------------------------- coverage

bool ImpactAnalysis::closeBeforeExpansion(cpa::ArgNode* node) {
  if (smt::isFalse(labelOf(*node))) return true;
  ScopedTimer timer(context_.stats, "impact.time.coverage");
  return close(node) || (settings_.forcedCovering && forceCover(node));
}

std::vector<cpa::ArgNode*> ImpactAnalysis::olderAtLocation(const cpa::ArgNode* node) const {
  std::vector<cpa::ArgNode*> out;
  // Older nodes are never descendants: children are created after their parents.
  for (cpa::ArgNode* w : reached_->partitionOf(*node))
    if (w->id < node->id && !smt::isFalse(labelOf(*w))) out.push_back(w);
  return out;
}

bool ImpactAnalysis::close(cpa::ArgNode* node) {
  for (cpa::ArgNode* w : olderAtLocation(node)) {
    context_.stats.add("impact.coverage_checks");
    if (!checker_.implies(labelOf(*node), labelOf(*w))) continue;
    context_.stats.add("impact.covered");
    cover(node, w);
    return true;
  }
  return false;
}

bool ImpactAnalysis::forceCover(cpa::ArgNode* node) {
  if (node->parents.empty()) return false;  // the root
  const cpa::ArgNode::Parent& parent = node->parents.front();
  for (cpa::ArgNode* w : olderAtLocation(node)) {
    if (smt::isTrue(labelOf(*w))) continue;  // close() would have covered the node
    context_.stats.add("impact.forced_cover_checks");
    if (!checker_.impliesAfter(labelOf(*parent.node), parent.step.edge, labelOf(*w))) continue;
    context_.stats.add("impact.forced_covers");
    strengthen(node, labelOf(*w));
    cover(node, w);
    return true;
  }
  return false;
}

void ImpactAnalysis::cover(cpa::ArgNode* node, cpa::ArgNode* by) {
  reached_->cover(node, {by});
  uncoverAllCoveredBy(node);
  removeChildren(node);
}

void ImpactAnalysis::uncoverAllCoveredBy(cpa::ArgNode* node) {
  for (cpa::ArgNode* n : reached_->arg().uncoverAllCoveredBy(node)) {
    n->expanded = false;
    reached_->add(n);  // back into its partition and the waitlist: tried for coverage again
  }
}

void ImpactAnalysis::removeChildren(cpa::ArgNode* node) {
  std::vector<cpa::ArgNode*> children = node->children;
  for (cpa::ArgNode* c : children)
    if (!c->removed) reached_->removeSubtree(c);
}

// ---------------------------------------------------------------- results

ir::Certificate ImpactAnalysis::certificate() {
  std::map<ir::LocId, std::vector<z3::expr>> labels;
  for (cpa::ArgNode* node : reached_->reached()) {
    ir::LocId loc = cpa::ReachedSet::stateOf(*node).loc();
    const z3::expr& label = labelOf(*node);
    INVARIANT(!program_.isErrorLoc(loc) || smt::isFalse(label), "a closed ARG with a feasible node at the error location");
    if (!smt::isFalse(label)) labels[loc].push_back(label);
  }
  return cpa::invariantsPerLocation(program_, [&](ir::LocId l) -> std::optional<z3::expr> {
    auto it = labels.find(l);
    if (it == labels.end()) return std::nullopt;
    return smt::mkOr(program_.ctx(), it->second);
  });
}

ir::Result ImpactAnalysis::finish(ir::Result result) {
  Stats& s = context_.stats;
  size_t atoms = 0, uncovered = 0;
  for (cpa::ArgNode* node : reached_->reached()) {
    atoms += smt::literalCount(labelOf(*node));
    ++uncovered;
  }
  s.set("impact.arg_nodes", static_cast<int64_t>(reached_->arg().size()));
  s.set("impact.uncovered_nodes", static_cast<int64_t>(uncovered));
  s.set("impact.label_atoms", static_cast<int64_t>(atoms));
  s.set("impact.refinements", refinements_);
  if (context_.arg)
    context_.arg->dot = cpa::argDot(*reached_, program_, [](const cpa::ArgNode& node) { return labelOf(node).to_string(); },
                                    context_.arg->maxNodes);
  return result;
}

}  // namespace argus::engines::impact
