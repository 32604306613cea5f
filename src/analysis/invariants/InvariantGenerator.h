// The auxiliary invariant generator that runs beside k-induction (Beyer, Dangl, Wendler, JAR 2018:
// "continuously refined" invariants): a thread with its own Z3 context works through rounds of growing
// precision — intervals, intervals partitioned by control variables (a state machine's states kept apart),
// (domain `All`) affine congruences modulo the primes of the program's remainders (at most 5 s), then bounded
// disjunctions of 2, 4, ... intervals, then (domain `All`) orderings and equalities between variables, the
// equalities also on either side of each condition a loop tests (AffineHull.h) — and posts what Houdini
// confirms to an InvariantChannel as soon as each round ends.
#pragma once

#include <memory>
#include <thread>

#include "analysis/invariants/InvariantChannel.h"
#include "ir/Program.h"
#include "util/Logger.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::analysis {

enum class InvariantDomains { None, Intervals, All };

struct GeneratorOptions {
  InvariantDomains domains = InvariantDomains::All;
  size_t maxBoxes = 8;  // the largest disjunction of intervals the refinement reaches
  size_t partitionBoxes = 256;  // boxes per location of the partitioned interval round; 0: no such round
  bool partitionedEqualities = true;  // the equality round also on either side of each loop condition
};

class InvariantGenerator {
 public:
  /// Copies `program` (call-free procedure `proc`) into a private context in the caller's thread, then
  /// starts the worker thread. It stops when `parent` stops, when stop() is called, or when done.
  InvariantGenerator(const ir::Program& program, ir::ProcId proc, GeneratorOptions options, Logger& log,
                     Stats& stats, const std::shared_ptr<ShutdownToken>& parent,
                     std::shared_ptr<InvariantChannel> channel);
  /// Stops the worker and waits for it.
  ~InvariantGenerator();
  InvariantGenerator(const InvariantGenerator&) = delete;
  InvariantGenerator& operator=(const InvariantGenerator&) = delete;

  void stop();

 private:
  void work();
  /// Records why the worker stopped early; a bug (not a resource limit) is also handed to the engine.
  void reportFailure(const std::string& what, bool isBug);

  std::shared_ptr<z3::context> ctx_;
  std::unique_ptr<ir::Program> program_;
  ir::ProcId proc_;
  GeneratorOptions options_;
  Logger& log_;
  Stats& stats_;
  std::shared_ptr<ShutdownToken> token_;
  std::shared_ptr<InvariantChannel> channel_;
  std::thread thread_;
};

}  // namespace argus::analysis
