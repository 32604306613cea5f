// Running an engine from the registry (k-induction by default) on a hand-built program or a benchmark
// task, and checking its evidence with certify's independent checkers.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "certify/Certify.h"
#include "engines/Engine.h"
#include "frontend/c/CFrontend.h"
#include "testing/Paths.h"

namespace argus::testing {

struct KindOutcome {
  Stats stats;
  ir::Result result;  // its evidence speaks about the input program
};

/// Runs the engine `name` from the registry with the given options and a deadline (a hanging engine
/// fails instead of blocking).
inline std::unique_ptr<KindOutcome> runEngine(const std::string& name, const ir::Program& p,
                                              const std::map<std::string, std::string>& settings,
                                              double timeoutSeconds) {
  OptionRegistry registry;
  engines::registerEngineOptions(registry);
  Options options(registry);
  for (auto& [k, v] : settings) options.set(k, v);
  Logger log(0);
  auto token = std::make_shared<ShutdownToken>();
  token->setTimeout(timeoutSeconds);
  auto out = std::make_unique<KindOutcome>();
  engines::RunContext ctx{options, log, out->stats, token, ""};
  out->result = engines::findEngine(name)->make()->run(p, ctx);
  return out;
}

inline std::unique_ptr<KindOutcome> runKind(const ir::Program& p, const std::map<std::string, std::string>& settings = {},
                                            double timeoutSeconds = 30) {
  return runEngine("kind", p, settings, timeoutSeconds);
}

/// The program of a C task below ../shared/bench/c (`yml` relative to it); a missing task fails loudly.
inline std::unique_ptr<ir::Program> loadBenchTask(const char* yml) {
  std::filesystem::path file = std::filesystem::path(ARGUS_SHARED_DIR) / "bench" / "c" / yml;
  if (!std::filesystem::exists(file)) ADD_FAILURE() << "missing benchmark task " << file << " (../shared must exist)";
  Logger log;
  Stats stats;
  return frontend::translateC(frontend::loadTask(file.string()), {}, log, stats);
}

/// The result is Safe and certify accepts its certificate; returns the certificate.
inline ir::Certificate expectCertifiedSafe(const ir::Program& input, const KindOutcome& run) {
  EXPECT_EQ(run.result.verdict, ir::Verdict::Safe) << ir::toString(run.result.reason) << ": " << run.result.detail;
  if (!run.result.certificate()) return {};
  ir::Certificate c = *run.result.certificate();
  auto out = certify::checkCertificate(input, c, {});
  EXPECT_TRUE(out.accepted()) << out.detail;
  return c;
}

/// The result is Unsafe and certify's trace checker accepts the trace; returns the checked trace.
inline ir::Trace expectCheckedTrace(const ir::Program& input, const KindOutcome& run) {
  EXPECT_EQ(run.result.verdict, ir::Verdict::Unsafe) << ir::toString(run.result.reason) << ": " << run.result.detail;
  if (!run.result.trace()) return {};
  ir::Trace t = *run.result.trace();
  auto out = certify::checkTrace(input, t, {});
  EXPECT_TRUE(out.accepted()) << out.detail;
  return t;
}

}  // namespace argus::testing
