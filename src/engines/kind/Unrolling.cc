// Unrolling of the cut-point system in one solver.
#include "engines/kind/Unrolling.h"

#include "smt/Terms.h"

namespace argus::engines::kind {

Unrolling::Unrolling(const transforms::StepEncoder& encoder, smt::SolverConfig config)
    : encoder_(&encoder), solver_(encoder.ctx(), config), name_(config.name) {
  pcs_.push_back(encoder.freshPc(name_ + "0"));
  states_.push_back(encoder.freshState());
  solver_.add(encoder.pcInRange(pcs_[0]));
}

void Unrolling::retireGoals() {
  for (auto& act : toRetire_) solver_.add(!act);
  toRetire_.clear();
}

void Unrolling::extendTo(size_t n) {
  if (steps_.size() < n) retireGoals();
  while (steps_.size() < n) {
    size_t i = steps_.size();
    transforms::Step step = encoder_->encode(pcs_[i], states_[i], name_ + std::to_string(i + 1));
    solver_.add(step.formula);
    pcs_.push_back(step.pcPost);
    states_.push_back(step.post);
    steps_.push_back(std::move(step));
  }
}

smt::SatResult Unrolling::checkGoal(const z3::expr& goal, const std::vector<z3::expr>& assumptions) {
  retireGoals();
  z3::context& c = encoder_->ctx();
  z3::expr act = smt::freshConst(c, name_ + "-goal", c.bool_sort());
  solver_.add(z3::implies(act, goal));
  std::vector<z3::expr> all{act};
  all.insert(all.end(), assumptions.begin(), assumptions.end());
  // Retired lazily, so that the model of a Sat answer stays readable until the next change.
  toRetire_.push_back(act);
  return solver_.check(all);
}

std::vector<ir::EdgeId> Unrolling::path(size_t n) const {
  z3::model model = solver_.model();
  const transforms::CutPointSystem& ts = encoder_->system();
  std::vector<ir::EdgeId> out;
  for (size_t i = 0; i < n && i < steps_.size(); ++i) {
    for (ir::EdgeId e : encoder_->blockPath(steps_[i], model)) out.push_back(e);
    if (!out.empty() && ts.program().edge(out.back()).to == ts.error()) break;
  }
  return out;
}

}  // namespace argus::engines::kind
