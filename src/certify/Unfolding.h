// certify's own unfolding of a non-recursive program into one procedure, on which Inlined certificates
// are checked. It is written here, independently of transforms/Inline (the engines' inliner): a
// certificate names locations of the input in calling contexts, and certify derives what those words
// mean from the input program alone, so a mistake in the engines' inlining or in their back-translation
// shows as a certificate that does not hold here.
//
// Semantics (the IR's, for programs without recursion, where no procedure has two activations at once):
// one state holds every variable of the program; a call binds the callee's parameters to the arguments
// and leaves its results and locals arbitrary; the return copies the results into the caller's result
// variables; the caller's locals are untouched in between; globals flow in and out. Every error location
// of every activation is the one error location of the unfolding. A fresh entry without incoming edges
// leads to main's entry, so that main's entry may lie on a loop.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <variant>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::certify {

struct Unfolding {
  /// One procedure; its variables are the input's (same ids, same Z3 constants).
  std::unique_ptr<ir::Program> program;
  /// Where each location of each activation went.
  std::map<ir::ContextLoc, ir::LocId> copies;
};

/// Why no unfolding was built.
struct UnfoldingRefused {
  bool recursive = false;  // otherwise: larger than the limit
  std::string detail;
};

/// Unfolds every activation reachable from main, up to `maxLocations` locations.
std::variant<Unfolding, UnfoldingRefused> unfoldCalls(const ir::Program& input, size_t maxLocations = 400000);

}  // namespace argus::certify
