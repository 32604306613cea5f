// What a verdict assumes about the executions it speaks of, stated in every report: the C front end cuts
// off executions with undefined behaviour (both encodings), so a TRUE says nothing about them; a FALSE
// was replayed natively, so it needs no assumption. Horn clauses are their own semantics.
#pragma once

#include <string>

#include "ir/Program.h"

namespace argus::report {

/// One line: "no undefined behaviour (signed overflow, ...); integers as mathematical integers in their
/// type's range", or "none" for Horn clauses.
std::string assumptions(const ir::Origin& origin);

}  // namespace argus::report
