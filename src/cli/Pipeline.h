// The steps of `argus verify` between the front end and the report that need care: running an engine so
// that nothing it does can crash argus, and the last gate before a definite verdict is printed.
#pragma once

#include <string>

#include "engines/Engine.h"
#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::cli {

/// The registry entry for `name`; throws OptionError naming the engines that exist.
const engines::EngineInfo& engineByName(const std::string& name);

/// Creates and runs the engine. A program it does not support gives Unknown(Unsupported, why); any
/// exception it throws gives Unknown(Error, message) (Unknown(MemoryOut) for bad_alloc). Sets
/// result.engine when the engine left it empty.
ir::Result runEngine(const engines::EngineInfo& engine, const ir::Program& program, engines::RunContext& ctx);

/// The gate in front of report/: TRUE only with a certificate the checker accepted, FALSE only with a
/// trace whose path was checked and, for C programs, replayed natively. Anything else becomes
/// Unknown(EvidenceRejected), which is a bug of certify/ or of an engine.
ir::Result requireCheckedEvidence(const ir::Program& input, ir::Result result);

}  // namespace argus::cli
