// Classifying the Z3 exceptions that end an engine's run.
#include "engines/SolverFailure.h"

#include <string>

namespace argus::engines {

ir::Result unknownFromSolverException(const z3::exception& e) {
  std::string message = e.msg();
  if (message.find("out of memory") != std::string::npos)
    return ir::Result::unknown(ir::UnknownReason::MemoryOut, "Z3: " + message);
  return ir::Result::unknown(ir::UnknownReason::Error, "Z3: " + message);
}

}  // namespace argus::engines
