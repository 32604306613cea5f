// The predicate-abstraction engine (--engine predabs): inlines the program (non-recursive programs only),
// block-encodes it (SBE, LBE or ABE, merging all parallel edges), and runs lazy predicate abstraction with
// CEGAR on the result. Evidence is translated back to the input program: invariants of encoded locations
// to the input locations (in calling contexts when calls were inlined), a counterexample expanded onto
// the inlined program (transforms::expandTrace) and then onto the input's procedures, so that it lists the
// exact inputs of the path it takes.
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
