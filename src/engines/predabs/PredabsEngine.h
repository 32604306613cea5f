// The predicate-abstraction engine (--engine predabs): inlines the program (non-recursive programs only),
// block-encodes it (SBE, LBE or ABE), and runs lazy predicate abstraction with CEGAR on the result.
// Evidence refers to the encoded program (Result::evidenceProgram).
#pragma once

#include "engines/Engine.h"
#include "transforms/BlockEncoding.h"

namespace argus::engines::predabs {

class PredabsEngine final : public Engine {
 public:
  std::string_view name() const override { return "predabs"; }
  Support supports(const ir::Program& program) const override;
  ir::Result run(const ir::Program& program, RunContext& context) override;
};

struct Settings;
/// The single-procedure program the engine analyses: `program` inlined if it has calls, then encoded.
transforms::EncodedProgram prepareProgram(const ir::Program& program, const Settings& settings);

EngineInfo engineInfo();

}  // namespace argus::engines::predabs
