// The predicate-abstraction engine (--engine predabs): inlines the program (non-recursive programs only),
// block-encodes it (SBE, LBE or ABE, merging all parallel edges), and runs lazy predicate abstraction with
// CEGAR on the result. Certificates refer to the encoded program; a counterexample is mapped back to the
// inlined program (transforms::expandTrace), so that it lists the exact inputs of the path it takes.
#pragma once

#include "analysis/cpa/Preparation.h"
#include "engines/Engine.h"

namespace argus::engines::predabs {

class PredabsEngine final : public Engine {
 public:
  std::string_view name() const override { return "predabs"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;
};

struct Settings;

using PreparedProgram = cpa::PreparedProgram;
PreparedProgram prepareProgram(const ir::Program& program, const Settings& settings);

EngineInfo engineInfo();

}  // namespace argus::engines::predabs
