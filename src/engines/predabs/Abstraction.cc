// Cartesian and Boolean abstract posts on one incremental solver with activation literals.
#include "engines/predabs/Abstraction.h"

#include <stdexcept>

#include "smt/Terms.h"

namespace argus::engines::predabs {
namespace {

/// More region literals than this at one location and its solver starts over (old ones only slow it down).
constexpr size_t kMaxRegionLiterals = 2000;

bdd literal(PredicateId id, bool positive) {
  return positive ? bdd_ithvar(static_cast<int>(id)) : bdd_nithvar(static_cast<int>(id));
}

}  // namespace

AbstractionKind parseAbstractionKind(const std::string& name) {
  if (name == "cartesian") return AbstractionKind::Cartesian;
  if (name == "boolean") return AbstractionKind::Boolean;
  throw std::invalid_argument("unknown abstraction '" + name + "' (cartesian or boolean)");
}

Abstractor::Abstractor(const ir::Program& program, const PredicateStore& predicates, BddSession& bdds,
                       Config config, smt::SolverConfig solverConfig, Stats& stats)
    : program_(program),
      predicates_(predicates),
      bdds_(bdds),
      config_(config),
      solverConfig_(std::move(solverConfig)),
      instantiator_(program),
      scope_(program.scope(program.mainProc())),
      current_(ir::currentState(program, scope_)),
      stats_(stats),
      regions_(program.ctx(), [this](int i) { return predicates_.formula(static_cast<PredicateId>(i)); }) {}

std::optional<bdd> Abstractor::post(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& ids,
                                    uint64_t precisionVersion) {
  ScopedTimer timer(stats_, "predabs.time.abstraction");
  stats_.add("predabs.abstractions");
  auto key = std::make_tuple(region.id(), edge, precisionVersion);
  auto cached = cache_.find(key);
  if (cached != cache_.end()) {
    stats_.add("predabs.abstraction_cache_hits");
    return cached->second.result;
  }
  std::optional<bdd> result = compute(region, edge, ids);
  bdds_.check();
  cache_.emplace(key, CacheEntry{region, result});
  return result;
}

std::optional<bdd> Abstractor::compute(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& ids) {
  Partition& home = partition(edge);
  smt::Solver& solver = *home.solver;
  EdgeQuery& query = edgeQuery(home, edge);
  std::vector<z3::expr> base{query.active, regionLiteral(home, region)};
  std::vector<z3::expr> indicators;  // before the first check: adding them drops its model
  for (PredicateId id : ids) indicators.push_back(indicator(solver, query, id));
  if (check(solver, base) == smt::SatResult::Unsat) return std::nullopt;
  // The truth values in one model of region ∧ edge: a predicate true there can only be entailed, a false
  // one only entailed negatively, which halves the Cartesian queries.
  z3::model model = solver.model();
  std::vector<bool> values;
  for (auto& b : indicators) values.push_back(model.eval(b, true).is_true());
  std::vector<std::vector<size_t>> groups;
  if (config_.kind == AbstractionKind::Boolean && config_.byCluster) {
    groups = predicates_.groupByCluster(ids);
  } else {
    groups.emplace_back();
    for (size_t i = 0; i < ids.size(); ++i) groups[0].push_back(i);
  }
  bdd result = bddtrue;
  for (auto& group : groups) {
    // For one predicate, Boolean and Cartesian abstraction agree, and Cartesian needs one query.
    std::optional<bdd> part;
    if (config_.kind == AbstractionKind::Boolean && group.size() > 1) {
      part = enumerate(solver, base, indicators, ids, group);
      if (!part) stats_.add("predabs.cartesian_fallbacks");  // too many cubes
    }
    result &= part ? *part : cartesian(solver, base, indicators, ids, values, group);
  }
  return result;
}

Abstractor::Partition& Abstractor::partition(ir::EdgeId edge) {
  Partition& home = partitions_[program_.edge(edge).from];
  if (home.solver && home.regionLiterals.size() >= kMaxRegionLiterals) {
    stats_.add("predabs.solver_resets");
    home = Partition{};
  }
  if (!home.solver) home.solver = std::make_unique<smt::Solver>(program_.ctx(), solverConfig_);
  return home;
}

Abstractor::EdgeQuery& Abstractor::edgeQuery(Partition& home, ir::EdgeId edge) {
  auto it = home.edges.find(edge);
  if (it != home.edges.end()) return it->second;
  z3::context& ctx = program_.ctx();
  auto step = instantiator_.transition(edge, current_);
  z3::expr active = smt::freshConst(ctx, "edge" + std::to_string(edge), ctx.bool_sort());
  home.solver->add(z3::implies(active, step.formula));
  return home.edges.emplace(edge, EdgeQuery{active, std::move(step.post), {}}).first->second;
}

z3::expr Abstractor::regionLiteral(Partition& home, const bdd& region) {
  auto it = home.regionLiterals.find(region.id());
  if (it != home.regionLiterals.end()) return it->second.second;
  z3::context& ctx = program_.ctx();
  z3::expr lit = smt::freshConst(ctx, "region", ctx.bool_sort());
  home.solver->add(z3::implies(lit, formula(region)));
  home.regionLiterals.emplace(region.id(), std::make_pair(region, lit));
  return lit;
}

z3::expr Abstractor::indicator(smt::Solver& solver, EdgeQuery& query, PredicateId id) {
  auto it = query.indicators.find(id);
  if (it != query.indicators.end()) return it->second;
  z3::context& ctx = program_.ctx();
  z3::expr b = smt::freshConst(ctx, "pred" + std::to_string(id), ctx.bool_sort());
  solver.add(b == ir::evaluateAt(program_, predicates_.formula(id), scope_, query.post));
  query.indicators.emplace(id, b);
  return b;
}

smt::SatResult Abstractor::check(smt::Solver& solver, const std::vector<z3::expr>& assumptions) {
  smt::SatResult r = solver.check(assumptions);
  if (r == smt::SatResult::Unknown) throw AbstractionUnknown("abstraction query: " + solver.reasonUnknown());
  return r;
}

bdd Abstractor::cartesian(smt::Solver& solver, const std::vector<z3::expr>& base,
                          const std::vector<z3::expr>& indicators,
                          const std::vector<PredicateId>& ids, const std::vector<bool>& values,
                          const std::vector<size_t>& group) {
  bdd result = bddtrue;
  std::vector<z3::expr> assumptions = base;
  for (size_t i : group) {
    assumptions.push_back(values[i] ? !indicators[i] : indicators[i]);
    if (check(solver, assumptions) == smt::SatResult::Unsat) result &= literal(ids[i], values[i]);
    assumptions.pop_back();
  }
  return result;
}

std::optional<bdd> Abstractor::enumerate(smt::Solver& solver, const std::vector<z3::expr>& base,
                                         const std::vector<z3::expr>& indicators,
                                         const std::vector<PredicateId>& ids, const std::vector<size_t>& group) {
  z3::context& ctx = program_.ctx();
  bdd result = bddfalse;
  solver.push();  // the blocking clauses
  size_t cubes = 0;
  for (; check(solver, base) == smt::SatResult::Sat; ++cubes) {
    if (cubes == config_.maxCubes) break;
    z3::model model = solver.model();
    bdd cube = bddtrue;
    std::vector<z3::expr> differs;
    for (size_t i : group) {
      bool value = model.eval(indicators[i], true).is_true();
      cube &= literal(ids[i], value);
      differs.push_back(value ? !indicators[i] : indicators[i]);
    }
    result |= cube;
    solver.add(smt::mkOr(ctx, differs));
  }
  solver.pop();
  stats_.add("predabs.allsat_cubes", static_cast<int64_t>(cubes));
  if (cubes == config_.maxCubes) return std::nullopt;
  return result;
}

}  // namespace argus::engines::predabs
