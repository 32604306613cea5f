// Counterexample analysis and predicate discovery from interpolants.
#include "engines/predabs/Refiner.h"

#include "engines/predabs/PredicateCpa.h"
#include "util/Error.h"

namespace argus::engines::predabs {

Refiner::Refiner(const ir::Program& program, PredicateStore& predicates, PredicatePrecision& precision,
                 cpa::SequenceInterpolator& interpolator, BddSession& bdds, smt::SolverConfig solverConfig,
                 Stats& stats, Logger& log)
    : program_(program),
      instantiator_(program),
      scope_(program.scope(program.mainProc())),
      predicates_(predicates),
      precision_(precision),
      interpolator_(interpolator),
      bdds_(bdds),
      solverConfig_(std::move(solverConfig)),
      stats_(stats),
      log_(log) {}

Refinement Refiner::refine(const std::vector<cpa::Arg::PathStep>& path) {
  ScopedTimer timer(stats_, "predabs.time.refinement");
  auto steps = cpa::stepsOf(path);
  cpa::PathFormula formula = cpa::pathFormula(instantiator_, program_.mainProc(), steps);
  smt::SatResult feasible;
  {
    ScopedTimer check(stats_, "predabs.time.path_checks");
    stats_.add("predabs.path_checks");
    smt::Solver solver(program_.ctx(), solverConfig_);
    for (auto& part : formula.parts) solver.add(part);
    feasible = solver.check();
    if (feasible == smt::SatResult::Unknown) return {Refinement::Kind::Unknown, {}, nullptr, "path check: " + solver.reasonUnknown()};
  }
  if (feasible == smt::SatResult::Sat) return {Refinement::Kind::Feasible, cpa::traceOf(steps), nullptr, ""};

  std::optional<std::vector<z3::expr>> interpolants;
  {
    ScopedTimer interpolation(stats_, "predabs.time.interpolation");
    interpolants = interpolator_.interpolate(formula.parts);
  }
  if (!interpolants)
    return {Refinement::Kind::Unknown, {}, nullptr, cpa::noInterpolantsReason(interpolator_.failure())};
  INVARIANT(interpolants->size() + 1 == path.size(), "one interpolant per inner position of the path");
  for (size_t k = 0; k < interpolants->size(); ++k) {
    z3::expr over = cpa::atCurrent(program_, (*interpolants)[k], formula.states[k + 1], scope_);
    addPredicates(over, cpa::ReachedSet::stateOf(*path[k].node).loc());
  }
  bdds_.ensureVariables(static_cast<int>(predicates_.size()));
  cpa::ArgNode* pivot = firstStale(path);
  if (!pivot && log_.enabled(3))
    for (auto& step : path)
      log_.log(3, "predabs", "  edge {} -> node {} at {}: {} (version {})", program_.edge(step.step.edge).label,
               step.node->id, program_.loc(cpa::ReachedSet::stateOf(*step.node).loc()).name,
               predicateStateOf(*step.node).toString(), predicateStateOf(*step.node).precisionVersion());
  if (!pivot) return {Refinement::Kind::NoProgress, {}, nullptr, "refinement found no new predicate"};
  log_.log(2, "predabs", "refined a path of {} steps; {} predicates", path.size(), predicates_.size());
  return {Refinement::Kind::Refined, {}, pivot, ""};
}

cpa::ArgNode* Refiner::firstStale(const std::vector<cpa::Arg::PathStep>& path) const {
  for (auto& step : path) {
    ir::LocId loc = cpa::ReachedSet::stateOf(*step.node).loc();
    if (precision_.version(loc) > predicateStateOf(*step.node).precisionVersion()) return step.node;
  }
  return nullptr;
}

void Refiner::addPredicates(const z3::expr& interpolant, ir::LocId loc) {
  std::vector<PredicateId> ids;
  for (auto& atom : atomsOf(interpolant)) {
    auto id = predicates_.intern(atom);
    if (!id) continue;
    ids.push_back(*id);
    if (precision_.add(loc, *id) && log_.enabled(3))
      log_.log(3, "predabs", "predicate {} at {}: {}", *id, program_.loc(loc).name, predicates_.formula(*id).to_string());
  }
  precision_.touch(predicates_.relate(ids));  // the interpolant's atoms belong together
}

}  // namespace argus::engines::predabs
