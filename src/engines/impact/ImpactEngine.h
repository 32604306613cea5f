// The Impact engine (--engine impact): lazy abstraction with interpolants on the CPA framework. Inlines
// the program (non-recursive programs only), block-encodes it (SBE, LBE or ABE, like predabs), and runs
// ImpactAnalysis on the result. Certificates refer to the encoded program; a counterexample is mapped
// back to the inlined program (transforms::expandTrace).
#pragma once

#include "engines/Engine.h"

namespace argus::engines::impact {

class ImpactEngine final : public Engine {
 public:
  std::string_view name() const override { return "impact"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;
};

EngineInfo engineInfo();

}  // namespace argus::engines::impact
