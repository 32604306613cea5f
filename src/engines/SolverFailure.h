// The result of a run that a Z3 exception ended. Z3 reports running out of memory (the address-space
// limit of a benchmark run, say) as an exception like any failure; that is a resource limit, not a bug
// of the engine, and benchmark tables count it as such.
#pragma once

#include <z3++.h>

#include "ir/Evidence.h"

namespace argus::engines {

ir::Result unknownFromSolverException(const z3::exception& e);

}  // namespace argus::engines
