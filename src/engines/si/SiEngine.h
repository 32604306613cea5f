// The stratified-inlining engine (--engine si; `corral` and `legion` name its two strategies): the
// program's verification condition grows call site by call site over one incremental solver, loops
// counting as tail-recursive procedures (bmc::Unwinding with open sites). Two ways to choose the sites:
//   * overref (Corral, Lal, Qadeer, Lahiri, CAV 2012): open sites over-approximate their activation
//     (havoc summaries); a counterexample through open sites inlines them; UNSAT proves the program;
//   * underwiden (Legion): open sites are blocked by assumption literals; SAT is a real counterexample;
//     UNSAT names, in its (minimised) unsat core, the blocked sites to inline; a core without blocked
//     sites proves the program, the open sites left unconstrained.
// Sites deeper than the recursion bound wait; the bound grows when only they are asked for.
// Evidence: a trace over the input program; an InliningTree certificate (the inlined sites).
#pragma once

#include "engines/Engine.h"

namespace argus::engines::si {

enum class StrategyKind { OverRef, UnderWiden };

class SiEngine final : public Engine {
 public:
  /// `fixed`: the strategy of an engine name that implies one (corral, legion); otherwise si.strategy.
  explicit SiEngine(std::string name, std::optional<StrategyKind> fixed = std::nullopt)
      : name_(std::move(name)), fixed_(fixed) {}
  std::string_view name() const override { return name_; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;

 private:
  std::string name_;
  std::optional<StrategyKind> fixed_;
};

/// The rows of the engine table: si, corral (overref), legion (underwiden).
std::vector<EngineInfo> engineInfos();

}  // namespace argus::engines::si
