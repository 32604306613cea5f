// The assumption text per input language and integer encoding (see frontend/c/IntEncoding.h and
// MemoryAccess.cc for the cut-off conditions it names).
#include "report/Assumptions.h"

namespace argus::report {

std::string assumptions(const ir::Origin& origin) {
  if (origin.language != ir::Language::C) return "none (the clauses are the semantics)";
  std::string ub =
      "no undefined behaviour: executions with signed overflow, division by zero, a shift by the width or "
      "more, or an array access out of bounds are cut off";
  std::string integers = origin.encoding == ir::Encoding::Int
                             ? "; C integers as mathematical integers in their type's range, unsigned ones wrapping"
                             : "; C integers as bit-vectors of their width (bit-precise)";
  // Region memory (frontend/c/Memory.h) is in use when the program allocates or its addresses escape.
  std::string memory = origin.heapTop.empty()
                           ? ""
                           : "; memory holds each scalar type at the offsets where it is accessed as that type, and bytes (little-endian) where types mix, no "
                             "pointer to no object (uninitialised, freed, out of bounds, made from an integer "
                             "that was not an address) is dereferenced, and allocations succeed";
  std::string callees = origin.unknownCallees
                            ? "; a function outside the program called through a pointer returns any value of its "
                              "type and changes no memory"
                            : "";
  return ub + integers + memory + callees;
}

}  // namespace argus::report
