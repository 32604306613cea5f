// The RecMC engine (--engine recmc): builds the CHC view of the program (transforms/HornEncoding: a
// summary and an error predicate per procedure, a predicate per cut point), solves it with RecMC
// (RecMc.h), and translates the answer back: a model becomes contracts and cut-point invariants of the
// input program, a derivation of false an interprocedural trace over its edges. Recursion is the
// general case, not an exception.
#pragma once

#include "engines/Engine.h"

namespace argus::engines::recmc {

class RecMcEngine final : public Engine {
 public:
  std::string_view name() const override { return "recmc"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;
};

EngineInfo engineInfo();

}  // namespace argus::engines::recmc
