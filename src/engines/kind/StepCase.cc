// Inductive step queries with activation-literal invariants.
#include "engines/kind/StepCase.h"

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::engines::kind {

StepCase::StepCase(const transforms::StepEncoder& encoder, smt::SolverConfig config)
    : unrolling_(encoder, std::move(config)) {}

void StepCase::constrain(size_t invariant, size_t state) {
  const auto& enc = unrolling_.encoder();
  auto& [cut, inv] = invariants_[invariant];
  unrolling_.solver().add(z3::implies(
      literals_[invariant], z3::implies(enc.pcAt(unrolling_.pc(state), cut), enc.at(inv, unrolling_.state(state)))));
}

size_t StepCase::addInvariant(ir::LocId cut, const z3::expr& invariant) {
  size_t index = invariants_.size();
  invariants_.emplace_back(cut, invariant);
  z3::context& c = unrolling_.encoder().ctx();
  literals_.push_back(smt::freshConst(c, "kind-inv" + std::to_string(index), c.bool_sort()));
  for (size_t s = 0; s < constrained_; ++s) constrain(index, s);
  return index;
}

smt::SatResult StepCase::check(unsigned k) {
  INVARIANT(k >= 1 && k >= premises_, "the step case runs with growing k");
  unrolling_.extendTo(k);
  const auto& enc = unrolling_.encoder();
  for (; premises_ < k; ++premises_)
    unrolling_.solver().add(!enc.pcAt(unrolling_.pc(premises_), enc.system().error()));
  // Invariants hold in the conclusion state too: they are inductive on their own.
  for (; constrained_ <= k; ++constrained_)
    for (size_t i = 0; i < invariants_.size(); ++i) constrain(i, constrained_);
  return unrolling_.checkGoal(enc.pcAt(unrolling_.pc(k), enc.system().error()), literals_);
}

std::vector<size_t> StepCase::usedInvariants() const {
  std::vector<size_t> used;
  auto core = unrolling_.solver().unsatCore();
  for (size_t i = 0; i < literals_.size(); ++i)
    for (auto& c : core)
      if (z3::eq(c, literals_[i])) used.push_back(i);
  return used;
}

}  // namespace argus::engines::kind
