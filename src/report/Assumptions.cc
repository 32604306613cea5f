// The assumption text per input language and integer encoding (see frontend/c/IntEncoding.h and
// MemoryAccess.cc for the cut-off conditions it names).
#include "report/Assumptions.h"

namespace argus::report {

std::string assumptions(const ir::Origin& origin) {
  if (origin.language != ir::Language::C) return "none (the clauses are the semantics)";
  std::string ub =
      "no undefined behaviour: executions with signed overflow, division by zero, a shift by the width or "
      "more, or an array access out of bounds are cut off";
  return origin.encoding == ir::Encoding::Int
             ? ub + "; C integers as mathematical integers in their type's range, unsigned ones wrapping"
             : ub + "; C integers as bit-vectors of their width (bit-precise)";
}

}  // namespace argus::report
