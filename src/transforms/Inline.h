// Inlining of every call of a non-recursive program into one procedure (main), for the engines that
// analyse a single CFA (k-induction, predicate abstraction, Impact).
//
// Each call site gets its own copy of the callee's locations and edges, but the callee's variables are
// shared by all copies: without recursion no two activations of a procedure overlap in time, so this
// is exact and keeps the variable count (and the predicate vocabulary) small. A call becomes a transition
// that binds the parameters to the arguments and havocs the callee's locals and results (a fresh
// activation starts with indeterminate locals); the return becomes a transition that copies the results
// into the caller's variables. Error locations of every copy are merged into main's error location.
#pragma once

#include <memory>
#include <vector>

#include "ir/Program.h"

namespace argus::transforms {

struct InlineResult {
  std::shared_ptr<ir::Program> program;  // exactly one procedure: main
  /// For each edge of the new program: the original edge it copies, or kNone for call/return glue.
  std::vector<ir::EdgeId> originalEdge;
  /// For each location of the new program: the original location it copies.
  std::vector<ir::LocId> originalLoc;
};

/// Inlines all calls reachable from main. Throws UnsupportedError if the program is recursive.
/// `maxLocations` bounds the size of the result (UnsupportedError when exceeded).
InlineResult inlineAll(const ir::Program& program, size_t maxLocations = 200000);

}  // namespace argus::transforms
