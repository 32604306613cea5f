// Cartesian and Boolean abstract posts on one incremental solver (a push/pop scope per post).
#include "engines/predabs/Abstraction.h"

#include <stdexcept>

#include "smt/Terms.h"

namespace argus::engines::predabs {

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
      instantiator_(program),
      scope_(program.scope(program.mainProc())),
      current_(ir::currentState(program, scope_)),
      solver_(program.ctx(), std::move(solverConfig)),
      stats_(stats),
      regions_(program.ctx(), [this](int i) { return predicates_.formula(static_cast<PredicateId>(i)); }) {}

smt::SatResult Abstractor::check(const std::vector<z3::expr>& assumptions) {
  smt::SatResult r = solver_.check(assumptions);
  if (r == smt::SatResult::Unknown) throw AbstractionUnknown("abstraction query: " + solver_.reasonUnknown());
  return r;
}

std::optional<bdd> Abstractor::post(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& ids) {
  ScopedTimer timer(stats_, "predabs.time.abstraction");
  stats_.add("predabs.abstractions");
  auto step = instantiator_.transition(edge, current_);
  solver_.push();
  solver_.add(formula(region));
  solver_.add(step.formula);
  std::optional<bdd> out;
  if (check() == smt::SatResult::Sat) {
    std::vector<z3::expr> after;  // the predicates over the post-state
    for (PredicateId id : ids) after.push_back(ir::evaluateAt(program_, predicates_.formula(id), scope_, step.post));
    if (config_.kind == AbstractionKind::Boolean) {
      solver_.push();  // indicators and blocking clauses
      out = boolean(after, ids);
      solver_.pop();
      if (!out) check();  // too many cubes: Cartesian needs a model of region ∧ edge again
    }
    if (!out) out = cartesian(after, ids);
  }
  solver_.pop();
  bdds_.check();
  return out;
}

bdd Abstractor::cartesian(const std::vector<z3::expr>& after, const std::vector<PredicateId>& ids) {
  // A model of region ∧ edge is at hand: a predicate true in it can only be entailed, a false one only
  // entailed negatively, so one query per predicate decides it.
  z3::model model = solver_.model();
  std::vector<bool> valueInModel;
  for (auto& p : after) valueInModel.push_back(model.eval(p, true).is_true());
  bdd result = bddtrue;
  for (size_t i = 0; i < after.size(); ++i) {
    z3::expr opposite = valueInModel[i] ? !after[i] : after[i];
    if (check({opposite}) == smt::SatResult::Unsat)
      result &= valueInModel[i] ? bdd_ithvar(static_cast<int>(ids[i])) : bdd_nithvar(static_cast<int>(ids[i]));
  }
  return result;
}

std::optional<bdd> Abstractor::boolean(const std::vector<z3::expr>& after, const std::vector<PredicateId>& ids) {
  z3::context& ctx = program_.ctx();
  std::vector<z3::expr> indicators;
  for (size_t i = 0; i < after.size(); ++i) {
    indicators.push_back(smt::freshConst(ctx, "pred", ctx.bool_sort()));
    solver_.add(indicators.back() == after[i]);
  }
  if (after.empty()) return bddtrue;
  bdd result = bddfalse;
  for (size_t cubes = 0; check() == smt::SatResult::Sat; ++cubes) {
    if (cubes == config_.maxCubes) {
      stats_.add("predabs.cartesian_fallbacks");
      return std::nullopt;
    }
    z3::model model = solver_.model();
    bdd cube = bddtrue;
    std::vector<z3::expr> differs;
    for (size_t i = 0; i < indicators.size(); ++i) {
      bool value = model.eval(indicators[i], true).is_true();
      cube &= value ? bdd_ithvar(static_cast<int>(ids[i])) : bdd_nithvar(static_cast<int>(ids[i]));
      differs.push_back(value ? !indicators[i] : indicators[i]);
    }
    result |= cube;
    stats_.add("predabs.allsat_cubes");
    solver_.add(smt::mkOr(ctx, differs));
  }
  return result;
}

}  // namespace argus::engines::predabs
