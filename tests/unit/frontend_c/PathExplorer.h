// Test utility (not product code): a bounded explorer of the executions of an ir::Program. It walks
// every interprocedural path from main's entry up to a number of edges, keeps the path formula in an
// incremental solver and prunes infeasible prefixes, so tests can ask "is an error location reachable
// within N steps?" and get the nondet inputs of a witness. Also: writing C snippets to temporary files
// and translating them.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"
#include "frontend/c/Replay.h"
#include "ir/Program.h"

namespace argus::testing {

struct Exploration {
  bool errorReachable = false;     // a feasible path reaches an error location by a modelled edge
  bool unsupportedReached = false; // a feasible path reaches an `unsupported` edge
  std::string unsupported;         // its text
  std::vector<std::pair<std::string, std::string>> inputs;  // the witness's nondet inputs (function, value)
  bool complete = true;            // false: some path was cut at the depth bound
};

/// Explores all paths of at most `maxEdges` edges; stops at the first feasible error path, or (with
/// complete == false) after `maxSeconds`.
Exploration explore(const ir::Program& program, unsigned maxEdges, double maxSeconds = 60);

/// Replays the witness of an exploration natively for the task's file.
frontend::ReplayOutcome replayWitness(const frontend::CTask& task, const Exploration& witness);

/// A C file in a temporary directory that lives as long as the object.
class CSnippet {
 public:
  explicit CSnippet(const std::string& code, const std::string& name = "snippet.c");
  const std::string& path() const { return path_; }
  frontend::CTask task(bool ilp32 = false, const std::string& errorFunction = "reach_error") const;
  std::unique_ptr<ir::Program> translate(ir::Encoding encoding, bool ilp32 = false) const;

 private:
  TempDir dir_;
  std::string path_;
};

/// The declarations every snippet needs.
extern const char* const kPrelude;

}  // namespace argus::testing
