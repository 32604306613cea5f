// The interface every verification engine implements, the context of one run, and the registry of
// engines (one table: name, description, factory, options) that drives --engine and --help-engines.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "smt/Solver.h"
#include "util/Logger.h"
#include "util/Options.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::engines {

/// `argus verify --report`: the CPA engines (predabs, impact) write their final ARG here as Graphviz text.
struct ArgRequest {
  std::string dot;
  size_t maxNodes = 500;  // a larger ARG is not drawn (cpa::argDot)
};

/// Everything an engine may use during one run. Engines log through `log`, count through `stats`
/// (keys prefixed with the engine name), poll `shutdown` in every loop, and create solvers through
/// solverConfig() so that deadlines, interruption and query dumps apply uniformly.
struct RunContext {
  const Options& options;
  Logger& log;
  Stats& stats;
  std::shared_ptr<ShutdownToken> shutdown;
  std::string dumpDir;  // --dump-queries DIR, or empty
  ArgRequest* arg = nullptr;  // null: nobody wants the ARG

  smt::SolverConfig solverConfig(const std::string& name) const {
    smt::SolverConfig c;
    c.stats = &stats;
    c.shutdown = shutdown.get();
    c.name = name;
    c.dumpDir = dumpDir;
    return c;
  }
  /// The Unknown result an engine returns when it notices the stop request.
  ir::Result stopped() const {
    std::string why = shutdown ? shutdown->reason() : "";
    return ir::Result::unknown(why == "timeout" ? ir::UnknownReason::Timeout : ir::UnknownReason::Cancelled,
                               why.empty() ? "stopped" : why);
  }
};

struct Support {
  bool ok = true;
  std::string reason;
  static Support yes() { return {true, ""}; }
  static Support no(std::string why) { return {false, std::move(why)}; }
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string_view name() const = 0;
  /// Whether this engine can run on the program at all (e.g. no recursion); says why not.
  virtual Support supports(const ir::Program& program) const = 0;
  /// Decides the program. Cannot decide ⇒ Unknown with a reason; never throws for "hard" inputs.
  virtual ir::Result run(const ir::Program& program, RunContext& ctx) = 0;
};

struct EngineInfo {
  std::string name;
  std::string description;
  std::function<std::unique_ptr<Engine>()> make;
  std::function<void(OptionRegistry&)> registerOptions;  // may be empty
  /// Takes programs with floating-point terms (ir::floatingPointUse); the others are refused before they
  /// run: their abstractions (intervals, predicates, interpolants, projections, Max-SMT samples) are
  /// built for integers and bit-vectors and were never validated on Z3's FP theory.
  bool floatingPoint = false;
};

/// All engines, in the order --help-engines lists them.
const std::vector<EngineInfo>& engineRegistry();
const EngineInfo* findEngine(const std::string& name);
/// Registers the options of every engine.
void registerEngineOptions(OptionRegistry& registry);

}  // namespace argus::engines
