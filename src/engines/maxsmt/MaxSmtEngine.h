// The VeryMax engine (--engine maxsmt): compositional safety proofs from conditional inductive invariants
// synthesised with Max-SMT and refined by narrowing (VeryMax.h). It proves; it never answers FALSE.
#pragma once

#include "engines/Engine.h"

namespace argus::engines::maxsmt {

class MaxSmtEngine final : public Engine {
 public:
  std::string_view name() const override { return "maxsmt"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;
};

EngineInfo engineInfo();

}  // namespace argus::engines::maxsmt
