// Coverage and forced-coverage checks on one incremental solver with activation literals.
#include "engines/impact/Coverage.h"

#include "smt/Terms.h"

namespace argus::engines::impact {

ImplicationChecker::ImplicationChecker(const ir::Program& program, smt::SolverConfig config, Stats& stats)
    : program_(program),
      instantiator_(program),
      scope_(program.scope(program.mainProc())),
      solver_(program.ctx(), std::move(config)),
      stats_(stats) {}

bool ImplicationChecker::implies(const z3::expr& a, const z3::expr& b) {
  if (smt::isTrue(b) || smt::isFalse(a) || z3::eq(a, b)) return true;
  // Labels only ever grow by conjuncts that did not follow from them, so a label other than `true` is
  // never valid: `true` implies nothing but `true`.
  if (smt::isTrue(a)) return false;
  return unsat({activation(a), activation(!b)});
}

bool ImplicationChecker::impliesAfter(const z3::expr& pre, ir::EdgeId edge, const z3::expr& post) {
  if (smt::isTrue(post) || smt::isFalse(pre)) return true;
  const ir::EdgeInstance& step = instance(edge);
  z3::expr postAfter = ir::evaluateAt(program_, post, scope_, step.post);
  return unsat({activation(pre), activation(step.formula), activation(!postAfter)});
}

z3::expr ImplicationChecker::activation(const z3::expr& e) {
  auto it = literals_.find(e.id());
  if (it != literals_.end()) return it->second.literal;
  z3::expr literal = smt::freshConst(program_.ctx(), "cover", program_.ctx().bool_sort());
  solver_.add(z3::implies(literal, e));
  literals_.emplace(e.id(), Guarded{e, literal});
  return literal;
}

bool ImplicationChecker::unsat(const std::vector<z3::expr>& assumptions) {
  stats_.add("impact.coverage_solver_checks");
  return solver_.check(assumptions) == smt::SatResult::Unsat;
}

const ir::EdgeInstance& ImplicationChecker::instance(ir::EdgeId edge) {
  auto it = edges_.find(edge);
  if (it == edges_.end())
    it = edges_.emplace(edge, instantiator_.transition(edge, ir::currentState(program_, scope_))).first;
  return it->second;
}

}  // namespace argus::engines::impact
